import { defineScreen } from '../../schemas/screen.ts';

/**
 * A company's invoices and credit notes (issue 47; migration 113), read-only: an invoice is
 * issued by its sales order's workflow event (the company's `invoice_on`), a credit note by
 * "Credit note…" on an invoice; neither changes once issued. Totals add the document's
 * rounded lines; an invoice shows what its credit notes reversed and the balance, a credit
 * note the invoice it credits. The lines are the detail. Newest first. Each document is also
 * an EN 16931 e-invoice (UBL 2.1 XML, "E-invoice"), and a period's documents and payments
 * go to the accounting as one archive ("Accounting export…"; docs/finance.md).
 */
export default defineScreen({
  form: 'invoices',
  menu: { icon: 'receipt-text', order: 3 },
  source: {
    relation: 'app.v_invoices',
    key: 'invoice_id',
    company: 'company_code',
    version: 'row_version',
    sort: [
      { colId: 'issue_date', sort: 'desc' },
      { colId: 'invoice_id', sort: 'desc' },
    ],
  },
  columns: {
    invoice_id: { type: 'int', hidden: true },
    invoice_number: { width: 150, pinned: 'left' },
    kind: { options: ['invoice', 'credit_note'], optionsKey: 'invoice_kind', label: 'document_kind', width: 100 },
    credited_invoice_number: { width: 150 },
    order_reference: { width: 150 },
    buyer_name: { width: 250 },
    buyer_vat_number: { width: 150, hidden: true },
    issue_date: { type: 'date', width: 100 },
    due_date: { type: 'date', width: 100 },
    currency_code: { width: 100 },
    net_total: { type: 'money', currencyField: 'currency_code', width: 100 },
    vat_total: { type: 'money', currencyField: 'currency_code', width: 100 },
    gross_total: { type: 'money', currencyField: 'currency_code', width: 100 },
    credited_total: { type: 'money', currencyField: 'currency_code', width: 100, hidden: true },
    balance_total: { type: 'money', currencyField: 'currency_code', width: 100 },
    rate: { type: 'number', renderer: 'rate', width: 100, hidden: true },
    reason: { width: 200, hidden: true },
    issued_by: { width: 150, hidden: true },
    // The order's account when issued (a credit note: its invoice's; migration 120).
    account_id: { type: 'ref', lookup: 'accounts_brief', width: 200, hidden: true },
  },
  // The e-invoice (UBL) of the picked document, and the period's archive for the accounting (src/server/invoices/routes.ts);
  // the picked documents printed in the customer's language (server/print/salesDocuments.ts).
  actions: { bulk: ['credit_note', 'einvoice_download', 'facturx_download', 'accounting_export', 'invoices_print', 'document_mail'] },
  details: ['invoice_lines'],
});
