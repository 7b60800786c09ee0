/**
 * Reports over sales (issue 23 point 5, migration 070): detailed sales and the 80 % list.
 * Every figure is checked against an independent computation from the stored order lines
 * (exact decimals as scaled integers: line net rounded once in the order currency, then
 * × the company's rate): the detailed rows of a company, the ABC ranking with its shares,
 * cumulative shares and classes for a period and measure, through list, filter, aggregate
 * and export alike. The period parameters are checked (a bad day or measure, a period that
 * ends before it starts: 400 codes the catalogues say), rows stay in their company, and a
 * user without the page gets 403.
 */
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from './exact.ts';
import { engines, serverHelpers, startSignedIn, type Json, type TestServer } from './harness.ts';
import { grantUserPage } from './grants.ts';

type Row = Record<string, Json>;
const COMPANIES = ['SK01', 'HU01', 'CZ01'];
/** Company-currency amounts at this many decimals: a line's net (≤ 4) × a rate (10). */
const SCALE = 14;
const pow10 = (n: number) => 10n ** BigInt(n);
/** n / d rounded half away from zero (d > 0). */
const divRound = (n: bigint, d: bigint) => (n < 0n ? -((-n * 2n + d) / (2n * d)) : (n * 2n + d) / (2n * d));
/** A percentage n / d × 100 at 4 decimals as PostgreSQL's round(…, 4) gives it. */
const percent4 = (n: bigint, d: bigint) => divRound(n * 100n * pow10(4), d);
const text4 = (v: bigint) => (Number(v) / 1e4).toFixed(4);

interface Line {
  item_id: number;
  product_code: string;
  sold_on: string;
  quantity: bigint; // scale 3
  net: bigint; // scale SCALE, company currency
  net_order: bigint; // scale 4, order currency
}

describe.each(engines)('reports on %s', (engine) => {
  let s: TestServer, admin: string, catalog: string, warehouse: string;
  beforeAll(async () => void ({ s, admin, catalog, warehouse } = await startSignedIn(engine)));
  afterAll(() => s?.close());
  const { ok, rows } = serverHelpers(() => s);

  /** A company's sold lines computed from the stored rows: orders neither deleted nor cancelled. */
  const soldLines = async (company: string): Promise<Line[]> => {
    const raw = await rows(
      `select it.item_id, it.product_code, o.opened_on::text as sold_on, it.quantity::text as quantity, it.unit_price::text as unit_price,
              it.discount_percent::text as discount, c.currency_precision as digits, o.currency_code, co.currency_code as company_currency, r.rate::text as rate
       from app.sales_order_items it
       join app.sales_orders o on o.order_id = it.order_id
       join app.currencies c on c.currency_code = o.currency_code
       join app.companies co on co.company_code = o.company_code
       join app.fsm_instances f on f.fsm_instance_id = o.fsm_instance_id
       join app.fsm_states st on st.state_id = f.state_id
       left join app.company_currency_rates r on r.company_code = o.company_code and r.currency_code = o.currency_code
       where o.company_code = $1 and not o.deleted and st.state_code <> 'cancelled'`,
      [company],
    );
    return raw.map((x) => {
      const digits = Number(x.digits);
      // quantity (3) × price (4) × (100 − discount) (2) / 100 → rounded to the currency's digits.
      const product = scaled(x.quantity, 3) * scaled(x.unit_price, 4) * (100n * 100n - scaled(x.discount, 2));
      const net = divRound(product * pow10(digits), pow10(3 + 4 + 2) * 100n);
      const same = x.currency_code === x.company_currency;
      const inCompany = same ? net * pow10(SCALE - digits) : net * scaled(x.rate, 10) * pow10(SCALE - digits - 10);
      return { item_id: x.item_id, product_code: x.product_code, sold_on: x.sold_on, quantity: scaled(x.quantity, 3), net: inCompany, net_order: net * pow10(4 - digits) };
    });
  };

  /** The ABC list computed here: products by measure desc, then code; shares of the period's total. */
  const abc = (lines: Line[], from: string | null, to: string | null, measure: 'revenue' | 'quantity') => {
    const by = new Map<string, { revenue: bigint; quantity: bigint }>();
    for (const l of lines) {
      if ((from && l.sold_on < from) || (to && l.sold_on > to)) continue;
      const p = by.get(l.product_code) ?? { revenue: 0n, quantity: 0n };
      p.revenue += l.net;
      p.quantity += l.quantity;
      by.set(l.product_code, p);
    }
    const valued = [...by].map(([code, p]) => ({ code, ...p, v: measure === 'revenue' ? p.revenue : p.quantity * pow10(SCALE - 3) })).filter((p) => p.v > 0n);
    valued.sort((a, b) => (a.v === b.v ? (a.code < b.code ? -1 : 1) : a.v > b.v ? -1 : 1));
    const total = valued.reduce((t, p) => t + p.v, 0n);
    let running = 0n;
    return valued.map((p, i) => {
      running += p.v;
      const cls = running * 100n <= total * 80n ? 'A' : running * 100n <= total * 95n ? 'B' : 'C';
      return {
        sales_rank: i + 1,
        product_code: p.code,
        revenue: p.revenue,
        quantity: p.quantity,
        share: text4(percent4(p.v, total)),
        cumulative_share: text4(percent4(running, total)),
        abc_class: cls,
      };
    });
  };

  const asText4 = (n: Json) => Number(n).toFixed(4);
  const shape = (r: Row) => ({ sales_rank: r.sales_rank, product_code: r.product_code, share: asText4(r.share), cumulative_share: asText4(r.cumulative_share), abc_class: r.abc_class });
  const expected = (x: ReturnType<typeof abc>[number]) => ({ sales_rank: x.sales_rank, product_code: x.product_code, share: x.share, cumulative_share: x.cumulative_share, abc_class: x.abc_class });

  /** The days the company's demo orders span, and a period inside them. */
  const periodOf = (lines: Line[]) => {
    const days = lines.map((l) => l.sold_on).sort();
    return { first: days[0]!, last: days.at(-1)!, from: days[Math.floor(days.length / 4)]!, to: days[Math.floor((days.length * 3) / 4)]! };
  };

  it('lists every sold line of the company with its amounts, in the order and the company currency', async () => {
    for (const company of COMPANIES) {
      const lines = await soldLines(company);
      expect(lines.length).toBeGreaterThan(50);
      const got = (await ok(admin, 'sales_detailed', 'list', { endRow: 100_000 }, company)).rows as Row[];
      expect(got.map((r) => r.item_id).sort((a, b) => a - b)).toEqual(lines.map((l) => l.item_id).sort((a, b) => a - b));
      const byId = new Map(lines.map((l) => [l.item_id, l]));
      for (const r of got) {
        const l = byId.get(r.item_id)!;
        expect([r.item_id, r.sold_on, r.product_code, scaled(String(r.net_amount), 4)]).toEqual([l.item_id, l.sold_on, l.product_code, l.net_order]);
        expect(r.net_company).toBeCloseTo(Number(l.net) / 1e14, 6);
        expect(r.sold_month).toBe(l.sold_on.slice(0, 7));
      }
      // The chart's request: net revenue per month, the same sums.
      const agg = await ok(admin, 'sales_detailed', 'aggregate', { groupBy: ['sold_month'], aggregates: { net_company: ['sum'] } }, company);
      const months = new Map<string, bigint>();
      for (const l of lines) months.set(l.sold_on.slice(0, 7), (months.get(l.sold_on.slice(0, 7)) ?? 0n) + l.net);
      expect(agg.groups.map((g: Row) => g.key.sold_month)).toEqual([...months.keys()].sort());
      for (const g of agg.groups) expect(Number(g.aggs.net_company.sum)).toBeCloseTo(Number(months.get(g.key.sold_month)!) / 1e14, 4);
    }
  });

  it('leaves out cancelled and deleted orders', async () => {
    const left = await rows(
      `select it.item_id from app.sales_order_items it join app.sales_orders o using (order_id)
       join app.fsm_instances f on f.fsm_instance_id = o.fsm_instance_id join app.fsm_states st on st.state_id = f.state_id
       where o.company_code = 'SK01' and (o.deleted or st.state_code = 'cancelled')`,
    );
    expect(left.length).toBeGreaterThan(0);
    const got = new Set(((await ok(admin, 'sales_detailed', 'list', { endRow: 100_000 }, 'SK01')).rows as Row[]).map((r) => r.item_id));
    for (const x of left) expect(got.has(x.item_id)).toBe(false);
  });

  it('ranks products into A, B and C by revenue or quantity over all time and over a period, exactly', async () => {
    for (const company of COMPANIES) {
      const lines = await soldLines(company);
      const p = periodOf(lines);
      for (const [from, to] of [
        [null, null],
        [p.from, p.to],
        [p.first, p.first],
      ] as const) {
        for (const measure of ['revenue', 'quantity'] as const) {
          const want = abc(lines, from, to, measure);
          expect(want.length).toBeGreaterThan(0);
          const equals = { ...(from ? { date_from: from } : {}), ...(to ? { date_to: to } : {}), measure };
          // The grid's first request: the `filter` action with the parameters as the page's fixed filter.
          const got = (await ok(admin, 'list_80_percent', 'filter', { ...equals, endRow: 100_000 }, company)).rows as Row[];
          expect(got.map(shape), `${company} ${from}..${to} ${measure}`).toEqual(want.map(expected));
          for (const [i, r] of got.entries()) {
            expect(r.revenue).toBeCloseTo(Number(want[i]!.revenue) / 1e14, 6);
            expect(scaled(String(r.quantity), 3)).toBe(want[i]!.quantity);
            expect([r.date_from, r.date_to, r.measure]).toEqual([from, to, measure]);
          }
          // With column filters the grid sends the parameters as one-value set filters of `list`: the same rows, filtered.
          const setFilters = Object.fromEntries(Object.entries(equals).map(([k, v]) => [k, { filterType: 'set', values: [v] }]));
          const classA = (await ok(admin, 'list_80_percent', 'list', { endRow: 100_000, filterModel: { ...setFilters, abc_class: { filterType: 'text', type: 'equals', filter: 'A' } } }, company))
            .rows as Row[];
          expect(classA.map(shape)).toEqual(want.filter((x) => x.abc_class === 'A').map(expected));
        }
      }
      // All time by revenue is also what a request without parameters answers.
      const plain = (await ok(admin, 'list_80_percent', 'list', { endRow: 100_000 }, company)).rows as Row[];
      expect(plain.map(shape)).toEqual(abc(lines, null, null, 'revenue').map(expected));
    }
  });

  it('aggregates and exports the ranking of the chosen period (the chart and the export follow the parameters)', async () => {
    const lines = await soldLines('HU01');
    const p = periodOf(lines);
    const want = abc(lines, p.from, p.to, 'quantity');
    const filterModel = { date_from: { filterType: 'set', values: [p.from] }, date_to: { filterType: 'set', values: [p.to] }, measure: { filterType: 'set', values: ['quantity'] } };
    const agg = await ok(admin, 'list_80_percent', 'aggregate', { filterModel, groupBy: ['product_code'], aggregates: { quantity: ['sum'] } }, 'HU01');
    expect(agg.totals.count).toBe(want.length);
    const sums = new Map(agg.groups.map((g: Row) => [g.key.product_code, scaled(String(g.aggs.quantity.sum), 3)]));
    expect(sums).toEqual(new Map(want.map((x) => [x.product_code, x.quantity])));

    const r = await fetch(`${s.url}/api/export/list_80_percent`, {
      method: 'POST',
      body: JSON.stringify({
        format: 'csv',
        language: 'de',
        columns: [
          { field: 'sales_rank', header: 'Rang' },
          { field: 'product_code', header: 'Code' },
          { field: 'abc_class', header: 'Klasse' },
        ],
        filterModel,
        sortModel: [{ colId: 'sales_rank', sort: 'asc' }],
      }),
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', 'x-company': 'HU01' },
    });
    expect(r.status).toBe(200);
    const csv = Papa.parse<string[]>((await r.text()).replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(csv.slice(1)).toEqual(want.map((x) => [String(x.sales_rank), x.product_code, x.abc_class]));
  });

  it('refuses a bad day, an unknown measure and a period that ends before it starts, with codes the catalogues say', async () => {
    const catalogues = ['en', 'de', 'hu', 'sk', 'ro', 'cs', 'bg'].map((l) => JSON.parse(readFileSync(`locales/${l}.json`, 'utf8')) as Record<string, string>);
    const cases: [string, unknown, string, string][] = [
      ['filter', { date_from: '2026-02-30' }, 'invalid_value', 'payload.date_from'],
      ['filter', { date_to: 'yesterday' }, 'invalid_value', 'payload.date_to'],
      ['filter', { measure: 'price' }, 'invalid_value', 'payload.measure'],
      ['filter', { date_from: '2026-03-02', date_to: '2026-03-01' }, 'bad_period', 'payload.date_from'],
      ['list', { filterModel: { date_from: { filterType: 'set', values: ['2026-13-01'] } } }, 'invalid_value', 'payload.filterModel.date_from.values.0'],
      ['aggregate', { filterModel: { date_from: { filterType: 'set', values: ['2026-05-01'] }, date_to: { filterType: 'set', values: ['2026-04-01'] } } }, 'bad_period', 'payload.date_from'],
    ];
    for (const [action, payload, code, field] of cases) {
      const r = await s.action(admin, 'list_80_percent', action, payload, 'SK01');
      expect([action, payload, r.status, r.body.error, r.body.params?.field]).toEqual([action, payload, 400, code, field]);
      for (const c of catalogues) expect(c[`server.${code}`]).toBeTruthy();
    }
    // The period's first and last day are both in it.
    const lines = await soldLines('SK01');
    const day = lines[0]!.sold_on;
    const got = (await ok(admin, 'list_80_percent', 'filter', { date_from: day, date_to: day, endRow: 1000 }, 'SK01')).rows as Row[];
    expect(got.length).toBe(new Set(lines.filter((l) => l.sold_on === day).map((l) => l.product_code)).size);
  });

  it('keeps every company to its own rows', async () => {
    const owner = new Map((await rows('select product_code, company_code from app.products')).map((r) => [r.product_code as string, r.company_code as string]));
    const items = new Map(
      (await rows('select it.item_id, o.company_code from app.sales_order_items it join app.sales_orders o using (order_id)')).map((r) => [r.item_id as number, r.company_code as string]),
    );
    for (const company of COMPANIES) {
      const ranked = (await ok(admin, 'list_80_percent', 'list', { endRow: 100_000 }, company)).rows as Row[];
      expect(ranked.length).toBeGreaterThan(0);
      for (const r of ranked) expect(owner.get(r.product_code)).toBe(company);
      const sold = (await ok(admin, 'sales_detailed', 'list', { endRow: 100_000 }, company)).rows as Row[];
      for (const r of sold) expect(items.get(r.item_id)).toBe(company);
      // Another company's product named in a filter finds nothing.
      const foreign = [...owner].find(([, c]) => c !== company)![0];
      expect((await ok(admin, 'list_80_percent', 'filter', { product_code: foreign, endRow: 10 }, company)).rows).toEqual([]);
    }
    // A company the user does not belong to is refused before any report runs.
    const r = await s.action(admin, 'list_80_percent', 'list', {}, 'XX99');
    expect(r.status).toBe(403);
  });

  it('answers 403 to a user without the page, and serves a user granted it', async () => {
    for (const token of [catalog, warehouse]) {
      for (const [form, action, payload] of [
        ['sales_detailed', 'list', {}],
        ['sales_detailed', 'aggregate', { groupBy: ['sold_month'] }],
        ['list_80_percent', 'list', {}],
        ['list_80_percent', 'filter', { measure: 'quantity' }],
        ['list_80_percent', 'aggregate', { groupBy: ['product_code'] }],
      ] as const) {
        const r = await s.action(token, form, action, payload, 'SK01');
        expect([form, action, r.status, r.body.error]).toEqual([form, action, 403, 'forbidden']);
      }
    }
    const user = (await rows(`select user_id from app.users where user_email = 'catalog@example.com'`))[0]!.user_id as number;
    await grantUserPage(s, user, 'reports.list_80_percent', { can_list: true });
    expect((await ok(catalog, 'list_80_percent', 'list', { endRow: 5 }, 'SK01')).rows.length).toBeGreaterThan(0);
    expect((await s.action(catalog, 'sales_detailed', 'list', {}, 'SK01')).status).toBe(403);
  });
});
