import { defineScreen } from '../../schemas/screen.ts';

/**
 * Detail of sales_orders: the files attached to an order (an invoice, a delivery note, the
 * customer's purchase order), added by upload (POST /api/files/sales_order_documents with
 * the order_id: "Upload file"), downloaded with auth (GET /api/files/sales_order_documents/{doc_id}:
 * "Download"). Type, number, name and description can be edited; a rename keeps the file's
 * type (rule file_extension_kept). The order's own documents are kept here too when they are
 * issued or printed (server/print/documentStore.ts: the invoice, credit note, order
 * confirmation, delivery note).
 */
export default defineScreen({
  form: 'sales_order_documents',
  page: '/sales/sales_orders',
  source: {
    relation: 'app.v_sales_order_documents',
    key: 'doc_id',
    write: 'app.sales_order_documents',
    company: 'company_code',
    writeCompany: false,
    version: 'row_version',
    sort: [{ colId: 'doc_id', sort: 'asc' }],
  },
  columns: {
    doc_id: { type: 'int', width: 100 },
    order_id: { type: 'int', hidden: true },
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
