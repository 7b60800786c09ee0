import { defineScreen } from '../../schemas/screen.ts';

/**
 * Detail of product_list: what is done before the product is ready to sell, an item a
 * row. Ticking stamps who and when (from the change log, migration 015).
 */
export default defineScreen({
  form: 'product_checklist',
  page: '/products/product_list',
  source: {
    relation: 'app.v_product_checklist',
    key: ['product_code', 'item_code'],
    write: 'app.v_product_checklist',
    company: 'company_code',
    version: 'row_version',
    sort: [{ colId: 'position', sort: 'asc' }],
  },
  columns: {
    product_code: { hidden: true, width: 150 },
    item_code: { hidden: true, width: 150 },
    position: { type: 'int', hidden: true },
    item_names: { type: 'multi', width: 250 },
    done: { type: 'bool', renderer: 'checkbox', editable: true, width: 100 },
    done_by: { width: 150 },
    done_at: { type: 'datetime', width: 150 },
    note: { editable: true, maxLength: 500 },
  },
});
