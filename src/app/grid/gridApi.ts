/**
 * The grid's server calls by their names (GridView and the grid's modules import them
 * from here): all of them go through the grid's data provider (dataProvider/provider.ts), typed
 * by the HTTP contract (dataProvider/contract.ts).
 */
export {
  AGG_FNS,
  addView,
  aggregate,
  allFilters,
  deleteKeys,
  deletePreview,
  deleteView,
  equalsItem,
  fetchAhead,
  fetchRows,
  fetchWindow,
  listViews,
  loadGridState,
  locateRow,
  saveGridState,
  setRow,
  setRows,
  translateText,
  undo,
  redo,
  updateView,
} from './dataProvider/calls.ts';
export type { AggFn, AggGroup, AggRequest, AggResult, Aggs, DeletePreview, Page, Query, SavedView, TotalFn, Window } from './dataProvider/calls.ts';
