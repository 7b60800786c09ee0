import { defineScreen } from '../../schemas/screen.ts';

/** Files of products; added by upload (POST /api/files/product_files), downloaded with auth. */
export default defineScreen({
  form: 'product_files',
  menu: { icon: 'file', order: 7 },
  source: {
    relation: 'app.v_product_files',
    key: 'file_id',
    write: 'app.product_files',
    company: 'company_code',
    writeCompany: false,
    version: 'row_version',
    sort: [{ colId: 'file_id', sort: 'desc' }],
  },
  columns: {
    file_id: { type: 'int', width: 100 },
    product_code: { width: 150, references: 'product_list' },
    product_name: { type: 'multi', width: 250 },
    file_name: { editable: true, required: true, maxLength: 255, width: 250 },
    file_description: { editable: true, maxLength: 1000, width: 250 },
    content_type: { width: 150 },
    size_bytes: { type: 'int', width: 100 },
    uploaded_at: { type: 'datetime', width: 150 },
  },
  actions: { delete: true, upload: true },
});
