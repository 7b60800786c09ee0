/**
 * GET /api/invoices/{id}/ubl — an issued invoice or credit note as its EN 16931 e-invoice
 * (UBL 2.1 XML, einvoice.ts) —, GET /api/invoices/{id}/facturx — the same as a Factur-X PDF
 * (its printed PDF on a renderer thread, the CII XML embedded on the e-invoice thread) — and GET /api/invoices/accounting_export?from&to[&lang] — a
 * period's archive for the accounting system (accountingExport.ts). Both need a session, a
 * company and `list` on /finance/invoices, read only the session's company's documents, and
 * do their writing on the e-invoice thread (einvoicePool.ts). The export counts what the
 * period holds before it reads any of it: more than an archive takes is refused.
 */
import type { Context, Hono } from 'hono';
import { AccountingExportQuery } from '../../../schemas/api.ts';
import { isLang } from '../../core/langs.ts';
import { requirePagePermission } from '../actions/engine/permissions.ts';
import { DOWNLOAD_CSP } from '../http/csp.ts';
import { HttpError, forbidden, parseInput, refused } from '../http/errors.ts';
import type { Deps, Session } from '../rpc/context.ts';
import { csvStyle } from '../transfer/export.ts';
import type { ExportPayment } from './accountingExport.ts';
import { MAX_ARCHIVE_DOCUMENTS, archiveOffThread, facturXOffThread, ublOffThread } from './einvoicePool.ts';
import { renderDocumentPdf } from '../print/documentStore.ts';
import { readInvoices } from './read.ts';

const PAGE = '/finance/invoices';
/** Payments in one archive (a row each in payments.csv). */
const MAX_ARCHIVE_PAYMENTS = 20_000;

const download = (body: Uint8Array<ArrayBuffer> | string, type: string, name: string) =>
  new Response(body, {
    headers: {
      'Content-Type': type,
      'Content-Disposition': `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': DOWNLOAD_CSP,
    },
  });

/** The session's company, once the user may list the invoices. */
async function companyOf(deps: Deps, session: Session): Promise<string> {
  await requirePagePermission(deps.db, session, PAGE, 'list', 'invoices');
  if (!session.company) throw forbidden('forbidden: no company');
  return session.company;
}

export function mountInvoices(app: Hono, deps: Deps, requireSession: (c: Context) => Promise<Session>): void {
  /** The issued document of the path's id in the session's company, once the user may list the invoices. */
  const documentOf = async (c: Context) => {
    const company = await companyOf(deps, await requireSession(c));
    const id = Number(c.req.param('id'));
    const [doc] = Number.isSafeInteger(id) && id <= 2_147_483_647 ? await readInvoices(deps.db, company, [id]) : [];
    if (!doc) throw new HttpError(404, 'not_found', 'No such issued invoice or credit note in this company');
    return { company, doc };
  };

  app.get('/api/invoices/:id{[0-9]+}/ubl', async (c) => {
    const { doc } = await documentOf(c);
    return download(await ublOffThread(doc), 'application/xml; charset=utf-8', `${doc.number}.xml`);
  });

  app.get('/api/invoices/:id{[0-9]+}/facturx', async (c) => {
    const { company, doc } = await documentOf(c);
    // The document as printed, in its customer's language (its copy on the order's Documents tab is the same).
    const printed = await renderDocumentPdf(deps.db, company, doc.kind, doc.invoiceId, undefined, { request: true });
    if (!printed) throw new HttpError(404, 'not_found', 'No such issued invoice or credit note in this company');
    const pdf = await facturXOffThread(doc, new Uint8Array(printed.content), printed.fileName);
    return download(pdf, 'application/pdf', `${doc.number}.pdf`);
  });

  app.get('/api/invoices/accounting_export', async (c) => {
    const session = await requireSession(c);
    const company = await companyOf(deps, session);
    const q = parseInput(AccountingExportQuery, c.req.query(), 'query');
    if (q.from > q.to) throw refused('bad_period', `query.from: the period starts after it ends (${q.from} > ${q.to})`, { field: 'query.from', from: q.from, to: q.to });
    const db = deps.db;
    const counted = (
      await db.query<{ documents: number; payments: number }>(
        `select (select count(*)::int from app.invoices where company_code = $1 and issued_at is not null and issue_date between $2 and $3) as documents,
                (select count(*)::int from app.cashflow_payments p join app.cashflow_items c on c.cashflow_id = p.cashflow_id
                 where c.company_code = $1 and p.paid_on between $2 and $3) as payments`,
        [company, q.from, q.to],
      )
    ).rows[0]!;
    const over = counted.documents > MAX_ARCHIVE_DOCUMENTS ? [counted.documents, MAX_ARCHIVE_DOCUMENTS] : counted.payments > MAX_ARCHIVE_PAYMENTS ? [counted.payments, MAX_ARCHIVE_PAYMENTS] : null;
    if (over)
      throw refused('accounting_export_too_many', `query: the period holds ${over[0]} records; an archive takes at most ${over[1]} — choose a shorter period`, { count: over[0]!, limit: over[1]! });

    // The period's documents in the order of their days and numbers, with the account each is booked to.
    const listed = (
      await db.query<{ invoice_id: number; account_code: string | null }>(
        `select i.invoice_id, a.account_code from app.invoices i left join app.accounts a on a.account_id = i.account_id
         where i.company_code = $1 and i.issued_at is not null and i.issue_date between $2 and $3
         order by i.issue_date, i.invoice_id`,
        [company, q.from, q.to],
      )
    ).rows;
    const documents = await readInvoices(
      db,
      company,
      listed.map((r) => Number(r.invoice_id)),
    );
    const accounts = Object.fromEntries(listed.filter((r) => r.account_code !== null).map((r) => [Number(r.invoice_id), r.account_code!]));
    // A payment's method where the tree records one (migration 117), read so that its absence is no error.
    const payments = (
      await db.query<ExportPayment>(
        `select p.payment_id, p.paid_on::text as paid_on, p.amount::text as amount, c.currency_code, to_jsonb(p) ->> 'pay_method' as pay_method,
                t.direction, c.type_code, pa.partner_name, c.invoice_number, o.fsm_reference as order_reference, a.account_code,
                co.currency_code as company_currency_code,
                case when c.currency_code = co.currency_code then '1' else round(app.rate_on(c.company_code, c.currency_code, p.paid_on), 10)::text end as rate,
                p.note
         from app.cashflow_payments p
         join app.cashflow_items c on c.cashflow_id = p.cashflow_id
         join app.cashflow_types t on t.type_code = c.type_code
         join app.companies co on co.company_code = c.company_code
         join app.partners pa on pa.partner_id = c.partner_id
         left join app.sales_orders o on o.order_id = c.order_id
         left join app.accounts a on a.account_id = c.account_id
         where c.company_code = $1 and p.paid_on between $2 and $3
         order by p.paid_on, p.payment_id`,
        [company, q.from, q.to],
      )
    ).rows.map((p) => ({ ...p, payment_id: Number(p.payment_id) }));
    const { delimiter, number } = csvStyle(isLang(q.lang) ? q.lang : session.languageCode);
    const zip = await archiveOffThread({ documents, accounts, payments, delimiter, decimalComma: number(1.5) === '1,5' });
    return download(zip, 'application/zip', `accounting-${company}-${q.from}-${q.to}.zip`);
  });
}
