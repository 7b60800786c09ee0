import { defineScreen } from '../../schemas/screen.ts';

/**
 * Goods to order (app.v_goods_to_order): products kept in stock whose free stock and what is
 * on order fall short of the target — keep_in_stock 1: the last 90 days' sales over the lead
 * time plus two weeks (at least one unit); 2: what open orders need. The suggestion is
 * rounded up to the supplier's minimum order quantity; "Create purchase orders" turns the
 * picked rows (or all of the filter) into draft orders, one per supplier.
 */
export default defineScreen({
  form: 'goods_to_order',
  menu: { icon: 'list-plus', order: 3 },
  source: {
    relation: 'app.v_goods_to_order',
    key: 'product_code',
    company: 'company_code',
    sort: [
      { colId: 'partner_name', sort: 'asc' },
      { colId: 'product_code', sort: 'asc' },
    ],
  },
  columns: {
    product_code: { width: 150, pinned: 'left' },
    product_name: { type: 'multi', width: 250 },
    brand_name: { width: 150, hidden: true },
    keep_in_stock: { type: 'int', options: [0, 1, 2], renderer: 'keepInStock', width: 100 },
    stock_qty: { type: 'number', width: 100 },
    reserved_qty: { type: 'number', width: 100 },
    free_qty: { type: 'number', width: 100 },
    on_order_qty: { type: 'number', width: 100 },
    sold_90d: { type: 'number', width: 100 },
    lead_time_days: { type: 'int', width: 100 },
    target_qty: { type: 'number', width: 100 },
    suggested_qty: { type: 'number', width: 100 },
    partner_id: { type: 'int', hidden: true },
    partner_name: { label: 'supplier', width: 250 },
    purchase_price: { type: 'money', currencyField: 'currency_code', width: 100 },
    currency_code: { width: 100, hidden: true },
    min_order_qty: { type: 'number', width: 100 },
  },
  actions: { bulk: ['goods_to_order_create'] },
});
