import { DEFAULT_LANG, LOCALE, isLang } from '../../core/langs.ts';
import type { ErrorCode } from '../../core/errorCodes.ts';
import { formatDay } from '../../core/format.ts';
import { htmlParagraphs } from '../../core/htmlText.ts';
import { ownText } from '../../core/query/langText.ts';
import type { Queryable } from '../db/types.ts';
import { refused } from '../http/errors.ts';
import { intlOf, mailMoney, mailText, type MailValues } from './render.ts';
import type { MailAttachment } from './transport.ts';
import type { MailDocument } from './documents.ts';

/** Who a move's mail goes to, and in which language. */
interface Audience {
  /** Empty: nobody to write to. */
  to: string[];
  /** The language its mail is written in (a UI language; another reads as English). */
  language: string;
}

/** The record a workflow instance moves, as its mail needs it. */
export interface Addressee extends Audience {
  fsmInstanceId: number;
  /** The record's key (stored as the outbox row's source_id). */
  sourceId: number;
  /** The catalogue texts' arguments. */
  vars: MailValues;
  /** Arguments written as a language writes them (money, days), for the language the mail is in: added to `vars`. */
  varsIn?: (lang: string) => MailValues;
  /** An administrator's captions in its language (texts/captions.ts), over the catalogue's texts. */
  captions?: Readonly<Record<string, string>>;
  /** The company's accounting: its address (empty: none set) and the company's language. */
  accounting?: Audience;
  /** A record its events write to nobody by design (an amount the company owes is not dunned): no mail, no refusal. */
  unmailed?: true;
  /** The issued invoice a cash-flow item is for (a reminder attaches its PDF). */
  invoiceId?: number | undefined;
}

/** What a move's history row keeps of the request (workflow/trigger.ts) or of the scheduler. */
export interface MoveParams {
  checkbox?: boolean;
  email_body?: string;
  timeout?: boolean;
  loop?: boolean;
}

interface Composed {
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** Documents drawn when the mail is sent (documents.ts), after `attachments`. */
  documents?: MailDocument[];
}

/** What composing may read: the move's transaction and company. */
interface MailContext {
  tx: Queryable;
  company: string;
}

/** An event that sends mail: whether this move does (e.g. its checkbox), to whom, and the mail. */
export interface EventMail {
  when?: (params: MoveParams) => boolean;
  /** The record's addressee (default), or the company's accounting address. */
  audience?: 'record' | 'accounting';
  /**
   * A user's move whose mail has nobody to go to is refused with this code, and nothing moves.
   * Without it — and for the scheduler's moves — the move goes on, its history says "no_recipient".
   */
  required?: ErrorCode;
  /** The mail in the audience's language (`a.language`, `a.captions`: queueMoveMails sets them). May write what sending it changes (a reminder's level). */
  compose: (a: Addressee, params: MoveParams, ctx: MailContext) => Composed | Promise<Composed>;
}

/** The mail of one workflow type: its records' addressees, and the events that write. */
export interface WorkflowMailer {
  /** The outbox rows' source_type: what kind of record source_id names. */
  source: string;
  /** The records of these instances in `company` (instances without one are left out). */
  addressees(tx: Queryable, company: string, instanceIds: readonly number[]): Promise<Addressee[]>;
  events: Readonly<Record<string, EventMail>>;
}

/** A day (yyyy-mm-dd) as the language writes it. */
const mailDay = (lang: string, day: string) => formatDay(day, LOCALE[isLang(lang) ? lang : DEFAULT_LANG]);

/** A sales order's customer: the order's address (else the partner's for orders), its language, its number, total (what the customer pays: the lines, delivery and fee) and tracking. */
async function orderAddressees(tx: Queryable, company: string, ids: readonly number[]): Promise<Addressee[]> {
  const r = await tx.query<{
    fsm_instance_id: number;
    order_id: number;
    email: string;
    partner_to: string[];
    language_code: string;
    fsm_reference: string;
    tracking_number: string;
    partner_name: string;
    shop_name: string;
    total: string;
    currency_code: string;
    currency_precision: number;
  }>(
    `select o.fsm_instance_id, o.order_id, o.email, app.partner_mail_to(o.partner_id, 'orders') as partner_to, o.language_code, o.fsm_reference,
            o.tracking_number, o.partner_name, sh.shop_name, o.grand_total::text as total, o.currency_code, c.currency_precision
     from app.v_sales_orders o
     join app.shops sh on sh.shop_id = o.shop_id
     join app.currencies c on c.currency_code = o.currency_code
     where o.fsm_instance_id = any($1::bigint[]) and o.company_code = $2`,
    [ids, company],
  );
  return r.rows.map((o) => ({
    fsmInstanceId: Number(o.fsm_instance_id),
    sourceId: o.order_id,
    // The address the order was placed with; else the partner's (its contacts for orders, else its own).
    to: o.email.trim() ? [o.email.trim()] : o.partner_to,
    language: o.language_code,
    vars: {
      reference: o.fsm_reference,
      customer: o.partner_name,
      shop: o.shop_name,
      tracking_number: o.tracking_number.trim(),
      total: mailMoney(o.language_code, o.total, o.currency_code, o.currency_precision),
    },
  }));
}

const salesOrderMails: WorkflowMailer = {
  source: 'sales_order',
  addressees: orderAddressees,
  events: {
    // `confirm`: the order confirmation, its PDF attached (drawn when the mail is sent).
    confirm: {
      compose: (a, params) => ({
        subject: mailText(a.language, 'mail.order_confirmation.subject', a.vars, a.captions),
        text: params.email_body?.trim() || mailText(a.language, 'mail.order_confirmation.body', a.vars, a.captions),
        documents: [{ document: 'order_confirmation', id: a.sourceId, lang: a.language }],
      }),
    },
    // `ship` asks the user for the mail's body (event_params.email); without one the catalogue's is sent. The delivery note is attached.
    ship: {
      compose(a, params) {
        const body = params.email_body?.trim() || mailText(a.language, 'mail.order_shipped.body', a.vars, a.captions);
        const tracking = a.vars.tracking_number ? `\n\n${mailText(a.language, 'mail.order_shipped.tracking', a.vars, a.captions)}` : '';
        return {
          subject: mailText(a.language, 'mail.order_shipped.subject', a.vars, a.captions),
          text: body + tracking,
          documents: [{ document: 'delivery_note', id: a.sourceId, lang: a.language }],
        };
      },
    },
    // `pay` mails only when its checkbox ("Send a payment confirmation") was ticked.
    pay: {
      when: (params) => params.checkbox === true,
      compose: (a) => ({ subject: mailText(a.language, 'mail.payment_confirmation.subject', a.vars, a.captions), text: mailText(a.language, 'mail.payment_confirmation.body', a.vars, a.captions) }),
    },
  },
};

/** A purchase order's supplier: its contacts for orders (else its own address), its language (else the company's). */
async function purchaseOrderAddressees(tx: Queryable, company: string, ids: readonly number[]): Promise<Addressee[]> {
  const r = await tx.query<{
    fsm_instance_id: number;
    po_id: number;
    to: string[];
    language_code: string;
    fsm_reference: string;
    partner_name: string;
    company_name: string;
  }>(
    `select po.fsm_instance_id, po.po_id, app.partner_mail_to(po.partner_id, 'orders') as to, app.mail_language(po.company_code, po.partner_id) as language_code,
            po.fsm_reference, p.partner_name, co.company_name
     from app.purchase_orders po
     join app.partners p on p.partner_id = po.partner_id
     join app.companies co on co.company_code = po.company_code
     where po.fsm_instance_id = any($1::bigint[]) and po.company_code = $2`,
    [ids, company],
  );
  return r.rows.map((o) => ({
    fsmInstanceId: Number(o.fsm_instance_id),
    sourceId: o.po_id,
    to: o.to,
    language: o.language_code,
    vars: { reference: o.fsm_reference, supplier: o.partner_name, company: o.company_name },
  }));
}

/** The order's lines as the supplier reads them: quantity, its code for the product (and ours), the name in the mail's language, the unit price; then the total. */
async function purchaseOrderLines(tx: Queryable, poId: number, lang: string): Promise<{ lines: string[]; total: string }> {
  const r = await tx.query<{
    product_code: string;
    supplier_product_code: string | null;
    product_name: unknown;
    quantity: string;
    unit_price: string;
    currency_code: string;
    currency_precision: number;
  }>(
    `select i.product_code, p.supplier_product_code, p.product_name, i.quantity::text as quantity, i.unit_price::text as unit_price, po.currency_code, c.currency_precision
     from app.purchase_order_items i
     join app.purchase_orders po on po.po_id = i.po_id
     join app.products p on p.product_code = i.product_code
     join app.currencies c on c.currency_code = po.currency_code
     where i.po_id = $1 order by i.po_item_id`,
    [poId],
  );
  const intl = intlOf(lang);
  let total = 0;
  const lines = r.rows.map((l) => {
    total += Number(l.quantity) * Number(l.unit_price);
    const code = l.supplier_product_code?.trim() ? `${l.supplier_product_code.trim()} / ${l.product_code}` : l.product_code;
    const name = ownText(l.product_name, lang) || ownText(l.product_name, DEFAULT_LANG);
    return `${intl.formatNumber(Number(l.quantity), { maximumFractionDigits: 3 })} × ${code}${name ? ` ${name}` : ''} · ${mailMoney(lang, l.unit_price, l.currency_code, l.currency_precision)}`;
  });
  const first = r.rows[0];
  return { lines, total: first ? mailMoney(lang, total, first.currency_code, first.currency_precision) : '' };
}

const purchaseOrderMails: WorkflowMailer = {
  source: 'purchase_order',
  addressees: purchaseOrderAddressees,
  events: {
    // "Send to supplier": the user's text (else the catalogue's), then the lines. A supplier without an address refuses it.
    order: {
      required: 'supplier_no_email',
      async compose(a, params, { tx }) {
        const t = (id: string, values: MailValues = a.vars) => mailText(a.language, id, values, a.captions);
        const body = params.email_body?.trim() || t('mail.purchase_order.body');
        const { lines, total } = await purchaseOrderLines(tx, a.sourceId, a.language);
        const items = lines.length ? `\n\n${t('mail.purchase_order.lines')}\n${lines.join('\n')}\n\n${t('mail.purchase_order.total', { total })}` : '';
        return { subject: t('mail.purchase_order.subject'), text: body + items, documents: [{ document: 'purchase_order', id: a.sourceId, lang: a.language }] };
      },
    },
  },
};

/** The highest reminder level: a fourth reminder is refused. */
const MAX_REMINDER_LEVEL = 3;

/**
 * A cashflow item's partner: a customer's contacts for invoices (else its own address, else
 * the invoiced order's), in its language (else the order's, else the company's); and the
 * company's accounting address. An amount the company owes (direction `out`) is dunned by nobody.
 */
async function cashflowAddressees(tx: Queryable, company: string, ids: readonly number[]): Promise<Addressee[]> {
  const r = await tx.query<{
    fsm_instance_id: number;
    cashflow_id: number;
    direction: string;
    partner_to: string[];
    order_email: string | null;
    language_code: string;
    partner_name: string;
    reference: string;
    amount: string;
    open: string;
    currency_code: string;
    currency_precision: number;
    due_date: string;
    reminder_level: number;
    company_name: string;
    accounting_email: string | null;
    company_language: string;
    invoice_id: number | null;
  }>(
    `select c.fsm_instance_id, c.cashflow_id, t.direction,
            (select i.invoice_id from app.invoices i
             where i.company_code = c.company_code and i.kind = 'invoice' and i.issued_at is not null and i.invoice_number = nullif(c.invoice_number, '')) as invoice_id, app.partner_mail_to(c.partner_id, 'invoices') as partner_to, nullif(btrim(o.email), '') as order_email,
            app.mail_language(c.company_code, c.partner_id, o.language_code) as language_code, p.partner_name,
            coalesce(nullif(c.invoice_number, ''), '#' || c.cashflow_id) as reference, c.amount::text as amount,
            (c.amount - coalesce((select sum(x.amount) from app.cashflow_payments x where x.cashflow_id = c.cashflow_id), 0))::text as open,
            c.currency_code, cur.currency_precision, to_char(c.due_date, 'YYYY-MM-DD') as due_date, c.reminder_level,
            co.company_name, co.accounting_email, co.language_code as company_language
     from app.cashflow_items c
     join app.cashflow_types t on t.type_code = c.type_code
     join app.partners p on p.partner_id = c.partner_id
     join app.companies co on co.company_code = c.company_code
     join app.currencies cur on cur.currency_code = c.currency_code
     left join app.sales_orders o on o.order_id = c.order_id
     where c.fsm_instance_id = any($1::bigint[]) and c.company_code = $2`,
    [ids, company],
  );
  return r.rows.map((c) => {
    const money = (lang: string, v: string) => mailMoney(lang, v, c.currency_code, c.currency_precision);
    const incoming = c.direction === 'in';
    return {
      fsmInstanceId: Number(c.fsm_instance_id),
      sourceId: c.cashflow_id,
      to: !incoming ? [] : c.partner_to.length ? c.partner_to : c.order_email ? [c.order_email] : [],
      language: c.language_code,
      ...(incoming ? {} : { unmailed: true as const }),
      accounting: { to: c.accounting_email ? [c.accounting_email] : [], language: c.company_language },
      invoiceId: c.invoice_id === null ? undefined : Number(c.invoice_id),
      vars: { reference: c.reference, customer: c.partner_name, company: c.company_name, level: c.reminder_level },
      // The customer's mail and the accounting's may be in two languages: money and the day in the mail's.
      varsIn: (lang) => ({ total: money(lang, c.amount), open: money(lang, c.open), due_date: mailDay(lang, c.due_date) }),
    };
  });
}

/**
 * The company's dunning text of a level (settings/obd_texts `reminder_<level>`, active) in the
 * mail's own language, by placement, as plain paragraphs. A language the company wrote no
 * text in gets the catalogue's letter: never another language's text in a customer's mail.
 */
async function dunningTexts(tx: Queryable, company: string, level: number, lang: string): Promise<Record<'header' | 'footer' | 'terms', string>> {
  const r = await tx.query<{ placement: 'header' | 'footer' | 'terms'; obd_text: unknown }>('select placement, obd_text from app.obd_texts where company_code = $1 and document_type = $2 and active', [
    company,
    `reminder_${level}`,
  ]);
  const out = { header: '', footer: '', terms: '' };
  for (const x of r.rows) out[x.placement] = htmlParagraphs(ownText(x.obd_text, lang)).join('\n\n');
  return out;
}

const cashflowMails: WorkflowMailer = {
  source: 'cashflow',
  addressees: cashflowAddressees,
  events: {
    // "Send a reminder" (and the daily loop's first one): the next level's letter — the company's
    // dunning text of that level (else the catalogue's), the user's words, the item's facts.
    remind: {
      required: 'customer_no_email',
      async compose(a, params, { tx, company }) {
        const next = await tx.query<{ level: number }>(
          'update app.cashflow_items set reminder_level = reminder_level + 1 where cashflow_id = $1 and reminder_level < $2 returning reminder_level as level',
          [a.sourceId, MAX_REMINDER_LEVEL],
        );
        const level = next.rows[0]?.level;
        if (level === undefined) {
          throw refused('reminder_limit', `cashflow item ${a.sourceId}: ${MAX_REMINDER_LEVEL} reminders were sent already`, { max: MAX_REMINDER_LEVEL }, 409);
        }
        const values = { ...a.vars, level };
        const t = (id: string) => mailText(a.language, id, values, a.captions);
        const own = await dunningTexts(tx, company, level, a.language);
        const parts = [own.header || t(`mail.reminder.body_${level}`), params.email_body?.trim() ?? '', t('mail.reminder.facts'), own.footer || t('mail.reminder.closing'), own.terms];
        // The invoice it reminds of, as a PDF in the mail's language.
        const documents = a.invoiceId === undefined ? [] : [{ document: 'invoice' as const, id: a.invoiceId, lang: a.language }];
        return { subject: t('mail.reminder.subject'), text: parts.filter((p) => p !== '').join('\n\n'), documents };
      },
    },
    // "Write off" with "Notify accounting" ticked: the company's accounting is told, in the company's language.
    write_off: {
      when: (params) => params.checkbox === true,
      audience: 'accounting',
      required: 'accounting_no_email',
      compose: (a) => ({ subject: mailText(a.language, 'mail.write_off.subject', a.vars, a.captions), text: mailText(a.language, 'mail.write_off.body', a.vars, a.captions) }),
    },
  },
};

/**
 * The workflow types that send mail, by type code. A type not here sends none. The cashflow
 * type's `remind` is also fired by the scheduler's daily loop on overdue items: that first
 * reminder goes out by itself; the next levels are the users'.
 */
export const WORKFLOW_MAILS = {
  sales_order: salesOrderMails,
  purchase_order: purchaseOrderMails,
  cashflow: cashflowMails,
} as const satisfies Record<string, WorkflowMailer>;

export type MailingWorkflowType = keyof typeof WORKFLOW_MAILS;

export const isMailingType = (type: string): type is MailingWorkflowType => Object.hasOwn(WORKFLOW_MAILS, type);

/** The event's mail of a type, when this move sends one. */
export function eventMail(type: string, event: string | null, params: MoveParams): EventMail | undefined {
  if (!isMailingType(type) || !event) return undefined;
  const events: Readonly<Record<string, EventMail>> = WORKFLOW_MAILS[type].events;
  const m = Object.hasOwn(events, event) ? events[event] : undefined;
  return m && (!m.when || m.when(params)) ? m : undefined;
}
