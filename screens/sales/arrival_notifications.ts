import { defineScreen } from '../../schemas/screen.ts';

/**
 * Customers who asked to be told when an out-of-stock product is back (the storefront will
 * write them; staff may add one taken by phone). Each row shows the product's free stock
 * now (app.v_stock_free_and_reserved): in stock and not yet notified is who to write to.
 * Ticking notification_sent stamps notified_on (today), unticking clears it (migration 042).
 */
export default defineScreen({
  form: 'arrival_notifications',
  menu: { icon: 'bell', order: 3 },
  source: {
    relation: 'app.v_arrival_notifications',
    key: 'notification_id',
    write: 'app.arrival_notifications',
    generatedKey: true,
    company: 'company_code',
    version: 'row_version',
    sort: [
      { colId: 'requested_on', sort: 'desc' },
      { colId: 'notification_id', sort: 'desc' },
    ],
  },
  columns: {
    notification_id: { type: 'int', hidden: true },
    email: { editable: true, required: true, maxLength: 200, pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', patternHint: 'name@example.com', width: 200, pinned: 'left' },
    product_code: { type: 'ref', lookup: 'products_brief', renderer: 'refKey', editable: true, required: true, width: 150 },
    product_name: { type: 'multi', width: 250 },
    shop_id: { type: 'ref', lookup: 'shops_brief', editable: true, required: true, width: 150 },
    language_code: { editable: true, options: ['en', 'de', 'hu', 'sk', 'ro', 'cs', 'bg'], renderer: 'languageCode', editor: 'language', width: 100 },
    requested_on: { type: 'date', editable: true, width: 100 },
    free_qty: { type: 'number', width: 100 },
    in_stock: { type: 'bool', renderer: 'checkbox', width: 100 },
    notification_sent: { type: 'bool', renderer: 'checkbox', editable: true, default: false, width: 100 },
    notified_on: { type: 'date', editable: true, width: 100 },
  },
  actions: { add: true, delete: true },
});
