import { defineScreen } from '../../schemas/screen.ts';

/**
 * Detail of arriving shipments: goods received, line by line onto a storage. Adding one
 * writes its stock movement at the line's landed cost in the same transaction; a receipt
 * is never changed (a stock correction puts a mistake right).
 */
export default defineScreen({
  form: 'purchase_receipts',
  page: '/warehouse/arriving_shipments',
  source: {
    relation: 'app.v_purchase_receipts',
    key: 'receipt_id',
    write: 'app.purchase_receipts',
    generatedKey: true,
    company: 'company_code',
    writeCompany: false,
    version: 'row_version',
    sort: [{ colId: 'receipt_id', sort: 'asc' }],
  },
  columns: {
    receipt_id: { type: 'int', hidden: true },
    po_id: { type: 'int', editable: true, required: true, hidden: true },
    po_item_id: { type: 'ref', lookup: 'po_items_brief', editable: true, required: true, width: 250 },
    product_name: { type: 'multi', width: 250 },
    storage_id: { type: 'ref', lookup: 'storages_brief', editable: true, required: true, width: 150 },
    quantity: { type: 'number', editable: true, required: true, min: 0.001, max: 1000000, width: 100 },
    received_at: { type: 'datetime', width: 150 },
    user_name: { width: 150 },
  },
  actions: { add: true },
});
