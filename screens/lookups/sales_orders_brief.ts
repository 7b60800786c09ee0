import { defineScreen } from '../../schemas/screen.ts';

/** Sales orders of the company by their reference and customer (a CMR note's order): searched, the reference is what users know an order by. */
export default defineScreen({
  form: 'sales_orders_brief',
  access: 'authenticated',
  source: { relation: 'app.v_sales_orders_brief', key: 'order_id', company: 'company_code', search: true, sort: [{ colId: 'order_name', sort: 'desc' }] },
  columns: { order_id: { type: 'int', label: 'sales_order' }, order_name: {} },
});
