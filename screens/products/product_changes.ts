import { defineScreen } from '../../schemas/screen.ts';

/** Detail of product_list: the selected product's change history. */
export default defineScreen({
  form: 'product_changes',
  page: '/products/product_list',
  area: 'products',
  source: {
    relation: 'app.v_product_changes',
    key: 'log_id',
    company: 'company_code',
    sort: [{ colId: 'log_id', sort: 'desc' }],
  },
  columns: {
    log_id: { type: 'int', width: 100 },
    product_code: { width: 150, hidden: true },
    logged_at: { type: 'datetime', width: 150 },
    log_action: { options: ['add', 'set', 'delete'], width: 100 },
    actor: { width: 150 },
    before: { type: 'json', renderer: 'json' },
    after: { type: 'json', renderer: 'json' },
  },
});
