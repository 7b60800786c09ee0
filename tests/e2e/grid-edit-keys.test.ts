/**
 * Cell editors finish as spreadsheets do (issue 19): Enter commits and moves down (Shift+Enter
 * up), Tab right; an editor opened by typing commits on every arrow and moves that way; one
 * opened with F2 keeps Left/Right for the caret and commits on Up/Down; a select keeps its
 * arrows for the choice.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { browserSuite } from './browser.ts';
import { gridPage } from './gridPage.ts';

const t = browserSuite({ width: 1600, height: 900 });
beforeEach(() => t.server.db.query('delete from app.user_grid_states'));

const { cell, rowKeys, focused, product, openProducts } = gridPage(
  () => t.page,
  () => t.server,
);
const editorInput = (key: string, field: string) => cell(key, field).locator('input, select');

describe('keys that finish a cell edit', () => {
  it('Enter saves and moves down; Shift+Enter saves and moves up', async () => {
    await openProducts();
    const [k1, k2, k3] = (await rowKeys(3)) as [string, string, string];
    await cell(k1, 'supplier_product_code').click();
    await t.page.keyboard.press('Enter');
    await expect.poll(() => editorInput(k1, 'supplier_product_code').count()).toBe(1);
    await editorInput(k1, 'supplier_product_code').fill('ENTER-1');
    await t.page.keyboard.press('Enter');
    await expect.poll(focused).toEqual([k2, 'supplier_product_code']);
    expect(await editorInput(k1, 'supplier_product_code').count()).toBe(0);
    await expect.poll(async () => (await product(k1)).supplier_product_code).toBe('ENTER-1');
    // The next Enter edits the row below; Shift+Enter goes back up.
    await cell(k3, 'supplier_product_code').click();
    await t.page.keyboard.press('Enter');
    await editorInput(k3, 'supplier_product_code').fill('ENTER-3');
    await t.page.keyboard.press('Shift+Enter');
    await expect.poll(focused).toEqual([k2, 'supplier_product_code']);
    await expect.poll(async () => (await product(k3)).supplier_product_code).toBe('ENTER-3');
  });

  it('an editor opened by typing commits on ArrowDown and ArrowRight and moves that way', async () => {
    await openProducts();
    const [k1, k2] = (await rowKeys(2)) as [string, string];
    await cell(k1, 'min_margin').click();
    await t.page.keyboard.type('17');
    await expect.poll(() => editorInput(k1, 'min_margin').inputValue()).toBe('17');
    await t.page.keyboard.press('ArrowDown');
    await expect.poll(focused).toEqual([k2, 'min_margin']);
    expect(await editorInput(k1, 'min_margin').count()).toBe(0);
    await expect.poll(async () => Number((await product(k1)).min_margin)).toBe(17);
    await t.page.keyboard.type('18');
    await t.page.keyboard.press('ArrowRight');
    await expect.poll(focused).toEqual([k2, 'exp_margin']);
    await expect.poll(async () => Number((await product(k2)).min_margin)).toBe(18);
  });

  it('an editor opened with F2 moves the caret with ArrowLeft and commits on ArrowUp', async () => {
    await openProducts();
    const [k1, k2] = (await rowKeys(2)) as [string, string];
    await t.server.db.query(`update app.products set supplier_product_code = 'ABC' where product_code = $1`, [k2]);
    await t.page.reload();
    await expect.poll(() => cell(k2, 'supplier_product_code').innerText()).toBe('ABC');
    await cell(k2, 'supplier_product_code').click();
    await t.page.keyboard.press('F2');
    const input = editorInput(k2, 'supplier_product_code');
    await expect.poll(() => input.count()).toBe(1);
    await t.page.keyboard.press('ArrowLeft');
    await t.page.keyboard.type('x');
    // Still editing: the caret moved one place left of the end.
    await expect.poll(() => input.inputValue()).toBe('ABxC');
    expect(await focused()).toEqual([k2, null]);
    await t.page.keyboard.press('ArrowUp');
    await expect.poll(focused).toEqual([k1, 'supplier_product_code']);
    await expect.poll(async () => (await product(k2)).supplier_product_code).toBe('ABxC');
  });

  it('a select keeps its arrows for the choice; Enter commits it and moves down', async () => {
    await openProducts();
    const [k1, k2] = (await rowKeys(2)) as [string, string];
    const before = (await product(k1)).brand_id;
    await cell(k1, 'brand_id').click();
    await t.page.keyboard.press('Enter');
    const select = editorInput(k1, 'brand_id');
    await expect.poll(() => select.count()).toBe(1);
    await expect.poll(() => select.evaluate((s: HTMLSelectElement) => s.options.length)).toBeGreaterThan(3);
    const key = await select.evaluate((s: HTMLSelectElement) => (s.selectedIndex < s.options.length - 1 ? 'ArrowDown' : 'ArrowUp'));
    await t.page.keyboard.press(key);
    // The arrow moved the choice; the select is still open on the same cell.
    expect(await select.count()).toBe(1);
    expect(await focused()).toEqual([k1, null]);
    await t.page.keyboard.press('Enter');
    await expect.poll(focused).toEqual([k2, 'brand_id']);
    await expect.poll(async () => (await product(k1)).brand_id).not.toBe(before);
  });
});
