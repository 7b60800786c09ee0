/**
 * What the grid shows after a save: rows a trigger changed besides the saved one
 * (`source.siblingWrites`: a shop's languages, one default), and a row added through the
 * Add form, scrolled to and made the active row (client and server row models, detail
 * grids), a row the Edit form moved likewise, or a note when the filters leave it out.
 */
import type { Request } from 'playwright';
import { beforeEach, describe, expect, it } from 'vitest';
import { browserSuite, signIn } from './browser.ts';

const t = browserSuite({ width: 1600, height: 900 });

// Each test starts from the descriptors' layout (filters are saved per user).
beforeEach(async () => {
  await t.server.db.query('delete from app.user_grid_states');
});

const grid = () => t.page.getByRole('grid').first();
const detail = () => t.page.locator('.grid-detail');

/** The SK shop: its languages (sk the default, en and hu besides) as a detail grid of frontend_shops. */
async function openShopLanguages() {
  const shop = (await t.server.db.query<{ shop_id: number; language_code: string }>(`select shop_id, language_code from app.shops where hostname = 'shop-sk.example.com'`)).rows[0]!;
  await signIn(t.page, t.server.url, 'admin@example.com');
  await t.page.goto(`${t.server.url}/en/shops/frontend_shops`);
  await grid().locator(`[role=row][data-key="${shop.shop_id}"] [role=gridcell][data-field="hostname"]`).click();
  await expect.poll(() => detail().locator('[role=row][data-key]').count(), { timeout: 10_000 }).toBe(3);
  const flag = (lang: string) => detail().locator(`[role=row][data-key='${JSON.stringify([shop.shop_id, lang])}'] [role=gridcell][data-field="is_default"] [role=checkbox]`);
  return { shop, flag };
}

/** The SK01 product code at this position of the code order (the grid's default order). */
async function codeAt(n: number): Promise<string> {
  return (await t.server.db.query<{ product_code: string }>(`select product_code from app.products where company_code = 'SK01' order by product_code offset $1 limit 1`, [n])).rows[0]!.product_code;
}

/** `locate` requests of the page (a position asked of the server). */
function recordLocates(): unknown[] {
  const out: unknown[] = [];
  t.page.on('request', (r: Request) => {
    if (!r.url().endsWith('/rpc/api_action')) return;
    const body = r.postDataJSON() as { payload?: { locate?: unknown } };
    if (body.payload?.locate) out.push(body.payload.locate);
  });
  return out;
}

/** Adds a product through the toolbar's Add form. */
async function addProduct(code: string, name: string) {
  await t.page.locator('.screen-grid[data-form="product_list"] > .grid-toolbar').getByRole('button', { name: 'Add' }).click();
  const dialog = t.page.getByRole('dialog');
  await dialog.getByLabel('Product code').fill(code);
  await dialog.locator('[id$="product_name-en"]').first().fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => t.page.getByRole('dialog').count()).toBe(0);
}

/**
 * The row is the active one, its first data cell focused, and it is in the viewport (not
 * only rendered: the active row always is).
 */
async function expectShownActive(key: string, gridEl = grid(), field?: string) {
  const row = gridEl.locator(`[role=row][data-key='${key}']`);
  await expect.poll(() => row.locator('.cell-active').count(), { timeout: 10_000 }).toBe(1);
  await expect.poll(() => t.page.evaluate(() => document.activeElement?.closest('[role=row]')?.getAttribute('data-key') ?? null)).toBe(key);
  expect(await t.page.evaluate(() => document.activeElement?.getAttribute('data-field'))).toBe(field ?? (await gridEl.locator('[role=columnheader][data-field]').first().getAttribute('data-field')));
  const inView = () =>
    row.evaluate((el) => {
      const vp = el.closest('[role=grid]')!.getBoundingClientRect();
      const r = el.getBoundingClientRect();
      return r.top >= vp.top && r.bottom <= vp.bottom;
    });
  await expect.poll(inView).toBe(true);
}

describe('the grid after a save', () => {
  it('shows the rows a trigger changed besides the saved one (a shop language made the default unticks the old one)', async () => {
    const { shop, flag } = await openShopLanguages();
    expect(shop.language_code).toBe('sk');
    expect(await flag('sk').getAttribute('aria-checked')).toBe('true');
    expect(await flag('en').getAttribute('aria-checked')).toBe('false');
    await detail()
      .getByRole('grid')
      .evaluate((el) => (el.scrollTop = 0));

    await flag('en').click();
    await expect.poll(async () => (await t.server.db.query(`select language_code from app.shop_languages where shop_id = $1 and is_default`, [shop.shop_id])).rows).toEqual([{ language_code: 'en' }]);
    // The old default is unticked in the grid too, without a reload (the database's trigger did it).
    await expect.poll(() => flag('sk').getAttribute('aria-checked'), { timeout: 5000 }).toBe('false');
    expect(await flag('en').getAttribute('aria-checked')).toBe('true');
    // Its new row version came with it: ticking it back saves (no stale-row conflict).
    await flag('sk').click();
    await expect.poll(() => flag('en').getAttribute('aria-checked'), { timeout: 5000 }).toBe('false');
    expect(await flag('sk').getAttribute('aria-checked')).toBe('true');
    expect((await t.server.db.query(`select language_code from app.shop_languages where shop_id = $1 and is_default`, [shop.shop_id])).rows).toEqual([{ language_code: 'sk' }]);
    expect(await t.page.locator('.toast-warning, .toast-danger').count()).toBe(0);
  });

  /** product_list opened, a product added through the form, then shown as the active row with its name. */
  async function addAndShow(code: string, name: string): Promise<void> {
    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(`${t.server.url}/en/products/product_list`);
    await expect.poll(() => grid().locator('[role=row][data-key]').count(), { timeout: 10_000 }).toBeGreaterThan(5);
    await addProduct(code, name);
    await expectShownActive(code);
    expect(await grid().locator(`[role=row][data-key='${code}'] [data-field="product_name"]`).innerText()).toBe(name);
  }

  it('scrolls to a product just added and makes it the active row (rows in memory)', async () => {
    const locates = recordLocates();
    const code = `${await codeAt(900)}A`;
    await addAndShow(code, 'Added in memory');
    // Found among the rows in memory: the server was not asked where it stands.
    expect(locates).toEqual([]);
    // The keys go on from the new row.
    await t.page.keyboard.press('ArrowDown');
    await expect.poll(() => t.page.evaluate(() => document.activeElement?.closest('[role=row]')?.getAttribute('data-key'))).toBe(await codeAt(902));
  });

  it('says so when the filters leave the product just added out', async () => {
    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(`${t.server.url}/en/products/product_list`);
    await t.page.getByRole('textbox', { name: 'Product name' }).fill('Added in memory');
    await expect.poll(() => grid().locator('[role=row][data-key]').count(), { timeout: 10_000 }).toBe(1);
    await addProduct('ZZ-HIDDEN-1', 'Hidden by the filter');
    await expect.poll(() => t.page.locator('.toast-info .toast-text').allInnerTexts(), { timeout: 10_000 }).toContain('The new row was saved, but the current filters do not show it.');
    expect(await grid().locator("[role=row][data-key='ZZ-HIDDEN-1']").count()).toBe(0);
  });

  it("shows a language just added in the shop's detail grid as its active row", async () => {
    const { shop } = await openShopLanguages();
    await detail().getByRole('button', { name: 'Add' }).click();
    const dialog = t.page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Language' }).click();
    await dialog
      .getByRole('listbox')
      .getByRole('option', { name: /German/ })
      .click();
    await dialog.locator('input[id$="-url_prefix"]').fill('/de');
    // Last in the grid's order (shop, position): not where the active row already was.
    await dialog.locator('input[id$="-position"]').fill('50');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => t.page.getByRole('dialog').count()).toBe(0);
    await expectShownActive(JSON.stringify([shop.shop_id, 'de']), detail().getByRole('grid'));
  });

  it('asks the server where a product just added stands when the rows come in blocks (server row model)', async () => {
    // 400 more products: SK01 goes over the in-memory limit.
    await t.server.db.query(
      `insert into app.products (product_code, company_code, product_name, min_margin, exp_margin)
       select 'GX-' || lpad(i::text, 4, '0'), 'SK01', jsonb_build_object('en', 'Extra ' || i), 10, 20 from generate_series(1, 400) as i`,
    );
    const locates = recordLocates();
    const code = `${await codeAt(1500)}A`;
    await addAndShow(code, 'Added in blocks');
    expect(locates).toEqual([{ product_code: code }]);

    // Sorted by name descending: the position in that order.
    await grid().locator('[role=columnheader][data-field="product_name"]').click();
    await grid().locator('[role=columnheader][data-field="product_name"]').click();
    await expect.poll(() => grid().locator('[role=columnheader][data-field="product_name"]').getAttribute('aria-sort')).toBe('descending');
    await addProduct('ZZ-BLOCKS-2', 'Aardvark added');
    await expectShownActive('ZZ-BLOCKS-2');
  });

  /**
   * 60 more SK01 shop pages (codes p-01…p-60, before 'zz-…' in the grid's shop + code
   * order), then frontend_pages opened with the about-us page's body in the Edit form.
   */
  async function editAboutUs() {
    const page = (
      await t.server.db.query<{ page_id: number; shop_id: number }>(
        `select f.page_id, f.shop_id from app.frontend_pages f join app.shops s using (shop_id) where s.company_code = 'SK01' and f.page_code = 'about-us' order by f.page_id limit 1`,
      )
    ).rows[0]!;
    await t.server.db.query(
      `insert into app.frontend_pages (shop_id, page_code, page_title, page_body)
       select $1, 'p-' || lpad(i::text, 2, '0'), jsonb_build_object('en', 'Page ' || i), jsonb_build_object('en', '<p>Body</p>') from generate_series(1, 60) as i`,
      [page.shop_id],
    );
    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(`${t.server.url}/en/shops/frontend_pages`);
    const key = String(page.page_id);
    const body = grid().locator(`[role=row][data-key='${key}'] [role=gridcell][data-field="page_body"]`);
    await expect.poll(() => body.count(), { timeout: 10_000 }).toBe(1);
    await body.dblclick();
    const dialog = t.page.getByRole('dialog');
    await expect.poll(() => dialog.locator('.ql-editor').count()).toBe(1);
    return { key, dialog };
  }

  it('shows a row the Edit form moved in the order as the active row, on the column the user was on', async () => {
    const { key, dialog } = await editAboutUs();
    await dialog.locator('input[id$="-page_code"]').fill('zz-about-us');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => t.page.getByRole('dialog').count()).toBe(0);
    // Last of its shop now, 60 rows below where it was: shown with its new code (the rows reloaded), scrolled to, still on the body column.
    await expect.poll(() => grid().locator(`[role=row][data-key='${key}'] [data-field="page_code"]`).innerText()).toBe('zz-about-us');
    await expectShownActive(key, grid(), 'page_body');
  });

  it('says so when an edit takes the row out of the filters', async () => {
    await t.page.goto('about:blank');
    const { key, dialog } = await editAboutUs();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await t.page.getByRole('textbox', { name: 'Page code' }).fill('about');
    const about = Number(
      (await t.server.db.query<{ n: string }>(`select count(*) as n from app.frontend_pages f join app.shops s using (shop_id) where s.company_code = 'SK01' and f.page_code like '%about%'`)).rows[0]!
        .n,
    );
    await expect.poll(() => grid().locator('[role=row][data-key]').count(), { timeout: 10_000 }).toBe(about);
    await grid().locator(`[role=row][data-key='${key}'] [role=gridcell][data-field="page_body"]`).dblclick();
    await t.page.getByRole('dialog').locator('input[id$="-page_code"]').fill('company-info');
    await t.page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => t.page.locator('.toast-info .toast-text').allInnerTexts(), { timeout: 10_000 }).toContain('The row was saved, but the current filters no longer show it.');
    expect(await grid().locator(`[role=row][data-key='${key}']`).count()).toBe(0);
  });
});
