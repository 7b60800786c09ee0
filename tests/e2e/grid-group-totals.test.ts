/**
 * Group rows show the totals row's aggregates under their columns (each level its own),
 * with the function chosen per column; a column switched to 'none' shows nothing, also
 * after a reload. product_list runs on the server row model (the aggregate action);
 * low_stock (a few hundred rows) in memory. Values are read from `data-value` (the raw
 * aggregate, as the totals row's cells carry it) and compared with the database.
 */
import type { Json } from '../api/harness.ts';
import type { Request } from 'playwright';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { browserSuite, signIn } from './browser.ts';
import { gridPage } from './gridPage.ts';

const t = browserSuite({ width: 1600, height: 900 });
const { grid, header, openProducts } = gridPage(
  () => t.page,
  () => t.server,
);
beforeAll(async () => {
  // Past the client-model limit (2,000 rows): product_list runs on the server model.
  await t.server.db.query(
    `insert into app.products (product_code, company_code, product_name, min_margin)
     select 'GX-' || lpad(i::text, 4, '0'), 'SK01', jsonb_build_object('en', 'Extra ' || i), i % 7 from generate_series(1, 400) as i`,
  );
  // Their stock, i units each, from the stock ledger (stock is never written directly).
  await t.server.db.query(
    `insert into app.stock_corrections (company_code, product_code, storage_id, quantity, reason)
     select 'SK01', 'GX-' || lpad(i::text, 4, '0'), (select min(storage_id) from app.storages where company_code = 'SK01'), i, 'opening balance' from generate_series(1, 400) as i`,
  );
});
beforeEach(() => t.server.db.query('delete from app.user_grid_states'));

const groups = () => grid().locator('[role=row][data-group]');
const groupRow = (id: unknown[]) => grid().locator(`[role=row][data-group='${JSON.stringify(id)}']`);
const groupCell = (id: unknown[], field: string) => groupRow(id).locator(`[role=gridcell][data-field="${field}"]`);
const value = async (id: unknown[], field: string) => {
  const v = await groupCell(id, field)
    .getAttribute('data-value', { timeout: 1000 })
    .catch(() => null);
  return v === null ? null : Number(v);
};
const totalCell = (field: string) => grid().locator(`.grid-totals [role=gridcell][data-field="${field}"]`);

async function menu(field: string, action: string) {
  await header(field).locator('.grid-hmenu').click();
  await t.page.locator(`.grid-menu [data-action="${action}"]`).click();
}

async function totalsOn(form: string) {
  await t.page.locator(`.screen-grid[data-form="${form}"] > .grid-toolbar button.grid-columns`).click();
  await t.page.locator('.grid-chooser-totals input').check();
  await t.page.keyboard.press('Escape');
}

function recordActions() {
  const calls: { entity: string; action: string; payload: Json }[] = [];
  t.page.on('request', (r: Request) => {
    if (r.url().endsWith('/rpc/api_action')) calls.push(r.postDataJSON());
  });
  return calls;
}

type Row = Record<string, Json>;

describe('group rows with the totals row on', () => {
  it('show each level its own aggregates on the server model', async () => {
    const sql = async (cols: string[]) =>
      (
        await t.server.db.query<Row>(
          `select ${cols.join(', ')}, sum(selling_price_shop)::float8 as price, avg(min_margin)::float8 as margin, sum(stock_qty)::float8 as stock
           from app.products where company_code = 'SK01' group by ${cols.join(', ')}`,
        )
      ).rows;
    await openProducts();
    const calls = recordActions();
    await menu('keep_in_stock', 'group-by');
    await menu('active', 'group-by');
    await expect.poll(() => groups().count()).toBe(3);
    // Off by default: the group rows show counts only, and no aggregates are asked for.
    expect(await groupRow([0]).locator('[role=gridcell]').count()).toBe(1);
    await totalsOn('product_list');
    // A percentage is averaged until the user picks another function (the descriptor's `total: 'avg'`); money is summed.
    await expect.poll(() => totalCell('min_margin').getAttribute('title')).toMatch(/^Average/);
    const top = await sql(['keep_in_stock']);
    for (const x of top) {
      await expect.poll(() => value([x.keep_in_stock], 'selling_price_shop')).toBeCloseTo(x.price, 2);
      await expect.poll(() => value([x.keep_in_stock], 'min_margin')).toBeCloseTo(x.margin, 6);
      expect(await value([x.keep_in_stock], 'stock_qty')).toBeCloseTo(x.stock, 2);
    }
    // Money as the totals row shows it (the view currency's format), the function in the tooltip.
    const price = groupCell([top[0]!.keep_in_stock], 'selling_price_shop');
    const symbol = (text: string) => text.replace(/[\d.,\s\u00a0\u202f-]/g, '');
    await expect.poll(async () => symbol(await totalCell('selling_price_shop').locator('.grid-totals-value').innerText())).not.toBe('');
    expect(await price.innerText()).toMatch(/\d/);
    expect(symbol(await price.innerText())).toBe(symbol(await totalCell('selling_price_shop').locator('.grid-totals-value').innerText()));
    expect(await price.getAttribute('title')).toMatch(/^Sum: /);
    expect(await groupCell([top[0]!.keep_in_stock], 'min_margin').getAttribute('title')).toMatch(/^Average: /);
    // Ids and choices are never aggregated; the label spans the columns before the first value.
    expect(await groupRow([0]).locator('[data-field="product_code"], [data-field="keep_in_stock"], [data-field="brand_id"]').count()).toBe(0);
    // The groups' aggregates came with their grouped query, in one aggregate call.
    const grouped = calls.filter((c) => c.action === 'aggregate' && c.payload.aggregates && c.payload.groupBy?.length);
    expect(grouped.length).toBeGreaterThan(0);
    expect(grouped.at(-1)!.payload.groupBy).toEqual(['keep_in_stock', 'active']);
    // The totals row's values came with that call too: no second, ungrouped one.
    const whole = (await t.server.db.query<Row>(`select sum(selling_price_shop)::float8 as price from app.products where company_code = 'SK01'`)).rows[0]!;
    await expect.poll(async () => Number(await totalCell('selling_price_shop').getAttribute('data-value'))).toBeCloseTo(whole.price, 2);
    expect(calls.filter((c) => c.action === 'aggregate' && c.payload.aggregates && !c.payload.groupBy?.length)).toEqual([]);

    // The next level: its own aggregates.
    // A click on the label (the group cell spans the row, its aggregates drawn over it) expands the group.
    await groupRow([1]).locator('.grid-group-label').click();
    const inner = (await sql(['keep_in_stock', 'active'])).filter((x) => x.keep_in_stock === 1);
    expect(inner.length).toBeGreaterThan(0);
    for (const x of inner) {
      await expect.poll(() => value([1, x.active], 'selling_price_shop')).toBeCloseTo(x.price, 2);
      await expect.poll(() => value([1, x.active], 'min_margin')).toBeCloseTo(x.margin, 6);
    }
  });

  it("leave a column switched to 'none' empty, in the totals row too, also after a reload", async () => {
    const sums = (await t.server.db.query<Row>(`select keep_in_stock, sum(selling_price_shop)::float8 as price from app.products where company_code = 'SK01' group by 1`)).rows;
    const price = (k: number) => sums.find((x) => x.keep_in_stock === k)!.price;
    await openProducts();
    const calls = recordActions();
    await totalsOn('product_list');
    await expect.poll(() => totalCell('stock_qty').getAttribute('data-value')).not.toBeNull();
    await menu('keep_in_stock', 'group-by');
    await expect.poll(() => groups().count()).toBe(3);
    await menu('min_margin', 'agg-avg');
    await menu('stock_qty', 'agg-none');
    await expect.poll(() => groupCell([1], 'stock_qty').count()).toBe(0);
    await expect.poll(() => totalCell('stock_qty').innerText()).toBe('');
    expect(await totalCell('stock_qty').getAttribute('data-value')).toBeNull();
    expect(await value([1], 'selling_price_shop')).toBeCloseTo(price(1), 2);
    // Not asked for any more.
    const last = calls.filter((c) => c.action === 'aggregate' && c.payload.aggregates).at(-1)!;
    expect(Object.keys(last.payload.aggregates)).not.toContain('stock_qty');
    // Saved with the column state (after the grid's save delay), and so after a reload.
    await expect
      .poll(async () => (await t.server.db.query<Row>(`select state from app.user_grid_states where form = 'product_list'`)).rows[0]?.state?.aggs)
      .toEqual({ min_margin: 'avg', stock_qty: 'none' });
    await t.page.reload();
    await expect.poll(() => value([0], 'selling_price_shop')).toBeCloseTo(price(0), 2);
    await expect.poll(() => value([0], 'min_margin')).not.toBeNull();
    expect(await groupCell([0], 'stock_qty').count()).toBe(0);
    await expect.poll(() => totalCell('min_margin').getAttribute('data-value')).not.toBeNull();
    expect(await totalCell('stock_qty').innerText()).toBe('');
    await header('stock_qty').locator('.grid-hmenu').click();
    expect(await t.page.locator('.grid-menu [data-action="agg-none"]').getAttribute('aria-checked')).toBe('true');
    expect(await t.page.locator('.grid-menu [data-action="agg-sum"]').getAttribute('aria-checked')).toBe('false');
  });

  it('computes them in memory on the client model, each level its own', async () => {
    await signIn(t.page, t.server.url, 'admin@example.com');
    const calls = recordActions();
    await t.page.goto(`${t.server.url}/en/purchasing/low_stock`);
    await expect.poll(() => grid().locator('[role=row][data-key]').count()).toBeGreaterThan(5);
    await totalsOn('low_stock');
    await menu('keep_in_stock', 'group-by');
    await menu('brand_name', 'group-by');
    await menu('qty', 'agg-max');
    const sql = async (cols: string[]) =>
      (
        await t.server.db.query<Row>(
          `select ${cols.join(', ')}, sum(stock_qty)::float8 as stock, max(qty)::float8 as qty
           from app.v_low_stock where company_code = 'SK01' group by ${cols.join(', ')}`,
        )
      ).rows;
    const top = await sql(['keep_in_stock']);
    expect(top.length).toBeGreaterThan(0);
    for (const x of top) {
      await expect.poll(() => value([x.keep_in_stock], 'stock_qty')).toBeCloseTo(x.stock, 2);
      await expect.poll(() => value([x.keep_in_stock], 'qty')).toBeCloseTo(x.qty, 2);
    }
    const k = top[0]!.keep_in_stock;
    await groupRow([k]).locator('.grid-group-label').click();
    const inner = (await sql(['keep_in_stock', 'brand_name'])).filter((x) => x.keep_in_stock === k).slice(0, 5);
    expect(inner.length).toBeGreaterThan(0);
    for (const x of inner) {
      await expect.poll(() => value([k, x.brand_name], 'stock_qty')).toBeCloseTo(x.stock, 2);
      await expect.poll(() => value([k, x.brand_name], 'qty')).toBeCloseTo(x.qty, 2);
    }
    // In memory: no aggregate call asked for the groups.
    expect(calls.filter((c) => c.action === 'aggregate')).toEqual([]);
  });
});
