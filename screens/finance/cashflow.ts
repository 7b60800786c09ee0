import { defineScreen } from '../../schemas/screen.ts';
import { PAYMENT_STATUSES } from '../../src/core/payments.ts';

/**
 * A company's cashflow items (spec §3 "Cashflow"): invoices to customers and from
 * suppliers, each moved by its `cashflow` workflow instance (planned → due → overdue →
 * reminded → paid / written off / cancelled). Payment count and total, the day it closed
 * and the payment delay are computed in SQL (app.v_cashflow); `amount` and `total_paid`
 * are in the item's currency as invoiced, `amount_view_currency` is the amount in the
 * company currency at the rate of the item's day (opened_on), shown in the view currency
 * with that day's rates (`day_rates`, issue 46) and totalled in the company currency.
 * Issue 47 (migration 117): an issued invoice's receivable and a received purchase order's
 * payable arrive here by themselves; `payment_status` says open, partly paid, paid (not yet
 * invoiced) or closed; payments reaching the amount close the item (the history says
 * `settled`) and a sales order's settled receivable pays the order; an overpayment is
 * `credit_amount`, kept as a credit item of the partner (`credit_of` its origin).
 * Oldest due date last: what falls due soonest at the top of the open items.
 */
export default defineScreen({
  form: 'cashflow',
  menu: { icon: 'banknote', order: 1 },
  source: {
    relation: 'app.v_cashflow',
    key: 'cashflow_id',
    write: 'app.cashflow_items',
    generatedKey: true,
    company: 'company_code',
    version: 'row_version',
    sort: [
      { colId: 'due_date', sort: 'desc' },
      { colId: 'cashflow_id', sort: 'desc' },
    ],
  },
  /**
   * An item is due after its invoice's term, overdue by timeout, reminded by the daily loop or a
   * user (`remind` writes the customer the next dunning level, 1–3; `write_off` with its checkbox
   * tells the company's accounting: mail/registry.ts).
   */
  workflow: {
    type: 'cashflow',
    buttons: false,
    states: {
      planned: { initial: true },
      due: {},
      overdue: {},
      reminded: {},
      paid: { final: true },
      written_off: { final: true },
      cancelled: { final: true, filter: false },
    },
    events: {
      invoice: { variant: 'primary', icon: 'receipt' },
      pay: { variant: 'success', icon: 'banknote' },
      expire: { variant: 'secondary', icon: 'clock' },
      remind: { variant: 'warning', icon: 'bell', email: true },
      write_off: { variant: 'danger', icon: 'trash-2', checkbox: true },
      cancel: { variant: 'danger', icon: 'x-circle' },
    },
    transitions: [
      { event: 'invoice', from: 'planned', to: 'due', timeout: 30 * 86_400, button: true },
      { event: 'pay', from: ['due', 'overdue', 'reminded'], to: 'paid', button: true },
      { event: 'expire', from: 'due', to: 'overdue', actions: false },
      // The first reminder (also the daily loop's), then the second and the last (levels 1–3, mail/registry.ts).
      { event: 'remind', from: ['overdue', 'reminded'], to: 'reminded' },
      { event: 'write_off', from: 'reminded', to: 'written_off' },
      { event: 'cancel', from: ['planned', 'due'], to: 'cancelled' },
    ],
    timeoutEvent: 'expire',
    loop: { event: 'remind', interval: 86_400 },
  },
  columns: {
    cashflow_id: { type: 'int', hidden: true },
    state_names: { type: 'multi', width: 150 },
    type_code: { type: 'ref', lookup: 'cashflow_types_brief', label: 'cashflow_type', editable: true, required: true, width: 200 },
    partner_id: { type: 'ref', lookup: 'partners_brief', label: 'partner', editable: true, required: true, width: 250 },
    invoice_number: { editable: true, maxLength: 40, width: 150 },
    order_id: { type: 'int', references: 'sales_orders', editable: true, hidden: true },
    order_reference: { label: 'sales_order', width: 150 },
    po_id: { type: 'int', references: 'purchase_orders', hidden: true },
    // The purchase order whose receipt made this payable (migration 117).
    po_reference: { label: 'purchase_order', width: 150 },
    // Open, partly paid, paid in full (not yet invoiced) or closed.
    payment_status: { options: [...PAYMENT_STATUSES], width: 150 },
    opened_on: { type: 'date', editable: true, width: 100 },
    due_date: { type: 'date', editable: true, width: 100 },
    closed_on: { type: 'date', width: 100 },
    payment_delay: { type: 'int', width: 100, total: 'avg' },
    amount: { type: 'number', editable: true, required: true, min: 0.01, max: 9999999999, width: 100 },
    currency_code: { type: 'ref', lookup: 'currencies_brief', editable: true, width: 100 },
    total_paid: { type: 'number', width: 100 },
    amount_open: { type: 'number', width: 100 },
    // Paid beyond the amount: kept as a credit item of the partner (migration 117).
    credit_amount: { type: 'number', width: 100 },
    credit_of: { type: 'int', references: 'cashflow', hidden: true },
    payment_count: { type: 'int', width: 100 },
    amount_view_currency: { type: 'money', ratesField: 'day_rates', width: 150 },
    day_rates: { type: 'json', hidden: true },
    // The value of one unit of the item's currency in the company's on its day (app.rate_on).
    rate: { type: 'number', renderer: 'rate', width: 150, hidden: true },
    // The company's account it is booked to (a received purchase order's payable takes the order's).
    account_id: { type: 'ref', lookup: 'accounts_brief', editable: true, width: 200 },
    opened_by: { width: 150 },
    note: { editable: true, maxLength: 500, width: 200, hidden: true },
  },
  actions: { add: true, delete: true },
  details: ['cashflow_payments'],
});
