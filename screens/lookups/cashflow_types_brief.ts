import { defineScreen } from '../../schemas/screen.ts';

/** Cashflow categories (the spec's type_code) by their names, each with its direction in or out (shared reference data). */
export default defineScreen({
  form: 'cashflow_types_brief',
  access: 'authenticated',
  source: { relation: 'app.cashflow_types', key: 'type_code', sort: [{ colId: 'position', sort: 'asc' }] },
  columns: { type_code: {}, type_names: { type: 'multi' }, direction: {}, position: { type: 'int' } },
});
