/**
 * A selling price under the minimum margin is marked wherever prices are listed (issue 48
 * point 1, migration 129): the product list and the price screens mark the row and the price
 * cell, whose title says why in the user's language. The mark is the server's
 * (`below_min_margin`: app.min_selling_price, the twin of core/prices.ts belowMinMargin).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { belowMinMargin } from '../../src/core/prices.ts';
import { browserSuite, signIn } from './browser.ts';
import { gridPage } from './gridPage.ts';

const t = browserSuite();
const { row, cell, rowKeys } = gridPage(
  () => t.page,
  () => t.server,
);

type Prices = { product_code: string; purchase_price_base: string | null; min_margin: string | null; selling_price_shop: string | null };
/** The prices a test changed, put back after it: the worker's other files share this server's products. */
let changed: Prices[] = [];
const keep = async (codes: string[]) => {
  const r = await t.server.db.query<Prices>('select product_code, purchase_price_base, min_margin, selling_price_shop from app.products where product_code = any($1)', [codes]);
  changed.push(...r.rows);
};
afterEach(async () => {
  for (const p of changed.reverse())
    await t.server.db.query('update app.products set purchase_price_base = $2, min_margin = $3, selling_price_shop = $4 where product_code = $1', [
      p.product_code,
      p.purchase_price_base,
      p.min_margin,
      p.selling_price_shop,
    ]);
  changed = [];
});

describe('prices under the minimum margin are marked in the lists', () => {
  it('marks the row and the price cell with a title in the product list (English, German) and on the purchase prices and discounts screens; not the others', async () => {
    const db = t.server.db;
    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(`${t.server.url}/en/products/product_list`);
    const [a, b, c] = (await rowKeys(3)) as [string, string, string];
    await keep([a, b, c]);
    // Purchase 10, minimum 15 %: b sells at 11 (10 %), a at 20, c exactly at the minimum (11.50).
    await db.query('update app.products set purchase_price_base = 10, min_margin = 15, selling_price_shop = $2 where product_code = $1', [a, 20]);
    await db.query('update app.products set purchase_price_base = 10, min_margin = 15, selling_price_shop = $2 where product_code = $1', [b, 11]);
    await db.query('update app.products set purchase_price_base = 10, min_margin = 15, selling_price_shop = $2 where product_code = $1', [c, 11.5]);
    // The rule the server marks by (the browser's twin agrees).
    expect([20, 11, 11.5].map((p) => belowMinMargin(p, 10, 15))).toEqual([false, true, false]);
    await t.page.reload();
    await expect.poll(() => row(b).getAttribute('data-marks')).toBe('belowMinMargin');
    expect(await row(a).getAttribute('data-marks')).toBeNull();
    expect(await row(c).getAttribute('data-marks')).toBeNull();
    expect(await cell(b, 'selling_price_shop').getAttribute('title')).toBe('Under the minimum margin');
    expect(await cell(a, 'selling_price_shop').getAttribute('title')).toBeNull();
    expect(await cell(b, 'selling_price_shop').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(254, 243, 199)');

    await t.page.goto(`${t.server.url}/de/products/product_list`);
    await expect.poll(() => cell(b, 'selling_price_shop').getAttribute('title')).toBe('Unter der Mindestmarge');

    for (const screen of ['frontend_purchase_prices', 'frontend_product_discounts']) {
      await t.page.goto(`${t.server.url}/en/prices/${screen}`);
      await expect.poll(() => row(b).getAttribute('data-marks')).toBe('belowMinMargin');
      expect(await row(a).getAttribute('data-marks')).toBeNull();
      expect(await cell(b, 'selling_price_shop').getAttribute('title')).toBe('Under the minimum margin');
    }
  });

  it('imports prices under the minimum margin only with the dialog\'s "intended" box ticked; without it the row is reported at its price', async () => {
    const db = t.server.db;
    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(`${t.server.url}/en/products/product_list`);
    const [a, b] = (await rowKeys(2)) as [string, string];
    await keep([a, b]);
    await db.query('update app.products set purchase_price_base = 10, min_margin = 15, selling_price_shop = 20 where product_code = any($1)', [[a, b]]);
    const price = async (code: string) => Number((await db.query<{ p: string }>('select selling_price_shop as p from app.products where product_code = $1', [code])).rows[0]!.p);
    const csv = `Product code,Selling price\n${a},11\n${b},25\n`;
    await t.page.getByRole('button', { name: 'Import' }).click();
    const dialog = t.page.getByRole('dialog');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByRole('button', { name: 'Next' }).click();
    const box = dialog.getByRole('checkbox', { name: 'Prices under the minimum margin are intended' });
    expect(await box.isChecked()).toBe(false);
    await dialog.getByRole('button', { name: 'Check the file' }).click();
    await expect.poll(() => dialog.locator('.import-summary').innerText()).toMatch(/1 to update.*1 with problems \(skipped\)\.$/);
    const problem = await dialog.locator(`.import-errors tbody tr[data-line="2"] td`).allInnerTexts();
    expect(problem).toEqual(['2', 'Selling price', 'Selling price: A margin of 10 % is under the minimum margin of 15 %']);
    // Ticked: the check runs again with the confirmation, and the import takes both rows.
    await box.check();
    await expect.poll(() => dialog.locator('.import-summary').innerText()).toMatch(/2 to update.*0 with problems/);
    await dialog.getByRole('button', { name: 'Import 2 rows' }).click();
    await expect.poll(() => price(a)).toBe(11);
    expect(await price(b)).toBe(25);
  });
});
