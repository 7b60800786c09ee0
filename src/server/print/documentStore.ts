/**
 * Sales and purchase documents as PDF files (issue 47, point 2): one document's PDF for other
 * server code (renderDocumentPdf: a mail's attachment), and the copies an order keeps in its
 * Documents tab (sales_order_documents, purchase_order_documents; migration 116).
 *
 * A kept copy is a row of the tab named by `generated_key` '<type>:<record id>:<language>'
 * (the record: the order, the invoice, the purchase order). Its content is the PDF as printed,
 * or null until someone opens it: the tab's download draws it then (drawKept) and keeps it.
 * - Issuing an invoice or a credit note adds its copy in the customer's language, in the
 *   issuing transaction (keepIssued): the tab lists it the moment it exists; no PDF is drawn
 *   while the transaction holds the order.
 * - Printing a document as a PDF (GET /api/print/{doc}/pdf) keeps that PDF as the copy in
 *   its language, replacing an earlier one (keepPrinted); a batch of several documents keeps
 *   each as a copy drawn when it is first opened.
 * Users rename and remove copies like any file; a removed copy comes back when printed again.
 */
import type { IntlShape } from '@formatjs/intl';
import { isLang, type Lang } from '../../core/langs.ts';
import type { KeptAs, PrintBatch, PrintDocument } from '../../core/print.ts';
import type { Queryable } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import { intlFor } from '../texts/captions.ts';
import { pdfPool, renderPdfOffThread } from './pdfPool.ts';
import { cmrNoteBatch } from './cmrNote.ts';
import { loadSalesDocuments, type SalesDocumentKind } from './salesDocuments.ts';

export type { SalesDocumentKind } from './salesDocuments.ts';

/** What an order's Documents tab keeps copies of: its sales and purchase documents, and a CMR note naming the order. */
type KeptKind = SalesDocumentKind | 'cmr_note';

/** One document's PDF, with what its order's Documents tab files it as. */
export interface RenderedDocument {
  kind: KeptKind;
  /** The language it is printed in. */
  lang: string;
  /** The file's name in that language: its title ("Rechnung INV-2025-000001.pdf"). */
  fileName: string;
  contentType: 'application/pdf';
  content: Uint8Array;
  keep: KeptAs;
}

const KIND_KEYS: readonly SalesDocumentKind[] = ['order_confirmation', 'delivery_note', 'invoice', 'credit_note', 'purchase_order'];
const isKind = (x: string): x is SalesDocumentKind => (KIND_KEYS as readonly string[]).includes(x);
const isKeptKind = (x: string): x is KeptKind => x === 'cmr_note' || isKind(x);

/** A file name from a document's title: no path separators or control characters, '.pdf' at the end (rule file_extension_kept). */
const pdfFileName = (title: string) => `${title.replace(/[\\/\p{Cc}]/gu, '_').slice(0, 250) || 'document'}.pdf`;

/**
 * A PDF drawn for the server's own use: a renderer thread's turn is waited for (the pool's
 * refusal when busy is for requests of people, who may try again).
 */
async function drawn(batch: PrintBatch): Promise<Uint8Array> {
  for (;;) {
    try {
      return await renderPdfOffThread(batch);
    } catch (e) {
      if (!(e instanceof HttpError && e.code === 'print_busy')) throw e;
      await new Promise((resolve) => pdfPool.once('settled', resolve));
    }
  }
}

/** A batch of one document. */
const single = (d: PrintDocument, lang: string, key: PrintBatch['key']): PrintBatch => ({ key, lang: d.lang ?? lang, fileName: d.title, documents: [d] });

const BATCH_KEY: Record<SalesDocumentKind, PrintBatch['key']> = {
  order_confirmation: 'order_confirmations_print',
  delivery_note: 'delivery_notes_print',
  invoice: 'invoices_print',
  credit_note: 'invoices_print',
  purchase_order: 'purchase_orders_print',
};

/**
 * The PDF of one sales or purchase document of `company` (null: no such record there, or an
 * invoice asked for as a credit note and the other way round): `kind` with the record's id
 * — an order confirmation or delivery note of the sales order `id`, the invoice or credit note
 * `id` (app.invoices), the purchase order `id` — in `lang`, else in its recipient's language
 * (the order's, the invoice's, the supplier's). The same document the print page and its
 * Download PDF give, the company's texts for it included.
 *
 * For the server's own callers (a mail attaching the invoice): it checks no user's rights,
 * the caller has; `db` may be the caller's transaction (what it has written is read). The PDF
 * is drawn on a renderer thread (pdfPool.ts), waiting for a free one. Nothing is kept (an
 * invoice's copy is on its order's tab from its issue on).
 */
export async function renderDocumentPdf(
  db: Queryable,
  company: string,
  kind: SalesDocumentKind,
  id: number,
  lang?: Lang,
  /** A person's request: refused with 503 `print_busy` when the renderers are busy, instead of waiting. */
  opts: { request?: boolean } = {},
): Promise<RenderedDocument | null> {
  const doc = (await loadSalesDocuments(db, company, kind, [id], lang ?? null)).get(id);
  if (!doc?.keep || doc.keep.docType !== kind) return null;
  const docLang = doc.lang ?? lang ?? 'en';
  const batch = single(doc, docLang, BATCH_KEY[kind]);
  const content = opts.request ? await renderPdfOffThread(batch) : await drawn(batch);
  return { kind, lang: docLang, fileName: pdfFileName(doc.title), contentType: 'application/pdf', content, keep: doc.keep };
}

/**
 * The PDF of the CMR note `cmrId` of `company` in `lang` (null: no such note there), as
 * renderDocumentPdf draws the sales documents — for a mail's attachment. `keep` is null when the
 * note names no order (nothing keeps it).
 */
export async function renderCmrNotePdf(db: Queryable, company: string, cmrId: number, lang: Lang): Promise<(Omit<RenderedDocument, 'keep'> & { keep: KeptAs | null }) | null> {
  const found = await db.query('select 1 from app.cmr_notes where cmr_id = $1 and company_code = $2', [cmrId, company]);
  if (!found.rows.length) return null;
  const batch = await cmrNoteBatch(db, company, [cmrId], lang);
  const doc = batch.documents[0]!;
  const content = await drawn({ ...batch, fileName: doc.title });
  return { kind: 'cmr_note', lang, fileName: pdfFileName(doc.title), contentType: 'application/pdf', content, keep: doc.keep ?? null };
}

/** The key of a kept copy: what it is, of which record, in which language. */
const generatedKey = (kind: KeptKind, recordId: number, lang: string) => `${kind}:${recordId}:${lang}`;

/**
 * Keeps a copy of a document in its order's Documents tab: a new row, or the one kept before
 * for the same document and language (its content, name, type, number, who and when
 * replaced). `content` null: drawn when first opened. Answers the row's id (null: kept before
 * and `onConflict` 'keep').
 */
async function keepDocument(
  db: Queryable,
  keep: KeptAs,
  file: { lang: string; fileName: string; content: Uint8Array | null },
  userId: number | null,
  onConflict: 'replace' | 'keep' = 'replace',
): Promise<number | null> {
  if (!isKeptKind(keep.docType)) throw new Error(`keepDocument: unknown document type ${keep.docType}`);
  const key = generatedKey(keep.docType, keep.record, file.lang);
  const [table, parent] = keep.on === 'sales_order' ? ['app.sales_order_documents', 'order_id'] : ['app.purchase_order_documents', 'po_id'];
  const values = [keep.id, keep.docType, keep.code, file.fileName, file.content?.length ?? null, file.content, userId, key];
  const r = await db.query<{ doc_id: number }>(
    `insert into ${table} (${parent}, doc_type, document_code, file_name, content_type, size_bytes, content, uploaded_by, generated_key)
     values ($1, $2, $3, $4, 'application/pdf', $5, $6, $7, $8)
     on conflict (${parent}, generated_key) where generated_key is not null do ${
       onConflict === 'keep'
         ? 'nothing'
         : `update set doc_type = excluded.doc_type, document_code = excluded.document_code, file_name = excluded.file_name,
                       content_type = excluded.content_type, size_bytes = excluded.size_bytes, content = excluded.content,
                       uploaded_by = excluded.uploaded_by, uploaded_at = now(), row_version = ${table}.row_version + 1`
     }
     returning doc_id`,
    values,
  );
  return r.rows[0]?.doc_id ?? null;
}

/**
 * After a PDF of `batch` was printed (GET /api/print/{doc}/pdf): each of its documents that an
 * order keeps is kept in its language — with this PDF when it is the only one, else to be
 * drawn when first opened.
 */
export async function keepPrinted(db: Queryable, batch: PrintBatch, pdf: Uint8Array, userId: number): Promise<void> {
  const alone = batch.documents.length === 1;
  for (const d of batch.documents) {
    if (d.keep) await keepDocument(db, d.keep, { lang: d.lang ?? batch.lang, fileName: pdfFileName(d.title), content: alone ? pdf : null }, userId);
  }
}

/**
 * In the transaction that issued them (invoices/deliver.ts): a copy of each invoice or credit
 * note in its customer's language on its order's Documents tab, by whoever issued it (none:
 * the system), drawn when first opened (the document is immutable: the copy is the same
 * whenever it is drawn). A copy kept already stays.
 */
export async function keepIssued(tx: Queryable, company: string, invoiceIds: readonly number[]): Promise<void> {
  if (!invoiceIds.length) return;
  const r = await tx.query<{ invoice_id: number; kind: 'invoice' | 'credit_note'; invoice_number: string; order_id: number; language_code: string; issued_by: number | null }>(
    'select invoice_id, kind, invoice_number, order_id, language_code, issued_by from app.invoices where invoice_id = any($1::int[]) and company_code = $2 order by invoice_id',
    [invoiceIds, company],
  );
  const intls = new Map<string, IntlShape>();
  for (const x of r.rows) {
    const lang = isLang(x.language_code) ? x.language_code : 'en';
    let intl = intls.get(lang);
    if (!intl) intls.set(lang, (intl = await intlFor(tx, lang)));
    const title = intl.formatMessage({ id: x.kind === 'invoice' ? 'print.invoice' : 'print.credit_note' }, { number: x.invoice_number });
    await keepDocument(
      tx,
      { on: 'sales_order', id: Number(x.order_id), docType: x.kind, code: x.invoice_number, record: Number(x.invoice_id) },
      { lang, fileName: pdfFileName(title), content: null },
      x.issued_by,
      'keep',
    );
  }
}

/**
 * A kept copy not drawn yet (content null), opened from the tab: drawn now from its record in
 * its language, stored, and answered. Null when the key names nothing drawable any more (the
 * record is gone).
 */
export async function drawKept(db: Queryable, company: string, table: 'sales' | 'purchase', docId: number, generatedKey: string): Promise<Uint8Array | null> {
  const m = /^([a-z_]+):(\d+):([a-z]{2,3})$/.exec(generatedKey);
  if (!m || !isKeptKind(m[1]!)) return null;
  const lang = isLang(m[3]) ? m[3] : undefined;
  const doc = m[1] === 'cmr_note' ? await renderCmrNotePdf(db, company, Number(m[2]), lang ?? 'en') : await renderDocumentPdf(db, company, m[1], Number(m[2]), lang);
  if (!doc) return null;
  const t = table === 'sales' ? 'app.sales_order_documents' : 'app.purchase_order_documents';
  // Only a copy still waiting is filled: one printed meanwhile keeps its own PDF.
  await db.query(`update ${t} set content = $2, size_bytes = $3 where doc_id = $1 and content is null`, [docId, doc.content, doc.content.length]);
  return doc.content;
}

/**
 * A document drawn for other use (a mail's attachment): the copy its order keeps of it in
 * that language, when still waiting to be drawn, takes this PDF.
 */
export async function fillKept(db: Queryable, doc: RenderedDocument): Promise<void> {
  const t = doc.keep.on === 'sales_order' ? 'app.sales_order_documents' : 'app.purchase_order_documents';
  const parent = doc.keep.on === 'sales_order' ? 'order_id' : 'po_id';
  await db.query(`update ${t} set content = $3, size_bytes = $4 where ${parent} = $1 and generated_key = $2 and content is null`, [
    doc.keep.id,
    generatedKey(doc.kind, doc.keep.record, doc.lang),
    doc.content,
    doc.content.length,
  ]);
}

/** The documents a workflow event hands over, by type and event: what its order keeps a copy of when it happens. */
const EVENT_DOCUMENTS: Readonly<Record<string, Readonly<Record<string, { kind: SalesDocumentKind; table: string; key: string }>>>> = {
  sales_order: {
    confirm: { kind: 'order_confirmation', table: 'app.sales_orders', key: 'order_id' },
    ship: { kind: 'delivery_note', table: 'app.sales_orders', key: 'order_id' },
  },
  purchase_order: { order: { kind: 'purchase_order', table: 'app.purchase_orders', key: 'po_id' } },
};

/**
 * In the transaction of a move: the document the event hands over (an order's confirmation on
 * `confirm`, its delivery note on `ship`, a purchase order on "Send to supplier") kept as a copy
 * on the order's Documents tab in its recipient's language, drawn when first opened or when
 * its mail is sent (fillKept). A copy kept already stays.
 */
export async function keepEventDocuments(tx: Queryable, company: string, type: string, event: string, instanceIds: readonly number[], userId: number | null): Promise<void> {
  const what = Object.hasOwn(EVENT_DOCUMENTS, type) && Object.hasOwn(EVENT_DOCUMENTS[type]!, event) ? EVENT_DOCUMENTS[type]![event]! : undefined;
  if (!what || !instanceIds.length) return;
  const r = await tx.query<{ id: number }>(`select ${what.key} as id from ${what.table} where fsm_instance_id = any($1::bigint[]) and company_code = $2 order by 1`, [instanceIds, company]);
  const ids = r.rows.map((x) => Number(x.id));
  if (!ids.length) return;
  const docs = await loadSalesDocuments(tx, company, what.kind, ids, null);
  for (const d of docs.values()) {
    if (d.keep?.docType === what.kind) await keepDocument(tx, d.keep, { lang: d.lang ?? 'en', fileName: pdfFileName(d.title), content: null }, userId, 'keep');
  }
}

/**
 * In the transaction that queued a mail by hand ("Send by mail…"): the document it carries kept
 * on its order's Documents tab in the mail's language, drawn when the mail is sent (fillKept)
 * or first opened. A copy kept already stays.
 */
export async function keepMailed(tx: Queryable, keep: KeptAs, lang: string, title: string, userId: number): Promise<void> {
  await keepDocument(tx, keep, { lang, fileName: pdfFileName(title), content: null }, userId, 'keep');
}
