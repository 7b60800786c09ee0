import { defineScreen } from '../../schemas/screen.ts';

/**
 * Read-only: the goods sales is waiting for, per product (app.v_arriving_goods, migration
 * 042). Stock goes to open orders oldest first; what it leaves uncovered, and the whole
 * quantity of orders the workflow put in waiting_for_goods, is needed. The expected arrival
 * is the oldest waiting order's date plus the product's purchase time until purchase orders
 * (a later issue) give the date of the next delivery.
 */
export default defineScreen({
  form: 'arriving_goods',
  menu: { icon: 'package-open', order: 4 },
  source: {
    relation: 'app.v_arriving_goods',
    key: 'product_code',
    company: 'company_code',
    sort: [
      { colId: 'oldest_order_on', sort: 'asc' },
      { colId: 'product_code', sort: 'asc' },
    ],
  },
  columns: {
    product_code: { width: 150, pinned: 'left' },
    product_name: { type: 'multi', width: 250 },
    needed_qty: { type: 'number', width: 100 },
    waiting_orders: { type: 'int', width: 100 },
    oldest_order_on: { type: 'date', width: 100 },
    stock_qty: { type: 'number', width: 100 },
    free_qty: { type: 'number', width: 100 },
    order_qty: { type: 'number', width: 100 },
    purchase_time: { type: 'int', width: 100, total: 'avg' },
    expected_on: { type: 'date', width: 100 },
  },
});
