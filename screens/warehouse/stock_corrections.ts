import { defineScreen } from '../../schemas/screen.ts';

/** Stock found or missing at a count: units added (positive) or removed (negative) on a storage, with the reason; never changed afterwards. */
export default defineScreen({
  form: 'stock_corrections',
  menu: { icon: 'clipboard-check', order: 11 },
  source: {
    relation: 'app.v_stock_corrections',
    key: 'correction_id',
    write: 'app.stock_corrections',
    generatedKey: true,
    company: 'company_code',
    version: 'row_version',
    sort: [{ colId: 'correction_id', sort: 'desc' }],
  },
  columns: {
    correction_id: { type: 'int', hidden: true },
    moved_at: { type: 'datetime', width: 150 },
    product_code: { type: 'ref', lookup: 'products_brief', renderer: 'refKey', editable: true, required: true, width: 150 },
    product_name: { type: 'multi', width: 250 },
    storage_id: { type: 'ref', lookup: 'storages_brief', editable: true, required: true, width: 150 },
    quantity: { type: 'number', editable: true, required: true, min: -1000000, max: 1000000, width: 100 },
    reason: { editable: true, required: true, maxLength: 200, width: 250 },
    user_name: { width: 150 },
  },
  actions: { add: true },
});
