/**
 * The grid's data provider: its types come from the contract (a form's rows are that
 * form's, a wrong payload does not compile — checked by `tsc`, which covers tests/), and
 * the grid's calls (gridApi.ts) answer over the in-memory provider as the grid needs:
 * a detail grid's windows, keyset windows that continue a window, rows by key, a row's
 * position, saved views and grid state.
 */
import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { ApiError, api } from '../../src/app/api/client.ts';
import type { FormRow, ListResult } from '../../src/app/grid/dataProvider/contract.ts';
import type { GridDataProvider } from '../../src/app/grid/dataProvider/contract.ts';
import { gridData, setGridDataProvider } from '../../src/app/grid/dataProvider/provider.ts';
import { testDataProvider } from '../../src/app/grid/dataProvider/testDataProvider.ts';
import { addView, aggregate, deletePreview, fetchRows, fetchWindow, listViews, loadGridState, locateRow, saveGridState, updateView, type Query } from '../../src/app/grid/gridApi.ts';
import brandsCompact from '../../src/generated/screens/brands.ts';
import productTranslationsCompact from '../../src/generated/screens/product_translations.ts';
import { expand } from '../../src/generated/screenDefaults.ts';
const brands = expand(brandsCompact);
const productTranslations = expand(productTranslationsCompact);

describe("the provider's types, from the contract", () => {
  it('give a form named literally its own rows, a form known at run time rows of any form', () => {
    // Compiled, not run: `tsc --noEmit` checks these lines.
    const typed = async (p: GridDataProvider, form: string) => {
      const b = await p.list('brands', { endRow: 10 });
      expectTypeOf(b.rows[0]!.brand_id).toEqualTypeOf<number>();
      expectTypeOf(b.rows[0]!.brand_name).toEqualTypeOf<string | null>();
      expectTypeOf(b.totalExact).toEqualTypeOf<boolean>();
      // @ts-expect-error brands rows have no product_code
      void b.rows[0]!.product_code;
      const t = await p.set('product_translations', { product_code: 'P1', language_code: 'de', row_version: 1, product_name: 'Stuhl' });
      expectTypeOf(t.row).toEqualTypeOf<FormRow<'product_translations'>>();
      expectTypeOf(t.row.language_position).toEqualTypeOf<number | null>();
      const any = await p.list(form, {});
      expectTypeOf(any).toEqualTypeOf<ListResult>();
      expectTypeOf(any.rows[0]!).toEqualTypeOf<Record<string, unknown>>();
      // @ts-expect-error a list payload has no such field
      await p.list('brands', { endRows: 10 });
      // @ts-expect-error sort is asc or desc
      await p.list('brands', { sortModel: [{ colId: 'brand_name', sort: 'up' }] });
      // @ts-expect-error keep_in_stock is 0, 1 or 2
      await p.keepInStock({ product_code: 'P1', keep_in_stock: 3 });
      const agg = await p.aggregate('brands', { aggregates: { brand_id: ['sum', 'count'] } });
      expectTypeOf(agg.totals.aggs[0]!.sum).toEqualTypeOf<string | number | null | undefined>();
      // @ts-expect-error an api_action answer is named by a contract schema, never by a type the caller makes up
      await api.action<{ rows: { brand_id: number }[] }>('brands', 'list');
      expectTypeOf(await api.action<'DeleteOutput'>('brands', 'delete', { keys: [1] })).toEqualTypeOf<{ deleted: number; log_ids?: number[] }>();
    };
    expect(typed).toBeTypeOf('function');
  });
});

const brandRows = [
  { brand_id: 1, brand_name: 'Nordvik', active: true, row_version: 1 },
  { brand_id: 2, brand_name: 'Ferrano', active: false, row_version: 1 },
  { brand_id: 3, brand_name: 'Aurora', active: true, row_version: 1 },
  { brand_id: 4, brand_name: null, active: true, row_version: 1 },
];
const texts = ['en', 'de', 'hu', 'sk'].flatMap((language_code, i) =>
  ['P1', 'P2'].map((product_code) => ({
    product_code,
    language_code,
    language_position: i,
    product_name: `${product_code} ${language_code}`,
    description_short: i % 2 ? null : 'short',
    description: null,
    row_version: 1,
  })),
);

describe("the grid's calls over the in-memory provider", () => {
  let restore: () => void;
  beforeEach(() => {
    restore = setGridDataProvider(testDataProvider([brands, productTranslations], { brands: brandRows, product_translations: texts }));
  });
  afterEach(() => restore());

  const q = (over: Partial<Query> = {}): Query => ({ form: 'brands', sortModel: [], filterModel: {}, language: 'en', ...over });

  it("answers a detail grid's rows of its master, with and without column filters, in the screen's order", async () => {
    const detail = q({ form: 'product_translations', fixed: { product_code: 'P2' } });
    const all = await fetchWindow(detail, { startRow: 0, endRow: 10 });
    expect(all.rows.map((r) => r.language_code)).toEqual(['en', 'de', 'hu', 'sk']);
    expect(all.total).toBe(4);
    const filtered = await fetchWindow({ ...detail, filterModel: { description_short: { filterType: 'text', type: 'notBlank' } } }, { startRow: 0, endRow: 10 });
    expect(filtered.rows.map((r) => [r.product_code, r.language_code])).toEqual([
      ['P2', 'en'],
      ['P2', 'hu'],
    ]);
  });

  it('continues a window by keyset where the offset window would, nulls last', async () => {
    const sorted = q({ sortModel: [{ colId: 'brand_name', sort: 'asc' }] });
    const first = await fetchWindow(sorted, { startRow: 0, endRow: 2 });
    expect(first.rows.map((r) => r.brand_name)).toEqual(['Aurora', 'Ferrano']);
    const last = first.rows[1]!;
    const next = await fetchWindow(sorted, { startRow: 2, endRow: 4, after: [last.brand_name, last.brand_id] });
    expect(next.rows).toEqual((await fetchWindow(sorted, { startRow: 2, endRow: 4 })).rows);
    expect(next.rows.map((r) => r.brand_name)).toEqual(['Nordvik', null]);
  });

  it('fetches rows by key as they are now, one key or compound keys, leaving out rows that are gone', async () => {
    expect((await fetchRows('brands', [{ brand_id: 3 }, { brand_id: 9 }, { brand_id: 1 }])).map((r) => r.brand_id).sort()).toEqual([1, 3]);
    const rows = await fetchRows('product_translations', [
      { product_code: 'P1', language_code: 'hu' },
      { product_code: 'P3', language_code: 'de' },
    ]);
    expect(rows).toEqual([texts.find((t) => t.product_code === 'P1' && t.language_code === 'hu')]);
  });

  it('tells where a row stands under the filters and sort, or that the filters leave it out', async () => {
    const sorted = q({ sortModel: [{ colId: 'brand_name', sort: 'desc' }] });
    expect(await locateRow(sorted, { brand_id: 3 })).toBe(2); // NULL last descending too (core/query/order.ts): Nordvik, Ferrano, Aurora, —
    expect(await locateRow({ ...sorted, filterModel: { active: { filterType: 'set', values: [true] } } }, { brand_id: 2 })).toBeNull();
  });

  it("aggregates and previews a delete with the server's shapes", async () => {
    const r = await aggregate('brands', { groupBy: ['active'], aggregates: { brand_id: ['count', 'max'] } });
    expect(r.groups.map((g) => [g.key.active, g.count, g.aggs.brand_id?.max])).toEqual([
      [false, 1, 2],
      [true, 3, 4],
    ]);
    expect(r.totals).toEqual({ count: 4, aggs: { brand_id: { count: 4, max: 4 } } });
    expect(await deletePreview('brands', [1, 3, 7])).toEqual({
      count: 2,
      rows: [
        { key: '1', name: 'Nordvik' },
        { key: '3', name: 'Aurora' },
      ],
      dependents: [],
    });
  });

  it('keeps saved views and the grid state with the view applied; a taken name is a 409 view_name_taken', async () => {
    const state = { v: 1 as const, order: ['brand_name'], widths: {}, hidden: [], pinned: { left: [], right: [] }, sort: [], filters: {}, aggs: {}, totals: false, groupBy: [] };
    const a = (await addView('brands', 'Active ones', false, state)).row;
    const b = (await addView('brands', 'By name', true, { ...state, order: ['brand_id'] })).row;
    await saveGridState('brands', { ...state, totals: true }, b.view_id);
    const saved = (await loadGridState('brands')).rows[0]!;
    // Read back checked by the server (core/savedGridState.ts): version 1 in version 2's parts.
    expect(saved.state).toMatchObject({ v: 2, columnOrder: ['brand_name'], legacyHidden: [], columnPinning: { start: [], end: [] }, totals: true });
    expect(saved.view).toMatchObject({ view_id: b.view_id, name: 'By name', state: { v: 2, columnOrder: ['brand_id'], totals: false } });
    const taken = await updateView(a, { name: 'By name' }).catch((e: unknown) => e);
    expect(taken).toBeInstanceOf(ApiError);
    expect((taken as ApiError).code).toBe('view_name_taken');
    expect((await updateView(a, { name: 'Mine' })).row).toMatchObject({ name: 'Mine', row_version: 2 });
    expect((await listViews('brands')).rows.map((v) => v.name)).toEqual(['Mine', 'By name']);
  });

  it('is the provider the grid calls until the test puts the old one back', () => {
    const mine = gridData();
    restore();
    expect(gridData()).not.toBe(mine);
    restore = setGridDataProvider(mine);
  });
});
