/** Invoices and credit notes of sales orders (issue 47; migration 113) on /finance/invoices. */
import * as v from 'valibot';
import { LANGS } from '../../src/core/langs.ts';
import { defineAction } from './defineAction.ts';
import type { HttpRoute } from './http.ts';

const id = v.pipe(v.number(), v.integer(), v.minValue(1));

/**
 * `credit_note` add (/finance/invoices): a credit note of the issued invoice `invoice_id`,
 * reversing the quantities of its lines given in `lines`, or (no `lines`) every quantity
 * not yet credited. `reason` is printed on it.
 */
export const CreditNotePayload = v.strictObject({
  invoice_id: id,
  lines: v.optional(
    v.pipe(
      v.array(v.strictObject({ line_id: id, quantity: v.pipe(v.number(), v.finite(), v.minValue(0.001, 'a quantity is positive'), v.maxValue(1_000_000_000)) })),
      v.minLength(1, 'at least one line'),
      v.maxLength(1000, 'at most 1000 lines'),
      v.check((ls) => new Set(ls.map((l) => l.line_id)).size === ls.length, 'a line is named twice'),
    ),
  ),
  reason: v.optional(v.pipe(v.string(), v.maxLength(500))),
});
/** The credit note issued: its key, number and gross total (in the invoice's currency). */
export const CreditNoteOutput = v.object({ data: v.object({ invoice_id: v.number(), invoice_number: v.string(), gross_total: v.number() }) });

export const invoiceActions = {
  credit_note: defineAction({
    entity: 'credit_note',
    action: 'add',
    page: '/finance/invoices',
    flag: 'add',
    input: CreditNotePayload,
    output: CreditNoteOutput,
    summary:
      'A credit note (CN-<year>-<n>) reversing the given quantities of an issued invoice’s lines, or all that is left; never more than invoiced less credited (400 `credit_note_limit`; nothing left: `credit_note_nothing`). Its receivable lowers the invoice’s open amount, the rest is an outgoing cash-flow item.',
  }),
};

/** A day (YYYY-MM-DD) of the accounting export's period. */
const day = v.pipe(v.string(), v.isoDate('a day as YYYY-MM-DD'));
/** GET /api/invoices/accounting_export's query: the period (both days included) and the CSVs' language style. */
export const AccountingExportQuery = v.object({ from: day, to: day, lang: v.optional(v.picklist(LANGS)) });

const invoiceRight = 'The session’s company; `list` on /finance/invoices.';

/** The e-invoice of a document and the accounting export (src/server/invoices/routes.ts). */
export const invoiceRoutes: readonly HttpRoute[] = [
  {
    method: 'get',
    path: '/api/invoices/{id}/ubl',
    operationId: 'invoice_ubl',
    tag: 'files',
    summary: `An issued invoice or credit note as its EN 16931 e-invoice: UBL 2.1 XML (an Invoice, or a CreditNote for a credit note), checked against the EN 16931 schema of @e-invoice-eu/core. ${invoiceRight}`,
    auth: 'data',
    params: [{ name: 'id', in: 'path', description: 'The document (invoice_id of /finance/invoices).', schema: v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,9}$/)), example: '1' }],
    answers: {
      200: {
        description: 'The XML, named by the document’s number.',
        content: [{ kind: 'bytes', types: ['application/xml'] }],
        headers: { 'Content-Disposition': '`attachment`, `<number>.xml`.', 'Cache-Control': '`private, no-store`.' },
      },
    },
    errors: {
      403: 'No `list` on /finance/invoices, or no company (`forbidden`).',
      404: 'No issued document of that id in the session’s company (`not_found`).',
      409: 'The document’s data fails the EN 16931 schema (`einvoice_invalid`, `params.document`, `params.field`).',
      413: 'The writer ran out of memory or time (`einvoice_too_large`).',
      503: 'Too many e-invoices are being made (`einvoice_busy`, with Retry-After).',
    },
  },
  {
    method: 'get',
    path: '/api/invoices/{id}/facturx',
    operationId: 'invoice_facturx',
    tag: 'files',
    summary: `An issued invoice or credit note as a Factur-X / ZUGFeRD PDF (profile EN 16931): the document as printed, in its customer’s language, with the same data as CII XML embedded (factur-x.xml) and PDF/A-3 metadata, made by @e-invoice-eu/core. ${invoiceRight}`,
    auth: 'data',
    params: [{ name: 'id', in: 'path', description: 'The document (invoice_id of /finance/invoices).', schema: v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,9}$/)), example: '1' }],
    answers: {
      200: {
        description: 'The PDF, named by the document’s number.',
        content: [{ kind: 'bytes', types: ['application/pdf'] }],
        headers: { 'Content-Disposition': '`attachment`, `<number>.pdf`.', 'Cache-Control': '`private, no-store`.' },
      },
    },
    errors: {
      403: 'No `list` on /finance/invoices, or no company (`forbidden`).',
      404: 'No issued document of that id in the session’s company (`not_found`).',
      409: 'The document’s data fails the EN 16931 schema (`einvoice_invalid`, `params.document`, `params.field`).',
      413: 'The writer ran out of memory or time (`einvoice_too_large`, `print_too_large`).',
      503: 'Too many PDFs or e-invoices are being made (`print_busy`, `einvoice_busy`, with Retry-After).',
    },
  },
  {
    method: 'get',
    path: '/api/invoices/accounting_export',
    operationId: 'accounting_export',
    tag: 'files',
    summary: `The period’s documents and payments for the accounting system: a ZIP of invoices.csv (a row per document and VAT rate), payments.csv (a row per payment) and ubl/<number>.xml for every invoice and credit note issued in it. ${invoiceRight}`,
    auth: 'data',
    params: [
      { name: 'from', in: 'query', required: true, description: 'The period’s first day (issue dates of documents, days of payments).', schema: day, example: '2026-01-01' },
      { name: 'to', in: 'query', required: true, description: 'The period’s last day (included).', schema: day, example: '2026-01-31' },
      { name: 'lang', in: 'query', description: 'The CSVs’ number style (a decimal comma and semicolons where the language writes numbers so); else the user’s language.', schema: v.picklist(LANGS) },
    ],
    answers: {
      200: {
        description: 'The archive.',
        content: [{ kind: 'bytes', types: ['application/zip'] }],
        headers: { 'Content-Disposition': '`attachment`, `accounting-<company>-<from>-<to>.zip`.', 'Cache-Control': '`private, no-store`.' },
      },
    },
    errors: {
      400: 'A day that is none (`bad_request`, `params.field`), a period that ends before it starts (`bad_period`), more documents or payments than an archive takes (`accounting_export_too_many`, `params.count`, `params.limit`).',
      403: 'No `list` on /finance/invoices, or no company (`forbidden`).',
      409: 'A document’s data fails the EN 16931 schema (`einvoice_invalid`, `params.document`, `params.field`).',
      413: 'The archive needs more memory or time than an export may (`einvoice_too_large`).',
      503: 'Too many e-invoices are being made (`einvoice_busy`, with Retry-After).',
    },
  },
];
