import { defineScreen } from '../../schemas/screen.ts';

/** Workflow states by their type's and their own names ('Sales order · Cancelled': types share state names). */
export default defineScreen({
  form: 'fsm_states_brief',
  access: 'authenticated',
  source: {
    relation: 'app.v_fsm_states_brief',
    key: 'state_id',
    sort: [
      { colId: 'type_code', sort: 'asc' },
      { colId: 'state_id', sort: 'asc' },
    ],
  },
  columns: { state_id: { type: 'int' }, state_names: { type: 'multi' }, type_code: {} },
});
