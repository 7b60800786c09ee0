import { defineScreen } from '../../schemas/screen.ts';

/**
 * The stock ledger, read only: every receipt, pick, transfer and correction with who, when,
 * why and the document that wrote it. On-hand stock is the sum of these rows.
 */
export default defineScreen({
  form: 'stock_movements',
  menu: { icon: 'scroll-text', order: 9 },
  source: { relation: 'app.v_stock_movements', key: 'movement_id', company: 'company_code', sort: [{ colId: 'movement_id', sort: 'desc' }] },
  columns: {
    movement_id: { type: 'int', width: 100 },
    moved_at: { type: 'datetime', width: 150 },
    kind: { options: ['receipt', 'pick', 'transfer', 'correction'], width: 100 },
    product_code: { width: 150 },
    product_name: { type: 'multi', width: 250 },
    storage_code: { width: 150 },
    quantity: { type: 'number', width: 100 },
    document_ref: { width: 150 },
    unit_cost: { type: 'money', width: 100 },
    reason: { width: 250 },
    user_name: { width: 150 },
    doc_id: { type: 'int', hidden: true },
  },
  actions: { export: true },
});
