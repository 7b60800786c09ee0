import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { LANGS } from '../../src/core/langs.ts';
import { browserSuite, signIn } from './browser.ts';

const t = browserSuite();

const grid = () => t.page.getByRole('grid');
const header = (field: string) => grid().locator(`[role=columnheader][data-field="${field}"]`);
const bodyRows = () => grid().locator('[role=row][data-key]');
const cell = (key: string, field: string) => grid().locator(`[role=row][data-key="${key}"] [role=gridcell][data-field="${field}"]`);
const cellTexts = (field: string) => grid().locator(`[role=row][data-key] [role=gridcell][data-field="${field}"]`).allInnerTexts();

async function firstRowKey(): Promise<string> {
  await expect.poll(() => bodyRows().count()).toBeGreaterThan(0);
  return (await bodyRows().first().getAttribute('data-key'))!;
}

describe('the browser runtime', () => {
  it("names the tab and the 404 page in the address's language, in each of the seven languages", async () => {
    await signIn(t.page, t.server.url, 'admin@example.com', 'de');
    for (const lang of LANGS) {
      const cat = JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as Record<string, string>;
      await t.page.goto(`${t.server.url}/${lang}/products/product_list`);
      await firstRowKey();
      await expect.poll(() => t.page.title()).toBe(`${cat['screens.product_list.title']} · ${cat['app.name']}`);
      // Another language's page first: the 404 is still in its own address's language.
      const other = lang === 'de' ? 'en' : 'de';
      await t.page.goto(`${t.server.url}/${other}/products/product_list`);
      await firstRowKey();
      await t.page.goto(`${t.server.url}/${lang}/no/such/page`);
      await expect.poll(() => t.page.locator('.error-page h1').innerText()).toBe(cat['errors.not_found_title']);
      await expect.poll(() => t.page.title()).toBe(`${cat['errors.not_found_title']} · ${cat['app.name']}`);
      expect(await t.page.evaluate(() => document.documentElement.lang)).toBe(lang);
    }
    // 21 page loads (three per language): ~31 s on a loaded 2-core machine, on either engine.
  }, 120_000);

  it('signs in through the login form and lands on the home page', async () => {
    await t.page.goto(`${t.server.url}/en/login`);
    await t.page.locator('form.login-form button[type=submit]').click();
    await expect.poll(() => t.page.locator('#login-email-error').innerText()).toBe('This field is required');
    await t.page.locator('#login-email').fill('not-an-email');
    await t.page.locator('#login-email').blur();
    await expect.poll(() => t.page.locator('#login-email-error').innerText()).toBe('Enter a valid email address');
    await t.page.locator('#login-email').fill('admin@example.com');
    await t.page.locator('#login-password').fill('wrong-password');
    await t.page.locator('form.login-form button[type=submit]').click();
    await expect.poll(() => t.page.getByRole('alert').innerText()).toContain('Wrong email or password');
    await t.page.locator('#login-password').fill('demo-password');
    await t.page.locator('form.login-form button[type=submit]').click();
    await t.page.waitForURL(`${t.server.url}/en`);
    await expect.poll(() => t.page.locator('.home-welcome').innerText()).toContain('Ada');
  });

  it('returns to the page asked for after login, and opens /de/products/product_list with German labels and rows', async () => {
    await t.page.goto(`${t.server.url}/de/products/product_list`);
    await t.page.waitForURL(/\/de\/login$/);
    await t.page.locator('#login-email').fill('admin@example.com');
    await t.page.locator('#login-password').fill('demo-password');
    await t.page.locator('form.login-form button[type=submit]').click();
    await t.page.waitForURL(`${t.server.url}/de/products/product_list`);
    await expect.poll(() => header('product_name').innerText()).toContain('Produktname');
    await expect.poll(() => t.page.locator('.page-title').innerText()).toBe('Produktliste');
    await expect.poll(() => bodyRows().count()).toBeGreaterThan(10);
    await expect.poll(async () => Number(await grid().getAttribute('aria-rowcount'))).toBeGreaterThan(1000);
    // Names show in German, as the database holds them.
    const key = await firstRowKey();
    const de = await t.server.db.query<{ name: string }>(`select product_name ->> 'de' as name from app.products where product_code = $1`, [key]);
    await expect.poll(() => cell(key, 'product_name').innerText()).toBe(de.rows[0]!.name);
  });

  it('sorts and filters by a column on the server', async () => {
    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(`${t.server.url}/en/products/product_list`);
    await firstRowKey();
    await header('selling_price_shop').click();
    await expect.poll(() => header('selling_price_shop').getAttribute('aria-sort')).toBe('ascending');
    await header('selling_price_shop').click();
    await expect.poll(() => header('selling_price_shop').getAttribute('aria-sort')).toBe('descending');
    const top = await t.server.db.query<{ product_code: string }>(
      `select product_code from app.products where company_code = 'SK01' order by selling_price_shop desc nulls first, product_code limit 1`,
    );
    await expect.poll(firstRowKey).toBe(top.rows[0]!.product_code);

    const filter = t.page.getByRole('textbox', { name: 'Product code' });
    await filter.fill('P0000');
    await expect.poll(async () => (await cellTexts('product_code')).every((c) => c.startsWith('P0000') || c.includes('P0000'))).toBe(true);
    const n = await t.server.db.query<{ n: number }>(`select count(*)::int as n from app.products where company_code = 'SK01' and product_code ilike '%p0000%'`);
    await expect.poll(async () => Number(await grid().getAttribute('aria-rowcount')) - 2).toBe(n.rows[0]!.n);
  });

  it('edits a price inline and sees it after reload', async () => {
    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(`${t.server.url}/en/products/product_list`);
    const key = await firstRowKey();
    await cell(key, 'selling_price_shop').dblclick();
    const input = cell(key, 'selling_price_shop').locator('input');
    await input.fill('1,234.5'); // English writes it so (core/numberInput.ts)
    await input.press('Enter');
    await expect.poll(() => t.page.locator('.toast-success').count()).toBeGreaterThan(0);
    // The toast covers none of the header's or the toolbars' controls.
    const covered = await t.page.evaluate(() => {
      const toasts = [...document.querySelectorAll('.toast')].map((el) => el.getBoundingClientRect());
      const controls = [...document.querySelectorAll<HTMLElement>('.app-header :is(button, select, input), .grid-toolbar :is(button, select, input)')];
      return controls
        .filter((c) => {
          const r = c.getBoundingClientRect();
          return r.width > 0 && toasts.some((x) => r.left < x.right && x.left < r.right && r.top < x.bottom && x.top < r.bottom);
        })
        .map((c) => c.getAttribute('aria-label') ?? c.textContent);
    });
    expect(covered).toEqual([]);
    const stored = await t.server.db.query<{ selling_price_shop: number }>('select selling_price_shop from app.products where product_code = $1', [key]);
    expect(stored.rows[0]!.selling_price_shop).toBe(1234.5);
    await t.page.reload();
    await expect.poll(() => cell(key, 'selling_price_shop').innerText()).toMatch(/1[, .]?234[.,]50/);
  });

  it('deletes with confirmation as admin', async () => {
    await t.server.db.query(`insert into app.products (product_code, company_code, product_name) values ('DEL-E2E', 'SK01', '{"en": "To be deleted"}')`);
    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(`${t.server.url}/en/products/product_list`);
    // Filter once the grid has drawn its rows, as a user does (its saved state is in by then).
    await expect.poll(() => bodyRows().count()).toBeGreaterThan(1);
    await t.page.getByRole('textbox', { name: 'Product code' }).fill('DEL-E2E');
    await expect.poll(() => bodyRows().count()).toBe(1);
    const box = grid().locator('[role=row][data-key="DEL-E2E"]').getByRole('checkbox', { name: 'Select row' });
    await box.click();
    await expect.poll(() => box.getAttribute('aria-checked')).toBe('true');
    await t.page.getByRole('button', { name: 'Delete' }).click();
    const dialog = t.page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading').innerText()).toBe('Are you sure?');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => t.page.locator('.toast-success').innerText()).toContain('1 record deleted');
    await expect.poll(() => bodyRows().count()).toBe(0);
    const left = await t.server.db.query(`select 1 from app.products where product_code = 'DEL-E2E'`);
    expect(left.rows).toHaveLength(0);
  });

  it('shows the catalog user no delete and sends them away from a warehouse page', async () => {
    await signIn(t.page, t.server.url, 'catalog@example.com', 'en');
    await t.page.goto(`${t.server.url}/en/products/product_list`);
    await firstRowKey();
    expect(await t.page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    // Rows can be picked for the page's bulk actions (the catalog user may set product_list), not deleted.
    expect(await grid().getByRole('checkbox', { name: 'Select all rows' }).count()).toBe(1);
    await t.page.goto(`${t.server.url}/en/purchasing/low_stock`);
    await t.page.waitForURL(`${t.server.url}/en`);
    await expect.poll(() => t.page.locator('.toast-warning .toast-text').allInnerTexts()).toContain('You have no access to that page.');
  });

  it('switches the language on the same t.page, and the choice survives a reload', async () => {
    await signIn(t.page, t.server.url, 'warehouse@example.com');
    await t.page.goto(`${t.server.url}/en/purchasing/low_stock`);
    await expect.poll(() => t.page.locator('.page-title').innerText()).toBe('Low stock');
    await t.page.getByRole('combobox', { name: 'Language' }).selectOption('hu');
    await t.page.waitForURL(`${t.server.url}/hu/purchasing/low_stock`);
    await expect.poll(() => t.page.locator('.page-title').innerText()).not.toBe('Low stock');
    const title = await t.page.locator('.page-title').innerText();
    await t.page.reload();
    await expect.poll(() => t.page.locator('.page-title').innerText()).toBe(title);
    const cookies = await t.context.cookies();
    expect(cookies.find((c) => c.name === 'language')?.value).toBe('hu');
    // The root goes to the chosen language.
    await t.page.goto(t.server.url);
    await t.page.waitForURL(`${t.server.url}/hu`);
    const user = await t.server.db.query<{ language_code: string }>(`select language_code from app.users where user_email = 'warehouse@example.com'`);
    expect(user.rows[0]!.language_code).toBe('hu');
  });

  it('shows the 404 text for an unknown route', async () => {
    await t.page.goto(`${t.server.url}/en/no/such/page`);
    await expect.poll(() => t.page.getByText('This page could not be found').count()).toBe(1);
  });

  it('shows the not-found page, not JSON, for an unknown language prefix: in the language cookie’s language under the same <html lang>', async () => {
    await t.context.addCookies([{ name: 'language', value: 'de', url: t.server.url }]);
    const r = await t.page.goto(`${t.server.url}/xx/products/product_list`);
    expect(r?.status()).toBe(404);
    await expect.poll(() => t.page.locator('.error-page h1').innerText()).toBe('Seite nicht gefunden');
    expect(await t.page.evaluate(() => document.documentElement.lang)).toBe('de');
    await t.context.clearCookies({ name: 'language' });
    await t.page.goto(`${t.server.url}/xx/products/product_list`);
    await expect.poll(() => t.page.locator('.error-page h1').innerText()).toBe('Page not found');
    expect(await t.page.evaluate(() => document.documentElement.lang)).toBe('en');
  });

  it('toggles the bookmark pin, and the bookmark survives a reload', async () => {
    await signIn(t.page, t.server.url, 'catalog@example.com');
    await t.page.goto(`${t.server.url}/en/products/brands`);
    const pin = t.page.getByRole('button', { name: /bookmark/i });
    const before = await pin.getAttribute('aria-pressed');
    await pin.click();
    const after = before === 'true' ? 'false' : 'true';
    await expect.poll(() => pin.getAttribute('aria-pressed')).toBe(after);
    await t.page.reload();
    await expect.poll(() => t.page.getByRole('button', { name: /bookmark/i }).getAttribute('aria-pressed')).toBe(after);
    const stored = await t.server.db.query(`select path from app.user_bookmarks b join app.users u using (user_id) where u.user_email = 'catalog@example.com' and path = '/products/brands'`);
    expect(stored.rows.length).toBe(after === 'true' ? 1 : 0);
  });

  it('refreshes once on a 401 and retries; a blocked user (412) is logged out to the root', async () => {
    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(`${t.server.url}/en/products/brands`);
    await expect.poll(() => bodyRows().count()).toBeGreaterThan(0);
    const cookies = await t.context.cookies();
    // An access token the server no longer accepts (the app's, in its memory, altered on the way): the client refreshes and retries.
    let altered = 0;
    await t.page.route('**/rpc/api_action', (route) => {
      const h = route.request().headers();
      if (altered++ > 0 || !h.authorization) return route.continue();
      return route.continue({ headers: { ...h, authorization: `${h.authorization.slice(0, -4)}AAAA` } });
    });
    const refreshed = t.page.waitForResponse((r) => r.url().endsWith('/rpc/refresh_token'));
    const retried = t.page.waitForResponse((r) => r.url().endsWith('/rpc/api_action') && r.status() === 200);
    await t.page.getByRole('button', { name: 'Refresh' }).click();
    expect((await refreshed).status()).toBe(200);
    await retried;
    expect(altered).toBeGreaterThanOrEqual(2);
    await t.page.unroute('**/rpc/api_action');
    const after = await t.context.cookies();
    const refreshBefore = cookies.find((c) => c.name === 'auth.refresh_token.local')!.value;
    expect(after.find((c) => c.name === 'auth.refresh_token.local')!.value).not.toBe(refreshBefore); // rotated
    // Blocked meanwhile: the next call answers 412 → logout → root → login.
    await t.server.db.query(`update app.users set blocked = true where user_email = 'admin@example.com'`);
    try {
      await t.page.getByRole('button', { name: 'Refresh' }).click();
      await t.page.waitForURL(`${t.server.url}/en/login`);
      await expect.poll(async () => (await t.context.cookies()).filter((c) => c.name.includes('token')).map((c) => c.name)).toEqual([]);
    } finally {
      await t.server.db.query(`update app.users set blocked = false where user_email = 'admin@example.com'`);
    }
  });
});
