import { defineScreen } from '../../schemas/screen.ts';

/** The company's partners that may be named on an order (not deleted); suppliers flagged for purchase orders. */
export default defineScreen({
  form: 'partners_brief',
  access: 'authenticated',
  source: { relation: 'app.v_partners_brief', key: 'partner_id', company: 'company_code', sort: [{ colId: 'partner_name', sort: 'asc' }] },
  columns: { partner_id: { type: 'int' }, partner_name: {}, is_supplier: { type: 'bool' } },
});
