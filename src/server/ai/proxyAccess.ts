/**
 * Who may use an AI or translation proxy (issue 42): the `list` right on the page the call
 * belongs to (core/aiLimits.ts: replies on the ChatGPT twin page, translations on the
 * translation engines' page) and a company in the session — its settings, allow list and
 * budget are the company's, and its use is counted against it.
 */
import { requirePagePermission } from '../actions/engine/permissions.ts';
import type { Queryable } from '../db/types.ts';
import { forbidden } from '../http/errors.ts';
import type { Session } from '../rpc/context.ts';

/** The session's company once the user holds `list` on `page`; else 403 `forbidden`. */
export async function proxyCompany(db: Queryable, session: Session, page: string, what: string): Promise<string> {
  await requirePagePermission(db, session, page, 'list', what);
  if (!session.company) throw forbidden(`forbidden: ${what} needs a company`);
  return session.company;
}
