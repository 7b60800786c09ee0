import { defineScreen } from '../../schemas/screen.ts';

/**
 * Detail of product_list: staff comments on the product, newest first (migration 103). The
 * product's row shows how many there are and the newest one; the author is the user who added it.
 */
export default defineScreen({
  form: 'product_comments',
  page: '/products/product_list',
  source: {
    relation: 'app.v_product_comments',
    key: 'comment_id',
    write: 'app.product_comments',
    generatedKey: true,
    company: 'company_code',
    writeCompany: false,
    version: 'row_version',
    sort: [{ colId: 'created_at', sort: 'desc' }],
  },
  columns: {
    comment_id: { type: 'int', hidden: true, width: 100 },
    product_code: { editable: true, editableOn: 'add', required: true, hidden: true, width: 150 },
    comment: { editable: true, required: true, maxLength: 2000, width: 250 },
    author: { width: 150 },
    created_at: { type: 'datetime', width: 150 },
  },
  actions: { add: true, delete: true },
});
