import { defineScreen } from '../../schemas/screen.ts';

/** Cashflow categories (the spec's type_code) by their names, which say the direction, in or out (shared reference data). */
export default defineScreen({
  form: 'cashflow_types_brief',
  access: 'authenticated',
  source: { relation: 'app.cashflow_types', key: 'type_code' },
  columns: { type_code: {}, type_names: { type: 'multi' } },
});
