import { defineScreen } from '../../schemas/screen.ts';

/**
 * Company stocks: where the company's stock lies — per shelf the products and units on it,
 * their value, and what came onto it and left it over the last twelve months of the stock
 * ledger. The chart: the value per shelf.
 */
export default defineScreen({
  form: 'company_stocks',
  menu: { icon: 'building', order: 2 },
  source: {
    relation: 'app.v_company_stocks',
    key: 'shelf_id',
    company: 'company_code',
    sort: [
      { colId: 'walk_order', sort: 'asc' },
      { colId: 'shelf_code', sort: 'asc' },
    ],
  },
  columns: {
    shelf_id: { type: 'int', hidden: true },
    shelf_code: { width: 100, pinned: 'left' },
    description: { width: 250 },
    walk_order: { type: 'int', hidden: true },
    storage_count: { type: 'int', width: 100 },
    products_in_stock: { type: 'int', width: 100 },
    stock_qty: { type: 'number', width: 100 },
    stock_value: { type: 'money', width: 150 },
    received_12m: { type: 'number', width: 150 },
    picked_12m: { type: 'number', width: 150 },
  },
  chart: { kind: 'pie', category: 'shelf_code', value: 'stock_value' },
});
