import { defineScreen } from '../../schemas/screen.ts';

/**
 * Stock value: every product in stock at its moving average purchase price (landed cost of
 * its receipts), with category and brand to group by; shown in the view currency. The chart: the value
 * per brand under the grid's filters.
 */
export default defineScreen({
  form: 'stock_value',
  menu: { icon: 'coins', order: 1 },
  source: {
    relation: 'app.v_stock_value',
    key: 'product_code',
    company: 'company_code',
    sort: [
      { colId: 'stock_value', sort: 'desc' },
      { colId: 'product_code', sort: 'asc' },
    ],
  },
  columns: {
    product_code: { width: 150, pinned: 'left' },
    product_name: { type: 'multi', width: 250 },
    category_id: { type: 'ref', lookup: 'product_categories_brief', label: 'main_product_category_id', width: 200 },
    category_names: { type: 'multi', hidden: true, width: 200 },
    brand_name: { width: 150 },
    stock_qty: { type: 'number', width: 100 },
    unit_cost: { type: 'money', width: 100, total: 'avg' },
    stock_value: { type: 'money', width: 150 },
  },
  chart: { kind: 'bar', category: 'brand_name', value: 'stock_value' },
});
