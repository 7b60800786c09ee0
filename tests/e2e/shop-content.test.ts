import { describe, expect, it } from 'vitest';
import { browserSuite, signIn } from './browser.ts';

const t = browserSuite();

const grid = () => t.page.getByRole('grid').first();
const bodyRows = () => grid().locator('[role=row][data-key]');
const cell = (key: string, field: string) => grid().locator(`[role=row][data-key="${key}"] [role=gridcell][data-field="${field}"]`);

describe('shop content and the bulk purchase price update in the browser', () => {
  it('updates the purchase prices of a picked row by a percentage, after a preview', async () => {
    const p = (
      await t.server.db.query<{ product_code: string; base: number; version: number }>(
        `select product_code, purchase_price_base as base, row_version as version from app.products
       where company_code = 'SK01' and purchase_price_base > 20 order by product_code limit 1`,
      )
    ).rows[0]!;
    await signIn(t.page, t.server.url, 'catalog@example.com');
    await t.page.goto(`${t.server.url}/en/prices/frontend_purchase_prices`);
    await t.page.getByRole('textbox', { name: 'Product code' }).fill(p.product_code);
    await expect.poll(() => bodyRows().count(), { timeout: 10_000 }).toBe(1);
    // Rows get checkboxes for the bulk action although this role may not delete.
    await grid().locator(`[role=row][data-key="${p.product_code}"]`).getByRole('checkbox', { name: 'Select row' }).click();
    const open = t.page.getByRole('button', { name: 'Update purchase prices (1)' });
    await open.click();
    const dialog = t.page.getByRole('dialog');
    await expect.poll(() => dialog.innerText()).toContain('1 picked product');
    await dialog.getByLabel('Change', { exact: true }).fill('10');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => dialog.getByRole('status').innerText()).toBe('Products: 1; with prices that change: 1.');
    await dialog.getByRole('button', { name: 'Update prices' }).click();
    // The confirmation, then the update.
    await t.page.getByRole('dialog').filter({ hasText: 'Change the purchase prices of 1 products?' }).getByRole('button', { name: 'Update prices' }).click();
    await expect.poll(() => t.page.locator('.toast-success .toast-text').allInnerTexts()).toContain('Purchase prices changed: 1 products');
    const stored = (
      await t.server.db.query<{ base: number; version: number }>('select purchase_price_base as base, row_version as version from app.products where product_code = $1', [p.product_code])
    ).rows[0]!;
    expect(stored.base).toBeCloseTo(p.base * 1.1, 1);
    expect(stored.version).toBe(p.version + 1);
    const log = await t.server.db.query(`select 1 from app.product_change_log where entity_name = 'frontend_purchase_prices' and entity_id = $1`, [p.product_code]);
    expect(log.rows).toHaveLength(1);
    // The grid shows the new price.
    await expect.poll(async () => Number((await cell(p.product_code, 'purchase_price_base').innerText()).replace(/[^0-9.,]/g, '').replace(',', '.'))).toBeCloseTo(stored.base, 1);
  });

  it('opens 2frontendPages and colDefs in every language, and adds a block to one page (?content_page_id=)', async () => {
    await signIn(t.page, t.server.url, 'admin@example.com');
    for (const lang of ['en', 'de', 'hu', 'sk', 'ro', 'cs', 'bg']) {
      for (const route of ['/shops/2frontendPages', '/shops/2frontendPages/colDefs']) {
        await t.page.goto(`${t.server.url}/${lang}${route}`);
        await expect.poll(() => bodyRows().count(), { message: `${lang}${route}`, timeout: 10_000 }).toBeGreaterThan(0);
      }
    }
    const page = (
      await t.server.db.query<{ id: number }>(
        `select p.content_page_id as id from app.content_pages p join app.shops s using (shop_id) where s.company_code = 'SK01' and p.page_code = 'contact' order by 1 limit 1`,
      )
    ).rows[0]!;
    // The page's blocks below its row in the page list.
    await t.page.goto(`${t.server.url}/en/shops/2frontendPages`);
    await cell(String(page.id), 'page_code').click();
    const detail = t.page.locator('.grid-detail');
    await expect.poll(() => detail.locator('[role=row][data-key]').count(), { timeout: 5000 }).toBe(2);

    // colDefs for one page: only its blocks; the add form starts on that page.
    await t.page.goto(`${t.server.url}/en/shops/2frontendPages/colDefs?content_page_id=${page.id}`);
    await expect.poll(() => bodyRows().count(), { timeout: 10_000 }).toBe(2);
    await t.page.getByRole('button', { name: 'Add' }).click();
    const dialog = t.page.getByRole('dialog');
    const pageSelect = dialog.locator('select[id$="-content_page_id"]');
    await expect.poll(async () => pageSelect.locator('option:checked').innerText(), { timeout: 5000 }).toBe('shop-sk.example.com/contact');
    await dialog.locator('input[id$="-position"]').fill('30'); // after the page's two blocks (10, 20)
    await dialog.locator('input[id$="-col_width"]').fill('12');
    // A block's kind by its name in the UI language, stored as its code.
    const kind = dialog.locator('select[id$="-block_type"]');
    expect(await kind.locator('option').allInnerTexts()).toEqual(['(none)', 'Text', 'Image', 'Video']);
    await kind.selectOption({ label: 'Text' });
    await dialog.locator('input[id$="-active"]').check();
    const editor = dialog.locator('.ql-editor').first();
    await editor.click();
    await t.page.keyboard.type('Call us on weekdays.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => t.page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => bodyRows().count()).toBe(3);
    const meta = (await t.server.db.query<{ meta: string }>(`select meta_description ->> 'en' as meta from app.content_pages where content_page_id = $1`, [page.id])).rows[0]!.meta;
    expect(meta).toMatch(/ Call us on weekdays\.$/);
  }, 180_000);
});
