import { defineScreen } from '../../schemas/screen.ts';

/** Spec §7 fsm_states (listed without payload): every workflow type's states; one in use (a transition, an instance) cannot be deleted (409 in_use). */
export default defineScreen({
  form: 'fsm_states',
  menu: { icon: 'circle-dot', order: 2 },
  source: {
    relation: 'app.fsm_states',
    key: 'state_id',
    write: 'app.fsm_states',
    version: 'row_version',
    sort: [
      { colId: 'type_code', sort: 'asc' },
      { colId: 'state_id', sort: 'asc' },
    ],
  },
  columns: {
    state_id: { type: 'int', width: 100 },
    type_code: { width: 150 },
    state_code: { width: 200 },
    state_names: { type: 'multi', editable: true, required: true, maxLength: 100 },
    initial_state: { type: 'bool', renderer: 'checkbox', width: 100 },
    final_state: { type: 'bool', renderer: 'checkbox', editable: true, width: 100 },
    show_in_filters: { type: 'bool', renderer: 'checkbox', editable: true, width: 100 },
  },
  actions: { delete: true },
});
