/**
 * The totals row's aggregates on group rows, server side: the aggregate action answers
 * each last-level group's sum, avg, min, max and count of values in its grouped query,
 * and the levels above, combined by the grid (totalsView.tsx `levelAggs`), equal a plain
 * SQL grouping by that level — on both engines, under a filter, per company.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levelAggs } from '../../src/app/grid/features/totals/totalsView.tsx';
import { engines, startSignedIn, type TestServer } from './harness.ts';
import type { Json } from './harness.ts';

type Row = Record<string, Json>;

const FIELDS = ['selling_price_shop', 'stock_qty', 'min_margin'];
const FNS = ['sum', 'avg', 'min', 'max', 'count'];

describe.each(engines)('group totals on %s', (engine) => {
  let s: TestServer;
  let admin: string;
  let warehouse: string;

  beforeAll(async () => {
    ({ s, admin, warehouse } = await startSignedIn(engine));
    // Values missing in some rows (avg and count leave them out), a whole group without any.
    await s.db.query(`update app.products set min_margin = null where company_code = 'SK01' and (product_code like '%3' or keep_in_stock = 2)`);
  });
  afterAll(() => s?.close());

  /** Plain SQL: the groups of `cols` with each field's aggregates, in the aggregate's key order. */
  const plain = async (company: string, cols: string[], where = 'true') => {
    const items = FIELDS.flatMap((f) => [
      `sum(${f})::float8 as ${f}_sum`,
      `avg(${f})::float8 as ${f}_avg`,
      `min(${f})::float8 as ${f}_min`,
      `max(${f})::float8 as ${f}_max`,
      `count(${f})::int as ${f}_count`,
    ]);
    const r = await s.db.query<Row>(
      `select ${cols.map((c, i) => `${c} as k${i}`).join(', ')}, count(*)::int as n, ${items.join(', ')}
       from app.products where company_code = $1 and ${where} group by ${cols.map((_, i) => i + 1).join(', ')}`,
      [company],
    );
    return new Map(r.rows.map((x) => [JSON.stringify(cols.map((_, i) => x[`k${i}`] ?? null)), x]));
  };

  const same = (got: Row, want: Row, what: string) => {
    for (const f of FIELDS) {
      for (const fn of FNS) {
        const w = want[`${f}_${fn}`];
        const g = got[f]?.[fn];
        if (w === null) expect(g ?? null, `${what} ${f} ${fn}`).toBeNull();
        else expect(Number(g), `${what} ${f} ${fn}`).toBeCloseTo(w, 6);
      }
    }
  };

  it.each([
    { groupBy: ['keep_in_stock'], company: 'SK01' },
    { groupBy: ['active', 'keep_in_stock'], company: 'SK01', filter: true },
    { groupBy: ['brand_id', 'keep_in_stock', 'vat_id'], company: 'SK01' },
    { groupBy: ['keep_in_stock', 'vat_id'], company: 'HU01' },
  ])('answers every group its aggregates, each level its own ($groupBy, $company)', async ({ groupBy, company, filter }) => {
    const filterModel = filter ? { selling_price_shop: { filterType: 'number', type: 'gt', filter: 20 } } : {};
    const where = filter ? 'selling_price_shop > 20' : 'true';
    const aggregates = Object.fromEntries(FIELDS.map((f) => [f, FNS]));
    const r = await s.action(admin, 'product_list', 'aggregate', { filterModel, groupBy, aggregates }, company);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const groups: { key: Row; count: number; aggs: Row }[] = r.body.data.groups;
    expect(r.body.data.truncated).toBe(false);
    // The last level, as answered.
    const leaves = await plain(company, groupBy, where);
    expect(groups.length).toBe(leaves.size);
    for (const g of groups) {
      const id = JSON.stringify(groupBy.map((f) => g.key[f] ?? null));
      const want = leaves.get(id)!;
      expect(want, id).toBeDefined();
      expect(g.count).toBe(want.n);
      same(g.aggs, want, id);
    }
    // Every level above, combined from them.
    const levels = levelAggs(groups, groupBy, FIELDS);
    for (let d = 0; d < groupBy.length - 1; d++) {
      const sql = await plain(company, groupBy.slice(0, d + 1), where);
      expect(sql.size).toBeGreaterThan(0);
      for (const [id, want] of sql) same(levels.get(id)!, want, `level ${d} ${id}`);
    }
    // A group without any value in a column: no aggregate, count 0.
    if (company === 'SK01' && groupBy[0] === 'keep_in_stock') {
      const g = groups.find((x) => x.key.keep_in_stock === 2)!;
      expect(g.aggs.min_margin).toEqual({ sum: null, avg: null, min: null, max: null, count: 0 });
    }
  });

  it('keeps the permission and company checks', async () => {
    const payload = { groupBy: ['keep_in_stock'], aggregates: { stock_qty: ['sum'] } };
    expect((await s.action(warehouse, 'product_list', 'aggregate', payload)).status).toBe(403);
    expect((await s.action(admin, 'product_list', 'aggregate', payload, 'XX99')).status).toBe(403);
    const refused = await s.action(admin, 'product_list', 'aggregate', { groupBy: ['keep_in_stock'], aggregates: { brand_id: ['sum'] } });
    expect(refused.status).toBe(400);
  });
});
