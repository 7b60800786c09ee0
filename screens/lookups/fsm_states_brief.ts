import { defineScreen } from '../../schemas/screen.ts';

/** Workflow states by their names; the type is listed so a choice can be told apart (the database refuses another type's state). */
export default defineScreen({
  form: 'fsm_states_brief',
  access: 'authenticated',
  source: {
    relation: 'app.fsm_states',
    key: 'state_id',
    sort: [
      { colId: 'type_code', sort: 'asc' },
      { colId: 'state_id', sort: 'asc' },
    ],
  },
  columns: { state_id: { type: 'int' }, state_names: { type: 'multi' }, type_code: {} },
});
