/**
 * Column widths, group rows and paste refusals (issue 19): showing and hiding a column
 * leaves the other columns' widths as they were and Reset columns brings the first ones
 * back; a group row's label stays in view when the grid is scrolled right; a fourth group
 * column is refused, saying the limit; ArrowRight/ArrowLeft expand and collapse a group
 * row; a paste onto read-only cells says which columns kept their values.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { browserSuite } from './browser.ts';
import { gridPage } from './gridPage.ts';

const t = browserSuite({ width: 1400, height: 900 });
beforeEach(() => t.server.db.query('delete from app.user_grid_states'));

const { grid, header, cell, tool, rowKeys, focused, paste, product, openProducts } = gridPage(
  () => t.page,
  () => t.server,
);

/** Every header's width by field. */
const widths = () =>
  grid()
    .locator('[role=columnheader][data-field]')
    .evaluateAll((els) => Object.fromEntries(els.map((el) => [el.getAttribute('data-field'), Math.round(el.getBoundingClientRect().width)])));

async function setVisible(field: string, on: boolean) {
  await tool('button.grid-columns').click();
  const box = t.page.locator(`.grid-chooser-item[data-field="${field}"] input`);
  if (on) await box.check();
  else await box.uncheck();
  await t.page.keyboard.press('Escape');
  await expect.poll(() => header(field).count()).toBe(on ? 1 : 0);
}

async function menu(field: string, action: string) {
  await header(field).locator('.grid-hmenu').click();
  await t.page.locator(`.grid-menu [data-action="${action}"]`).click();
}

const groups = () => grid().locator('[role=row][data-group]');
const toast = () => t.page.locator('.toast');

describe('column widths', () => {
  it('stay as they are when a column is hidden and shown again, and Reset columns restores them', async () => {
    await openProducts('de');
    const first = await widths();
    for (let i = 0; i < 3; i++) {
      await setVisible('mf_id', false);
      await setVisible('mf_id', true);
    }
    // The header fit is a layout effect: done in the render that showed the header (setVisible waited for it).
    expect(await widths()).toEqual(first);
    // A column sized by the user, then Reset columns: every width is the first one again.
    const edge = (await header('product_name').locator('.grid-resizer').boundingBox())!;
    await t.page.mouse.move(edge.x + edge.width / 2, edge.y + edge.height / 2);
    await t.page.mouse.down();
    await t.page.mouse.move(edge.x + 80, edge.y + edge.height / 2, { steps: 5 });
    await t.page.mouse.up();
    await expect.poll(async () => (await widths()).product_name).toBeGreaterThan(first.product_name! + 40);
    await setVisible('country_of_origin', false);
    await tool('button.grid-columns').click();
    await t.page.locator('.grid-reset-columns').click();
    await t.page.keyboard.press('Escape');
    await expect.poll(() => header('country_of_origin').count()).toBe(1);
    expect(await widths()).toEqual(first);
  });
});

describe('group rows', () => {
  it('keep their label in view when the grid is scrolled right', async () => {
    await openProducts();
    await menu('keep_in_stock', 'group-by');
    await expect.poll(() => groups().count()).toBe(3);
    const viewport = t.page.locator('.screen-grid[data-form="product_list"] .grid-viewport').first();
    await viewport.evaluate((v) => (v.scrollLeft = v.scrollWidth));
    await expect.poll(() => viewport.evaluate((v) => v.scrollLeft)).toBeGreaterThan(300);
    const label = groups().first().locator('.grid-group-label');
    const seen = () =>
      label.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const v = el.closest('.grid-viewport')!.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return r.width > 0 && r.left >= v.left && r.right <= v.right && !!hit && el.contains(hit);
      });
    await expect.poll(seen).toBe(true);
    // With the totals row on, the group rows' aggregates scroll under the label, as under a pinned column.
    await tool('button.grid-columns').click();
    await t.page.locator('.grid-chooser-totals input').check();
    await t.page.keyboard.press('Escape');
    await expect.poll(() => groups().first().locator('.grid-group-agg').count()).toBeGreaterThan(0);
    await viewport.evaluate((v) => (v.scrollLeft = v.scrollWidth));
    await expect.poll(seen).toBe(true);
  });

  it('refuse a fourth group column, saying the limit, and keep the three', async () => {
    await openProducts();
    await menu('keep_in_stock', 'group-by');
    await menu('active', 'group-by');
    await menu('brand_id', 'group-by');
    await expect.poll(() => tool('.grid-group-chip').count()).toBe(3);
    await menu('mf_id', 'group-by');
    await expect.poll(() => toast().innerText()).toContain('at most 3 columns');
    expect(await tool('.grid-group-chip').count()).toBe(3);
    expect(await header('keep_in_stock').getAttribute('class')).toContain('grid-hcell-grouped');
    expect(await header('mf_id').getAttribute('class')).not.toContain('grid-hcell-grouped');
  });

  it('expand with ArrowRight and collapse with ArrowLeft', async () => {
    await openProducts();
    await menu('keep_in_stock', 'group-by');
    await expect.poll(() => groups().count()).toBe(3);
    const g = groups().first();
    const id = await g.getAttribute('data-group');
    const row = grid().locator(`[role=row][data-group='${id}']`);
    // Click toggles (expands); ArrowLeft collapses, ArrowRight expands, ArrowRight again goes to its first row.
    await g.locator('[role=gridcell]').first().click();
    await expect.poll(() => row.getAttribute('aria-expanded')).toBe('true');
    // The sticky label leaves the active cell's 2 px ring in view above and below it.
    const inset = await row.evaluate((r) => {
      const c = r.querySelector('.grid-group-cell')!.getBoundingClientRect();
      const l = r.querySelector('.grid-group-sticky')!.getBoundingClientRect();
      return [l.top - c.top, c.bottom - l.bottom];
    });
    expect(Math.min(...inset)).toBeGreaterThanOrEqual(2);
    await t.page.keyboard.press('ArrowLeft');
    await expect.poll(() => row.getAttribute('aria-expanded')).toBe('false');
    await t.page.keyboard.press('ArrowRight');
    await expect.poll(() => row.getAttribute('aria-expanded')).toBe('true');
    await t.page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await focused())[0]).not.toBeNull();
    expect(await row.getAttribute('aria-expanded')).toBe('true');
  });
});

describe('paste', () => {
  it('onto read-only cells says which columns kept their values', async () => {
    await openProducts();
    const [k1] = (await rowKeys(1)) as [string];
    const before = await product(k1);
    await cell(k1, 'max_discount_limit_percent').click();
    // Three values from the discount limit on: stock and ordered quantity are read-only.
    await paste('5\t999\t998');
    await expect.poll(async () => Number((await product(k1)).max_discount_limit_percent)).toBe(5);
    const labels = [await header('stock_qty').innerText(), await header('order_qty').innerText()].map((s) => s.trim());
    await expect.poll(() => toast().allInnerTexts()).toContainEqual(expect.stringContaining(`2 cells are read-only and were not changed: ${labels.join(', ')}`));
    const after = await product(k1);
    expect([after.stock_qty, after.order_qty]).toEqual([before.stock_qty, before.order_qty]);
  });
});
