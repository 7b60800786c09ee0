/**
 * The UBL 2.1 XML of an issued invoice or credit note (EN 16931), and its Factur-X PDF, made by @e-invoice-eu/core:
 * the data (ubl.ts) is checked against the library's JSON schema of EN 16931 — every business
 * term's cardinality, data type and code list (currencies, countries, units, VAT categories,
 * document types…) — then written as an Invoice or, for type 381, a CreditNote document.
 * The library's own `InvoiceService.generate` compiles that schema for every call (half a
 * second); here it is compiled once per thread and the library's UBL format service renders,
 * so a period's archive costs milliseconds a document. Runs on an e-invoice thread
 * (einvoicePool.ts), never on the request thread.
 *
 * The schema is the library's EN 16931 one without its Peppol patch (which makes the
 * parties' electronic addresses, BT-34/BT-49, mandatory): a party's e-mail is its address
 * where it has one, and a customer without one still gets its e-invoice.
 */
import { FormatFactoryService, invoiceSchema, type Invoice, type Logger } from '@e-invoice-eu/core';
import Ajv2019, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2019.js';
import { HttpError } from '../http/errors.ts';
import type { InvoiceDocument } from './read.ts';
import { ublInvoice } from './ubl.ts';

/** The library writes nothing of its own for UBL; what it would say goes nowhere. */
const quiet: Logger = { log: () => undefined, warn: () => undefined, error: () => undefined };

type FormatService = ReturnType<FormatFactoryService['createFormatService']>;
let compiled: { validate: ValidateFunction<Invoice>; format: FormatService; facturX: FormatService } | undefined;

function library() {
  if (!compiled) {
    const factory = new FormatFactoryService();
    const validate = new Ajv2019({ strict: true, allErrors: true, useDefaults: true }).compile<Invoice>(structuredClone(invoiceSchema));
    compiled = { validate, format: factory.createFormatService('UBL', quiet), facturX: factory.createFormatService(FACTUR_X, quiet) };
  }
  return compiled;
}

/** The Factur-X / ZUGFeRD profile: the whole of EN 16931, as the UBL carries it. */
const FACTUR_X = 'Factur-X-EN16931';

/** Where the data fails the schema: the first error's path ("/ubl:Invoice/cac:InvoiceLine/0/cbc:ID") and what it says, for the log. */
const firstError = (errors: ErrorObject[] | null | undefined) => {
  const e = errors?.[0];
  const missing = e?.keyword === 'required' ? `/${String((e.params as { missingProperty?: unknown }).missingProperty)}` : '';
  return { field: `${e?.instancePath ?? ''}${missing}` || '/', detail: e?.message ?? 'invalid' };
};

/** The document's e-invoice data, checked; 409 `einvoice_invalid` (naming the document and where) when it fails EN 16931's schema. */
function checked(doc: InvoiceDocument): Invoice {
  const { validate } = library();
  const data = ublInvoice(doc);
  if (!validate(data)) {
    const { field, detail } = firstError(validate.errors);
    throw new HttpError(409, 'einvoice_invalid', `${doc.number}: the e-invoice fails EN 16931 at ${field}: ${detail}`, {}, undefined, { document: doc.number, field });
  }
  return data;
}

/** The document's UBL 2.1 XML (`checked`). */
export async function ublXml(doc: InvoiceDocument): Promise<string> {
  const { format } = library();
  const data = checked(doc);
  format.fillInvoiceDefaults(data);
  const xml = await format.generate(data, { format: 'UBL', lang: doc.languageCode });
  return typeof xml === 'string' ? xml : new TextDecoder().decode(xml);
}

/**
 * The document's Factur-X PDF (profile EN 16931): its printed PDF (`pdf`, named `fileName`)
 * with the same data as CII XML embedded as factur-x.xml, and the library's PDF/A-3 marks —
 * XMP metadata naming the profile, an sRGB output intent, the XML as the associated file. The
 * printed PDF embeds its fonts (pdfkit), which PDF/A asks; nothing is re-drawn.
 */
export async function facturXPdf(doc: InvoiceDocument, pdf: Uint8Array, fileName: string): Promise<Uint8Array> {
  const { facturX } = library();
  const data = checked(doc);
  facturX.fillInvoiceDefaults(data);
  const out = await facturX.generate(data, { format: FACTUR_X, lang: doc.languageCode, pdf: { buffer: pdf, filename: fileName, mimetype: 'application/pdf' } });
  return typeof out === 'string' ? new TextEncoder().encode(out) : out;
}
