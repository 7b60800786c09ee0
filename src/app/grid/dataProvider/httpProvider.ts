/**
 * The grid's data provider over HTTP: each method one api_action (or route) with the
 * contract's answer schema named, so the answer's type is the contract's (client.ts
 * `api.action<'…Output'>`). Kept small: it is on the list route.
 */
import { api } from '../../api/client.ts';
import { resendStateSave } from '../../api/startData.ts';
import { gridKey } from '../../session/session.ts';
import type { ActionAnswer, ActionData } from '../../api/types.ts';
import type * as C from './contract.ts';

/**
 * An answer whose rows are form F's: the contract states the rows of each form
 * (`FormRows.<form>`, checked against every form's answers by tests/api/contract.test.ts);
 * a form known only at run time has rows of any form.
 */
const ofForm = <R>(answer: Promise<ActionData<ActionAnswer>>) => answer as Promise<R>;

export const httpDataProvider: C.GridDataProvider = {
  list: <F extends string>(form: F, p: C.ListParams) => ofForm<C.ListResult<F>>(api.action<'ListOutput'>(form, 'list', p)),
  filter: <F extends string>(form: F, p: C.FilterParams) => ofForm<C.ListResult<F>>(api.action<'ListOutput'>(form, 'filter', p)),
  locate: (form, p) => api.action<'LocateOutput'>(form, 'list', p),
  set: <F extends string>(form: F, p: C.SetParams) => ofForm<C.SetResult<F>>(api.action<'SetOutput'>(form, 'set', p)),
  setMany: <F extends string>(form: F, p: C.SetManyParams) => ofForm<C.SetManyResult<F>>(api.action<'BulkSetOutput'>(form, 'set', p)),
  add: <F extends string>(form: F, p: C.AddParams) => ofForm<C.AddResult<F>>(api.action<'AddOutput'>(form, 'add', p)),
  delete: (form, p) => api.action<'DeleteOutput'>(form, 'delete', p),
  deletePreview: (form, p) => api.action<'DeletePreviewOutput'>(form, 'delete_preview', p),
  undo: <F extends string>(form: F, p: C.UndoParams) => ofForm<C.UndoResult<F>>(api.action<'UndoOutput'>(form, 'undo', p)),
  redo: <F extends string>(form: F, p: C.UndoParams) => ofForm<C.UndoResult<F>>(api.action<'UndoOutput'>(form, 'redo', p)),
  aggregate: (form, p) => api.action<'AggregateOutput'>(form, 'aggregate', p),
  export: (form, p) => api.download(`/api/export/${form}`, p),
  translate: (p) => api.post<C.TranslateResult>('/api/translate', p),
  gridState: {
    // A save the last page may have left under way goes first (api/startData.ts).
    list: (p) => resendStateSave(p.form, gridKey(p.form)).then(() => api.action<'GridStateListOutput'>('grid_state', 'list', p)),
    set: (p) => api.action<'GridStateSetOutput'>('grid_state', 'set', p),
  },
  views: {
    list: (p) => api.action<'GridViewsListOutput'>('grid_views', 'list', p),
    add: (p) => api.action<'GridViewOutput'>('grid_views', 'add', p),
    set: (p) => api.action<'GridViewOutput'>('grid_views', 'set', p),
    delete: (p) => api.action<'DeleteOutput'>('grid_views', 'delete', p),
  },
  keepInStock: (p) => api.action<'KeepInStockOutput'>('keep_in_stock', 'set', p),
  changeLabels: (p) => api.action<'ChangeLabelsOutput'>('change_labels', 'list', p),
  priceUpdate: {
    preview: (p) => api.action<'PurchasePricePreviewOutput'>('purchase_price_update', 'filter', p),
    apply: (p) => api.action<'PurchasePriceUpdateOutput'>('purchase_price_update', 'set', p),
  },
};
