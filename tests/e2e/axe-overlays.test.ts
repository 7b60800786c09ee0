/**
 * Issue 28 (axe clean): the pages scanned with their popovers, menus, dialogs and editors
 * open — the column menu, column chooser, views and export menus, the filter row, the menu
 * and user sidebars, the company and language selects, a form dialog with its date picker
 * (react-day-picker), a rich-text form (Quill), a grid cell's text, lookup and calendar
 * editors, a searched lookup's matches, the import dialog and a workflow confirmation. No serious or critical WCAG 2.1
 * AA finding, no landmark, heading or label-in-name finding (tests/e2e/axe.ts), each named
 * by the state and node it was found in.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright';
import { axeProblems } from './axe.ts';
import { browserSuite, signIn } from './browser.ts';

const t = browserSuite();

/** Findings of the test so far; none may remain (checked after each test). */
let problems: string[] = [];
const grid = () => t.page.getByRole('grid').first();
const rows = () => grid().locator('[role=row][data-key]');
const cell = (field: string) => rows().first().locator(`[role=gridcell][data-field="${field}"]`);
/** Scans the page once `shown` is visible; Escape (or `close`) puts it away again. */
const scan = async (where: string, shown: Locator, close?: () => Promise<void>) => {
  await expect.poll(() => shown.first().isVisible(), { message: where, timeout: 10_000 }).toBe(true);
  problems.push(...(await axeProblems(t.page, where)));
  if (close) await close();
  else await t.page.keyboard.press('Escape');
  await expect.poll(() => shown.first().isVisible(), { message: `${where}: closed` }).toBe(false);
};
const open = async (path: string) => {
  await t.page.goto(`${t.server.url}/en${path}`);
  await expect.poll(() => rows().count(), { message: path, timeout: 15_000 }).toBeGreaterThan(0);
};

describe('axe-core with overlays open', () => {
  beforeEach(async () => {
    problems = [];
    await signIn(t.page, t.server.url, 'admin@example.com');
  });
  afterEach(() => expect(problems).toEqual([]));

  it("finds no problem with the grid's menus and popovers open and a filter typed", async () => {
    await open('/products/product_list');
    const toolbar = t.page.locator('.screen-grid[data-form="product_list"] > .grid-toolbar');

    await grid().locator('[role=columnheader][data-field="product_name"] .grid-hmenu').click();
    await scan('product_list column menu', t.page.getByRole('menu'));
    await toolbar.locator('.grid-columns').click();
    await scan('product_list column chooser', t.page.locator('.grid-chooser'));
    await toolbar.locator('.grid-views').click();
    await scan('product_list views menu', t.page.locator('.grid-popover'));
    await toolbar.locator('.grid-export').click();
    await scan('product_list export menu', t.page.locator('.grid-export-menu'));
    // The filter row: a text filter being typed in.
    await grid().locator('[data-filter-field="product_name"] .grid-filter').fill('a');
    await expect.poll(() => rows().count()).toBeGreaterThan(0);
    problems.push(...(await axeProblems(t.page, 'product_list text filter typed')));
    await grid().locator('[data-filter-field="product_name"] .grid-filter').fill('');
  }, 240_000);

  it('finds no problem with cell editors, the sidebars and the header selects', async () => {
    await open('/products/product_list');
    // A text cell's editor and a lookup (ref) cell's list.
    await cell('product_name').dblclick();
    await scan('product_list text cell editor', grid().locator('.cell-editing'));
    await cell('brand_id').dblclick();
    await scan('product_list lookup cell editor', grid().locator('.cell-editing select'));
    // The menu and user sidebars, the header's selects focused.
    await t.page.getByRole('button', { name: 'Menu', exact: true }).click();
    await scan('menu sidebar', t.page.getByRole('dialog'));
    await t.page.getByRole('button', { name: 'User', exact: true }).click();
    await scan('user sidebar', t.page.getByRole('dialog'));
    await t.page.getByRole('combobox', { name: 'Language' }).focus();
    problems.push(...(await axeProblems(t.page, 'language select focused')));
  }, 180_000);

  it("finds no problem with a form dialog, its day picker, the discard question, the grid's date editor and the import dialog open", async () => {
    // A form dialog with its calendar open; the grid's own date editor.
    await open('/shops/banners');
    await t.page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = t.page.getByRole('dialog');
    await expect.poll(() => dialog.count()).toBe(1);
    problems.push(...(await axeProblems(t.page, 'banners add form dialog')));
    await dialog.locator('input[id$="-valid_from"]').fill('2027-06-10');
    await dialog.locator('input[id$="-valid_from"]').press('Alt+ArrowDown');
    // The day picker has the focus (its Esc closes it, not the form).
    await expect.poll(() => t.page.evaluate(() => document.activeElement?.closest('.rdp-day')?.getAttribute('data-day'))).toBe('2027-06-10');
    await scan('banners form date picker', dialog.locator('.date-input-calendar'));
    // Cancel with input asks first: that question is scanned too.
    await dialog.first().getByRole('button', { name: 'Cancel' }).click();
    const ask = t.page.getByRole('dialog', { name: 'Discard your changes?' });
    await scan('banners discard question', ask, () => ask.getByRole('button', { name: 'Discard' }).click());
    await expect.poll(() => dialog.count()).toBe(0);
    await cell('valid_to').dblclick();
    await scan('banners date cell editor', t.page.locator('.cell-editor-calendar'));
    await t.page.getByRole('button', { name: 'Import', exact: true }).click();
    await scan('banners import dialog', t.page.getByRole('dialog'));
  }, 180_000);

  it("finds no problem with a searched lookup's matches, Quill and a workflow confirmation open", async () => {
    // A searched lookup's list of matches in a form.
    await open('/products/product_accessories');
    await t.page.getByRole('button', { name: 'Add', exact: true }).click();
    await t.page.getByRole('dialog').getByRole('combobox', { name: 'Product code' }).fill('P00');
    await scan('product_accessories form lookup list', t.page.getByRole('dialog').getByRole('option'));
    await t.page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    // A search text alone is no input to keep: the form may close without asking.
    const ask = t.page.getByRole('dialog', { name: 'Discard your changes?' });
    if (await ask.isVisible()) await ask.getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => t.page.getByRole('dialog').count()).toBe(0);

    // A rich-text form (Quill) with its toolbar.
    await open('/shops/frontend_pages');
    await cell('page_body').dblclick();
    await scan('frontend_pages rich text form', t.page.getByRole('dialog').locator('.ql-editor'), () => t.page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click());

    // A workflow event's confirmation on a sales order.
    await open('/sales/sales_orders');
    const action = grid().locator('[data-action=fsm]').first();
    await expect.poll(() => action.count(), { timeout: 10_000 }).toBe(1);
    await action.click();
    // Dismissed by its own button ("Back": the event may be called Cancel itself).
    await scan('sales_orders workflow confirmation', t.page.getByRole('dialog').locator('.dialog-title'), () => t.page.getByRole('dialog').getByRole('button', { name: 'Back', exact: true }).click());
  }, 180_000);
});
