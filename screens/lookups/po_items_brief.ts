import { defineScreen } from '../../schemas/screen.ts';

/** Purchase order lines of the company by order number and product code (a receipt's line): searched. */
export default defineScreen({
  form: 'po_items_brief',
  access: 'authenticated',
  source: { relation: 'app.v_po_items_brief', key: 'po_item_id', company: 'company_code', search: true, sort: [{ colId: 'po_item_name', sort: 'asc' }] },
  columns: { po_item_id: { type: 'int', label: 'po_item_key' }, po_item_name: {} },
});
