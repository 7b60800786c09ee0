import { defineScreen } from '../../schemas/screen.ts';

/**
 * Detail of invoices: a document's lines as issued (migration 113) — the order's lines in the
 * customer's language and its charges, each rounded once; an invoice line shows the quantity
 * credit notes reversed. Read-only: an issued document does not change.
 */
export default defineScreen({
  form: 'invoice_lines',
  page: '/finance/invoices',
  source: {
    relation: 'app.v_invoice_lines',
    key: 'line_id',
    company: 'company_code',
    sort: [{ colId: 'line_no', sort: 'asc' }],
  },
  columns: {
    line_id: { type: 'int', hidden: true },
    invoice_id: { type: 'int', hidden: true },
    line_no: { type: 'int', width: 50 },
    kind: { options: ['item', 'delivery', 'payment_fee'], optionsKey: 'invoice_line_kind', label: 'line_kind', width: 100 },
    product_code: { width: 100 },
    description: { width: 250 },
    quantity: { type: 'number', width: 100 },
    credited_quantity: { type: 'number', width: 100 },
    unit_price: { type: 'money', currencyField: 'currency_code', width: 100 },
    discount_percent: { type: 'number', width: 100 },
    vat_rate: { type: 'number', width: 100 },
    net_amount: { type: 'money', currencyField: 'currency_code', width: 100 },
    vat_amount: { type: 'money', currencyField: 'currency_code', width: 100 },
    gross_amount: { type: 'money', currencyField: 'currency_code', width: 100 },
    currency_code: { width: 100, hidden: true },
  },
});
