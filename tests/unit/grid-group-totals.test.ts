/**
 * The totals row's aggregates on group rows (totalsView.tsx): every level's own
 * aggregates, combined from the last-level groups, equal those computed by grouping by
 * that level alone (in memory, as the client row model does); the cells under their
 * columns; and the function 'none' in the saved column state.
 */
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { parseScreen } from '../../schemas/screen.ts';
import productList from '../../screens/products/product_list.ts';
import { aggregateRows } from '../../src/app/grid/rowModel/clientAggregate.ts';
import { buildGridModel } from '../../src/app/grid/columns.ts';
import { defaultViewState, toSaved, totalsColumns } from '../../src/app/grid/columnState.ts';
import { readSaved } from '../../src/app/grid/features/viewState/savedShape.ts';
import { buildGroupTree, type GroupNode } from '../../src/app/grid/rowModel/grouping.ts';
import { testGrid } from './gridTable.ts';
import { groupCells, levelAggs } from '../../src/app/grid/features/totals/totalsView.tsx';
import type { CellCtx } from '../../src/app/grid/types.ts';

const screen = parseScreen(productList, 'screens/products/product_list.ts');
const model = buildGridModel(screen);

/** A seeded generator (mulberry32). */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('group totals: every level its own aggregates', () => {
  const rnd = random(7);
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const rows = Array.from({ length: 500 }, () => ({
    a: pick([1, 2, 3, null]),
    b: pick(['x', 'y', null]),
    c: pick([true, false]),
    // NULLs in the values too: avg leaves them out, count counts the values
    p: rnd() < 0.2 ? null : Math.round(rnd() * 100000) / 100,
    q: rnd() < 0.5 ? null : Math.floor(rnd() * 50) - 25,
    // a column NULL in whole groups
    r: null as number | null,
  }));
  rows.forEach((row, i) => row.a === 3 && row.b === 'y' && (row.r = i % 7));
  const cols = new Map((['a', 'b', 'c', 'p', 'q', 'r'] as const).map((f) => [f, { field: f, valueType: f === 'b' ? ('text' as const) : f === 'c' ? ('bool' as const) : ('number' as const) }]));
  const fields = ['p', 'q', 'r'];
  const all = ['sum', 'avg', 'min', 'max', 'count'] as const;
  const aggregates = Object.fromEntries(fields.map((f) => [f, all]));

  it.each([[['a', 'b']], [['a', 'b', 'c']], [['c', 'a']]])('grouped by %j', (groupBy) => {
    const leaves = aggregateRows(rows, cols, groupBy, aggregates, 'en').groups;
    const levels = levelAggs(leaves, groupBy, fields);
    const tree = buildGroupTree(leaves, groupBy);
    let checked = 0;
    const walk = (nodes: GroupNode[]) => {
      for (const n of nodes) {
        // The same level computed on its own: grouped by the node's key path only.
        const own = aggregateRows(rows, cols, groupBy.slice(0, n.depth + 1), aggregates, 'en').groups.find((g) => JSON.stringify(groupBy.slice(0, n.depth + 1).map((f) => g.key[f])) === n.id)!;
        expect(own.count).toBe(n.count);
        const got = levels.get(n.id)!;
        for (const f of fields) {
          for (const fn of all) {
            const want = own.aggs[f]![fn];
            if (want === null || want === undefined) expect(got[f]?.[fn] ?? null, `${n.id} ${f} ${fn}`).toBeNull();
            else expect(Number(got[f]![fn]), `${n.id} ${f} ${fn}`).toBeCloseTo(want as number, 9);
          }
        }
        checked++;
        if (n.children) walk(n.children);
      }
    };
    walk(tree);
    expect(checked).toBe(levels.size);
    expect(checked).toBeGreaterThan(leaves.length);
  });

  it('takes numeric sums that travel as text', () => {
    const levels = levelAggs(
      [
        { key: { a: 1, b: 'x' }, count: 2, aggs: { p: { sum: '1.10', min: '0.5', max: '0.60', count: 2, avg: '0.55' } } },
        { key: { a: 1, b: 'y' }, count: 1, aggs: { p: { sum: '2.20', min: '2.2', max: '2.2', count: 1, avg: '2.2' } } },
      ],
      ['a', 'b'],
      ['p'],
    );
    const p = levels.get('[1]')!.p!;
    expect(p.sum).toBeCloseTo(3.3, 9);
    expect(p.avg).toBeCloseTo(1.1, 9);
    expect([p.min, p.max, p.count]).toEqual([0.5, 2.2, 3]);
  });
});

describe('group totals: the cells of a group row', () => {
  const ctx: CellCtx = {
    lang: 'en',
    fmt: { int: (v) => `i${v}`, number: (v) => `n${v}`, money: (v) => `m${v}`, weight: String, volume: String, date: String, datetime: String },
    t: (id) => id,
    lookup: () => undefined,
    multi: () => '',
    session: { currency: 'EUR', companyCurrency: 'CZK', companyRates: { CZK: 1, EUR: 25 }, currencies: [{ currency_code: 'EUR', currency_precision: 2 }] } as never,
  };
  const numeric = new Set(totalsColumns(model).map((c) => c.field));
  const layout = () => {
    const s = defaultViewState(model);
    return testGrid(model, s, { selectable: true }).layout(true).cols;
  };

  it('puts the aggregates under their columns with the totals functions; the label spans up to the first', () => {
    const cols = layout();
    const aggs = { selling_price_shop: { sum: 100, avg: 20 }, min_margin: { sum: 5, max: 9 }, stock_qty: { sum: 7 }, weight: { sum: 3 } };
    const r = groupCells(aggs, cols, { min_margin: 'max', weight: 'none' }, numeric, ctx)!;
    const at = (f: string) => cols.findIndex((c) => c.id === f);
    const firstTotals = Math.min(...[...numeric].map(at).filter((i) => i >= 0));
    expect(r.span).toBe(firstTotals);
    const cells = r.cells as ReactElement<Record<string, unknown>>[];
    const byField = Object.fromEntries(cells.map((c) => [c.props['data-field'], c.props]));
    // Money converted into the view currency (100 CZK → 4 EUR), like the totals row.
    expect(byField.selling_price_shop!.children).toMatch(/4\.00/);
    expect(byField.selling_price_shop!['data-value']).toBe(100);
    expect(byField.min_margin!.children).toBe('n9');
    expect(byField.min_margin!.title).toBe('grid.agg_max: n9');
    expect(byField.stock_qty!.children).toBe('n7');
    expect(byField.stock_qty!['aria-colindex']).toBe(at('stock_qty') + 1);
    expect((byField.stock_qty!.style as { gridColumn: number }).gridColumn).toBe(at('stock_qty') + 1);
    // Switched off: no cell. Ids and choices have none either.
    expect(byField.weight).toBeUndefined();
    expect(byField.product_code).toBeUndefined();
    expect(byField.keep_in_stock).toBeUndefined();
    expect(Object.keys(byField).sort()).toEqual([...numeric].filter((f) => f !== 'weight' && at(f) >= 0).sort());
    // A group without values in a column: an empty cell.
    const empty = groupCells(undefined, cols, {}, numeric, ctx)!.cells as ReactElement<Record<string, unknown>>[];
    expect(empty.every((c) => c.props.children === '')).toBe(true);
  });

  it('is null when every totals column is off (the label spans the row)', () => {
    const off = Object.fromEntries([...numeric].map((f) => [f, 'none' as const]));
    expect(groupCells({}, layout(), off, numeric, ctx)).toBeNull();
  });
});

describe("the totals function 'none' in the saved state", () => {
  it('is saved and restored; states saved before it read as before', () => {
    const s = { ...defaultViewState(model), totals: true, aggs: { weight: 'none' as const, min_margin: 'avg' as const } };
    const saved = JSON.parse(JSON.stringify(toSaved(s, model)));
    expect(saved.aggs).toEqual({ weight: 'none', min_margin: 'avg' });
    expect(readSaved(saved, model).aggs).toEqual({ weight: 'none', min_margin: 'avg' });
    // An older state: functions only.
    const old = { v: 1, aggs: { selling_price_shop: 'max' }, totals: true };
    expect(readSaved(old, model)).toMatchObject({ aggs: { selling_price_shop: 'max' }, totals: true });
    // Not a function: the functions are dropped, as before.
    expect(readSaved({ aggs: { weight: 'median' } }, model).aggs).toEqual({});
  });
});
