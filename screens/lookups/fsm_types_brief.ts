import { defineScreen } from '../../schemas/screen.ts';

/** Workflow types by their names (definitions, no company). */
export default defineScreen({
  form: 'fsm_types_brief',
  access: 'authenticated',
  source: { relation: 'app.fsm_types', key: 'type_code', sort: [{ colId: 'type_code', sort: 'asc' }] },
  columns: { type_code: {}, type_names: { type: 'multi' } },
});
