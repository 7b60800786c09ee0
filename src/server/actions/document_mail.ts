/**
 * "Send by mail…" (issue 47, point 2; contracts in schemas/api/documentMail.ts): a document of
 * the picked record mailed by hand. `document_mail` list answers what the record can send —
 * a sales order its confirmation, delivery note and (once issued) invoice; an invoice or credit
 * note itself; a purchase order itself; a CMR note itself — each with the recipients and the
 * language its automatic mail would use (registry.ts, enqueue.ts `queueInvoiceMails`): an
 * order's documents to the order's address, else the customer's for orders; an invoice to the
 * customer's for invoices, else the order's; a purchase order to the supplier's for orders in
 * app.mail_language; a CMR note as its order's documents. `document_mail` add queues the mail
 * in the company's outbox naming the document (migration 130; a CMR note: 140), drawn when the
 * outbox sends it, and keeps it on the order's Documents tab in the mail's language.
 *
 * Rights: sending is an action, so both need `set` on the record's page (core/documentMail.ts),
 * the same right a move of its workflow needs; a record of another company is 404.
 */
import { actionContracts } from '../../../schemas/api.ts';
import { DOCUMENT_MAIL_PAGES, DOCUMENT_MAIL_TITLES, type DocumentMailKind, type DocumentMailSource } from '../../core/documentMail.ts';
import { DEFAULT_LANG, isLang, type Lang } from '../../core/langs.ts';
import type { KeptAs } from '../../core/print.ts';
import type { Queryable } from '../db/types.ts';
import { HttpError, forbidden } from '../http/errors.ts';
import type { MailDocument } from '../mail/documents.ts';
import { enqueueMail } from '../mail/enqueue.ts';
import { mailText } from '../mail/render.ts';
import { keepMailed } from '../print/documentStore.ts';
import type { Session } from '../rpc/context.ts';
import { captionsOf, intlFor } from '../texts/captions.ts';
import { requirePagePermission } from './engine/permissions.ts';
import { implement } from './implement.ts';

/** One document the record can mail: which, its record, its number, where its copy is kept, and its automatic mail's recipients and language. */
interface Sendable {
  document: DocumentMailKind;
  record: number;
  number: string;
  keep: KeptAs | null;
  to: string[];
  language: Lang;
}

const langOf = (x: string | null): Lang => (isLang(x) ? x : DEFAULT_LANG);
/** The first list with an address. */
const firstOf = (...lists: (readonly (string | null)[])[]): string[] => (lists.map((l) => l.filter((x): x is string => !!x)).find((l) => l.length) ?? []).slice();

async function companyAndRight(db: Queryable, session: Session, source: DocumentMailSource): Promise<string> {
  await requirePagePermission(db, session, DOCUMENT_MAIL_PAGES[source], 'set', source);
  if (!session.company) throw forbidden('forbidden: mailing a document needs a company');
  return session.company;
}

type OrderRow = { order_id: number; fsm_reference: string; order_email: string | null; order_to: string[]; language_code: string };
type InvoiceRow = { invoice_id: number; kind: 'invoice' | 'credit_note'; invoice_number: string; order_id: number; invoice_to: string[]; order_email: string | null; language_code: string };

const orderDocs = (o: OrderRow): Sendable[] =>
  (['order_confirmation', 'delivery_note'] as const).map((document) => ({
    document,
    record: Number(o.order_id),
    number: o.fsm_reference,
    keep: { on: 'sales_order', id: Number(o.order_id), docType: document, code: o.fsm_reference, record: Number(o.order_id) },
    to: firstOf([o.order_email], o.order_to),
    language: langOf(o.language_code),
  }));

const invoiceDoc = (i: InvoiceRow): Sendable => ({
  document: i.kind,
  record: Number(i.invoice_id),
  number: i.invoice_number,
  keep: { on: 'sales_order', id: Number(i.order_id), docType: i.kind, code: i.invoice_number, record: Number(i.invoice_id) },
  to: firstOf(i.invoice_to, [i.order_email]),
  language: langOf(i.language_code),
});

/** A sales order's customer as its own mails address it (registry.ts orderAddressees). */
const ORDER_SQL = `select o.order_id, o.fsm_reference, nullif(btrim(o.email), '') as order_email, app.partner_mail_to(o.partner_id, 'orders') as order_to, o.language_code
  from app.v_sales_orders o where o.order_id = $1 and o.company_code = $2`;
/** An issued invoice's customer as its mail addresses it (enqueue.ts queueInvoiceMails). */
const INVOICE_SQL = `select i.invoice_id, i.kind, i.invoice_number, i.order_id, app.partner_mail_to(i.partner_id, 'invoices') as invoice_to, nullif(btrim(o.email), '') as order_email,
         app.mail_language(i.company_code, i.partner_id, i.language_code) as language_code
  from app.invoices i join app.sales_orders o on o.order_id = i.order_id
  where i.company_code = $2 and i.issued_at is not null`;

/** What the record `id` of `source` in `company` can mail; null when the company has no such record. */
async function sendables(db: Queryable, company: string, source: DocumentMailSource, id: number): Promise<Sendable[] | null> {
  switch (source) {
    case 'sales_order': {
      const o = (await db.query<OrderRow>(ORDER_SQL, [id, company])).rows[0];
      if (!o) return null;
      const inv = (await db.query<InvoiceRow>(`${INVOICE_SQL} and i.order_id = $1 and i.kind = 'invoice' order by i.invoice_id desc limit 1`, [id, company])).rows[0];
      return [...orderDocs(o), ...(inv ? [invoiceDoc(inv)] : [])];
    }
    case 'invoice': {
      const inv = (await db.query<InvoiceRow>(`${INVOICE_SQL} and i.invoice_id = $1`, [id, company])).rows[0];
      return inv ? [invoiceDoc(inv)] : null;
    }
    case 'purchase_order': {
      const p = (
        await db.query<{ po_id: number; fsm_reference: string; to: string[]; language_code: string }>(
          `select po.po_id, po.fsm_reference, app.partner_mail_to(po.partner_id, 'orders') as to, app.mail_language(po.company_code, po.partner_id) as language_code
           from app.purchase_orders po where po.po_id = $1 and po.company_code = $2`,
          [id, company],
        )
      ).rows[0];
      if (!p) return null;
      const keep: KeptAs = { on: 'purchase_order', id: Number(p.po_id), docType: 'purchase_order', code: p.fsm_reference, record: Number(p.po_id) };
      return [{ document: 'purchase_order', record: Number(p.po_id), number: p.fsm_reference, keep, to: p.to, language: langOf(p.language_code) }];
    }
    case 'cmr_note': {
      // To the customer of the order it names, as that order's documents; a note without an order: in the company's language, to whom the user types.
      const n = (
        await db.query<{ cmr_id: number; cmr_number: string; order_id: number | null; order_email: string | null; order_to: string[] | null; language_code: string }>(
          `select n.cmr_id, n.cmr_number, n.order_id, nullif(btrim(o.email), '') as order_email, app.partner_mail_to(o.partner_id, 'orders') as order_to,
                  coalesce(o.language_code, app.mail_language(n.company_code)) as language_code
           from app.v_cmr_notes n left join app.sales_orders o on o.order_id = n.order_id
           where n.cmr_id = $1 and n.company_code = $2`,
          [id, company],
        )
      ).rows[0];
      if (!n) return null;
      const keep: KeptAs | null = n.order_id === null ? null : { on: 'sales_order', id: Number(n.order_id), docType: 'cmr_note', code: n.cmr_number, record: Number(n.cmr_id) };
      return [{ document: 'cmr_note', record: Number(n.cmr_id), number: n.cmr_number, keep, to: firstOf([n.order_email], n.order_to ?? []), language: langOf(n.language_code) }];
    }
  }
}

const notFound = (source: DocumentMailSource, id: number) => new HttpError(404, 'not_found', `payload.id: no ${source} ${id} in this company`);

export const documentMailList = implement(actionContracts.document_mail_list, async ({ db, session }, input) => {
  const company = await companyAndRight(db, session, input.source);
  const docs = await sendables(db, company, input.source, input.id);
  if (!docs) throw notFound(input.source, input.id);
  return { documents: docs.map((d) => ({ document: d.document, number: d.number, to: d.to, language: d.language })) };
});

export const documentMailAdd = implement(actionContracts.document_mail_add, async ({ db, session }, input) => {
  const company = await companyAndRight(db, session, input.source);
  return db.transaction(async (tx) => {
    const docs = await sendables(tx, company, input.source, input.id);
    if (!docs) throw notFound(input.source, input.id);
    const doc = docs.find((d) => d.document === input.document);
    if (!doc) throw new HttpError(404, 'not_found', `payload.document: the ${input.source} ${input.id} has no ${input.document}`);
    const lang = input.language;
    const captions = await captionsOf(tx, lang);
    const companyName = (await tx.query<{ company_name: string }>('select company_name from app.companies where company_code = $1', [company])).rows[0]?.company_name ?? company;
    const title = (await intlFor(tx, lang)).formatMessage({ id: DOCUMENT_MAIL_TITLES[doc.document] }, { number: doc.number });
    const values = { document: title, company: companyName };
    const subject = mailText(lang, 'mail.document.subject', values, captions);
    const text = input.message?.trim() || mailText(lang, 'mail.document.body', values, captions);
    // The PDF, and an invoice's or credit note's e-invoice beside it as its automatic mail carries it.
    const documents: MailDocument[] = [{ document: doc.document, id: doc.record, lang }];
    if (doc.document === 'invoice' || doc.document === 'credit_note') documents.push({ document: 'ubl', id: doc.record, lang });
    const mailId = await enqueueMail(tx, {
      company,
      to: input.to,
      language: lang,
      subject,
      text,
      source: { type: doc.keep?.on ?? input.source, id: doc.keep?.id ?? input.id },
      documents,
    });
    if (doc.keep) await keepMailed(tx, doc.keep, lang, title, session.userId);
    return { mail_id: mailId, to: input.to, subject };
  });
});
