/**
 * Issue 20 point 1: the column state saved per user is TanStack Table's state shape, as
 * the grid's table holds it, round-tripped as is; states saved before (`{"v":1,…}`) are
 * still read, so no user loses a saved view.
 */
import { describe, expect, it } from 'vitest';
import { parseScreen } from '../../schemas/screen.ts';
import productList from '../../screens/products/product_list.ts';
import { buildGridModel } from '../../src/app/grid/columns.ts';
import { toSaved } from '../../src/app/grid/columnState.ts';
import { readSaved } from '../../src/app/grid/features/viewState/savedShape.ts';
import { testGrid } from './gridTable.ts';

const model = buildGridModel(parseScreen(productList, 'screens/products/product_list.ts'));

describe('saved grid state', () => {
  it("is TanStack Table's state slices as the table holds them, and reads back the same", () => {
    const g = testGrid(model, {}, { selectable: true });
    const t = g.table;
    t.getColumn('weight')!.toggleSorting(undefined, false);
    t.getColumn('selling_price_shop')!.toggleSorting(undefined, true);
    t.getColumn('product_name')!.setFilterValue('Spade');
    t.getColumn('mf_id')!.toggleVisibility(false);
    t.getColumn('active')!.pin('end');
    t.setColumnOrder((old) => ['weight', ...old.filter((f) => f !== 'weight')]);
    t.setColumnSizing((old) => ({ ...old, weight: 123 }));
    t.getColumn('brand_id')!.toggleGrouping();
    const saved = JSON.parse(JSON.stringify(toSaved(g.state, model)));
    const state = t.atoms;
    expect(saved.v).toBe(2);
    expect(saved.sorting).toEqual(state.sorting.get());
    expect(saved.sorting).toEqual([
      { id: 'weight', desc: false },
      { id: 'selling_price_shop', desc: false },
    ]);
    expect(saved.columnFilters).toEqual(state.columnFilters.get());
    expect(saved.columnVisibility).toEqual(state.columnVisibility.get());
    expect(saved.columnVisibility.mf_id).toBe(false);
    expect(saved.columnOrder).toEqual(state.columnOrder.get());
    // The selection column is the grid's (always first): not saved.
    expect(state.columnPinning.get()).toEqual({ start: ['__select', 'product_code'], end: ['active'] });
    expect(saved.columnPinning).toEqual({ start: ['product_code'], end: ['active'] });
    expect(saved.columnSizing).toEqual(state.columnSizing.get());
    expect(saved.grouping).toEqual(state.grouping.get());
    expect(saved.grouping).toEqual(['brand_id']);
    const back = readSaved(saved, model);
    expect(back).toEqual({ ...g.state, filterCurrency: undefined });
  });

  it('reads a version 1 state as it was saved, and shows a column added since as the descriptor says', () => {
    const v1 = {
      v: 1,
      order: ['weight', 'product_code'],
      widths: { weight: 130 },
      hidden: ['mf_id'],
      pinned: { left: ['product_code'], right: ['active'] },
      sort: [{ colId: 'weight', sort: 'desc' }],
      filters: { product_name: 'Spade' },
      groupBy: ['brand_id'],
      aggs: { selling_price_shop: 'avg' },
      totals: true,
    };
    const s = readSaved(v1, model);
    expect(s.columnOrder[0]).toBe('weight');
    expect(s.columnOrder.indexOf('weight')).toBeLessThan(s.columnOrder.indexOf('product_code'));
    expect(s.columnSizing).toEqual({ weight: 130 });
    expect(s.columnPinning).toEqual({ start: ['product_code'], end: ['active'] });
    expect(s.sorting).toEqual([{ id: 'weight', desc: true }]);
    expect(s.columnFilters).toEqual([{ id: 'product_name', value: 'Spade' }]);
    expect(s.grouping).toEqual(['brand_id']);
    expect(s).toMatchObject({ aggs: { selling_price_shop: 'avg' }, totals: true });
    // Version 1 listed the hidden columns: every other one showed, a descriptor-hidden one too.
    expect(s.columnVisibility.mf_id).toBe(false);
    expect(s.columnVisibility.hs_code).toBe(true);
    // Saved again, it is version 2 and reads back the same.
    const again = JSON.parse(JSON.stringify(toSaved(s, model)));
    expect(again.v).toBe(2);
    expect(readSaved(again, model)).toEqual(s);
    // A version 2 state that does not name a column (added to the descriptor since): the descriptor's visibility.
    const { hs_code: _h, product_name: _p, ...older } = again.columnVisibility as Record<string, boolean>;
    const v2 = readSaved({ ...again, columnVisibility: older }, model);
    expect(v2.columnVisibility.hs_code).toBe(false);
    expect(v2.columnVisibility.product_name).toBe(true);
    expect(v2.columnVisibility.mf_id).toBe(false);
  });

  it('falls back part by part on a version 2 state of the wrong shape', () => {
    const s = readSaved({ v: 2, sorting: 'nope', columnFilters: [{ id: 'product_name', value: 3 }], columnSizing: { weight: 'x' }, grouping: ['product_name', 'brand_id'], totals: 1 }, model);
    expect(s.sorting).toEqual([]);
    expect(s.columnFilters).toEqual([]);
    expect(s.columnSizing).toEqual({});
    // Multi-language columns are not grouped by.
    expect(s.grouping).toEqual(['brand_id']);
    expect(s.totals).toBe(false);
  });
});
