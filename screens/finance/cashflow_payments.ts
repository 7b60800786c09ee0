import { defineScreen } from '../../schemas/screen.ts';
import { PAY_METHODS } from '../../src/core/payments.ts';

/**
 * Detail of cashflow: the payments recorded against an item, in its currency, each with its
 * method. Their count and total show on the item (computed in SQL). Payments that reach the
 * amount close the item by themselves (its workflow's `pay`, migration 117); what they pay
 * beyond it is kept as a credit item of the partner (`credit_amount` on the item), a credit
 * itself is refunded at most in full (cashflow_overpaid); a closed item keeps them (cashflow_closed).
 */
export default defineScreen({
  form: 'cashflow_payments',
  page: '/finance/cashflow',
  source: {
    relation: 'app.v_cashflow_payments',
    key: 'payment_id',
    write: 'app.cashflow_payments',
    generatedKey: true,
    company: 'company_code',
    writeCompany: false,
    version: 'row_version',
    sort: [
      { colId: 'paid_on', sort: 'asc' },
      { colId: 'payment_id', sort: 'asc' },
    ],
  },
  columns: {
    payment_id: { type: 'int', hidden: true },
    cashflow_id: { type: 'int', editable: true, required: true, hidden: true },
    paid_on: { type: 'date', editable: true, required: true, width: 100 },
    amount: { type: 'number', editable: true, required: true, min: 0.01, max: 9999999999, width: 150 },
    currency_code: { width: 100 },
    pay_method: { options: [...PAY_METHODS], editable: true, default: 'bank_transfer', width: 150 },
    note: { editable: true, maxLength: 500, width: 250 },
  },
  actions: { add: true, delete: true },
});
