import { defineScreen } from '../../schemas/screen.ts';

/**
 * Spec §7 fsm_events (listed without payload): every workflow type's events with their
 * params (bv_variant, bv_icon, checkbox, email); one a transition or a type's timeout or
 * loop names cannot be deleted (409 in_use).
 */
export default defineScreen({
  form: 'fsm_events',
  menu: { icon: 'zap', order: 3 },
  source: {
    relation: 'app.fsm_events',
    key: 'event_id',
    write: 'app.fsm_events',
    version: 'row_version',
    sort: [
      { colId: 'type_code', sort: 'asc' },
      { colId: 'event_id', sort: 'asc' },
    ],
  },
  columns: {
    event_id: { type: 'int', width: 100 },
    type_code: { width: 150 },
    event_code: { width: 200 },
    event_names: { type: 'multi', editable: true, required: true, maxLength: 100 },
    event_params: { type: 'json', width: 250 },
  },
  actions: { delete: true },
});
