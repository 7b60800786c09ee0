/**
 * What the grid e2e tests read and find on product_list and other grid pages: locators by
 * role and data attributes, the focused cell, a paste event, a product row in the database.
 * `page` and `server` are read at each call (a new page per test).
 */
import type { Json } from '../api/harness.ts';
import type { Locator, Page } from 'playwright';
import { expect } from 'vitest';
import type { TestServer } from '../api/harness.ts';
import { signIn } from './browser.ts';

/** Opens the cell's editor, types `text` as a user does, presses Enter; the editor's input (gone once saved, kept with a refusal). */
export async function typeIntoCell(page: Page, c: Locator, text: string): Promise<Locator> {
  await c.dblclick();
  const input = c.locator('input');
  await expect.poll(() => input.count()).toBe(1);
  await input.fill(text);
  await page.keyboard.press('Enter');
  return input;
}

export function gridPage(page: () => Page, server: () => TestServer) {
  const grid = () => page().getByRole('grid').first();
  const header = (field: string) => grid().locator(`[role=columnheader][data-field="${field}"]`);
  const bodyRows = () => grid().locator('[role=row][data-key]');
  const row = (key: string) => grid().locator(`[role=row][data-key="${key}"]`);
  const cell = (key: string, field: string) => row(key).locator(`[role=gridcell][data-field="${field}"]`);
  /** The product grid's own toolbar (a detail grid below has one too). */
  const tool = (cls: string) => page().locator(`.screen-grid[data-form="product_list"] > .grid-toolbar ${cls}`);

  /** The keys of the first n body rows (waits for them). */
  async function rowKeys(n: number): Promise<string[]> {
    await expect.poll(() => bodyRows().count()).toBeGreaterThanOrEqual(n);
    const keys: string[] = [];
    for (let i = 0; i < n; i++) keys.push((await bodyRows().nth(i).getAttribute('data-key'))!);
    return keys;
  }

  /**
   * The view is drawn whole: its rows have come (the grid not aria-busy) and the overscan a new view draws a frame
   * after the rows in view is there too (the body's data-drawn): every row it renders at rest.
   */
  const viewDrawn = () => grid().evaluate((g) => !g.hasAttribute('aria-busy') && !!g.querySelector('.grid-body[data-drawn]'));

  /** [row key, field] of the focused cell. */
  const focused = () =>
    page().evaluate(() => {
      const el = document.activeElement;
      return [el?.closest('[role=row]')?.getAttribute('data-key') ?? null, el?.getAttribute('data-field') ?? null];
    });

  /** What a paste from Excel delivers: a paste event with text/plain on the focused cell. */
  const paste = (text: string) =>
    page().evaluate((t) => {
      const dt = new DataTransfer();
      dt.setData('text/plain', t);
      document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    }, text);

  /** A product row as the database holds it. */
  async function product(code: string): Promise<Record<string, Json>> {
    return (await server().db.query<Record<string, Json>>('select * from app.products where product_code = $1', [code])).rows[0]!;
  }

  /** Signed in as the admin, on product_list with its first rows drawn. */
  async function openProducts(lang = 'en'): Promise<void> {
    await signIn(page(), server().url, 'admin@example.com', lang);
    await page().goto(`${server().url}/${lang}/products/product_list`);
    await expect.poll(() => bodyRows().count()).toBeGreaterThan(5);
  }

  return { grid, header, bodyRows, row, cell, tool, rowKeys, focused, viewDrawn, paste, product, openProducts };
}
