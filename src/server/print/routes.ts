/**
 * GET /api/print/{doc}?… — a print document's model as JSON (the browser's print page draws
 * it) and GET /api/print/{doc}/pdf?… — the same model as a PDF download. Both need a session
 * (401), a company, the print page's `list` permission (403) and take the company from the
 * session; `lang` (one of the UI languages, else the user's) is the language printed — a
 * document to a customer or supplier is in its recipient's language unless `lang` is given
 * (salesDocuments.ts). A PDF of such a document is kept in its order's Documents tab
 * (documentStore.ts `keepPrinted`).
 */
import type { Context, Hono } from 'hono';
import { isLang } from '../../core/langs.ts';
import { isPrintDocumentKey, printRoute, type PrintBatch } from '../../core/print.ts';
import { requirePagePermission } from '../actions/engine/permissions.ts';
import { DOWNLOAD_CSP } from '../http/csp.ts';
import { HttpError, forbidden } from '../http/errors.ts';
import type { Deps, Session } from '../rpc/context.ts';
import { PRINT_BUILDERS } from './documents.ts';
import { keepPrinted } from './documentStore.ts';
import { renderPdfOffThread } from './pdfPool.ts';

async function build(deps: Deps, c: Context, session: Session): Promise<PrintBatch> {
  const key = c.req.param('doc') ?? '';
  if (!isPrintDocumentKey(key)) throw new HttpError(404, 'bad_data_source', `bad_data_source: no print document "${key.slice(0, 60)}"`);
  await requirePagePermission(deps.db, session, printRoute(key), 'list', key);
  const company = session.company;
  if (!company) throw forbidden('forbidden: no company');
  const params = new URL(c.req.url).searchParams;
  const asked = params.get('lang');
  const lang = isLang(asked) ? asked : session.languageCode;
  return PRINT_BUILDERS[key](deps.db, { ...session, company }, params, lang);
}

export function mountPrint(app: Hono, deps: Deps, requireSession: (c: Context) => Promise<Session>): void {
  app.get('/api/print/:doc{[a-z_]+}', async (c) => {
    const batch = await build(deps, c, await requireSession(c));
    return c.json({ data: batch });
  });

  app.get('/api/print/:doc{[a-z_]+}/pdf', async (c) => {
    const session = await requireSession(c);
    const batch = await build(deps, c, session);
    const pdf = await renderPdfOffThread(batch);
    // The printed copy stays with its order (before the answer: the tab lists it when the download arrives).
    if (batch.documents.some((d) => d.keep)) await keepPrinted(deps.db, batch, pdf, session.userId);
    const name = `${batch.fileName}.pdf`;
    const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
    return new Response(pdf, {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': DOWNLOAD_CSP,
      },
    });
  });
}
