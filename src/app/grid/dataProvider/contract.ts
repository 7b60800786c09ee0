/**
 * What the grid's data provider sends and gets, per method — every type read from the HTTP
 * contract (src/generated/api.ts: openapi-typescript over schemas/openapi.yaml, which codegen
 * builds from schemas/api.ts and the descriptors). Nothing here restates a field: a change of
 * the contract changes these types, and the compiler finds every caller it breaks.
 */
import type { components } from '../../../generated/api.ts';
import type { AnswerOf, PayloadOf } from '../../api/actions.ts';
import type { ActionData as Data } from '../../api/types.ts';

type S = components['schemas'];
/** An answer whose `rows` (or `row`) are the form's rows. */
type WithRows<T, R> = Omit<T, 'rows'> & { rows: R[] };
type WithRow<T, R> = Omit<T, 'row'> & { row: R };

/** Every form (api_action entity of a descriptor) by name. */
type FormName = keyof S['FormRows'];
/** The row of form F (keys, columns, version); of any form when F is only known as a string. */
export type FormRow<F extends string = string> = [F] extends [FormName] ? S['FormRows'][F] : S['Row'];

export type FilterItem = S['FilterItem'];
export type SortItem = S['SortModel'][number];

/** list: a window (or everything) under filters and sort; `search` on search lookups. */
export type ListParams = Omit<S['ListPayload'], 'locate'>;
export type ListResult<F extends string = string> = WithRows<Data<'ListOutput'>, FormRow<F>>;
/** filter: column = value equalities beside the window. */
export type FilterParams = S['FilterPayload'];
/** locate: where the row with this key stands in the order under the filters. */
export type LocateParams = Pick<S['ListPayload'], 'sortModel' | 'filterModel' | 'language'> & { locate: NonNullable<S['ListPayload']['locate']> };
type LocateResult = Data<'LocateOutput'>;

export type SetParams = S['SetPayload'];
export type SetResult<F extends string = string> = WithRow<Data<'SetOutput'>, FormRow<F>>;
export type SetManyParams = S['BulkSetPayload'];
export type SetManyResult<F extends string = string> = WithRows<Data<'BulkSetOutput'>, FormRow<F>>;
export type AddParams = S['AddPayload'];
export type AddResult<F extends string = string> = WithRow<Data<'AddOutput'>, FormRow<F>>;
export type DeleteParams = S['DeletePayload'];
export type DeleteResult = Data<'DeleteOutput'>;
export type DeletePreviewResult = Data<'DeletePreviewOutput'>;
export type UndoParams = S['UndoPayload'];
export type UndoResult<F extends string = string> = WithRows<Data<'UndoOutput'>, FormRow<F>>;
export type AggregateParams = S['AggregatePayload'];
export type AggregateResult = Data<'AggregateOutput'>;
export type AggregateValues = S['AggregateValues'];
export type AggregateGroup = S['AggregateGroup'];
/** The functions an aggregate may ask for per column (sum, avg, min, max, count). */
export type AggregateFunction = NonNullable<AggregateParams['aggregates']>[string][number];
type ExportParams = S['ExportInput'];
type TranslateParams = S['GtInput'];
export type TranslateResult = S['TranslateOutput'];

// The custom actions the grid calls: typed by their contracts (schemas/api.ts actionContracts, api/actions.ts).
type GridStateListParams = PayloadOf<'grid_state_list'>;
export type GridStateListResult = AnswerOf<'grid_state_list'>;
export type GridStateSetParams = PayloadOf<'grid_state_set'>;
type GridStateSetResult = AnswerOf<'grid_state_set'>;
export type SavedView = AnswerOf<'grid_views_list'>['rows'][number];
type ViewsListParams = PayloadOf<'grid_views_list'>;
type ViewsListResult = AnswerOf<'grid_views_list'>;
export type ViewAddParams = PayloadOf<'grid_views_add'>;
export type ViewSetParams = PayloadOf<'grid_views_set'>;
type ViewResult = AnswerOf<'grid_views_set'>;
type ViewDeleteParams = PayloadOf<'grid_views_delete'>;

export type KeepInStockParams = PayloadOf<'keep_in_stock'>;
export type KeepInStockResult = AnswerOf<'keep_in_stock'>;
export type ChangeLabelsParams = PayloadOf<'change_labels'>;
export type ChangeLabelsResult = AnswerOf<'change_labels'>;
export type PriceUpdateParams = PayloadOf<'purchase_price_update_set'>;
export type PriceUpdatePreview = AnswerOf<'purchase_price_update_filter'>;
type PriceUpdateResult = AnswerOf<'purchase_price_update_set'>;

/** The grid's data provider (provider.ts `gridData()`): each method typed by the contract above. */
export interface GridDataProvider {
  /** `list`: a window of rows under filters and sort, or all rows without a window; `search` on search lookups. */
  list<F extends string>(form: F, params: ListParams): Promise<ListResult<F>>;
  /** `filter`: the rows equal to column values (a detail grid's master key), with a window beside them. */
  filter<F extends string>(form: F, params: FilterParams): Promise<ListResult<F>>;
  /** `list` with `locate`: where one row stands in the order under the filters (null: filtered out). */
  locate(form: string, params: LocateParams): Promise<LocateResult>;
  /** `set` of one row: key, version and the changed fields → the row as stored, and its change-log id. */
  set<F extends string>(form: F, params: SetParams): Promise<SetResult<F>>;
  /** `set` of many rows in one transaction (all or nothing; errors name `payload.rows.<i>.<field>`). */
  setMany<F extends string>(form: F, params: SetManyParams): Promise<SetManyResult<F>>;
  add<F extends string>(form: F, params: AddParams): Promise<AddResult<F>>;
  delete(form: string, params: DeleteParams): Promise<DeleteResult>;
  /** What a delete of these keys would take (the rows, and per screen the rows going with them). */
  deletePreview(form: string, params: DeleteParams): Promise<DeletePreviewResult>;
  /** Reverts the user's own changes (or deletes) by their change-log ids; answers the rows as they are now. */
  undo<F extends string>(form: F, params: UndoParams): Promise<UndoResult<F>>;
  /** Takes back an undo by the log ids it answered: the undone values written again through the set path. */
  redo<F extends string>(form: F, params: UndoParams): Promise<UndoResult<F>>;
  aggregate(form: string, params: AggregateParams): Promise<AggregateResult>;
  /** The view as a CSV or XLSX file (POST /api/export/{form}). */
  export(form: string, params: ExportParams): Promise<Blob>;
  /** Machine translation of a text into several languages (POST /api/gt). */
  translate(params: TranslateParams): Promise<TranslateResult>;
  /** The user's saved column state per screen (custom entity grid_state). */
  gridState: {
    list(params: GridStateListParams): Promise<GridStateListResult>;
    set(params: GridStateSetParams): Promise<GridStateSetResult>;
  };
  /** Named views, own and shared (custom entity grid_views). */
  views: {
    list(params: ViewsListParams): Promise<ViewsListResult>;
    add(params: ViewAddParams): Promise<ViewResult>;
    set(params: ViewSetParams): Promise<ViewResult>;
    delete(params: ViewDeleteParams): Promise<AnswerOf<'grid_views_delete'>>;
  };
  /** The keep-in-stock cell's click: writes (and change-logs) the product_list row. */
  keepInStock(params: KeepInStockParams): Promise<KeepInStockResult>;
  /** The texts of the ref values of change log entries (change summary cells). */
  changeLabels(params: ChangeLabelsParams): Promise<ChangeLabelsResult>;
  /** The bulk purchase price update: its preview and its one transaction. */
  priceUpdate: {
    preview(params: PriceUpdateParams): Promise<PriceUpdatePreview>;
    apply(params: PriceUpdateParams): Promise<PriceUpdateResult>;
  };
}
