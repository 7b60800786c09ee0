/**
 * What every print document's builder is (documents.ts registers them; a document with more
 * to it has a module of its own, as cmrNote.ts) and how one reads the documents asked for.
 */
import { htmlParagraphs } from '../../core/htmlText.ts';
import type { PrintBatch, PrintBlock, TextPlacement } from '../../core/print.ts';
import { pickText } from '../../core/query/langText.ts';
import type { Queryable } from '../db/types.ts';
import { badRequest, refused } from '../http/errors.ts';
import type { Session } from '../rpc/context.ts';

/** A builder: the session (its company already checked), the request's query parameters, the reader's language. */
export type PrintBuilder = (db: Queryable, session: Session & { company: string }, params: URLSearchParams, lang: string) => Promise<PrintBatch>;

/** Documents in one request: 50 pick lists, purchase orders or CMR notes. */
const MAX_DOCUMENTS = 50;

/** The ids asked for (`param`, repeated), each a positive integer, at most MAX_DOCUMENTS, in order without repeats. */
export function documentIds(params: URLSearchParams, param: string): number[] {
  const raw = params.getAll(param).map((c) => c.trim());
  if (raw.length === 0) throw refused('print_nothing', `${param}: give at least one`, { field: param });
  if (raw.length > MAX_DOCUMENTS) throw refused('print_too_many', `${param}: at most ${MAX_DOCUMENTS} documents at once`, { limit: MAX_DOCUMENTS });
  for (const c of raw) if (!/^[1-9][0-9]{0,9}$/.test(c) || Number(c) > 2_147_483_647) throw badRequest(`${param}: "${c.slice(0, 60)}" is not a document number`, param);
  return [...new Set(raw.map(Number))];
}

/** The document types of obd_texts (settings/obd_texts) the builders print. */
export type ObdDocument = 'order' | 'invoice' | 'credit_note' | 'delivery_note' | 'purchase_order' | 'pick_list' | 'arriving_shipment';

/**
 * The company's texts for a document (settings/obd_texts, active ones) in the reader's
 * language (else English, else any: multiText's rule), as text blocks by placement — the
 * sanitized rich text read as paragraphs of plain text, so no markup reaches either renderer.
 */
export async function obdBlocks(db: Queryable, company: string, document: ObdDocument, lang: string): Promise<Record<TextPlacement, PrintBlock[]>> {
  const r = await db.query<{ placement: TextPlacement; obd_text: unknown }>('select placement, obd_text from app.obd_texts where company_code = $1 and document_type = $2 and active', [
    company,
    document,
  ]);
  const out: Record<TextPlacement, PrintBlock[]> = { header: [], footer: [], terms: [] };
  for (const x of r.rows) {
    const paragraphs = htmlParagraphs(pickText(x.obd_text, lang)?.text ?? '');
    if (paragraphs.length) out[x.placement].push({ kind: 'text', placement: x.placement, paragraphs });
  }
  return out;
}
