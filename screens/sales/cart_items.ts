import { defineScreen } from '../../schemas/screen.ts';

/** Detail of abandoned_carts, read-only: what the customer left in the cart, priced when added, amounts in the shop's currency (app.v_cart_items). */
export default defineScreen({
  form: 'cart_items',
  page: '/sales/abandoned_carts',
  source: {
    relation: 'app.v_cart_items',
    key: 'item_id',
    company: 'company_code',
    sort: [{ colId: 'item_id', sort: 'asc' }],
  },
  columns: {
    item_id: { type: 'int', hidden: true },
    cart_id: { type: 'int', hidden: true },
    product_code: { width: 150 },
    product_name: { type: 'multi', width: 250 },
    quantity: { type: 'number', width: 100 },
    unit_price: { type: 'money', currencyField: 'currency_code', width: 100 },
    vat_rate: { type: 'number', width: 100, total: 'avg' },
    net_amount: { type: 'money', currencyField: 'currency_code', width: 100 },
    gross_amount: { type: 'money', currencyField: 'currency_code', width: 100 },
    currency_code: { width: 100, hidden: true },
    added_at: { type: 'datetime', width: 150 },
  },
});
