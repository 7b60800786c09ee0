/**
 * What every print document's builder is (documents.ts registers them; a document with more
 * to it has a module of its own, as cmrNote.ts) and how one reads the documents asked for.
 */
import type { PrintBatch } from '../../core/print.ts';
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
