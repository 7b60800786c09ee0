import { defineScreen } from '../../schemas/screen.ts';

/**
 * Carts left for at least an hour before checkout, or never checked out (the storefront
 * will write the carts; app.v_abandoned_carts, migration 042). Value and item count come
 * from the items (cart_items below) in the shop's currency. reminder_sent and reminded_at are
 * what the reminder job did (storefront/cartReminders.ts, after the shop's cart_reminder_hours);
 * staff record the order a cart became (order_id): it is then recovered.
 */
export default defineScreen({
  form: 'abandoned_carts',
  menu: { icon: 'shopping-cart', order: 2 },
  source: {
    relation: 'app.v_abandoned_carts',
    key: 'cart_id',
    write: 'app.carts',
    generatedKey: true,
    company: 'company_code',
    version: 'row_version',
    sort: [
      { colId: 'updated_at', sort: 'desc' },
      { colId: 'cart_id', sort: 'desc' },
    ],
  },
  columns: {
    cart_id: { type: 'int', hidden: true },
    updated_at: { type: 'datetime', width: 150, pinned: 'left' },
    created_at: { type: 'datetime', width: 150 },
    email: { width: 200 },
    partner_id: { type: 'ref', lookup: 'partners_brief', label: 'customer', width: 200 },
    shop_id: { type: 'ref', lookup: 'shops_brief', width: 150 },
    language_code: { options: ['en', 'de', 'hu', 'sk', 'ro', 'cs', 'bg'], renderer: 'languageCode', width: 100 },
    item_count: { type: 'int', width: 100 },
    cart_value: { type: 'money', currencyField: 'currency_code', width: 100 },
    currency_code: { width: 100 },
    reminder_sent: { type: 'bool', renderer: 'checkbox', width: 100 },
    reminded_at: { type: 'datetime', width: 150 },
    order_id: { type: 'int', references: 'sales_orders', editable: true, width: 100 },
    fsm_reference: { width: 150 },
    recovered: { type: 'bool', renderer: 'checkbox', width: 100 },
  },
  actions: { delete: true },
  details: ['cart_items'],
});
