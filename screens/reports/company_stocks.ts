import { defineScreen } from '../../schemas/screen.ts';

/**
 * Company stocks: per category, the products in stock, units and value, and what came in
 * (receipts) and went out (picks) over the last twelve months of the stock ledger.
 */
export default defineScreen({
  form: 'company_stocks',
  route: '/reports/company_stocks',
  area: 'reports',
  source: { relation: 'app.v_company_stocks', key: 'row_id', company: 'company_code', sort: [{ colId: 'stock_value', sort: 'desc' }] },
  columns: {
    row_id: { hidden: true },
    category_id: { type: 'ref', lookup: 'product_categories_brief', label: 'main_product_category_id', width: 250, pinned: 'left' },
    category_names: { type: 'multi', hidden: true, width: 200 },
    products_in_stock: { type: 'int', width: 100 },
    stock_qty: { type: 'number', width: 100 },
    stock_value: { type: 'money', width: 150 },
    received_12m: { type: 'number', width: 150 },
    picked_12m: { type: 'number', width: 150 },
  },
});
