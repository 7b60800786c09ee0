/**
 * The grid's one data provider (react-admin's DataProvider, in this project's words): every
 * server call of the grids, typed per method by the HTTP contract (contract.ts). The grid's
 * modules reach the server only through `gridData()`; the browser's provider is the HTTP
 * one (httpProvider.ts), a test puts an in-memory one in its place (testDataProvider.ts).
 *
 * `F` is the form: a form named literally gets its own row type (`FormRow<'brands'>`), a
 * form known only at run time (`screen.form`) the row of any form.
 */
import type * as C from './contract.ts';
import { httpDataProvider } from './httpProvider.ts';

export interface GridDataProvider {
  /** `list`: a window of rows under filters and sort, or all rows without a window; `search` on search lookups. */
  list<F extends string>(form: F, params: C.ListParams): Promise<C.ListResult<F>>;
  /** `filter`: the rows equal to column values (a detail grid's master key), with a window beside them. */
  filter<F extends string>(form: F, params: C.FilterParams): Promise<C.ListResult<F>>;
  /** `list` with `locate`: where one row stands in the order under the filters (null: filtered out). */
  locate(form: string, params: C.LocateParams): Promise<C.LocateResult>;
  /** `set` of one row: key, version and the changed fields → the row as stored, and its change-log id. */
  set<F extends string>(form: F, params: C.SetParams): Promise<C.SetResult<F>>;
  /** `set` of many rows in one transaction (all or nothing; errors name `payload.rows.<i>.<field>`). */
  setMany<F extends string>(form: F, params: C.SetManyParams): Promise<C.SetManyResult<F>>;
  add<F extends string>(form: F, params: C.AddParams): Promise<C.AddResult<F>>;
  delete(form: string, params: C.DeleteParams): Promise<C.DeleteResult>;
  /** What a delete of these keys would take (the rows, and per screen the rows going with them). */
  deletePreview(form: string, params: C.DeleteParams): Promise<C.DeletePreviewResult>;
  /** Reverts the user's own changes (or deletes) by their change-log ids; answers the rows as they are now. */
  undo<F extends string>(form: F, params: C.UndoParams): Promise<C.UndoResult<F>>;
  /** Takes back an undo by the log ids it answered: the undone values written again through the set path. */
  redo<F extends string>(form: F, params: C.UndoParams): Promise<C.UndoResult<F>>;
  aggregate(form: string, params: C.AggregateParams): Promise<C.AggregateResult>;
  /** The view as a CSV or XLSX file (POST /api/export/{form}). */
  export(form: string, params: C.ExportParams): Promise<Blob>;
  /** Machine translation of a text into several languages (POST /api/gt). */
  translate(params: C.TranslateParams): Promise<C.TranslateResult>;
  /** The user's saved column state per screen (custom entity grid_state). */
  gridState: {
    list(params: C.GridStateListParams): Promise<C.GridStateListResult>;
    set(params: C.GridStateSetParams): Promise<C.GridStateSetResult>;
  };
  /** Named views, own and shared (custom entity grid_views). */
  views: {
    list(params: C.ViewsListParams): Promise<C.ViewsListResult>;
    add(params: C.ViewAddParams): Promise<C.ViewResult>;
    set(params: C.ViewSetParams): Promise<C.ViewResult>;
    delete(params: C.ViewDeleteParams): Promise<C.DeleteResult>;
  };
  /** The keep-in-stock cell's click: writes (and change-logs) the product_list row. */
  keepInStock(params: C.KeepInStockParams): Promise<C.KeepInStockResult>;
  /** The texts of the ref values of change log entries (change summary cells). */
  changeLabels(params: C.ChangeLabelsParams): Promise<C.ChangeLabelsResult>;
  /** The bulk purchase price update: its preview and its one transaction. */
  priceUpdate: {
    preview(params: C.PriceUpdateParams): Promise<C.PriceUpdatePreview>;
    apply(params: C.PriceUpdateParams): Promise<C.PriceUpdateResult>;
  };
}

let current: GridDataProvider = httpDataProvider;

/** The provider the grid calls now. */
export const gridData = (): GridDataProvider => current;

/** Puts a provider in place (a test's in-memory one); answers the undo. */
export function setGridDataProvider(p: GridDataProvider): () => void {
  const before = current;
  current = p;
  return () => {
    current = before;
  };
}
