import { describe, expect, it } from 'vitest';
import { htmlText } from '../../src/core/htmlText.ts';
import { browserSuite, signIn } from './browser.ts';

const t = browserSuite();

const grid = () => t.page.getByRole('grid').first();
const cell = (key: string, field: string) => grid().locator(`[role=row][data-key="${key}"] [role=gridcell][data-field="${field}"]`);

describe('catalogue and prices in the browser', () => {
  it('creates a product with names in three languages and finds it in product_list', async () => {
    await signIn(t.page, t.server.url, 'catalog@example.com');
    await t.page.goto(`${t.server.url}/en/products/product_list`);
    await t.page.getByRole('button', { name: 'Add' }).click();
    const dialog = t.page.getByRole('dialog');
    await dialog.getByLabel('Product code').fill('E2E-3LANG');
    await dialog.locator('[id$="product_name-en"]').first().fill('Garden bench');
    await dialog.locator('[id$="product_name-de"]').first().fill('Gartenbank');
    await dialog.locator('[id$="product_name-hu"]').first().fill('Kerti pad');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => t.page.getByRole('dialog').count()).toBe(0);
    const stored = await t.server.db.query<{ product_name: Record<string, string>; company_code: string }>(`select product_name, company_code from app.products where product_code = 'E2E-3LANG'`);
    expect(stored.rows[0]).toEqual({ product_name: { en: 'Garden bench', de: 'Gartenbank', hu: 'Kerti pad' }, company_code: 'SK01' });
    await t.page.getByRole('textbox', { name: 'Product code' }).fill('E2E-3LANG');
    await expect.poll(() => cell('E2E-3LANG', 'product_name').innerText()).toBe('Garden bench');
    // The same row in German.
    await t.page.goto(`${t.server.url}/de/products/product_list`);
    await t.page.getByRole('textbox', { name: 'Produktcode' }).fill('E2E-3LANG');
    await expect.poll(() => cell('E2E-3LANG', 'product_name').innerText()).toBe('Gartenbank');
  });

  it('asks before a form with unsaved input is closed, and closes an untouched one at once', async () => {
    await signIn(t.page, t.server.url, 'catalog@example.com');
    await t.page.goto(`${t.server.url}/en/products/product_list`);
    await t.page.getByRole('button', { name: 'Add' }).click();
    const form = t.page.getByRole('dialog', { name: 'New product' });
    await form.getByLabel('Product code').fill('E2E-DIRTY');
    await t.page.keyboard.press('Escape');
    const ask = t.page.getByRole('dialog', { name: 'Discard your changes?' });
    await expect.poll(() => ask.count()).toBe(1);
    // It starts on Keep editing: the typed code is still there.
    await t.page.keyboard.press('Enter');
    await expect.poll(() => ask.count()).toBe(0);
    expect(await form.getByLabel('Product code').inputValue()).toBe('E2E-DIRTY');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await ask.getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => t.page.getByRole('dialog').count()).toBe(0);
    // Untouched: Esc closes without a question.
    await t.page.getByRole('button', { name: 'Add' }).click();
    await expect.poll(() => form.count()).toBe(1);
    await t.page.keyboard.press('Escape');
    await expect.poll(() => t.page.getByRole('dialog').count()).toBe(0);
  });

  it('sets a discount and shows the discounted and original prices in show_prices in another view currency', async () => {
    const p = (
      await t.server.db.query<{ product_code: string; selling_price_shop: number }>(
        // Its limit allows 20 % (a discount over it is refused at the cell: migration 121).
        `select product_code, selling_price_shop from app.products where company_code = 'SK01' and active and selling_price_shop > 20
           and coalesce(max_discount_limit_percent, 100) >= 20 and coalesce(max_discount, 100) >= 20 order by product_code limit 1`,
      )
    ).rows[0]!;
    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(`${t.server.url}/en/prices/frontend_product_discounts`);
    await t.page.getByRole('textbox', { name: 'Product code' }).fill(p.product_code);
    await expect.poll(() => grid().locator('[role=row][data-key]').count()).toBe(1);
    await cell(p.product_code, 'discount_percent').dblclick();
    const input = cell(p.product_code, 'discount_percent').locator('input');
    await input.fill('20');
    await input.press('Enter');
    await expect.poll(async () => (await t.server.db.query<{ d: number }>('select discount_percent as d from app.products where product_code = $1', [p.product_code])).rows[0]!.d).toBe(20);

    // Another view currency: HUF, at the company's rates.
    await t.page.goto(`${t.server.url}/en/prices/show_prices`);
    await t.page.getByRole('combobox', { name: 'Currency' }).selectOption('HUF');
    await t.page.getByRole('textbox', { name: 'Product code' }).fill(p.product_code);
    const rows = grid().locator('[role=row][data-key]');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    // The filter has reached the rows (the first product of the list is another one).
    await expect.poll(() => rows.first().locator('[data-field="product_code"]').innerText()).toBe(p.product_code);
    const sql = await t.server.db.query<{ gross_price: number; original_gross_price: number }>(
      `select gross_price, original_gross_price from app.v_show_prices where product_code = $1 order by shop_id, shopper_group_id limit 1`,
      [p.product_code],
    );
    const rates = await t.server.db.query<{ rate: number }>(`select rate from app.company_currency_rates where company_code = 'SK01' and currency_code = 'HUF'`);
    const inHuf = (eur: number) => Math.round(eur / rates.rows[0]!.rate);
    const first = rows.first();
    const gross = await first.locator('[data-field="gross_price"]').innerText();
    const original = await first.locator('[data-field="original_gross_price"]').innerText();
    const digits = (s: string) =>
      Number(
        s
          .replace(/[^0-9,.-]/g, '')
          .replace(/[.,](?=\d{3}\b)/g, '')
          .replace(',', '.'),
      );
    expect(gross).toMatch(/HUF|Ft/);
    expect(Math.round(digits(gross))).toBeCloseTo(inHuf(sql.rows[0]!.gross_price), -1);
    expect(Math.round(digits(original))).toBeCloseTo(inHuf(sql.rows[0]!.original_gross_price), -1);
    expect(digits(gross)).toBeLessThan(digits(original));
  });

  it('edits a product translation in the detail grid, then the master row inline without a stale-version conflict', async () => {
    const code = (
      await t.server.db.query<{ product_code: string }>(`select product_code from app.products where company_code = 'SK01' and product_code like 'P%' order by product_code limit 1 offset 3`)
    ).rows[0]!.product_code;
    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(`${t.server.url}/en/products/product_list`);
    await t.page.getByRole('textbox', { name: 'Product code' }).fill(code);
    await expect.poll(() => grid().locator('[role=row][data-key]').count()).toBe(1);
    await cell(code, 'product_name').click();
    const panel = t.page.locator('.grid-detail');
    await panel.getByRole('tab', { name: 'Translations' }).click();
    const detail = panel.locator('.screen-grid[data-form="product_translations"]');
    const de = detail.locator(`[role=row][data-key$=',"de"]'] [role=gridcell][data-field="product_name"]`);
    await expect.poll(() => de.count()).toBe(1);
    await de.dblclick();
    await de.locator('input').fill('Detailname DE');
    await de.locator('input').press('Enter');
    await expect.poll(async () => (await t.server.db.query<{ n: string }>(`select product_name->>'de' as n from app.products where product_code = $1`, [code])).rows[0]!.n).toBe('Detailname DE');
    // The detail's write moved the product's row version; the master row was read again.
    await cell(code, 'min_margin').dblclick();
    await cell(code, 'min_margin').locator('input').fill('7');
    await cell(code, 'min_margin').locator('input').press('Enter');
    await expect.poll(async () => (await t.server.db.query<{ m: number }>('select min_margin as m from app.products where product_code = $1', [code])).rows[0]!.m).toBe(7);
    expect(await t.page.locator('.toast-danger').count()).toBe(0);
  });

  it('edits a frontend page in Quill; after save and reload no script payload survives', async () => {
    const pageRow = (
      await t.server.db.query<{ page_id: number }>(
        `select f.page_id from app.frontend_pages f join app.shops s using (shop_id) where s.company_code = 'SK01' and f.page_code = 'about-us' order by f.page_id limit 1`,
      )
    ).rows[0]!;
    const key = String(pageRow.page_id);
    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(`${t.server.url}/en/shops/frontend_pages`);
    await expect.poll(() => cell(key, 'page_body').count()).toBe(1);
    await cell(key, 'page_body').dblclick();
    const dialog = t.page.getByRole('dialog');
    const editor = dialog.locator('.ql-editor');
    await expect.poll(() => editor.count()).toBe(1);
    await expect.poll(() => editor.innerText()).toContain('since 2009');
    await editor.click();
    await t.page.keyboard.press('Control+End');
    await t.page.keyboard.type(' Visit us soon. <script>window.__xss = 1</script><img src=x onerror="window.__xss = 2">');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => t.page.getByRole('dialog').count()).toBe(0);
    const stored = (await t.server.db.query<{ body: string }>(`select page_body ->> 'en' as body from app.frontend_pages where page_id = $1`, [pageRow.page_id])).rows[0]!.body;
    expect(stored).toContain('Visit us soon.');
    // Typed markup is text (escaped), never a tag; other languages are untouched.
    expect(stored).not.toMatch(/<script|<img|<[^>]*onerror=/i);
    expect(stored).toContain('&lt;script&gt;');
    expect(stored).not.toContain('&nbsp;');
    await t.page.reload();
    await expect.poll(() => cell(key, 'page_body').count()).toBe(1);
    await cell(key, 'page_body').dblclick();
    await expect.poll(() => t.page.getByRole('dialog').locator('.ql-editor').innerText()).toContain('Visit us soon.');
    expect(await t.page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  });
  it('shows rich text as the text a reader sees, as text; its filter finds that text, never tag names', async () => {
    const pages = (
      await t.server.db.query<{ page_id: number; body: string }>(
        `select f.page_id, f.page_body ->> 'en' as body from app.frontend_pages f join app.shops s using (shop_id) where s.company_code = 'SK01' order by f.page_id`,
      )
    ).rows;
    const about = pages.find((p) => p.body.includes('<strong>since 2009</strong>.'))!;
    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(`${t.server.url}/en/shops/frontend_pages`);
    const body = cell(String(about.page_id), 'page_body');
    await expect.poll(() => body.innerText()).toBe(htmlText(about.body));
    expect(await body.innerText()).toContain('home goods since 2009. Our warehouse');
    expect(await cell(String(about.page_id), 'meta_description').innerText()).toContain('since 2009. Our warehouse');
    // Text, not markup: no element of the body in the cell (an escaped '<script>' typed in the editor reads as text).
    expect(await body.locator('p, strong, script, img').count()).toBe(0);

    const rows = grid().locator('[role=row][data-key]');
    const filter = grid().getByRole('textbox', { name: 'Content' });
    await filter.fill('strong');
    await expect.poll(() => rows.count()).toBe(0);
    await filter.fill('2009.');
    const shown = pages.filter((p) => htmlText(p.body).includes('2009.')).length;
    expect(shown).toBeGreaterThan(0);
    await expect.poll(() => rows.count()).toBe(shown);
    expect(await t.page.locator('.toast-danger').count()).toBe(0);
  });
});
