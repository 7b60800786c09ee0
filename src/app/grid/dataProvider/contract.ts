/**
 * What the grid's data provider sends and gets, per method — every type read from the HTTP
 * contract (src/generated/api.ts: openapi-typescript over schemas/openapi.yaml, which codegen
 * builds from schemas/api.ts and the descriptors). Nothing here restates a field: a change of
 * the contract changes these types, and the compiler finds every caller it breaks.
 */
import type { components } from '../../../generated/api.ts';
import type { ActionData as Data } from '../../api/types.ts';

type S = components['schemas'];
/** An answer whose `rows` (or `row`) are the form's rows. */
type WithRows<T, R> = Omit<T, 'rows'> & { rows: R[] };
type WithRow<T, R> = Omit<T, 'row'> & { row: R };

/** Every form (api_action entity of a descriptor) by name. */
export type FormName = keyof S['FormRows'];
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
export type LocateResult = Data<'LocateOutput'>;

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
export type ExportParams = S['ExportInput'];
export type TranslateParams = S['GtInput'];
export type TranslateResult = S['TranslateOutput'];

export type GridStateListParams = S['GridStateListPayload'];
export type GridStateListResult = Data<'GridStateListOutput'>;
export type GridStateSetParams = S['GridStateSetPayload'];
export type GridStateSetResult = Data<'GridStateSetOutput'>;
export type SavedView = S['GridView'];
export type ViewsListParams = S['GridViewsListPayload'];
export type ViewsListResult = Data<'GridViewsListOutput'>;
export type ViewAddParams = S['GridViewAddPayload'];
export type ViewSetParams = S['GridViewSetPayload'];
export type ViewResult = Data<'GridViewOutput'>;
export type ViewDeleteParams = S['GridViewDeletePayload'];

export type KeepInStockParams = S['KeepInStockPayload'];
export type KeepInStockResult = Data<'KeepInStockOutput'>;
export type ChangeLabelsParams = S['ChangeLabelsPayload'];
export type ChangeLabelsResult = Data<'ChangeLabelsOutput'>;
export type PriceUpdateParams = S['PurchasePriceUpdatePayload'];
export type PriceUpdatePreview = Data<'PurchasePricePreviewOutput'>;
export type PriceUpdateResult = Data<'PurchasePriceUpdateOutput'>;
