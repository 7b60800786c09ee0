import { defineScreen } from '../../schemas/screen.ts';

/**
 * Spec §7 fsm_types (listed without payload): the workflow types, shared by all companies.
 * Their events and timeouts are defined in fsm_events and fsm_transitions.
 */
export default defineScreen({
  form: 'fsm_types',
  menu: { icon: 'shapes', order: 1 },
  source: { relation: 'app.fsm_types', key: 'type_code', write: 'app.fsm_types', version: 'row_version', sort: [{ colId: 'type_code', sort: 'asc' }] },
  columns: {
    type_code: { width: 150 },
    type_names: { type: 'multi', editable: true, required: true, maxLength: 100 },
    timeout_event_code: { width: 150 },
    on_loop: { width: 150 },
    default_loop_interval: { type: 'int', editable: true, min: 1, max: 31_536_000, width: 150 },
    page_code: { width: 200 },
  },
});
