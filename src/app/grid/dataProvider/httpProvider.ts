/**
 * The grid's data provider over HTTP: each method one api_action (or route) with the
 * contract's answer schema named, so the answer's type is the contract's (client.ts
 * `api.action<'…Output'>`); the custom actions through their typed calls (api/actionCall.ts).
 * Kept small: it is on the list route.
 */
// On the list route: each call from its own module, not the namespace of all (api/actions.ts), which would bring them all.
import { change_labels } from '../../../generated/actions/change_labels.ts';
import { grid_state_list } from '../../../generated/actions/grid_state_list.ts';
import { grid_state_set } from '../../../generated/actions/grid_state_set.ts';
import { grid_views_add } from '../../../generated/actions/grid_views_add.ts';
import { grid_views_delete } from '../../../generated/actions/grid_views_delete.ts';
import { grid_views_list } from '../../../generated/actions/grid_views_list.ts';
import { grid_views_set } from '../../../generated/actions/grid_views_set.ts';
import { keep_in_stock } from '../../../generated/actions/keep_in_stock.ts';
import { purchase_price_update_filter } from '../../../generated/actions/purchase_price_update_filter.ts';
import { purchase_price_update_set } from '../../../generated/actions/purchase_price_update_set.ts';
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
    list: (p) => resendStateSave(p.form, gridKey(p.form)).then(() => grid_state_list(p)),
    set: grid_state_set,
  },
  views: {
    list: grid_views_list,
    add: grid_views_add,
    set: grid_views_set,
    delete: grid_views_delete,
  },
  keepInStock: keep_in_stock,
  changeLabels: change_labels,
  priceUpdate: {
    preview: purchase_price_update_filter,
    apply: purchase_price_update_set,
  },
};
