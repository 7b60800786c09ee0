/**
 * Prices that act (issue 48) in the browser, on the margins screen: a price under the minimum
 * margin is marked in the grid; "Reprice…" shows each change old → new before anything is
 * written, applies it, asks before prices under the minimum margin, and Undo in the grid puts
 * the old prices back.
 */
import { describe, expect, it } from 'vitest';
import { sellingPrice } from '../../src/core/prices.ts';
import { browserSuite, signIn } from './browser.ts';
import { gridPage } from './gridPage.ts';

const t = browserSuite();
const { row, cell, rowKeys } = gridPage(
  () => t.page,
  () => t.server,
);

describe('Reprice on the margins screen', () => {
  it('marks a price under the minimum margin, previews old → new, applies, asks below the minimum, and Undo puts the prices back', async () => {
    const db = t.server.db;
    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(`${t.server.url}/en/prices/frontend_product_margins`);
    const [a, b] = (await rowKeys(2)) as [string, string];
    // Purchase 10, minimum 15 %, expected 40 %; b sells at 11 (a 10 % margin).
    await db.query('update app.products set purchase_price_base = 10, min_margin = 15, exp_margin = 40, selling_price_shop = 20 where product_code = $1', [a]);
    await db.query('update app.products set purchase_price_base = 10, min_margin = 15, exp_margin = 40, selling_price_shop = 11 where product_code = $1', [b]);
    await t.page.reload();
    await expect.poll(() => row(b).getAttribute('data-marks')).toBe('belowMinMargin');
    expect(await row(a).getAttribute('data-marks')).toBeNull();
    const amber = await cell(b, 'selling_price_shop').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(amber).toBe('rgb(254, 243, 199)');

    for (const k of [a, b]) await row(k).getByRole('checkbox', { name: 'Select row' }).click();
    await t.page.getByRole('button', { name: 'Reprice… (2)' }).click();
    const dialog = t.page.getByRole('dialog', { name: 'Reprice products' });
    const preview = dialog.getByTestId('reprice-preview');
    await expect.poll(() => preview.innerText()).toBe('2 products chosen: 2 new prices; 0 without a purchase price or margin.');
    const price = async (code: string) => Number((await db.query<{ p: string }>('select selling_price_shop as p from app.products where product_code = $1', [code])).rows[0]!.p);
    const vat = Number((await db.query<{ r: string }>('select coalesce(v.vat_rate, 0) as r from app.products p left join app.vats v using (vat_id) where p.product_code = $1', [a])).rows[0]!.r);
    const nice = sellingPrice({ purchase: 10, margin: 40, minMargin: 15, vatRate: vat, multiplier: 1, nice: true })!.net;
    // Each change, old → new, in the company currency; nothing is written yet.
    const line = dialog.locator(`tr[data-code="${a}"] td`);
    await expect
      .poll(() => line.allInnerTexts())
      .toEqual([a, expect.any(String), '€20.00', new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR', maximumFractionDigits: 4 }).format(nice), expect.stringMatching(/ %$/)]);
    expect(await price(a)).toBe(20);

    await dialog.getByTestId('reprice-run').click();
    await expect.poll(() => price(a)).toBeCloseTo(nice, 4);
    expect(await price(b)).toBeCloseTo(nice, 4);
    await expect.poll(() => row(b).getAttribute('data-marks')).toBeNull();

    // 5 % for both: under the minimum — marked in the preview, and Apply asks first.
    for (const k of [a, b]) if ((await row(k).getAttribute('aria-selected')) !== 'true') await row(k).getByRole('checkbox', { name: 'Select row' }).click();
    await t.page.getByRole('button', { name: 'Reprice… (2)' }).click();
    await dialog.getByTestId('reprice-own-margin').check();
    await dialog.getByTestId('reprice-margin').fill('5');
    await expect.poll(() => preview.innerText()).toContain('2 new prices are under the minimum margin');
    expect(await dialog.locator(`tr[data-code="${a}"]`).getAttribute('class')).toBe('cell-marked');
    await dialog.getByTestId('reprice-run').click();
    const ask = t.page.getByRole('dialog', { name: 'Save anyway?' });
    // What the server said, at the margin: the first product's margin after nice rounding.
    const thin = sellingPrice({ purchase: 10, margin: 5, minMargin: 15, vatRate: vat, multiplier: 1, nice: true })!;
    await expect.poll(() => ask.innerText()).toContain(`Margin %: A margin of ${Math.round(thin.margin * 100) / 100} % is under the minimum margin of 15 %`);
    await ask.getByRole('button', { name: 'Save anyway' }).click();
    await expect.poll(() => price(a)).toBeCloseTo(thin.net, 4);
    await expect.poll(() => row(a).getAttribute('data-marks')).toBe('belowMinMargin');

    // Undo in the grid: the latest reprice, then the one before.
    await t.page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => price(a)).toBeCloseTo(nice, 4);
    await t.page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(async () => [await price(a), await price(b)]).toEqual([20, 11]);
  });
});
