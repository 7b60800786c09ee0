import { defineScreen } from '../../schemas/screen.ts';

/** Read-only: what purchasing should order (see app.v_low_stock). */
export default defineScreen({
  form: 'low_stock',
  menu: { icon: 'trending-down', order: 4 },
  source: {
    relation: 'app.v_low_stock',
    key: 'product_code',
    company: 'company_code',
    sort: [{ colId: 'free_qty', sort: 'asc' }],
  },
  columns: {
    product_code: { width: 150, pinned: 'left' },
    product_name: { type: 'multi', width: 250 },
    brand_name: { width: 150 },
    stock_qty: { type: 'number', width: 100 },
    qty: { type: 'number', width: 100 },
    free_qty: { type: 'number', width: 100 },
    order_qty: { type: 'number', width: 100 },
    keep_in_stock: { type: 'int', options: [0, 1, 2], renderer: 'keepInStock', width: 100 },
    purchase_time: { type: 'int', width: 100 },
    delivery_time: { type: 'int', width: 100 },
  },
});
