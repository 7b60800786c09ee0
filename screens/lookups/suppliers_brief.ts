import { defineScreen } from '../../schemas/screen.ts';

/** The company's suppliers (partners marked as supplier, not deleted): a purchase order's partner. */
export default defineScreen({
  form: 'suppliers_brief',
  access: 'authenticated',
  source: { relation: 'app.v_suppliers_brief', key: 'partner_id', company: 'company_code', sort: [{ colId: 'partner_name', sort: 'asc' }] },
  columns: { partner_id: { type: 'int' }, partner_name: {} },
});
