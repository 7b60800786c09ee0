import { defineScreen } from '../../schemas/screen.ts';

/**
 * Detail of cashflow: the payments recorded against an item, in its currency. Their count
 * and total show on the item (computed in SQL); together they may not exceed the item's
 * amount (rule cashflow_overpaid), and a closed item keeps them (cashflow_closed). Marking
 * the item paid is the workflow's `pay` event: the user decides it is settled.
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
    note: { editable: true, maxLength: 500, width: 250 },
  },
  actions: { add: true, delete: true },
});
