import * as fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { ClientRowModel } from '../../src/app/grid/rowModel/ClientRowModel.ts';
import { sortIndexes } from '../../src/app/grid/rowModel/mergeSort.ts';
import { RadixScratch, radixSortIndexes } from '../../src/app/grid/rowModel/radixSort.ts';
import { narrows, textTest, valueTest } from '../../src/app/grid/rowModel/clientQuery.ts';
import type { FilterModel, SortItem } from '../../src/app/grid/filters.ts';
import { STEP, nextTurn, noteInputTask, runNow, sliceDeadline } from '../../src/app/grid/rowModel/scheduler.ts';
import type { Row, ValueType } from '../../src/app/grid/types.ts';

const columns: { field: string; valueType: ValueType }[] = [
  { field: 'code', valueType: 'text' },
  { field: 'name', valueType: 'multi' },
  { field: 'price', valueType: 'money' },
  { field: 'qty', valueType: 'int' },
  { field: 'active', valueType: 'bool' },
  { field: 'day', valueType: 'date' },
];

const rows: Row[] = [
  { code: 'P3', name: { en: 'Garden spade', de: 'Gartenspaten' }, price: 20, qty: 5, active: true, day: '2026-01-03' },
  { code: 'P1', name: { en: 'Hammer', de: 'Hammer' }, price: null, qty: 0, active: false, day: '2026-01-01' },
  { code: 'P2', name: { en: 'garden hose' }, price: 20, qty: null, active: true, day: null },
  { code: 'P5', name: null, price: 5.5, qty: 12, active: null, day: '2026-02-10' },
  { code: 'P4', name: { en: 'Rake', de: 'Rechen' }, price: 100, qty: 3, active: true, day: '2025-12-31' },
];

const make = (data: Row[] = rows) => new ClientRowModel(data, { columns, keys: ['code'], rowId: (r) => String(r.code), sync: true });
const codes = (m: ClientRowModel, q: { sortModel?: SortItem[]; filterModel?: FilterModel; fixed?: Record<string, unknown>; lang?: string }) =>
  [...m.query({ sortModel: q.sortModel ?? [], filterModel: q.filterModel ?? {}, fixed: q.fixed, lang: q.lang ?? 'en' })].map((i) => m.rows[i]!.code);

describe('client row model: filters (the server semantics)', () => {
  const m = make();

  it('keeps the rows as given without a query', () => {
    expect(codes(m, {})).toEqual(['P3', 'P1', 'P2', 'P5', 'P4']);
  });

  it('text contains is case-insensitive; multi columns filter in the query language; NULL never contains', () => {
    expect(codes(m, { filterModel: { name: { filterType: 'text', type: 'contains', filter: 'GARDEN' } } })).toEqual(['P3', 'P2']);
    expect(codes(m, { filterModel: { name: { filterType: 'text', type: 'contains', filter: 'garten' } }, lang: 'de' })).toEqual(['P3']);
    // P2 has no German name: it does not match in German.
    expect(codes(m, { filterModel: { name: { type: 'contains', filter: 'hose' } }, lang: 'de' })).toEqual([]);
    expect(codes(m, { filterModel: { code: { type: 'equals', filter: 'p4' } } })).toEqual(['P4']);
    expect(codes(m, { filterModel: { code: { type: 'startsWith', filter: 'p' } } })).toHaveLength(5);
    // notContains and notEqual keep NULLs (SQL coalesce / is distinct from).
    expect(codes(m, { filterModel: { name: { type: 'notContains', filter: 'garden' } } })).toEqual(['P1', 'P5', 'P4']);
    expect(codes(m, { filterModel: { name: { type: 'blank' } } })).toEqual(['P5']);
    expect(codes(m, { filterModel: { name: { type: 'notBlank' } } })).toHaveLength(4);
  });

  it('number filters: equals, ranges inclusive, comparisons; NULL only matches blank', () => {
    expect(codes(m, { filterModel: { price: { filterType: 'number', type: 'equals', filter: 20 } } })).toEqual(['P3', 'P2']);
    expect(codes(m, { filterModel: { price: { filterType: 'number', type: 'inRange', filter: 5.5, filterTo: 20 } } })).toEqual(['P3', 'P2', 'P5']);
    expect(codes(m, { filterModel: { price: { filterType: 'number', type: 'greaterThan', filter: 20 } } })).toEqual(['P4']);
    expect(codes(m, { filterModel: { price: { filterType: 'number', type: 'lte', filter: 20 } } })).toEqual(['P3', 'P2', 'P5']);
    expect(codes(m, { filterModel: { price: { filterType: 'number', type: 'notEqual', filter: 20 } } })).toEqual(['P5', 'P4']);
    expect(codes(m, { filterModel: { price: { filterType: 'number', type: 'blank' } } })).toEqual(['P1']);
  });

  it('bool, date and set filters; fixed equality (detail grids, groups) with NULL as "is null"', () => {
    expect(codes(m, { filterModel: { active: { type: 'equals', filter: false } } })).toEqual(['P1']);
    expect(codes(m, { filterModel: { day: { filterType: 'date', type: 'equals', dateFrom: '2026-01-03' } } })).toEqual(['P3']);
    expect(codes(m, { filterModel: { day: { filterType: 'date', type: 'inRange', dateFrom: '2026-01-01', dateTo: '2026-01-31' } } })).toEqual(['P3', 'P1']);
    expect(codes(m, { filterModel: { qty: { filterType: 'set', values: [0, 12] } } })).toEqual(['P1', 'P5']);
    expect(codes(m, { filterModel: { qty: { filterType: 'set', values: [null] } } })).toEqual(['P2']);
    expect(codes(m, { fixed: { price: 20 } })).toEqual(['P3', 'P2']);
    expect(codes(m, { fixed: { active: null } })).toEqual(['P5']);
    // Several filters: all must hold.
    expect(codes(m, { filterModel: { name: { type: 'contains', filter: 'garden' }, qty: { filterType: 'number', type: 'gt', filter: 1 } } })).toEqual(['P3']);
  });

  it('a column shown by name (a screen by its title) is text-filtered by that name, in the query language', () => {
    const titles: Record<string, Record<string, string>> = { en: { product_list: 'Product list', brands: 'Brands' }, de: { product_list: 'Produktliste', brands: 'Marken' } };
    let lang = 'en';
    const named = new ClientRowModel(
      [
        { code: 'L1', form: 'product_list' },
        { code: 'L2', form: 'brands' },
        { code: 'L3', form: null },
      ],
      {
        columns: [
          { field: 'code', valueType: 'text' },
          { field: 'form', valueType: 'text', filterText: (v) => titles[lang]![String(v)] ?? String(v) },
        ],
        keys: ['code'],
        rowId: (r) => String(r.code),
        sync: true,
      },
    );
    expect(codes(named, { filterModel: { form: { type: 'contains', filter: 'list' } } })).toEqual(['L1']);
    // The code itself is not what the user sees: it does not match.
    expect(codes(named, { filterModel: { form: { type: 'contains', filter: 'product_' } } })).toEqual([]);
    expect(codes(named, { filterModel: { form: { type: 'notContains', filter: 'list' } } })).toEqual(['L2', 'L3']);
    lang = 'de';
    expect(codes(named, { filterModel: { form: { type: 'contains', filter: 'list' } }, lang: 'de' })).toEqual(['L1']);
    expect(codes(named, { filterModel: { form: { type: 'startsWith', filter: 'mark' } }, lang: 'de' })).toEqual(['L2']);
  });

  it('narrowing a text filter only looks at the rows the last one kept, with the same answer', () => {
    const big = Array.from({ length: 3000 }, (_, i) => ({ code: `C${i}`, name: { en: `item ${i % 7} ${i % 11}` }, price: i, qty: i % 5, active: i % 2 === 0, day: null }));
    const mm = make(big);
    const all = (f: string) => big.filter((r) => r.name.en.includes(f)).map((r) => r.code);
    expect(codes(mm, { filterModel: { name: { type: 'contains', filter: 'item 3' } } })).toEqual(all('item 3'));
    expect(codes(mm, { filterModel: { name: { type: 'contains', filter: 'item 3 1' } } })).toEqual(all('item 3 1'));
    expect(codes(mm, { filterModel: { name: { type: 'contains', filter: 'item 3 10' } } })).toEqual(all('item 3 10'));
    // Widening again starts from all rows.
    expect(codes(mm, { filterModel: { name: { type: 'contains', filter: 'item' } } })).toHaveLength(3000);
  });

  it('knows when a filter narrows another', () => {
    expect(narrows({ a: { type: 'contains', filter: 'ab' } }, { a: { type: 'contains', filter: 'abc' } })).toBe(true);
    expect(narrows({ a: { type: 'contains', filter: 'ab' } }, { a: { type: 'contains', filter: 'ab' }, b: { type: 'equals', filter: 1 } })).toBe(true);
    expect(narrows({ a: { type: 'contains', filter: 'abc' } }, { a: { type: 'contains', filter: 'ab' } })).toBe(false);
    expect(narrows({ a: { type: 'contains', filter: 'ab' } }, {})).toBe(false);
    expect(narrows({ n: { type: 'gt', filter: 1 } }, { n: { type: 'gt', filter: 2 } })).toBe(false);
  });

  it('tests single values like SQL would', () => {
    expect(textTest({ type: 'endsWith', filter: 'SE' })('hose')).toBe(true);
    expect(textTest({ type: 'contains', filter: 'x' })(null)).toBe(false);
    expect(valueTest({ filterType: 'number', type: 'lessThan', filter: 3 }, 'int')(null)).toBe(false);
    expect(valueTest({ filterType: 'date', type: 'gt', dateFrom: '2026-01-01T10:00:00Z' }, 'datetime')('2026-01-01T11:00:00Z')).toBe(true);
  });
});

describe('client row model: sort', () => {
  const m = make();

  it("sorts numbers with NULL last, ascending and descending; ties keep the rows' order", () => {
    expect(codes(m, { sortModel: [{ colId: 'price', sort: 'asc' }] })).toEqual(['P5', 'P3', 'P2', 'P4', 'P1']);
    expect(codes(m, { sortModel: [{ colId: 'price', sort: 'desc' }] })).toEqual(['P4', 'P3', 'P2', 'P5', 'P1']);
  });

  it('breaks ties by the key, as the server does, when the descriptor has its own default order', () => {
    const mm = new ClientRowModel(rows, { columns, keys: ['code'], rowId: (r) => String(r.code), sync: true, defaultSort: [{ colId: 'qty', sort: 'asc' }] });
    expect(codes(mm, {})).toEqual(['P1', 'P4', 'P3', 'P5', 'P2']);
    expect(codes(mm, { sortModel: [{ colId: 'price', sort: 'asc' }] })).toEqual(['P5', 'P2', 'P3', 'P4', 'P1']);
  });

  it('sorts text case-insensitively, multi columns in the language, and by several columns', () => {
    expect(codes(m, { sortModel: [{ colId: 'name', sort: 'asc' }] })).toEqual(['P2', 'P3', 'P1', 'P4', 'P5']);
    expect(codes(m, { sortModel: [{ colId: 'name', sort: 'asc' }], lang: 'de' })).toEqual(['P3', 'P1', 'P4', 'P2', 'P5']);
    expect(
      codes(m, {
        sortModel: [
          { colId: 'active', sort: 'desc' },
          { colId: 'qty', sort: 'asc' },
        ],
      }),
    ).toEqual(['P4', 'P3', 'P2', 'P1', 'P5']);
    expect(codes(m, { sortModel: [{ colId: 'day', sort: 'asc' }] })).toEqual(['P4', 'P1', 'P3', 'P5', 'P2']);
  });

  it('sorts and filters together', () => {
    expect(codes(m, { sortModel: [{ colId: 'price', sort: 'desc' }], filterModel: { name: { type: 'contains', filter: 'a' } } })).toEqual(['P4', 'P3', 'P2', 'P1']);
  });

  it('drops what a patch makes stale', () => {
    const mm = make();
    expect(codes(mm, { sortModel: [{ colId: 'qty', sort: 'asc' }] })[0]).toBe('P1');
    mm.patch('P4', { qty: -1 });
    expect(codes(mm, { sortModel: [{ colId: 'qty', sort: 'asc' }] })[0]).toBe('P4');
    expect(codes(mm, { filterModel: { qty: { filterType: 'number', type: 'lt', filter: 0 } } })).toEqual(['P4']);
  });

  it('sortIndexes is a stable sort (against Array.prototype.sort)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 600 }), (keys) => {
        const idx = new Uint32Array(keys.map((_, i) => i));
        const got = [...runNow(sortIndexes(idx, (a, b) => keys[a]! - keys[b]!))];
        const want = keys.map((_, i) => i).sort((a, b) => keys[a]! - keys[b]! || a - b);
        expect(got).toEqual(want);
      }),
      { numRuns: 200 },
    );
  });

  it('sortIndexes over 20,000 indexes: merges stop and resume within a run pair, stably, yielding between', () => {
    const n = 20_000;
    const keys = Array.from({ length: n }, (_, i) => (i * 7919) % 31);
    const work = sortIndexes(new Uint32Array(keys.map((_, i) => i)), (a, b) => keys[a]! - keys[b]!);
    let yields = 0;
    let r = work.next();
    for (; !r.done; r = work.next()) yields++;
    expect([...r.value]).toEqual(keys.map((_, i) => i).sort((a, b) => keys[a]! - keys[b]! || a - b));
    // Each merge pass of 20,000 rows stops at least 4 times (STEP comparisons), 10 passes.
    expect(yields).toBeGreaterThan(40);
  });

  it('radixSortIndexes sorts by several float keys, each ascending or descending, stably', () => {
    const num = fc.oneof(fc.constantFrom(0, -0, 1, -1, 0.5, Number.POSITIVE_INFINITY, 1e300, -1e-300), fc.double({ noNaN: true }), fc.integer({ min: -5, max: 5 }));
    fc.assert(
      fc.property(fc.array(fc.tuple(num, num), { maxLength: 300 }), fc.constantFrom(1, -1), fc.constantFrom(1, -1), (pairs, d1, d2) => {
        const k1 = Float64Array.from(pairs.map((p) => p[0]));
        const k2 = Float64Array.from(pairs.map((p) => p[1]));
        const got = [...runNow(radixSortIndexes(pairs.length, [k1, k2], [d1, d2]))];
        const cmp = (x: number, y: number) => (x === y ? 0 : x < y ? -1 : 1);
        const want = pairs.map((_, i) => i).sort((a, b) => d1 * cmp(k1[a]!, k1[b]!) || d2 * cmp(k2[a]!, k2[b]!) || a - b);
        expect(got).toEqual(want);
      }),
      { numRuns: 300 },
    );
  });

  it('radixSortIndexes over many chunks (every loop crosses chunk edges) sorts as a reference sort and yields between chunks', () => {
    const n = 70_001; // > 4 × STEP × 4 rows and not a multiple of any chunk
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
    const k1 = Float64Array.from({ length: n }, () => Math.round((rnd() - 0.5) * 2e6) / 100); // negatives, duplicates, all four digits
    const k2 = Float64Array.from({ length: n }, () => Math.floor(rnd() * 5));
    const work = radixSortIndexes(n, [k2, k1], [-1, 1]);
    let yields = 0;
    let r = work.next();
    for (; !r.done; r = work.next()) yields++;
    const want = [...Array(n).keys()].sort((a, b) => k2[b]! - k2[a]! || k1[a]! - k1[b]! || a - b);
    expect([...r.value]).toEqual(want);
    expect(yields).toBeGreaterThan(2 * (n / STEP)); // digits and scatters of both keys, at least
  });

  it('a large model (every loop crosses chunk edges): text sort ranks and number + text filters answer as a plain reference', () => {
    const n = 20_001; // several chunks of every loop (ROW_STEP … STEP × 4, the text index)
    let seed = 11;
    const rnd = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
    const words = ['oak', 'Oak', 'pine', 'Walnut', 'ash', 'Ash'];
    const data: Row[] = Array.from({ length: n }, (_, i) => ({
      code: `C${i}`,
      name: rnd() < 0.05 ? null : { en: `${words[Math.floor(rnd() * words.length)]} ${Math.floor(rnd() * 40)}` },
      price: rnd() < 0.05 ? null : Math.floor(rnd() * 1000),
      qty: 1,
      active: true,
      day: null,
    }));
    const m = make(data);
    const name = (r: Row) => (r.name as { en: string } | null)?.en ?? null;
    // English order (Intl.Collator: case breaks ties, lower case first; numbers as text), NULL last.
    const english = new Intl.Collator('en-GB');
    const cmpText = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : english.compare(a, b) || (a < b ? -1 : 1));
    const base = [...data.keys()];
    const want = base
      .filter((i) => (data[i]!.price as number | null) !== null && (data[i]!.price as number) > 500 && (name(data[i]!)?.toLowerCase().includes('a') ?? false))
      .sort((a, b) => cmpText(name(data[a]!), name(data[b]!)) || a - b)
      .map((i) => data[i]!.code);
    const got = codes(m, {
      sortModel: [{ colId: 'name', sort: 'asc' }],
      filterModel: { price: { filterType: 'number', type: 'greaterThan', filter: 500 }, name: { type: 'contains', filter: 'A' } },
    });
    expect(want.length).toBeGreaterThan(1000);
    expect(got).toEqual(want);
    // Descending by name: the reverse text order, NULLs still last; ties in base order.
    const nullLast = (i: number) => (name(data[i]!) === null ? 1 : 0);
    const desc = base.sort((a, b) => nullLast(a) - nullLast(b) || -cmpText(name(data[a]!), name(data[b]!)) || a - b).map((i) => data[i]!.code);
    expect(codes(m, { sortModel: [{ colId: 'name', sort: 'desc' }] })).toEqual(desc);
  });

  it('radixSortIndexes with one scratch for many sorts: each result stays as it was sorted', () => {
    const scratch = new RadixScratch();
    const n = 1000;
    const keys = [Float64Array.from({ length: n }, (_, i) => (i * 7919) % 101), Float64Array.from({ length: n }, (_, i) => -i)];
    const results: { got: Uint32Array; want: number[] }[] = [];
    // One key → an even or odd number of passes depending on the digits: both end states.
    for (const [ks, ds] of [
      [[keys[0]!], [1]],
      [
        [keys[0]!, keys[1]!],
        [-1, 1],
      ],
      [[keys[1]!], [-1]],
      [[keys[0]!], [-1]],
    ] as const) {
      const got = runNow(radixSortIndexes(n, ks, ds, scratch));
      const want = [...Array(n).keys()].sort((a, b) => {
        for (let j = 0; j < ks.length; j++) {
          const d = ds[j]! * (ks[j]![a]! - ks[j]![b]!);
          if (d) return d;
        }
        return a - b;
      });
      results.push({ got, want });
    }
    for (const r of results) expect([...r.got]).toEqual(r.want);
    expect(new Set(results.map((r) => r.got)).size).toBe(results.length);
  });

  it('sorts 100,000 rows time-sliced: views settle later, with the right order', async () => {
    const n = 100_000;
    const data = Array.from({ length: n }, (_, i) => ({ code: `R${String(i).padStart(6, '0')}`, name: { en: `name ${(i * 7919) % n}` }, price: (i * 7919) % 1000, qty: i, active: true, day: null }));
    const changed: number[] = [];
    const mm = new ClientRowModel(data, { columns, keys: ['code'], rowId: (r) => String(r.code), store: { loaded: () => changed.push(1), changed: () => {} } });
    const first = mm.open({ sortModel: [], filterModel: {}, lang: 'en' });
    expect(first.settled).toBe(true); // no work: at once
    const v = mm.open({ sortModel: [{ colId: 'name', sort: 'desc' }], filterModel: {}, lang: 'en' });
    await v.ready;
    expect(v.total).toBe(n);
    const names = v.loadedRows().map((r) => (r.data.name as { en: string }).en);
    for (let i = 1; i < names.length; i++) expect(names[i - 1]! >= names[i]!).toBe(true);
    // A newer query in the same lane cancels an older one still computing.
    const a = mm.open({ sortModel: [{ colId: 'price', sort: 'asc' }], filterModel: {}, lang: 'en' });
    const b = mm.open({ sortModel: [{ colId: 'price', sort: 'desc' }], filterModel: {}, lang: 'en' });
    await b.ready;
    expect(b.row(0)!.data.price).toBe(999);
    expect(a.settled === false || a.total === n).toBe(true);
  });

  it("prepares a text column's filter index in the background; a filter during the build shares it and answers right", async () => {
    const n = 50_000;
    const data = Array.from({ length: n }, (_, i) => ({ code: `R${String(i).padStart(6, '0')}`, name: { en: i % 10 ? `item ${i}` : `Walnut ${i}` }, price: i, qty: i, active: true, day: null }));
    const mm = new ClientRowModel(data, { columns, keys: ['code'], rowId: (r) => String(r.code) });
    const building = (mm as unknown as { building: Map<string, unknown> }).building;
    const indexes = (mm as unknown as { indexes: Map<string, unknown> }).indexes;
    mm.prepareFilter('price', 'en'); // not a text column: nothing
    mm.prepareFilter('name', 'en');
    // It starts from a message-channel turn, which a timer of 0 may precede under load.
    await vi.waitFor(() => expect(building.has('name|en') || indexes.has('name|en')).toBe(true), { timeout: 5000, interval: 1 });
    // A filter while the build is under way steps the same build (one build, one index).
    const v = mm.open({ sortModel: [], filterModel: { name: { type: 'contains', filter: 'WALNUT' } }, lang: 'en' });
    await v.ready;
    expect(v.total).toBe(n / 10);
    expect(v.row(0)!.data.code).toBe('R000000');
    expect(building.size).toBe(0);
    expect(indexes.has('name|en')).toBe(true);
    expect(indexes.has('price|')).toBe(false);
    // Ready before the filter: nothing is built again.
    mm.prepareFilter('code', 'en');
    // The background build runs in idle slices: a loaded machine needs more than a few ms.
    await vi.waitFor(() => expect(indexes.has('code|')).toBe(true), { timeout: 5000, interval: 10 });
    const ix = indexes.get('code|');
    const w = mm.open({ sortModel: [], filterModel: { code: { type: 'endsWith', filter: '49999' } }, lang: 'en' });
    await w.ready;
    expect(w.total).toBe(1);
    expect(indexes.get('code|')).toBe(ix);
  });
});

describe('slices in input tasks', () => {
  it("end by the input task's start + its budget, at least a minimum, and plainly outside input tasks", async () => {
    expect(sliceDeadline(22, 26, 2, 1000)).toBe(1022);
    noteInputTask(990); // the gesture's first event, 10 ms before the slice
    expect(sliceDeadline(22, 26, 2, 1000)).toBe(1016);
    noteInputTask(999); // a later event of the same task does not move its start
    expect(sliceDeadline(22, 26, 2, 1000)).toBe(1016);
    expect(sliceDeadline(22, 26, 2, 1030)).toBe(1032); // past the budget: the minimum
    expect(sliceDeadline(5, 26, 2, 1000)).toBe(1005); // a short slice stays short
    await nextTurn();
    await nextTurn();
    // The task is over: its start is forgotten.
    expect(sliceDeadline(22, 26, 2, 2000)).toBe(2022);
  });
});

describe('a looked-up column', () => {
  it('sorts by the text it shows (empty last), and again once the texts change', () => {
    const names = new Map<unknown, string>([
      [1, 'Zeta'],
      [2, 'Alpha'],
      [3, 'Mid'],
    ]);
    let version = 0;
    const cols = [
      { field: 'code', valueType: 'text' as const },
      { field: 'brand', valueType: 'int' as const, sortText: { of: (v: unknown) => names.get(v) ?? '', version: () => version } },
    ];
    const data = [
      { code: 'A', brand: 1 },
      { code: 'B', brand: 2 },
      { code: 'C', brand: null },
      { code: 'D', brand: 3 },
    ];
    const m = new ClientRowModel(data, { columns: cols, keys: ['code'], rowId: (r) => String(r.code), sync: true });
    const order = (sort: 'asc' | 'desc') => [...m.query({ sortModel: [{ colId: 'brand', sort }], filterModel: {}, lang: 'en' })].map((i) => m.rows[i]!.code);
    expect(order('asc')).toEqual(['B', 'D', 'A', 'C']);
    expect(order('desc')).toEqual(['A', 'D', 'B', 'C']); // empty last both ways, as the server sorts NULL
    names.set(1, 'Aaa');
    version++;
    expect(order('asc')).toEqual(['A', 'B', 'D', 'C']);
  });
});
