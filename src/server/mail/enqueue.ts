import { DEFAULT_LANG, LOCALE, isLang } from '../../core/langs.ts';
import { formatDay } from '../../core/format.ts';
import { mailMoney, mailText } from './render.ts';
import type { Queryable } from '../db/types.ts';
import { refused } from '../http/errors.ts';
import { captionsOf } from '../texts/captions.ts';
import { WORKFLOW_MAILS, eventMail, isMailingType, type Addressee, type MoveParams } from './registry.ts';
import type { MailAttachment } from './transport.ts';
import { documentContentType, provisionalName, type MailDocument } from './documents.ts';

/** A mail to queue: who, in which language, what, about which record, with which files. */
export interface OutboxMail {
  /** The company it is sent for (the Outbox screen's scope); null for a user's account mail. */
  company: string | null;
  to: readonly string[];
  /** The language it is written in (a UI language; another is stored as English). */
  language: string;
  subject: string;
  text: string;
  html?: string | undefined;
  /** The record it is about (e.g. 'purchase_order', po_id). */
  source: { type: string; id: number };
  /** The workflow move that sent it (its history row). */
  fsmHistoryId?: number | undefined;
  /** Files it carries, in order (an invoice's PDF …): sent by the outbox as they are given. */
  attachments?: readonly MailAttachment[] | undefined;
  /** Documents it carries after them (an order's confirmation, an invoice and its UBL …), drawn when the outbox sends it (documents.ts). */
  documents?: readonly MailDocument[] | undefined;
}

/** A file name as the recipient's client shows it: no path, no control character, 1 … 200 characters (migration 114). */
const FILE_NAME = /^[^/\\\p{Cc}]{1,200}$/u;
/** A MIME type as `type/subtype`, lower case. */
const CONTENT_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;
/** The most one attachment may weigh (the table's bound), and all of a mail's together. */
const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;

function checkAttachments(files: readonly MailAttachment[]): void {
  let total = 0;
  for (const f of files) {
    if (!FILE_NAME.test(f.filename)) throw new Error(`mail attachment: "${f.filename.slice(0, 60)}" is not a file name`);
    if (!CONTENT_TYPE.test(f.contentType)) throw new Error(`mail attachment ${f.filename}: "${f.contentType.slice(0, 60)}" is not a MIME type`);
    total += f.content.length;
  }
  if (total > MAX_ATTACHMENT_BYTES) throw new Error(`mail attachments: ${total} bytes, at most ${MAX_ATTACHMENT_BYTES}`);
}

/**
 * Queues mails in the caller's transaction (they commit or roll back with what sends them),
 * each with its attachments; the outbox worker sends them (outbox.ts). Returns their ids in
 * the order given.
 */
async function enqueueMails(tx: Queryable, mails: readonly OutboxMail[]): Promise<number[]> {
  if (!mails.length) return [];
  for (const m of mails) {
    if (!m.to.length) throw new Error(`mail "${m.subject.slice(0, 60)}": no recipient`);
    checkAttachments(m.attachments ?? []);
  }
  const rows = mails.map((m) => ({
    company_code: m.company,
    recipients: m.to,
    language_code: isLang(m.language) ? m.language : DEFAULT_LANG,
    subject: m.subject,
    body_text: m.text,
    body_html: m.html ?? null,
    fsm_history_id: m.fsmHistoryId ?? null,
    source_type: m.source.type,
    source_id: m.source.id,
  }));
  const ids = (
    await tx.query<{ mail_id: number }>(
      `insert into app.mail_outbox (company_code, recipients, language_code, subject, body_text, body_html, fsm_history_id, source_type, source_id)
       select r->>'company_code', array(select jsonb_array_elements_text(r->'recipients')), r->>'language_code', r->>'subject', r->>'body_text', r->>'body_html',
              (r->>'fsm_history_id')::bigint, r->>'source_type', (r->>'source_id')::bigint
       from jsonb_array_elements($1::jsonb) with ordinality as x(r, n)
       order by x.n
       returning mail_id`,
      [JSON.stringify(rows)],
    )
  ).rows.map((r) => Number(r.mail_id));
  // Identity values follow the insert's order: the n-th id is the n-th mail's.
  ids.sort((a, b) => a - b);
  for (const [k, m] of mails.entries()) {
    for (const [position, f] of (m.attachments ?? []).entries()) {
      await tx.query('insert into app.mail_attachments (mail_id, position, filename, content_type, content) values ($1, $2, $3, $4, $5)', [ids[k], position + 1, f.filename, f.contentType, f.content]);
    }
    const after = m.attachments?.length ?? 0;
    for (const [position, d] of (m.documents ?? []).entries()) {
      await tx.query('insert into app.mail_attachments (mail_id, position, filename, content_type, document_kind, document_id, document_lang) values ($1, $2, $3, $4, $5, $6, $7)', [
        ids[k],
        after + position + 1,
        provisionalName(d),
        documentContentType(d),
        d.document,
        d.id,
        d.lang,
      ]);
    }
  }
  return ids;
}

/** Queues one mail (enqueueMails); returns its id. */
export const enqueueMail = async (tx: Queryable, mail: OutboxMail): Promise<number> => (await enqueueMails(tx, [mail]))[0]!;

interface Move {
  fsm_instance_id: number;
  history_id: number;
  event_code: string | null;
  params: MoveParams;
  type_code: string;
  company_code: string;
}

/**
 * Queues the mail of the moves just made on `instanceIds` (each instance's last history
 * row: the move, its event and the params it kept), in the caller's transaction — the
 * trigger's or the scheduler's batch — so the mail commits or rolls back with the move.
 * A record without an address gets no mail and its history row says `"mail": "no_recipient"`
 * — unless the event requires one and a user moved it: then the whole trigger is refused
 * with the event's code (a supplier order nobody would receive). Returns the number queued.
 */
export async function queueMoveMails(tx: Queryable, instanceIds: readonly number[]): Promise<number> {
  if (!instanceIds.length) return 0;
  const types = Object.keys(WORKFLOW_MAILS);
  const moves = (
    await tx.query<Move>(
      `select distinct on (h.fsm_instance_id) h.fsm_instance_id, h.history_id, h.event_code, h.params, i.type_code, i.company_code
       from app.fsm_history h join app.fsm_instances i on i.fsm_instance_id = h.fsm_instance_id
       where h.fsm_instance_id = any($1::bigint[]) and i.type_code = any($2::text[])
       order by h.fsm_instance_id, h.history_id desc`,
      [instanceIds, types],
    )
  ).rows.filter((m) => eventMail(m.type_code, m.event_code, m.params));
  if (!moves.length) return 0;

  const groups = new Map<string, Move[]>();
  for (const m of moves) {
    const k = JSON.stringify([m.type_code, m.company_code]);
    const group = groups.get(k);
    if (group) group.push(m);
    else groups.set(k, [m]);
  }
  const mails: OutboxMail[] = [];
  // Each language's captions once per batch: the mails say what the administrator wrote.
  const captions = new Map<string, Promise<Record<string, string>>>();
  const captionsIn = (lang: string) => captions.get(lang) ?? captions.set(lang, captionsOf(tx, lang)).get(lang)!;
  const unaddressed: number[] = [];
  for (const group of groups.values()) {
    const { type_code: type, company_code: company } = group[0]!;
    if (!isMailingType(type)) continue;
    const mailer = WORKFLOW_MAILS[type];
    const byInstance = new Map(
      (
        await mailer.addressees(
          tx,
          company,
          group.map((m) => m.fsm_instance_id),
        )
      ).map((a) => [a.fsmInstanceId, a]),
    );
    for (const m of group) {
      const a = byInstance.get(Number(m.fsm_instance_id));
      if (!a) continue; // an instance with no record of its type (e.g. made by a test or a script)
      const mail = eventMail(type, m.event_code, m.params)!;
      const audience = mail.audience === 'accounting' ? (a.accounting ?? { to: [], language: a.language }) : a;
      if (!audience.to.length || a.unmailed) {
        // A user's move (not the scheduler's timeout or loop) that must write to somebody is refused: nothing moves.
        if (mail.required && !a.unmailed && !m.params.timeout && !m.params.loop) {
          throw refused(mail.required, `workflow instance ${m.fsm_instance_id}: its mail for "${m.event_code}" has no address to go to`, {}, 409);
        }
        unaddressed.push(m.history_id);
        continue;
      }
      const language = audience.language;
      const addressee: Addressee = { ...a, to: audience.to, language, vars: { ...a.vars, ...a.varsIn?.(language) }, captions: await captionsIn(language) };
      const composed = await mail.compose(addressee, m.params, { tx, company });
      mails.push({
        company,
        to: audience.to,
        language,
        subject: composed.subject,
        text: composed.text,
        html: composed.html,
        fsmHistoryId: m.history_id,
        source: { type: mailer.source, id: a.sourceId },
        attachments: composed.attachments,
        documents: composed.documents,
      });
    }
  }
  if (unaddressed.length) {
    await tx.query(`update app.fsm_history set params = params || '{"mail": "no_recipient"}'::jsonb where history_id = any($1::bigint[])`, [unaddressed]);
  }
  return (await enqueueMails(tx, mails)).length;
}

/**
 * In the transaction that issued them (invoices/deliver.ts): each invoice's or credit note's
 * mail to its customer — the contacts for invoices (else the partner's address, else the
 * order's) in app.mail_language (the customer's, else the document's, else the company's) —
 * with the document's PDF and its UBL e-invoice attached, both drawn when the outbox sends
 * it. A customer without an address gets no mail. Returns the number queued.
 */
export async function queueInvoiceMails(tx: Queryable, company: string, invoiceIds: readonly number[]): Promise<number> {
  if (!invoiceIds.length) return 0;
  const r = await tx.query<{
    invoice_id: number;
    kind: 'invoice' | 'credit_note';
    order_id: number;
    to: string[];
    order_email: string | null;
    language_code: string;
    invoice_number: string;
    credited_number: string | null;
    order_reference: string;
    buyer_name: string;
    seller_name: string;
    gross_total: string;
    currency_code: string;
    currency_precision: number;
    due_date: string;
  }>(
    `select i.invoice_id, i.kind, i.order_id, app.partner_mail_to(i.partner_id, 'invoices') as to, nullif(btrim(o.email), '') as order_email,
            app.mail_language(i.company_code, i.partner_id, i.language_code) as language_code, i.invoice_number, v.credited_invoice_number as credited_number,
            i.order_reference, i.buyer_name, i.seller_name,
            v.gross_total::text as gross_total, i.currency_code, c.currency_precision, to_char(i.due_date, 'YYYY-MM-DD') as due_date
     from app.invoices i
     join app.v_invoices v on v.invoice_id = i.invoice_id
     join app.sales_orders o on o.order_id = i.order_id
     join app.currencies c on c.currency_code = i.currency_code
     where i.invoice_id = any($1::int[]) and i.company_code = $2 and i.issued_at is not null
     order by i.invoice_id`,
    [invoiceIds, company],
  );
  const mails: OutboxMail[] = [];
  const captions = new Map<string, Record<string, string>>();
  for (const x of r.rows) {
    const to = x.to.length ? x.to : x.order_email ? [x.order_email] : [];
    if (!to.length) continue;
    const lang = isLang(x.language_code) ? x.language_code : DEFAULT_LANG;
    if (!captions.has(lang)) captions.set(lang, await captionsOf(tx, lang));
    const values = {
      invoice: x.kind === 'invoice' ? x.invoice_number : (x.credited_number ?? ''),
      credit_note: x.invoice_number,
      reference: x.order_reference,
      customer: x.buyer_name,
      company: x.seller_name,
      total: mailMoney(lang, x.gross_total, x.currency_code, x.currency_precision),
      due_date: formatDay(x.due_date, LOCALE[lang]),
    };
    const t = (id: string) => mailText(lang, id, values, captions.get(lang));
    mails.push({
      company,
      to,
      language: lang,
      subject: t(x.kind === 'invoice' ? 'mail.invoice.subject' : 'mail.credit_note.subject'),
      text: t(x.kind === 'invoice' ? 'mail.invoice.body' : 'mail.credit_note.body'),
      source: { type: 'sales_order', id: Number(x.order_id) },
      documents: [
        { document: x.kind, id: Number(x.invoice_id), lang },
        { document: 'ubl', id: Number(x.invoice_id), lang },
      ],
    });
  }
  return (await enqueueMails(tx, mails)).length;
}
