/**
 * The server row model on a large source (120,000 more products in SK01, over the
 * 100,000-row estimate threshold): the toolbar shows the planner's estimate as "≈ …" and
 * counts exactly on a click; scrolling forward asks by keyset, a jump by offset.
 */
import type { Request } from 'playwright';
import { beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_SIZE } from '../../src/core/firstRows.ts';
import { browserSuite, signIn } from './browser.ts';

const s = browserSuite({ width: 1400, height: 900 });

describe('ScreenGrid on a large source', () => {
  const grid = () => s.page.getByRole('grid').first();
  const bodyRows = () => grid().locator('[role=row][data-key]');
  const tool = (cls: string) => s.page.locator(`.screen-grid[data-form="product_list"] > .grid-toolbar ${cls}`);
  const keyAt = (i: number) => grid().locator(`[role=row][data-index="${i}"]`).getAttribute('data-key');
  const count = async () => (await s.server.db.query<{ n: number }>(`select count(*)::int as n from app.products where company_code = 'SK01'`)).rows[0]!.n;

  // The large source is made once, in the hook's time (minutes on a busy machine), not a test's.
  beforeAll(async () => {
    await s.server.db.exec(`insert into app.products (product_code, company_code, product_name, selling_price_shop)
      select 'LX' || lpad(i::text, 6, '0'), 'SK01', jsonb_build_object('en', 'Large ' || i), (i * 7919 % 100003) / 100.0
      from generate_series(1, 120000) as i;
      analyze app.products`);
  });

  async function open() {
    const calls: { startRow: number; after?: unknown[] }[] = [];
    s.page.on('request', (r: Request) => {
      if (!r.url().endsWith('/rpc/api_action')) return;
      const body = r.postDataJSON() as { entity: string; action: string; payload: { startRow: number; after?: unknown[] } };
      if (body.entity === 'product_list' && body.action === 'list') calls.push(body.payload);
    });
    await signIn(s.page, s.server.url, 'admin@example.com');
    await s.page.goto(`${s.server.url}/en/products/product_list`);
    await expect.poll(() => bodyRows().count(), { timeout: 30_000 }).toBeGreaterThan(5);
    return calls;
  }

  it('shows the estimated total as ≈ and counts exactly on a click', async () => {
    await open();
    const n = await count();
    await expect.poll(() => tool('.grid-count').innerText()).toMatch(/^≈ [\d,]+ rows$/);
    const estimate = Number((await tool('.grid-count').innerText()).replace(/\D/g, ''));
    expect(estimate).toBeGreaterThan(100_000);
    await tool('button.grid-count-exact').click();
    await expect.poll(() => tool('.grid-count').innerText()).toBe(`${n.toLocaleString('en')} rows`);
    expect(await tool('button.grid-count-exact').count()).toBe(0);
  });

  it('scrolls forward by keyset windows and jumps by offset', async () => {
    const calls = await open();
    const rowH = (await bodyRows().first().boundingBox())!.height;
    const scrollTo = (row: number) =>
      grid().evaluate((el, y) => {
        el.scrollTop = y;
      }, row * rowH);
    // Forward, not waiting for blocks to answer: each step waits only until the block at the top of the view has
    // been asked for (its request sent), so none is skipped (that would be a jump, by offset); a block asked for
    // while the one before it is still on its way waits for it. Every deeper block still by keyset.
    for (let row = 60; row <= 600; row += 60) {
      await scrollTo(row);
      const start = Math.floor(row / BLOCK_SIZE) * BLOCK_SIZE;
      // (The first block may have come with the page.)
      if (start > 0) await expect.poll(() => calls.some((c) => c.startRow === start), { timeout: 20_000 }).toBe(true);
    }
    await expect.poll(() => keyAt(610), { timeout: 20_000 }).not.toBeNull();
    const deeper = calls.filter((c) => c.startRow > 0);
    expect(deeper.length).toBeGreaterThanOrEqual(5);
    expect(deeper.filter((c) => !c.after)).toEqual([]);

    // A jump: offset for the block it lands in (with the overscan, the one before 60,000), keyset for the next ones.
    const before = calls.length;
    await scrollTo(60_000);
    await expect.poll(() => keyAt(60_005), { timeout: 20_000 }).not.toBeNull();
    await scrollTo(60_080);
    await expect.poll(() => keyAt(60_110), { timeout: 20_000 }).not.toBeNull();
    const jumped = calls.slice(before);
    const landed = Math.min(...jumped.map((c) => c.startRow));
    expect(landed).toBeLessThanOrEqual(60_000);
    expect(jumped.filter((c) => c.startRow === landed).every((c) => !c.after)).toBe(true);
    const after = jumped.filter((c) => c.startRow > landed);
    expect(after.map((c) => c.startRow)).toContain(60_100);
    expect(after.filter((c) => !c.after)).toEqual([]);
    // The rows the keyset block shows are the rows at those positions.
    const want = await s.server.db.query<{ product_code: string }>(`select product_code from app.v_product_list where company_code = 'SK01' order by product_code limit 3 offset 60100`);
    expect(await Promise.all([keyAt(60_100), keyAt(60_101), keyAt(60_102)])).toEqual(want.rows.map((r) => r.product_code));
  });
});
