/**
 * The accounting export of a period (issue 47, point 6): one ZIP archive with
 * - `invoices.csv`: a row per document and VAT rate — number, kind, the invoice a credit note
 *   credits, dates, order, customer, the rate's net, VAT and gross in the document's currency
 *   and, at the document's rate, in the company's, and the account it is booked to (the
 *   order's when issued). A credit note's amounts are negative, so the rows add up;
 * - `payments.csv`: a row per payment recorded in the period — day, amount and currency,
 *   method, the item's direction (in: received, out: paid), type, partner, invoice, order,
 *   account, and the amount in the company's currency at the rate of the payment's day;
 * - `ubl/<number>.xml`: every invoice and credit note of the period as its EN 16931 e-invoice.
 * The CSVs are written as the grid's export writes them for the user's language (a decimal
 * comma and semicolons where the language writes numbers so, a BOM for Excel), every text
 * cell through the one formula guard (core/sheetGuard.ts); the columns have fixed names, for
 * the accounting system's import. Built on an e-invoice thread (einvoicePool.ts).
 */
import JSZip from 'jszip';
import Papa from 'papaparse';
import { guardRow } from '../../core/sheetGuard.ts';
import { timesRate } from './decimal.ts';
import { ublXml } from './einvoice.ts';
import type { InvoiceDocument } from './read.ts';

/** A payment of the period as the route reads it (amounts and rates as decimal text). */
export interface ExportPayment {
  payment_id: number;
  paid_on: string;
  amount: string;
  currency_code: string;
  pay_method: string | null;
  direction: string;
  type_code: string;
  partner_name: string;
  invoice_number: string;
  order_reference: string | null;
  account_code: string | null;
  company_currency_code: string;
  rate: string | null;
  note: string;
}

export interface ArchiveJob {
  documents: InvoiceDocument[];
  /** The account code each document is booked to, by its id. */
  accounts: Record<number, string>;
  payments: ExportPayment[];
  /** The CSVs' number style: csvStyle (transfer/export.ts) of the user's language. */
  delimiter: string;
  decimalComma: boolean;
}

/** An amount in the company's currency at `rate`, to two decimals; null without a rate. */
const converted = (value: string, rate: string | null): string | null => (rate === null ? null : timesRate(value, rate));

const negated = (value: string) => (value.startsWith('-') ? value.slice(1) : /[1-9]/.test(value) ? `-${value}` : value);

const INVOICE_COLUMNS = [
  'document_number',
  'document_kind',
  'credited_invoice_number',
  'issue_date',
  'due_date',
  'order_reference',
  'customer_name',
  'customer_vat_number',
  'customer_country',
  'vat_rate',
  'net_amount',
  'vat_amount',
  'gross_amount',
  'currency',
  'rate',
  'company_currency',
  'net_company',
  'vat_company',
  'gross_company',
  'account_code',
] as const;

const PAYMENT_COLUMNS = [
  'payment_id',
  'paid_on',
  'amount',
  'currency',
  'pay_method',
  'direction',
  'cashflow_type',
  'partner_name',
  'invoice_number',
  'order_reference',
  'account_code',
  'rate',
  'company_currency',
  'amount_company',
  'note',
] as const;

/** A CSV of `rows`: numbers (given as decimal text in `numeric`) written in the style, every other text cell guarded. */
function csv(columns: readonly string[], rows: (string | number | null)[][], numeric: ReadonlySet<number>, job: ArchiveJob): string {
  const cell = (x: string | number | null, i: number) => {
    if (x === null) return '';
    const s = String(x);
    return numeric.has(i) && job.decimalComma ? s.replace('.', ',') : s;
  };
  // Numbers are plain numbers to the guard (never prefixed); every text starting like a formula is.
  const body = [columns, ...rows.map((r) => r.map(cell))].map((r) => guardRow(r));
  return `\uFEFF${Papa.unparse(body, { delimiter: job.delimiter, newline: '\r\n' })}\r\n`;
}

const numericOf = (columns: readonly string[], names: readonly string[]) => new Set(names.map((n) => columns.indexOf(n)));

function invoicesCsv(job: ArchiveJob): string {
  const rows = job.documents.flatMap((d) => {
    const sign = d.kind === 'credit_note' ? negated : (x: string) => x;
    return d.vat.map((v) => {
      const row: Record<(typeof INVOICE_COLUMNS)[number], string | null> = {
        document_number: d.number,
        document_kind: d.kind,
        credited_invoice_number: d.credited?.number ?? '',
        issue_date: d.issueDate,
        due_date: d.dueDate,
        order_reference: d.orderReference,
        customer_name: d.buyer.name,
        customer_vat_number: d.buyer.vatNumber,
        customer_country: d.buyer.countryCode ?? '',
        vat_rate: v.vatRate,
        net_amount: sign(v.netAmount),
        vat_amount: sign(v.vatAmount),
        gross_amount: sign(v.grossAmount),
        currency: d.currencyCode,
        rate: d.rate,
        company_currency: d.companyCurrencyCode,
        net_company: converted(sign(v.netAmount), d.rate),
        vat_company: converted(sign(v.vatAmount), d.rate),
        gross_company: converted(sign(v.grossAmount), d.rate),
        account_code: job.accounts[d.invoiceId] ?? '',
      };
      return INVOICE_COLUMNS.map((c) => row[c]);
    });
  });
  return csv(INVOICE_COLUMNS, rows, numericOf(INVOICE_COLUMNS, ['vat_rate', 'net_amount', 'vat_amount', 'gross_amount', 'rate', 'net_company', 'vat_company', 'gross_company']), job);
}

function paymentsCsv(job: ArchiveJob): string {
  const rows = job.payments.map((p) => {
    const row: Record<(typeof PAYMENT_COLUMNS)[number], string | number | null> = {
      payment_id: p.payment_id,
      paid_on: p.paid_on,
      amount: p.amount,
      currency: p.currency_code,
      pay_method: p.pay_method ?? '',
      direction: p.direction,
      cashflow_type: p.type_code,
      partner_name: p.partner_name,
      invoice_number: p.invoice_number,
      order_reference: p.order_reference ?? '',
      account_code: p.account_code ?? '',
      rate: p.rate,
      company_currency: p.company_currency_code,
      amount_company: converted(p.amount, p.rate),
      note: p.note,
    };
    return PAYMENT_COLUMNS.map((c) => row[c]);
  });
  return csv(PAYMENT_COLUMNS, rows, numericOf(PAYMENT_COLUMNS, ['amount', 'rate', 'amount_company']), job);
}

/** A document's file in the archive: its number, made safe as a file name. */
const ublFileName = (number: string) => `ubl/${number.replace(/[^A-Za-z0-9._-]/g, '_')}.xml`;

/** The archive's bytes. */
export async function accountingArchive(job: ArchiveJob): Promise<Uint8Array<ArrayBuffer>> {
  const zip = new JSZip();
  zip.file('invoices.csv', invoicesCsv(job));
  zip.file('payments.csv', paymentsCsv(job));
  for (const d of job.documents) zip.file(ublFileName(d.number), await ublXml(d));
  return (await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 6 } })) as Uint8Array<ArrayBuffer>;
}
