/**
 * Category cells read as their path ('Kitchen › Cutlery'): what Ctrl+C copies imports back
 * (QA: it failed with "not found: Kitchen › Cutlery"), and a leaf naming two categories is
 * refused in the preview with a message in the UI language.
 */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { browserSuite, clipboardText } from './browser.ts';
import { gridPage } from './gridPage.ts';

const t = browserSuite();
const { grid, bodyRows, cell, openProducts } = gridPage(
  () => t.page,
  () => t.server,
);

describe('category paths in the browser', () => {
  it('copies category cells as paths that import back; an ambiguous leaf is refused', async () => {
    const roots = (await t.server.db.query<{ id: number }>('select product_category_id as id from app.product_categories where parent_category_id is null order by 1 limit 2')).rows;
    for (const r of roots) await t.server.db.query(`insert into app.product_categories (parent_category_id, product_category_names) values ($1, '{"en":"Twin"}')`, [r.id]);
    await t.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await openProducts();
    await grid().locator('[data-filter-field="product_code"] input').fill('P00012');
    const stored = async () =>
      (
        await t.server.db.query<{ product_code: string; c: number }>(
          `select product_code, main_product_category_id as c from app.products where company_code = 'SK01' and product_code ilike '%P00012%' order by 1`,
        )
      ).rows;
    const before = await stored();
    await expect.poll(() => bodyRows().count()).toBe(before.length);
    const keys = before.map((r) => r.product_code);

    const copy = async (field: string) => {
      await cell(keys[0]!, field).click();
      await cell(keys.at(-1)!, field).click({ modifiers: ['Shift'] });
      await t.page.keyboard.press('Control+c');
      return (await clipboardText(t.page)).split('\n');
    };
    const codes = await copy('product_code');
    const paths = await copy('main_product_category_id');
    expect(codes).toEqual(keys);
    expect(paths.every((p) => p.includes(' › '))).toBe(true);
    // The cell reads as the copy (its names are boxes of their own, so they may drop whole in a narrow column).
    expect((await cell(keys[0]!, 'main_product_category_id').innerText()).replace(/\s+/g, ' ').trim()).toBe(paths[0]);

    // Each row takes the next row's copied category; the last row an ambiguous leaf.
    const file = [['Product code', 'Category'], ...keys.map((k, i) => [k, i === keys.length - 1 ? 'Twin' : paths[i + 1]!])];
    await t.page.getByRole('button', { name: 'Import' }).click();
    const dialog = t.page.getByRole('dialog');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'c.csv', mimeType: 'text/csv', buffer: Buffer.from(Papa.unparse(file)) });
    await dialog.getByRole('button', { name: 'Next' }).click();
    expect(await dialog.getByRole('combobox', { name: 'Field: Category' }).inputValue()).toBe('main_product_category_id');
    await dialog.getByRole('button', { name: 'Check the file' }).click();
    await expect.poll(() => dialog.locator('.import-summary').innerText()).toMatch(/1 with problems \(skipped\)\.$/);
    const problem = await dialog.locator('.import-errors tbody tr td').allInnerTexts();
    expect(problem.slice(0, 2)).toEqual([String(keys.length + 1), 'Category']);
    expect(problem[2]).toMatch(/^“Twin” names several records; write its path, e\.g\. “.+ › Twin”$/);

    await dialog.getByRole('button', { name: /^Import \d+ rows?$/ }).click();
    await expect.poll(() => dialog.locator('.import-summary').innerText()).toMatch(/^Imported: 0 added/);
    const after = await stored();
    expect(after.map((r) => r.c)).toEqual([...before.slice(1).map((r) => r.c), before.at(-1)!.c]);
  });
});
