/**
 * The grid's TanStack table outside React (tests): the same features, ColumnDefs, options
 * and change handlers as `useGridTable`, over a plain `ViewState` that the handlers
 * update, with TanStack's store reactivity instead of React's.
 */
import { constructTable } from '@tanstack/table-core';
import { storeReactivityBindings } from '@tanstack/table-core/store-reactivity-bindings';
import type { GridModel } from '../../src/app/grid/columns.ts';
import { defaultViewState, type ViewState } from '../../src/app/grid/columnState.ts';
import { buildLayout } from '../../src/app/grid/layout.ts';
import { gridFeatures, type GridTable } from '../../src/app/grid/table/gridFeatures.ts';
import { columnDefs, gridTableOptions, tableHandlers, withSelect } from '../../src/app/grid/table/gridTable.ts';

export function testGrid(model: GridModel, init: Partial<ViewState> = {}, o: { selectable?: boolean; headerNeed?: Record<string, number> } = {}) {
  const selectable = o.selectable ?? false;
  let state: ViewState = { ...defaultViewState(model), ...init };
  let expanded: Record<string, boolean> = {};
  const handlers = tableHandlers(
    (update) => {
      state = update(state);
      sync();
    },
    (u) => {
      expanded = typeof u === 'function' ? (u(expanded) as Record<string, boolean>) : (u as Record<string, boolean>);
      sync();
    },
    selectable,
  );
  const options = () => {
    const pinning = withSelect(state.columnPinning, selectable);
    const columns = columnDefs(model, selectable, o.headerNeed ?? {}, new Set([...pinning.start, ...pinning.end]));
    return gridTableOptions(columns, state, pinning, expanded, handlers);
  };
  const first = options();
  const features = { coreReactivityFeature: storeReactivityBindings(), ...gridFeatures } as unknown as typeof gridFeatures;
  const table = constructTable({ ...first, features }) as unknown as GridTable;
  function sync() {
    const next = options();
    table.setOptions((prev) => ({ ...prev, ...next, features: prev.features }));
  }
  return {
    table,
    get state() {
      return state;
    },
    /** Replaces the state (as a restore would). */
    set(s: Partial<ViewState>) {
      state = { ...state, ...s };
      sync();
    },
    layout: (canSet = true) => buildLayout(table, state.columnSizing, canSet),
  };
}
