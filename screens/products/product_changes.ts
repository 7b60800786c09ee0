import { defineScreen } from '../../schemas/screen.ts';

/** Detail of product_list: the selected product's change history. */
export default defineScreen({
  form: 'product_changes',
  page: '/products/product_list',
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
    /** The screen written through (product list, prices, …), by its title. */
    entity_name: { width: 150, renderer: 'screenTitle' },
    log_action: { options: ['add', 'set', 'delete'], width: 100 },
    actor: { width: 150 },
    /** What changed, in words; the raw JSON stays in the column chooser. */
    changes: { type: 'json', renderer: 'changeSummary' },
    before: { type: 'json', renderer: 'json', hidden: true },
    after: { type: 'json', renderer: 'json', hidden: true },
  },
});
