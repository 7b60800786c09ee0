import { defineScreen } from '../../schemas/screen.ts';

/** The company's payment methods (an order's payment). */
export default defineScreen({
  form: 'payment_methods_brief',
  access: 'authenticated',
  source: { relation: 'app.payment_methods', key: 'pm_id', company: 'company_code', sort: [{ colId: 'position', sort: 'asc' }] },
  columns: { pm_id: { type: 'int' }, pm_names: { type: 'multi' }, pm_code: {}, position: { type: 'int', hidden: true } },
});
