/**
 * Screen sizes (issue 28, spec §9): a 768 × 1024 tablet with touch (a coarse pointer, not a
 * phone) opens the menu, taps into the product list, taps a cell and edits it; adds a brand
 * in its form (Add tapped, Cancel closes the empty form, then the name typed, Active's label
 * tapped off, Save tapped: the row in the database); on Pick lists, as the warehouse user,
 * taps "Create pick list", taps the new list for its lines, types a line's picked quantity
 * (the stock on its storage drops) and closes the lines' panel by its × — every control
 * touched at least 44 × 44 px (menu items, pickers, inputs and cells at least 44 high), the
 * form dialog inside the screen, and the page never wider than the screen (only a grid's
 * own viewport scrolls sideways). On a 1400 px desktop the menu sidebar is 35 % wide (at
 * most 560 px), the extra-large modal at most 90vw, and the page wrapper at most 1650 px on
 * a wider screen.
 */
import type { BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright';
import { afterEach, describe, expect, it } from 'vitest';
import { browserSuite, signIn, watchCsp, type CspViolation } from './browser.ts';

const t = browserSuite({ width: 768, height: 1024 });
const TABLET = { viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: false };

let context: BrowserContext | undefined;
let csp: CspViolation[] = [];
afterEach(async () => {
  await context?.close();
  context = undefined;
  expect(csp, 'CSP violations').toEqual([]);
});

async function open(options: BrowserContextOptions): Promise<Page> {
  context = await t.browser.newContext(options);
  csp = await watchCsp(context);
  return context.newPage();
}

/** The box of a control a finger touches: at least 44 × 44 px (or only 44 high: `height`). */
async function touchable(l: Locator, what: string, only: 'height' | 'both' = 'both') {
  const box = (await l.boundingBox())!;
  expect(box, what).not.toBeNull();
  expect(box.height, `${what}: height`).toBeGreaterThanOrEqual(44);
  if (only === 'both') expect(box.width, `${what}: width`).toBeGreaterThanOrEqual(44);
}

/** The document is no wider than the viewport (a grid scrolls inside its own viewport). */
const noPageOverflow = (page: Page) => page.evaluate(() => ({ doc: document.documentElement.scrollWidth, body: document.body.scrollWidth, view: document.documentElement.clientWidth }));
async function fitsWidth(page: Page, where: string) {
  const w = await noPageOverflow(page);
  expect(w.doc, `${where}: document width`).toBeLessThanOrEqual(w.view);
  expect(w.body, `${where}: body width`).toBeLessThanOrEqual(w.view);
}

async function fromMenu(page: Page, title: string) {
  const menuButton = page.locator('.app-header button.icon-button').first();
  await touchable(menuButton, 'menu button');
  await menuButton.tap();
  const link = page.locator('.sidebar nav a', { hasText: title }).first();
  await link.waitFor();
  await touchable(link, `menu item ${title}`, 'height');
  await link.tap();
  await expect.poll(() => page.locator('.sidebar').count()).toBe(0);
}

describe('tablet (768 × 1024, touch)', () => {
  it('works the product list by touch, with 44 px targets and no page overflow', async () => {
    const page = await open(TABLET);
    const rows = page.locator('[role=grid] [role=row][data-key]');
    await signIn(page, t.server.url, 'admin@example.com');
    expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
    await fitsWidth(page, 'home');
    for (const picker of ['select[aria-label="Company"]', 'select.language-select']) await touchable(page.locator(`.app-header ${picker}`), picker, 'height');
    await touchable(page.locator('.app-header button[aria-label="User"]'), 'user button');

    await fromMenu(page, 'Product list');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThan(3);
    await fitsWidth(page, 'product list');
    // The grid is wider than a tablet: it scrolls inside its viewport, not the page.
    expect(await page.locator('[role=grid]').evaluate((g) => g.scrollWidth > g.clientWidth)).toBe(true);
    const toolbar = page.locator('.screen-grid[data-form="product_list"] > .grid-toolbar button:visible');
    expect(await toolbar.count()).toBeGreaterThan(5);
    for (const b of await toolbar.all()) await touchable(b, `toolbar ${await b.innerText()}`);
    // Rows, the row checkbox and the column menu's button are a finger high.
    const first = rows.first();
    const key = (await first.getAttribute('data-key'))!;
    const check = first.locator('[role=gridcell]').first();
    await touchable(check, 'row checkbox');
    await check.tap();
    await expect.poll(() => first.getByRole('checkbox').getAttribute('aria-checked')).toBe('true');
    const hmenu = page.locator('[role=columnheader][data-field="product_name"] .grid-hmenu');
    await touchable(hmenu, 'column menu button');
    await hmenu.tap();
    const item = page.locator('[role=menu][data-column="product_name"] [role^=menuitem]').first();
    await touchable(item, 'column menu item', 'height');
    await page.keyboard.press('Escape');

    // A cell tapped, then tapped again, edits; the on-screen keyboard's Enter saves.
    const cell = page.locator(`[role=row][data-key="${key}"] [role=gridcell][data-field="supplier_product_code"]`);
    await touchable(cell, 'cell', 'height');
    await cell.tap();
    await expect.poll(() => cell.getAttribute('class')).toContain('cell-active');
    await cell.tap();
    const input = cell.locator('input');
    await expect.poll(() => input.count()).toBe(1);
    await page.keyboard.press('Control+a');
    await page.keyboard.type('TAB-768');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await t.server.db.query<{ s: string }>('select supplier_product_code as s from app.products where product_code = $1', [key])).rows[0]!.s, { timeout: 10_000 })
      .toBe('TAB-768');
  }, 180_000);

  it('adds a brand in its form by touch: the dialog inside the tablet, its inputs and buttons a finger high', async () => {
    const page = await open(TABLET);
    await signIn(page, t.server.url, 'admin@example.com');
    await fromMenu(page, 'Brands');
    await expect.poll(() => page.locator('.screen-grid[data-form="brands"] [role=grid] [role=row][data-key]').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await fitsWidth(page, 'brands');
    const add = page.locator('.screen-grid[data-form="brands"] > .grid-toolbar .grid-add');
    await touchable(add, 'Add');
    await add.tap();
    const dialog = page.getByRole('dialog');
    const name = dialog.locator('input[id$="-brand_name"]');
    await name.waitFor();
    // Inside the tablet, its Cancel (the close) a finger wide and on the screen: an empty form closes at once.
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(768);
    await fitsWidth(page, 'form');
    const cancel = dialog.getByRole('button', { name: 'Cancel' });
    await touchable(cancel, 'Cancel');
    expect(await cancel.isVisible()).toBe(true);
    await cancel.tap();
    await expect.poll(() => dialog.count()).toBe(0);

    await add.tap();
    await name.waitFor();
    await touchable(name, 'brand name input', 'height');
    await name.tap();
    await page.keyboard.type('Tablet brand');
    // Active is on by default: its label, a finger high, turns it off.
    const active = dialog.locator('label[for$="-active"]');
    await touchable(active, 'Active label');
    await active.tap();
    await expect.poll(() => dialog.locator('input[id$="-active"]').isChecked()).toBe(false);
    const save = dialog.locator('button[type=submit]');
    await touchable(save, 'Save');
    await save.tap();
    await expect.poll(() => dialog.count(), { timeout: 10_000 }).toBe(0);
    const saved = await t.server.db.query<{ active: boolean }>("select active from app.brands where brand_name = 'Tablet brand'");
    expect(saved.rows).toEqual([{ active: false }]);
  }, 120_000);

  it('makes a pick list and picks a line by touch on the warehouse screen', async () => {
    const page = await open(TABLET);
    await signIn(page, t.server.url, 'warehouse@example.com');
    await fromMenu(page, 'Pick lists');
    const lists = page.locator('.screen-grid[data-form="pick_lists"]');
    await expect.poll(() => lists.locator('[role=grid]').getAttribute('aria-busy'), { timeout: 15_000 }).toBe(null);
    await fitsWidth(page, 'pick lists');
    for (const b of await lists.locator(':scope > .grid-toolbar button:visible').all()) await touchable(b, `pick lists toolbar ${await b.innerText()}`);

    // "Create pick list" gathers the paid orders' goods.
    const before = (await t.server.db.query<{ n: number }>('select coalesce(max(pick_list_id), 0)::int as n from app.pick_lists')).rows[0]!.n;
    await lists.locator(':scope > .grid-toolbar button', { hasText: 'Create pick list' }).tap();
    await expect
      .poll(async () => (await t.server.db.query<{ n: number }>('select coalesce(max(pick_list_id), 0)::int as n from app.pick_lists')).rows[0]!.n, { timeout: 10_000 })
      .toBeGreaterThan(before);
    const list = (await t.server.db.query<{ pick_list_id: number }>('select pick_list_id from app.pick_lists order by pick_list_id desc limit 1')).rows[0]!.pick_list_id;

    // The list tapped shows its lines; the first line's picked quantity, tapped twice, is typed.
    const listCell = lists.locator(`[role=row][data-key="${list}"] [role=gridcell][data-field="order_refs"]`);
    await expect.poll(() => listCell.count(), { timeout: 10_000 }).toBe(1);
    await touchable(listCell, 'pick list cell', 'height');
    await listCell.tap();
    const detail = page.locator('.grid-detail .screen-grid[data-form="pick_list_items"]');
    await expect.poll(() => detail.locator('[role=row][data-key]').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await fitsWidth(page, 'pick list lines');
    for (const b of await detail.locator(':scope > .grid-toolbar button:visible').all()) await touchable(b, `pick list lines toolbar ${await b.innerText()}`);
    const line = (
      await t.server.db.query<{ pick_item_id: number; product_code: string; storage_id: number; quantity: string }>(
        `select i.pick_item_id, it.product_code, i.storage_id, i.quantity::text from app.pick_list_items i join app.sales_order_items it using (item_id)
           join app.storages s on s.storage_id = i.storage_id join app.shelves sh on sh.shelf_id = s.shelf_id
          where i.pick_list_id = $1 order by sh.walk_order, sh.shelf_code, s.position, i.pick_item_id limit 1`,
        [list],
      )
    ).rows[0]!;
    const onHand = async () =>
      Number((await t.server.db.query<{ q: string }>('select on_hand::text as q from app.stock_levels where product_code = $1 and storage_id = $2', [line.product_code, line.storage_id])).rows[0]!.q);
    const had = await onHand();
    const pick = detail.locator(`[role=row][data-key="${line.pick_item_id}"] [role=gridcell][data-field="picked_qty"]`);
    await pick.scrollIntoViewIfNeeded();
    await touchable(pick, 'picked quantity cell');
    await pick.tap();
    await expect.poll(() => pick.getAttribute('class')).toContain('cell-active');
    await pick.tap();
    await expect.poll(() => pick.locator('input').count()).toBe(1);
    await page.keyboard.press('Control+a');
    await page.keyboard.type(line.quantity.replace(/\.?0+$/, ''));
    await page.keyboard.press('Enter');
    await expect.poll(onHand, { timeout: 10_000 }).toBe(had - Number(line.quantity));
    await fitsWidth(page, 'picked');
    // The lines' panel closes by its ×.
    const close = page.locator('.grid-detail .grid-detail-close');
    await touchable(close, 'details close');
    await close.tap();
    await expect.poll(() => page.locator('.grid-detail').count()).toBe(0);
  }, 180_000);

  it('keeps the spec §9 sizes on a desktop: sidebar 35 % (≤ 560 px), extra-large modal ≤ 90vw, page wrapper ≤ 1650 px', async () => {
    const page = await open({ viewport: { width: 1400, height: 900 } });
    await signIn(page, t.server.url, 'admin@example.com');
    await page.goto(`${t.server.url}/en/products/product_list`);
    await expect.poll(() => page.locator('[role=grid] [role=row][data-key]').count(), { timeout: 15_000 }).toBeGreaterThan(3);
    await page.locator('.app-header button.icon-button').first().click();
    const sidebar = page.locator('.sidebar');
    await sidebar.waitFor();
    expect(Math.round((await sidebar.boundingBox())!.width)).toBe(Math.round(0.35 * 1400));
    await page.keyboard.press('Escape');
    await expect.poll(() => sidebar.count()).toBe(0);

    // The import dialog is an extra-large modal.
    await page.locator('.grid-toolbar .grid-import').click();
    const dialog = page.locator('[role=dialog].dialog-xl');
    await dialog.waitFor();
    const box = (await dialog.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(0.9 * 1400);
    expect(box.width).toBeGreaterThan(0.5 * 1400);
    await page.keyboard.press('Escape');

    // Wider: the sidebar stops at 560 px and the page wrapper at 1650 px.
    await page.setViewportSize({ width: 1900, height: 1000 });
    expect((await page.locator('.page-wrapper').boundingBox())!.width).toBeLessThanOrEqual(1650);
    await page.locator('.app-header button.icon-button').first().click();
    await sidebar.waitFor();
    expect(Math.round((await sidebar.boundingBox())!.width)).toBe(560);
  }, 120_000);
});
