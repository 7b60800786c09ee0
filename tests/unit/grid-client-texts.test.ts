import { describe, expect, it } from 'vitest';
import { parseScreen } from '../../schemas/screen.ts';
import { ClientRowModel } from '../../src/app/grid/rowModel/ClientRowModel.ts';
import { groupCounts, queryColumns, textsRead } from '../../src/app/grid/rowModel/clientColumns.ts';
import type { QueryColumn } from '../../src/app/grid/rowModel/clientQuery.ts';
import { buildGridModel } from '../../src/app/grid/columns.ts';
import type { GroupOrder } from '../../src/app/grid/rowModel/grouping.ts';
import productList from '../../screens/products/product_list.ts';
import { addLookups } from '../../src/app/grid/lookupScreens.ts';
import { lookupScreens } from '../../src/generated/lookups.ts';

// The lookups the screens' chunks bring in the browser (pages/loadScreen.ts).
addLookups(lookupScreens);

// The texts a looked-up column shows come with the query (ClientQuery.columns), not with
// the model: the grid's texts change (a lookup arrives, the language changes) while the
// model, and its caches, stay.
describe('the shown texts a client query reads', () => {
  const data = [
    { code: 'A', brand: 1 },
    { code: 'B', brand: 2 },
    { code: 'C', brand: null },
    { code: 'D', brand: 3 },
  ];
  const plain: QueryColumn[] = [
    { field: 'code', valueType: 'text' },
    { field: 'brand', valueType: 'int' },
  ];
  const withNames = (names: Record<number, string>, version: number) =>
    new Map<string, QueryColumn>([
      ['code', plain[0]!],
      ['brand', { ...plain[1]!, sortText: { of: (v) => names[v as number] ?? '', version: () => version } }],
    ]);
  const model = new ClientRowModel(data, { columns: plain, keys: ['code'], rowId: (r) => String(r.code), sync: true });
  const order = (columns?: ReadonlyMap<string, QueryColumn>) =>
    [...model.query({ sortModel: [{ colId: 'brand', sort: 'asc' }], filterModel: {}, lang: 'en', columns })].map((i) => model.rows[i]!.code);

  it('sorts by the query’s texts, and by the values without them', () => {
    expect(order()).toEqual(['A', 'B', 'D', 'C']);
    expect(order(withNames({ 1: 'Zeta', 2: 'Alpha', 3: 'Mid' }, 1))).toEqual(['B', 'D', 'A', 'C']);
    // Other texts (a lookup arrived): a new version, sorted anew.
    expect(order(withNames({ 1: 'Aaa', 2: 'Alpha', 3: 'Mid' }, 2))).toEqual(['A', 'B', 'D', 'C']);
  });

  it('counts groups over the rows a filter by shown text keeps', async () => {
    const texts = new Map<string, QueryColumn>([
      ['code', { ...plain[0]!, filterText: (v) => `item ${String(v)}` }],
      ['brand', plain[1]!],
    ]);
    const r = await groupCounts(model, texts, { code: { filterType: 'text', type: 'contains', filter: 'item a' } }, 'en', ['brand']);
    expect(r.groups.map((g) => g.count)).toEqual([1]);
  });
});

describe('the grid’s columns with their shown texts', () => {
  const grid = buildGridModel(parseScreen(productList, 'screens/products/product_list.ts'));
  const names: Record<string, string> = { '1': 'Zeta', '2': 'Alpha' };
  const byName: GroupOrder = { key: (field, v) => (field === 'brand_id' ? names[String(v)] : v), desc: () => false };

  it('gives looked-up columns their texts, with a version per set of texts', () => {
    const a = queryColumns(grid, byName);
    const b = queryColumns(grid, byName);
    expect(a.get('brand_id')!.sortText!.of(2)).toBe('Alpha');
    expect(a.get('brand_id')!.sortText!.version()).not.toBe(b.get('brand_id')!.sortText!.version());
    expect(a.get('product_code')!.sortText).toBeUndefined();
    expect(queryColumns(grid).get('brand_id')!.sortText!.of(2)).toBe('2');
  });

  it('are part of a view’s query only where it sorts or filters by them', () => {
    const texts = queryColumns(grid, byName);
    expect(textsRead(texts, [{ colId: 'brand_id', sort: 'asc' }], undefined, {})).toBe(texts);
    expect(textsRead(texts, [{ colId: 'product_code', sort: 'asc' }], undefined, {})).toBeUndefined();
    expect(textsRead(texts, [], [{ colId: 'brand_id', sort: 'desc' }], {})).toBe(texts);
    expect(textsRead(texts, [], undefined, { weight: { filterType: 'number', type: 'greaterThan', filter: 1 } })).toBeUndefined();
  });
});
