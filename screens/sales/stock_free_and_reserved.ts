import { defineScreen } from '../../schemas/screen.ts';

/** Read-only: each product's stock, what open sales orders reserve of it and what is free (app.v_stock_free_and_reserved). */
export default defineScreen({
  form: 'stock_free_and_reserved',
  menu: { icon: 'scale', order: 5 },
  source: {
    relation: 'app.v_stock_free_and_reserved',
    key: 'product_code',
    company: 'company_code',
    sort: [
      { colId: 'reserved_qty', sort: 'desc' },
      { colId: 'product_code', sort: 'asc' },
    ],
  },
  columns: {
    product_code: { width: 150, pinned: 'left' },
    product_name: { type: 'multi', width: 250 },
    stock_qty: { type: 'number', width: 100 },
    reserved_qty: { type: 'number', width: 100 },
    free_qty: { type: 'number', width: 100 },
    order_qty: { type: 'number', width: 100 },
  },
});
