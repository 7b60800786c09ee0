import { defineScreen } from '../../schemas/screen.ts';

/**
 * A company's sales orders (spec §3 "Order"): each moved by its `sales_order` workflow
 * instance (created with the order; fsm_instance_id, state_code, state_names and
 * fsm_actions are what the workflow buttons need), totals computed in SQL from the items
 * (app.v_sales_orders: per-line rounding in the order's currency). Newest first.
 */
export default defineScreen({
  form: 'sales_orders',
  menu: { icon: 'shopping-bag', order: 1 },
  source: {
    relation: 'app.v_sales_orders',
    key: 'order_id',
    write: 'app.sales_orders',
    generatedKey: true,
    company: 'company_code',
    version: 'row_version',
    sort: [
      { colId: 'opened_on', sort: 'desc' },
      { colId: 'order_id', sort: 'desc' },
    ],
  },
  columns: {
    order_id: { type: 'int', hidden: true },
    fsm_reference: { width: 150, pinned: 'left' },
    state_names: { type: 'multi', width: 150 },
    partner_id: { type: 'ref', lookup: 'partners_brief', label: 'customer', editable: true, required: true, width: 250 },
    partner_name: { width: 250, hidden: true },
    email: { editable: true, maxLength: 200, pattern: '^$|^[^@\\s]+@[^@\\s]+$', patternHint: 'name@example.com', width: 200 },
    // The customer's language, its e-mails' (default: the shop's).
    language_code: { editable: true, options: ['en', 'de', 'hu', 'sk', 'ro', 'cs', 'bg'], renderer: 'languageCode', editor: 'language', width: 100 },
    opened_on: { type: 'date', editable: true, defaultFrom: 'today', width: 100 },
    shop_id: { type: 'ref', lookup: 'shops_brief', editable: true, width: 150 },
    pm_id: { type: 'ref', lookup: 'payment_methods_brief', label: 'payment_method', editable: true, width: 150 },
    dm_id: { type: 'ref', lookup: 'dm_brief', label: 'delivery_method', editable: true, width: 150 },
    tracking_number: { editable: true, maxLength: 60, width: 150 },
    // Chosen on add (default: the company's); the lines are priced in it, so it stays.
    currency_code: { type: 'ref', lookup: 'currencies_brief', editable: true, editableOn: 'add', defaultFrom: 'companyCurrency', width: 100 },
    // The company's account it is booked to (migration 120: one of its own; a new order takes the company's default); its invoice keeps it.
    account_id: { type: 'ref', lookup: 'accounts_brief', editable: true, width: 200 },
    total_net: { type: 'money', currencyField: 'currency_code', width: 100 },
    total_vat: { type: 'money', currencyField: 'currency_code', width: 100, hidden: true },
    total: { type: 'money', currencyField: 'currency_code', width: 100 },
    // What a storefront order charged for delivery and payment (gross), and lines + both.
    delivery_price: { type: 'money', currencyField: 'currency_code', width: 100, hidden: true },
    payment_fee: { type: 'money', currencyField: 'currency_code', width: 100, hidden: true },
    grand_total: { type: 'money', currencyField: 'currency_code', width: 100 },
    // The VAT in each charge (the goods' rate: src/core/orderCharges.ts), and the whole order's net and VAT.
    delivery_vat: { type: 'money', currencyField: 'currency_code', width: 100, hidden: true },
    payment_fee_vat: { type: 'money', currencyField: 'currency_code', width: 100, hidden: true },
    grand_net: { type: 'money', currencyField: 'currency_code', width: 100, hidden: true },
    grand_vat: { type: 'money', currencyField: 'currency_code', width: 100, hidden: true },
    ks_order_id: { editable: true, maxLength: 40, width: 100, hidden: true },
    // The invoice the order's workflow issued (the company's `invoice_on` event, migration 113).
    invoice_number: { label: 'invoice', width: 150 },
    ks_invoice_no: { editable: true, maxLength: 40, width: 100 },
    ks_customer_id: { editable: true, maxLength: 40, width: 100, hidden: true },
    valid_until: { type: 'date', editable: true, width: 100 },
    // Status flags of an existing order: a new one starts without them (not offered on add).
    deleted: { type: 'bool', renderer: 'checkbox', editable: true, editableOn: 'set', default: false, width: 100 },
    notification_sent: { type: 'bool', renderer: 'checkbox', editable: true, editableOn: 'set', default: false, width: 100 },
  },
  // Its order confirmation and delivery note, in the customer's language (server/print/salesDocuments.ts); the invoice is printed on /finance/invoices.
  actions: { add: true, bulk: ['order_confirmations_print', 'delivery_notes_print', 'document_mail'] },
  /**
   * Spec §4: the sales order's states (the grid marks placed, waiting for payment, waiting for
   * prepayment, cancelled, waiting for goods). Entering `shipped` takes the goods off the
   * shelves (server/workflow/onEnter.ts); `ship` and `pay` write mail (mail/registry.ts).
   * `goods_missing` / `goods_arrived` also fire by themselves when the order's goods become
   * short or available (server/workflow/stockEvents.ts, migration 123).
   */
  workflow: {
    type: 'sales_order',
    card: ['fsm_reference', 'partner_name', 'opened_on', 'total'],
    states: {
      placed: { initial: true },
      waiting_for_payment: {},
      waiting_for_prepayment: {},
      paid: {},
      waiting_for_goods: {},
      shipped: {},
      delivered: { final: true },
      cancelled: { final: true },
    },
    events: {
      confirm: { variant: 'primary', icon: 'check' },
      require_prepayment: { variant: 'warning', icon: 'hourglass' },
      // Record payment asks amount, date and method and records them on the order's receivable (server/workflow/payment.ts).
      pay: { variant: 'success', icon: 'banknote', checkbox: true, payment: true },
      goods_missing: { variant: 'warning', icon: 'package-x' },
      goods_arrived: { variant: 'info', icon: 'package-check' },
      ship: { variant: 'primary', icon: 'truck', email: true },
      deliver: { variant: 'success', icon: 'circle-check' },
      cancel: { variant: 'danger', icon: 'x-circle' },
      expire: { variant: 'secondary', icon: 'clock' },
    },
    transitions: [
      { event: 'confirm', from: 'placed', to: 'waiting_for_payment', timeout: 14 * 86_400, button: true },
      { event: 'require_prepayment', from: 'placed', to: 'waiting_for_prepayment', timeout: 7 * 86_400 },
      { event: 'pay', from: ['waiting_for_payment', 'waiting_for_prepayment'], to: 'paid', button: true },
      { event: 'goods_missing', from: 'paid', to: 'waiting_for_goods' },
      { event: 'goods_arrived', from: 'waiting_for_goods', to: 'paid' },
      { event: 'ship', from: 'paid', to: 'shipped', button: true },
      { event: 'deliver', from: 'shipped', to: 'delivered' },
      { event: 'cancel', from: ['placed', 'waiting_for_payment', 'waiting_for_prepayment', 'paid', 'waiting_for_goods'], to: 'cancelled' },
      // The timeouts: an order not paid in time is cancelled by the scheduler, never offered to users.
      { event: 'expire', from: ['waiting_for_payment', 'waiting_for_prepayment'], to: 'cancelled', actions: false },
    ],
    timeoutEvent: 'expire',
  },
  markers: ['workflowState', 'deleted'],
  details: ['sales_order_items', 'sales_order_documents'],
});
