/**
 * Grid habits (issue 28 point 4) in a real browser: redo by keyboard (Ctrl+Y and
 * Ctrl+Shift+Z after Ctrl+Z, through the server), the set filter popover (two brands and
 * "(empty)", found by the search inside the list, with the keyboard), and the change log's
 * texts read again by the grid's Refresh after another user's changes.
 */
import type { Request } from 'playwright';
import { beforeAll, describe, expect, it } from 'vitest';
import { BLANK_CHOICE } from '../../src/app/grid/filters.ts';
import { browserSuite } from './browser.ts';
import { gridPage } from './gridPage.ts';

const t = browserSuite({ width: 1600, height: 900 });
const { grid, bodyRows, cell, rowKeys, openProducts, product } = gridPage(
  () => t.page,
  () => t.server,
);

beforeAll(async () => {
  await t.server.db.query(
    `insert into app.products (product_code, company_code, product_name, min_margin, exp_margin)
     select code, 'SK01', jsonb_build_object('en', 'No brand ' || code), 10, 20 from unnest(array['GH-1', 'GH-2']) as code`,
  );
});

const margin = async (code: string) => Number((await product(code)).min_margin);

describe('grid habits', () => {
  it('redoes an undone edit with Ctrl+Y and Ctrl+Shift+Z, and the toolbar button says when it can', async () => {
    await t.server.db.query('delete from app.user_grid_states');
    await openProducts();
    const [key] = await rowKeys(1);
    const before = await margin(key!);
    const next = before === 17 ? 18 : 17;
    const redoButton = t.page.locator('.screen-grid[data-form="product_list"] > .grid-toolbar button.grid-redo');
    expect(await redoButton.isDisabled()).toBe(true);

    await cell(key!, 'min_margin').click();
    await t.page.keyboard.type(String(next));
    await t.page.keyboard.press('Enter');
    await expect.poll(() => margin(key!)).toBe(next);
    await cell(key!, 'min_margin').click();

    await t.page.keyboard.press('Control+z');
    await expect.poll(() => margin(key!)).toBe(before);
    await expect.poll(() => cell(key!, 'min_margin').innerText()).toBe(String(before));
    await expect.poll(() => redoButton.isDisabled()).toBe(false);

    await t.page.keyboard.press('Control+y');
    await expect.poll(() => margin(key!)).toBe(next);
    await expect.poll(() => cell(key!, 'min_margin').innerText()).toBe(String(next));
    // The redo is an edit in the change log (by the user, through the set path).
    const last = await t.server.db.query<{ after: Record<string, number> }>(`select after from app.product_change_log where entity_id = $1 order by log_id desc limit 1`, [key]);
    expect(last.rows[0]!.after).toEqual({ min_margin: next });

    await t.page.keyboard.press('Control+z');
    await expect.poll(() => margin(key!)).toBe(before);
    await t.page.keyboard.press('Control+Shift+Z');
    await expect.poll(() => margin(key!)).toBe(next);
    await expect.poll(() => redoButton.isDisabled()).toBe(true);
  });

  it('filters by two brands and "(empty)" picked in the set filter, searched inside the list, by keyboard', async () => {
    await t.server.db.query('delete from app.user_grid_states');
    const brands = (
      await t.server.db.query<{ brand_id: number; brand_name: string }>(
        `select b.brand_id, b.brand_name from app.brands b where exists (select 1 from app.products p where p.brand_id = b.brand_id and p.company_code = 'SK01') order by b.brand_name limit 2`,
      )
    ).rows;
    expect(brands).toHaveLength(2);
    const expected = (
      await t.server.db.query<{ product_code: string }>(`select product_code from app.products where company_code = 'SK01' and (brand_id = any($1) or brand_id is null) order by 1`, [
        brands.map((b) => b.brand_id),
      ])
    ).rows.map((r) => r.product_code);
    const models: Record<string, unknown>[] = [];
    t.page.on('request', (r: Request) => {
      if (!r.url().endsWith('/rpc/api_action')) return;
      const body = r.postDataJSON() as { entity: string; action: string; payload: { filterModel?: Record<string, unknown> } };
      if (body.entity === 'product_list' && body.action === 'list') models.push(body.payload.filterModel ?? {});
    });
    await openProducts();

    const button = grid().locator('[data-filter-field="brand_id"] button.grid-set-filter');
    await button.focus();
    await t.page.keyboard.press('Enter');
    const panel = t.page.locator('[data-set-filter="brand_id"]');
    const search = panel.getByRole('searchbox');
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    for (const b of brands) {
      await search.fill(b.brand_name);
      await expect.poll(() => panel.locator('.grid-set-item').first().innerText()).toBe(b.brand_name);
      // Into the list and pick the first value found.
      await t.page.keyboard.press('ArrowDown');
      await t.page.keyboard.press('Space');
      await search.focus();
    }
    await search.fill('');
    await panel.locator(`.grid-set-item[data-value="${BLANK_CHOICE}"] input`).check();
    await t.page.keyboard.press('Escape');
    await expect.poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true);

    const shown = async () => (await bodyRows().evaluateAll((els) => els.map((e) => e.getAttribute('data-key')!))).sort();
    // Every matching row counted, and the rows drawn (the virtualized window) among them.
    const rowCount = async () => Number(await grid().getAttribute('aria-rowcount')) - 2;
    await expect.poll(rowCount, { timeout: 15_000 }).toBe(expected.length);
    expect((await shown()).every((k) => expected.includes(k))).toBe(true);
    expect(await button.innerText()).toBe(`(empty), ${brands[0]!.brand_name}, ${brands[1]!.brand_name}`);
    // On a server model the filter went as a list; in memory, the client applies the same rule.
    const sent = models.filter((m) => 'brand_id' in m);
    if (sent.length) expect(sent.at(-1)).toEqual({ brand_id: { filterType: 'set', values: expect.arrayContaining([...brands.map((b) => b.brand_id), null]) } });
  });

  it("reads the change log's texts again on Refresh: another user's change and a renamed brand", async () => {
    await t.server.db.query('delete from app.user_grid_states');
    const [a, b] = (await t.server.db.query<{ brand_id: number; brand_name: string }>(`select brand_id, brand_name from app.brands order by brand_id limit 2`)).rows;
    const other = (await t.server.login('catalog@example.com')).token;
    const code = 'GH-1';
    const row = await product(code);
    const first = await t.server.action(other, 'product_list', 'set', { product_code: code, row_version: row.row_version, brand_id: a!.brand_id }, 'SK01');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    await openProducts();
    // The page's warnings name a failed texts request, should the texts not come.
    const warnings: string[] = [];
    t.page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    await t.page.goto(`${t.server.url}/en/reports/product_change_log`);
    const logCell = (id: number) => cell(String(id), 'changes');
    await expect
      .poll(() => logCell(first.body.data.log_id).innerText(), { timeout: 15_000 })
      .toBe(`Brand: – → ${a!.brand_name}`)
      .catch((e: Error) => {
        throw new Error(`${e.message}\nthe page's warnings: ${warnings.join('\n') || 'none'}`);
      });

    // Meanwhile, in other sessions: the brand renamed, and the product changed again.
    const renamed = `${a!.brand_name} (renamed)`;
    await t.server.db.query('update app.brands set brand_name = $1 where brand_id = $2', [renamed, a!.brand_id]);
    const second = await t.server.action(other, 'product_list', 'set', { product_code: code, row_version: row.row_version + 1, brand_id: b!.brand_id }, 'SK01');
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(await logCell(second.body.data.log_id).count()).toBe(0);
    expect(await logCell(first.body.data.log_id).innerText()).toBe(`Brand: – → ${a!.brand_name}`);

    await t.page.locator('.grid-toolbar button.grid-refresh').first().click();
    await expect.poll(() => logCell(second.body.data.log_id).innerText(), { timeout: 15_000 }).toBe(`Brand: ${renamed} → ${b!.brand_name}`);
    await expect.poll(() => logCell(first.body.data.log_id).innerText()).toBe(`Brand: – → ${renamed}`);
  });
});
