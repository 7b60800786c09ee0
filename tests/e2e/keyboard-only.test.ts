/**
 * A day's work with the keyboard alone (issue 28): `page.keyboard` only — no click, no
 * mouse, no `fill`. Sign in, switch company and language, open the product list from the
 * menu, sort, filter and move in the grid, edit a cell and save it, Escape an edit, hide a
 * column from its menu. The Views panel: its first field takes the focus, a typed name and
 * Enter save the grid as a view, Escape gives the focus back to Views; the filter emptied,
 * the view applied from the list brings it back. Export: its menu, XLSX, a download, the
 * focus back on Export. Import: the dialog opens with the focus in it, Tab walks it, Escape
 * closes it back onto Import. Brands from the menu: Add, the name, Tab, Space unticks Active,
 * Tab to Save, Enter saves the row (then the focus is on its cell); Escape closes an empty form
 * at once and a typed one after its question is answered Discard, the focus back on Add. Then a sales order's workflow action and its confirmation.
 * The grid's live region says each sort, filter and row count in the UI language (German
 * here), and a toast is a status.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stockFor } from '../api/stockFor.ts';
import { browserSuite } from './browser.ts';
import { gridPage } from './gridPage.ts';

const t = browserSuite({ width: 1400, height: 900 });
const { bodyRows, header, focused } = gridPage(
  () => t.page,
  () => t.server,
);
const de = JSON.parse(readFileSync('locales/de.json', 'utf8')) as Record<string, string>;
const q = async <T extends object>(sql: string, args: unknown[] = []) => (await t.server.db.query<T>(sql, args)).rows;
const keys = () => t.page.keyboard;
const press = (key: string, times = 1) =>
  (async () => {
    for (let i = 0; i < times; i++) await keys().press(key);
  })();

/** Whether the focused element matches `selector`. */
const focusIs = (selector: string) => t.page.evaluate((s) => !!document.activeElement?.matches(s), selector);
/** The focused element's text (or its value for inputs). */
const focusText = () => t.page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText?.trim() ?? '');

/** Tab (Shift+Tab when `back`) until the focus is on `selector`; the number of presses. */
async function tabTo(selector: string, max = 40, back = false): Promise<number> {
  for (let i = 1; i <= max; i++) {
    await keys().press(back ? 'Shift+Tab' : 'Tab');
    if (await focusIs(selector)) return i;
  }
  throw new Error(`${selector} not reached in ${max} ${back ? 'Shift+Tab' : 'Tab'} presses (focus: ${await t.page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120))})`);
}

/** Arrow down the open menu sidebar to the page `title`, then Enter; the focus is back on the menu button. */
async function openFromMenu(title: string) {
  // From the page's start (nothing focused) forwards, else back up to the header.
  const fromStart = await t.page.evaluate(() => document.activeElement === document.body);
  await tabTo(`.app-header button.icon-button[aria-label="${de['chrome.menu']}"]`, 60, !fromStart);
  await press('Enter');
  await expect.poll(() => focusIs('.sidebar a, .sidebar summary')).toBe(true);
  for (let i = 0; i < 150 && (await focusText()) !== title; i++) await press('ArrowDown');
  expect(await focusText()).toBe(title);
  await press('Enter');
  await expect.poll(() => t.page.locator('.sidebar').count()).toBe(0);
  await expect.poll(() => bodyRows().count(), { timeout: 15_000 }).toBeGreaterThan(0);
}

async function signInByKeys(lang: string) {
  await t.page.goto(`${t.server.url}/${lang}/login`);
  await t.page.locator('#login-email').waitFor();
  await tabTo('#login-email', 5);
  await keys().type('admin@example.com');
  await press('Tab');
  await keys().type('demo-password');
  await press('Enter');
  await t.page.waitForURL((u) => !u.pathname.endsWith('/login'));
  await t.page.locator('.app-header').waitFor();
  await t.page.locator('#login-password').waitFor({ state: 'detached' });
}

const announcer = () => t.page.locator('.screen-grid .grid-announcer').first();
const said = (id: string, values: Record<string, string>) => Object.entries(values).reduce((s, [k, v]) => s.replace(`{${k}}`, v), de[id]!);

describe('keyboard only', () => {
  it('signs in, switches company and language, works in the product list (sort, filter, edit, Escape, the column menu, a view, export, import) and adds a brand in its form', async () => {
    await signInByKeys('en');
    // The first Tab stop is the skip link, shown while focused; it takes the focus to the content.
    await press('Tab');
    expect(await focusIs('a.skip-link')).toBe(true);
    expect((await t.page.locator('a.skip-link').boundingBox())!.y).toBeGreaterThanOrEqual(0);
    await press('Enter');
    expect(await focusIs('main#main-content')).toBe(true);

    // Company: a native select changes with the arrow keys.
    const company = t.page.locator('.app-header select[aria-label="Company"]');
    const before = await company.inputValue();
    await tabTo('.app-header select[aria-label="Company"]', 10, true);
    await press('ArrowDown');
    await expect.poll(() => company.inputValue()).not.toBe(before);
    const companyCode = await company.inputValue();
    // Language: English → Deutsch (the second), the same page under /de.
    await tabTo('.app-header select.language-select', 10);
    await press('ArrowDown');
    await t.page.waitForURL((u) => u.pathname.startsWith('/de'));
    await expect.poll(() => t.page.locator('html').getAttribute('lang')).toBe('de');
    // The page's language is German once its texts are (html lang); the focus stays on the language select.
    await expect.poll(() => focusIs('.app-header select.language-select')).toBe(true);

    await openFromMenu(de['screens.product_list.title']!);
    expect(t.page.url()).toContain('/de/products/product_list');
    const product = (await q<{ product_code: string }>('select product_code from app.products where company_code = $1 and active order by product_code offset 3 limit 1', [companyCode]))[0]!
      .product_code;

    // The header: a few Tabs from the menu button (past the header and the toolbar), then arrows between the columns.
    const presses = await tabTo('[role=columnheader][data-field="product_code"] .grid-sort', 25);
    expect(presses).toBeLessThanOrEqual(25);
    await press('ArrowRight', 2);
    expect(await focusIs('[role=columnheader][data-field="supplier_product_code"] .grid-sort')).toBe(true);
    // Enter sorts; the live region says so in German.
    const announced = await announcer().innerText();
    await press('Enter');
    await expect.poll(() => header('supplier_product_code').getAttribute('aria-sort')).toBe('ascending');
    const sorted = said('grid.announce_sorted', { sorts: said('grid.announce_asc', { column: de['fields.supplier_product_code']! }) });
    await expect.poll(() => announcer().innerText()).toContain(sorted);
    expect(await announcer().innerText()).not.toBe(announced);
    expect(await announcer().getAttribute('aria-live')).toBe('polite');

    // Down from a header is its filter; typing filters; the region says the filter and the count.
    await press('ArrowLeft', 2);
    await press('ArrowDown');
    expect(await focusIs('[data-filter-field="product_code"] input')).toBe(true);
    await keys().type(product);
    await press('Enter');
    await expect.poll(() => bodyRows().count()).toBe(1);
    await expect.poll(() => announcer().innerText()).toContain(said('grid.announce_filtered', { columns: de['fields.product_code']! }));
    await expect.poll(() => announcer().innerText()).toContain('1 Zeile');

    // Down again: the body, on the same column; arrows move; F2 edits, Enter saves.
    await press('ArrowDown');
    expect(await focused()).toEqual([product, 'product_code']);
    await press('ArrowRight', 2);
    expect(await focused()).toEqual([product, 'supplier_product_code']);
    await press('F2');
    const editor = t.page.locator(`[role=row][data-key="${product}"] [data-field="supplier_product_code"] input`);
    await expect.poll(() => editor.count()).toBe(1);
    await press('Control+a');
    await keys().type('KEYS-42');
    await press('Enter');
    await expect.poll(async () => (await q<{ s: string }>('select supplier_product_code as s from app.products where product_code = $1', [product]))[0]!.s, { timeout: 10_000 }).toBe('KEYS-42');
    // Escape leaves an editor without saving (the only row: Enter's save keeps the cell).
    expect(await focused()).toEqual([product, 'supplier_product_code']);
    await press('F2');
    await keys().type('-not-saved');
    await press('Escape');
    await expect.poll(() => editor.count()).toBe(0);
    expect(await focused()).toEqual([product, 'supplier_product_code']);

    // Up from the first row: the column's filter, then its header; Alt+ArrowDown opens the column menu.
    await press('ArrowUp');
    expect(await focusIs('[data-filter-field="supplier_product_code"] input')).toBe(true);
    await press('ArrowUp');
    expect(await focusIs('[role=columnheader][data-field="supplier_product_code"] .grid-sort')).toBe(true);
    await press('Alt+ArrowDown');
    const menu = t.page.locator('[role=menu][data-column="supplier_product_code"]');
    await expect.poll(() => menu.count()).toBe(1);
    await expect.poll(() => focusIs('[role=menu] [role^=menuitem]')).toBe(true);
    for (let i = 0; i < 12 && (await focusText()) !== de['grid.hide_column']; i++) await press('ArrowDown');
    await press('Enter');
    await expect.poll(() => header('supplier_product_code').count()).toBe(0);
    // The focus stays in the header (a neighbour's), not lost to the page.
    await expect.poll(() => focusIs('[role=columnheader] *')).toBe(true);

    // A saved view: the Views panel (a dialog) from the toolbar; its first field takes the focus, Enter saves the grid as it is.
    const views = '.grid-toolbar .grid-views';
    await tabTo(views, 20, true);
    await press('Enter');
    await expect.poll(() => focusIs('.grid-views-menu input.grid-view-name')).toBe(true);
    await keys().type('Tastatur');
    await press('Enter');
    await expect.poll(async () => (await q<{ name: string }>("select name from app.grid_views where form = 'product_list'")).map((v) => v.name), { timeout: 10_000 }).toContain('Tastatur');
    await press('Escape');
    await expect.poll(() => focusIs(views)).toBe(true);
    // Polled: the row is in the database before its answer reaches the page (the button names the view then).
    await expect.poll(focusText).toContain('Tastatur');

    // The grid changes (its filter emptied: all rows); the view applied by keys brings the filter back.
    const filter = t.page.locator('[data-filter-field="product_code"] input');
    await tabTo('[role=columnheader][data-field="product_code"] .grid-sort', 30);
    await press('ArrowDown');
    expect(await focusIs('[data-filter-field="product_code"] input')).toBe(true);
    await press('Control+a');
    await press('Backspace');
    await press('Enter');
    await expect.poll(() => bodyRows().count()).toBeGreaterThan(1);
    await press('ArrowUp');
    await tabTo(views, 30, true);
    await press('Enter');
    await expect.poll(() => focusIs('.grid-views-menu input.grid-view-name')).toBe(true);
    // Once the list is read (below the name in the focus order's loop, above it on screen), Shift+Tab reaches the view.
    await t.page.locator('.grid-views-menu .grid-view-apply').waitFor();
    await tabTo('.grid-views-menu .grid-view-apply', 6, true);
    // The applied view, changed since: "Tastatur *".
    expect(await focusText()).toBe('Tastatur *');
    await press('Enter');
    await expect.poll(() => bodyRows().count()).toBe(1);
    expect(await filter.inputValue()).toBe(product);
    await expect.poll(() => focusIs(views)).toBe(true);

    // Export: its menu by Enter, the second item by ArrowDown, Enter downloads; the focus is back on Export.
    await tabTo('.grid-toolbar .grid-export', 20);
    await press('Enter');
    await expect.poll(() => focusIs('.grid-export-menu [role=menuitem]')).toBe(true);
    await press('ArrowDown');
    expect(await focusIs('.grid-export-xlsx')).toBe(true);
    const [download] = await Promise.all([t.page.waitForEvent('download'), press('Enter')]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    await expect.poll(() => focusIs('.grid-toolbar .grid-export')).toBe(true);

    // Import: its dialog opens with the focus in it, Tab walks it, Escape closes it back onto Import.
    await tabTo('.grid-toolbar .grid-import', 5);
    await press('Enter');
    const dialog = t.page.getByRole('dialog');
    await expect.poll(() => dialog.count()).toBe(1);
    await expect.poll(() => focusIs('.import-dialog input[type=file]')).toBe(true);
    await press('Tab');
    expect(await focusText()).toBe(de['common.cancel']);
    await press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => focusIs('.grid-toolbar .grid-import')).toBe(true);

    // A form: Brands from the menu, Add (the name takes the focus), the name typed, Tab to Active and Space
    // unticks it, Tab past Cancel to Save, Enter saves.
    await openFromMenu(de['screens.brands.title']!);
    const add = '.grid-toolbar .grid-add';
    const brandName = '[role=dialog] input[id$="-brand_name"]';
    await tabTo(add, 40);
    await press('Enter');
    await expect.poll(() => dialog.count()).toBe(1);
    await expect.poll(() => focusIs(brandName)).toBe(true);
    await keys().type('Tastaturmarke');
    await press('Tab');
    expect(await focusIs('[role=dialog] input[type=checkbox][id$="-active"]')).toBe(true);
    await press('Space');
    await tabTo('[role=dialog] button[type=submit]', 3);
    expect(await focusText()).toBe(de['common.save']);
    await press('Enter');
    await expect.poll(() => dialog.count(), { timeout: 10_000 }).toBe(0);
    const brands = await q<{ brand_id: number; active: boolean }>("select brand_id, active from app.brands where brand_name = 'Tastaturmarke'");
    expect(brands).toEqual([{ brand_id: expect.any(Number), active: false }]);
    // The new row is shown and made the active one (reveal.ts): the focus is on its cell. Back to Add: the grid's
    // start (Ctrl+Home), up into the header, Shift+Tab out of it (Tab in the body moves between cells).
    await expect.poll(async () => (await focused())[0]).toBe(String(brands[0]!.brand_id));
    await press('Control+Home');
    await press('ArrowUp', 2);
    expect(await focusIs('[role=columnheader] *')).toBe(true);
    await tabTo(add, 20, true);
    // Escape closes a form: at once while nothing is typed; with input, after the question (on Keep editing first) is answered Discard.
    await press('Enter');
    await expect.poll(() => focusIs(brandName)).toBe(true);
    await press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => focusIs(add)).toBe(true);
    await press('Enter');
    await expect.poll(() => focusIs(brandName)).toBe(true);
    await keys().type('Nicht gespeichert');
    await press('Escape');
    await expect.poll(() => focusText()).toBe(de['forms.keep_editing']);
    await press('Tab');
    expect(await focusText()).toBe(de['forms.discard']);
    await press('Enter');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => focusIs(add)).toBe(true);
    expect((await q<{ n: number }>("select count(*)::int as n from app.brands where brand_name = 'Nicht gespeichert'"))[0]!.n).toBe(0);
  }, 180_000);

  it("runs a sales order's workflow action and its confirmation from the keyboard", async () => {
    const order = (
      await q<{ order_id: number; fsm_reference: string; fsm_instance_id: number }>(
        `select order_id, fsm_reference, fsm_instance_id::int from app.v_sales_orders where company_code = 'SK01' and state_code = 'placed' and not deleted order by order_id limit 1`,
      )
    )[0]!;
    await stockFor(t.server.db, [order.order_id]);
    await signInByKeys('de');
    await openFromMenu(de['screens.sales_orders.title']!);
    await tabTo('[data-filter-field="fsm_reference"] input', 150);
    await keys().type(order.fsm_reference);
    await press('Enter');
    await expect.poll(() => bodyRows().count()).toBe(1);
    await press('ArrowDown');
    expect(await focused()).toEqual([String(order.order_id), 'fsm_reference']);
    for (let i = 0; i < 40 && (await focused())[1] !== 'fsm_actions'; i++) await press('ArrowRight');
    expect((await focused())[1]).toBe('fsm_actions');
    // Enter runs the cell's first action (confirm); its question is a dialog answered by keys.
    await press('Enter');
    const dialog = t.page.locator('[role=dialog]');
    await expect.poll(() => dialog.count()).toBe(1);
    await expect.poll(() => focusIs('[role=dialog] *')).toBe(true);
    await tabTo('[role=dialog] .dialog-buttons .btn:last-child', 10);
    await press('Enter');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect
      .poll(
        async () => (await q<{ s: string }>('select s.state_code as s from app.fsm_instances i join app.fsm_states s using (state_id) where i.fsm_instance_id = $1', [order.fsm_instance_id]))[0]!.s,
        {
          timeout: 10_000,
        },
      )
      .toBe('waiting_for_payment');
    // Back on the grid's cell, ready for the next key.
    await expect.poll(() => focusIs('[role=gridcell], [role=gridcell] *')).toBe(true);
  }, 120_000);
});
