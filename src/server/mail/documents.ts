/**
 * Documents a workflow mail carries (issue 47; migration 130): the order confirmation, the
 * invoice and its UBL e-invoice, the delivery note, the purchase order. A mail is queued in
 * its move's transaction naming each document (kind, record, language); the outbox draws it
 * when it sends the mail — the PDF on a renderer thread (print/pdfPool.ts), the UBL on the
 * e-invoice thread — off any request, and keeps the bytes in the attachment row, so a resend
 * sends the same file. A PDF drawn for a document its order keeps a copy of (the Documents
 * tab, documentStore.ts) fills that copy too when it is still waiting.
 */
import { isLang } from '../../core/langs.ts';
import type { Queryable } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import { readInvoices } from '../invoices/read.ts';
import { ublOffThread } from '../invoices/einvoicePool.ts';
import { fillKept, renderCmrNotePdf, renderDocumentPdf, type SalesDocumentKind } from '../print/documentStore.ts';
import type { MailAttachment } from './transport.ts';

/** A document a mail names: a sales or purchase document or a CMR note (migration 140) as PDF, or an invoice's UBL XML. */
export interface MailDocument {
  document: SalesDocumentKind | 'cmr_note' | 'ubl';
  /** The record: the order (confirmation, delivery note), the invoice or credit note (its PDF, its UBL), the purchase order. */
  id: number;
  /** The mail's language. */
  lang: string;
}

/** The attachment row's name until the document is drawn (then its title's). */
export const provisionalName = (d: MailDocument) => `${d.document}-${d.id}.${d.document === 'ubl' ? 'xml' : 'pdf'}`;
export const documentContentType = (d: MailDocument) => (d.document === 'ubl' ? 'application/xml' : 'application/pdf');

/**
 * Draws a named document of `company` (the mail's). Throws when its record is gone: the
 * outbox counts that as a failed try, and the mail is not sent without its document. An
 * invoice the EN 16931 schema refuses as an e-invoice (einvoice_invalid) answers null: the
 * mail goes with its PDF only, rather than never.
 */
export async function drawMailDocument(db: Queryable, company: string, d: MailDocument): Promise<MailAttachment | null> {
  if (d.document === 'ubl') {
    const [doc] = await readInvoices(db, company, [d.id]);
    if (!doc) throw new Error(`mail document: no issued invoice ${d.id}`);
    try {
      return { filename: `${doc.number}.xml`, contentType: 'application/xml', content: Buffer.from(await ublOffThread(doc), 'utf8') };
    } catch (e) {
      if (e instanceof HttpError && e.code === 'einvoice_invalid') return null;
      throw e;
    }
  }
  if (d.document === 'cmr_note') {
    // A CMR note mailed by hand ("Send by mail…"): its order's copy filled as a sales document's is.
    const note = await renderCmrNotePdf(db, company, d.id, isLang(d.lang) ? d.lang : 'en');
    if (!note) throw new Error(`mail document: no cmr_note ${d.id}`);
    if (note.keep) await fillKept(db, { ...note, keep: note.keep });
    return { filename: note.fileName, contentType: note.contentType, content: Buffer.from(note.content) };
  }
  const pdf = await renderDocumentPdf(db, company, d.document, d.id, isLang(d.lang) ? d.lang : undefined);
  if (!pdf) throw new Error(`mail document: no ${d.document} ${d.id}`);
  await fillKept(db, pdf);
  return { filename: pdf.fileName, contentType: pdf.contentType, content: Buffer.from(pdf.content) };
}
