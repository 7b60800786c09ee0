import { defineScreen } from '../../schemas/screen.ts';

/**
 * Detail of /purchasing/purchase_orders: the order's papers (the supplier's invoice, the bill
 * of lading, the packing list), uploaded (POST /api/files/purchase_order_documents with the
 * po_id) and downloaded with auth; a rename keeps the file's type (rule file_extension_kept).
 */
export default defineScreen({
  form: 'purchase_order_documents',
  page: '/purchasing/purchase_orders',
  source: {
    relation: 'app.v_purchase_order_documents',
    key: 'doc_id',
    write: 'app.purchase_order_documents',
    company: 'company_code',
    writeCompany: false,
    version: 'row_version',
    sort: [{ colId: 'doc_id', sort: 'asc' }],
  },
  columns: {
    doc_id: { type: 'int', width: 100 },
    po_id: { type: 'int', hidden: true },
    doc_type: { editable: true, maxLength: 40, width: 150 },
    document_code: { editable: true, maxLength: 60, width: 150 },
    file_name: { editable: true, required: true, maxLength: 255, width: 250 },
    file_description: { editable: true, maxLength: 1000, width: 250 },
    content_type: { width: 150, hidden: true },
    size_bytes: { type: 'int', width: 100 },
    uploaded_by_name: { width: 150 },
    uploaded_at: { type: 'datetime', width: 150 },
  },
  actions: { delete: true, upload: true, bulk: ['file_upload', 'file_download'] },
});
