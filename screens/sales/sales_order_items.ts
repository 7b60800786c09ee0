import { defineScreen } from '../../schemas/screen.ts';

/**
 * Detail of sales_orders: the order's items. Price and VAT come from the product when the
 * item is added (the VAT stays as sold); the amounts are computed in SQL (v_sales_order_items).
 * The lines change only while the order is placed or confirmed (waiting for its payment or
 * prepayment): once paid, shipped or closed they are what was sold (editableIn, issue 43;
 * the database also keeps a closed order's items: rule sales_order_closed). A line's discount
 * is at most its product's discount limit (the lower of "Discount limit %" and "Max.
 * discount %"; core/discountLimit.ts), refused at the cell before saving; a line added
 * without one takes its product's discount of the order's day (migration 121).
 */
export default defineScreen({
  form: 'sales_order_items',
  page: '/sales/sales_orders',
  source: {
    relation: 'app.v_sales_order_items',
    key: 'item_id',
    write: 'app.sales_order_items',
    generatedKey: true,
    company: 'company_code',
    writeCompany: false,
    version: 'row_version',
    sort: [{ colId: 'item_id', sort: 'asc' }],
  },
  columns: {
    item_id: { type: 'int', hidden: true },
    order_id: { type: 'int', editable: true, required: true, hidden: true },
    product_code: { type: 'ref', lookup: 'products_brief', renderer: 'refKey', editable: true, required: true, width: 150 },
    product_name: { type: 'multi', width: 250 },
    quantity: { type: 'number', editable: true, required: true, min: 0.001, max: 1000000, width: 100 },
    unit_price: { type: 'money', currencyField: 'currency_code', editable: true, min: 0, width: 100 },
    // At most the product's discount limit (discount_limit; migration 093 holds it for every writer).
    // Left empty on add: the product's discount of the order's day (current, then staged, capped; migration 121).
    discount_percent: { type: 'number', editable: true, min: 0, max: 100, rowRule: 'discountLimit', width: 100, total: 'avg' },
    discount_limit: { type: 'number', width: 100, hidden: true },
    vat_rate: { type: 'number', width: 100, total: 'avg' },
    net_amount: { type: 'money', currencyField: 'currency_code', width: 100 },
    vat_amount: { type: 'money', currencyField: 'currency_code', width: 100 },
    gross_amount: { type: 'money', currencyField: 'currency_code', width: 100 },
    currency_code: { width: 100, hidden: true },
  },
  actions: { add: true, delete: true },
  editableIn: { parent: 'sales_orders', states: ['placed', 'waiting_for_payment', 'waiting_for_prepayment'] },
});
