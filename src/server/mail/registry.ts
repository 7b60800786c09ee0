import type { Queryable } from '../db/types.ts';
import { mailMoney, mailText, type MailValues } from './render.ts';

/** The record a workflow instance moves, as its mail needs it. */
interface Addressee {
  fsmInstanceId: number;
  /** The record's key (stored as the outbox row's source_id). */
  sourceId: number;
  /** Empty: the record has no address, nothing is sent (the move's history says so). */
  to: string[];
  /** The language its mail is written in (a UI language; another reads as English). */
  language: string;
  /** The catalogue texts' arguments. */
  vars: MailValues;
  /** An administrator's captions in its language (texts/captions.ts), over the catalogue's texts. */
  captions?: Readonly<Record<string, string>>;
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
}

/** An event that sends mail: whether this move does (e.g. its checkbox), and the mail. */
export interface EventMail {
  when?: (params: MoveParams) => boolean;
  compose: (a: Addressee, params: MoveParams) => Composed;
}

/** The mail of one workflow type: its records' addressees, and the events that write. */
export interface WorkflowMailer {
  /** The outbox rows' source_type: what kind of record source_id names. */
  source: string;
  /** The records of these instances in `company` (instances without one are left out). */
  addressees(tx: Queryable, company: string, instanceIds: readonly number[]): Promise<Addressee[]>;
  events: Readonly<Record<string, EventMail>>;
}

/** A sales order's customer: the order's address, its language, its number, total (what the customer pays: the lines, delivery and fee) and tracking. */
async function orderAddressees(tx: Queryable, company: string, ids: readonly number[]): Promise<Addressee[]> {
  const r = await tx.query<{
    fsm_instance_id: number;
    order_id: number;
    email: string;
    language_code: string;
    fsm_reference: string;
    tracking_number: string;
    partner_name: string;
    shop_name: string;
    total: string;
    currency_code: string;
    currency_precision: number;
  }>(
    `select o.fsm_instance_id, o.order_id, o.email, o.language_code, o.fsm_reference, o.tracking_number, o.partner_name, sh.shop_name,
            o.grand_total::text as total, o.currency_code, c.currency_precision
     from app.v_sales_orders o
     join app.shops sh on sh.shop_id = o.shop_id
     join app.currencies c on c.currency_code = o.currency_code
     where o.fsm_instance_id = any($1::bigint[]) and o.company_code = $2`,
    [ids, company],
  );
  return r.rows.map((o) => ({
    fsmInstanceId: Number(o.fsm_instance_id),
    sourceId: o.order_id,
    // Partners have no address of their own (migration 037): the order's is the only one.
    to: o.email.trim() ? [o.email.trim()] : [],
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
    // `ship` asks the user for the mail's body (event_params.email); without one the catalogue's is sent.
    ship: {
      compose(a, params) {
        const body = params.email_body?.trim() || mailText(a.language, 'mail.order_shipped.body', a.vars, a.captions);
        const tracking = a.vars.tracking_number ? `\n\n${mailText(a.language, 'mail.order_shipped.tracking', a.vars, a.captions)}` : '';
        return { subject: mailText(a.language, 'mail.order_shipped.subject', a.vars, a.captions), text: body + tracking };
      },
    },
    // `pay` mails only when its checkbox ("Send a payment confirmation") was ticked.
    pay: {
      when: (params) => params.checkbox === true,
      compose: (a) => ({ subject: mailText(a.language, 'mail.payment_confirmation.subject', a.vars, a.captions), text: mailText(a.language, 'mail.payment_confirmation.body', a.vars, a.captions) }),
    },
  },
};

/**
 * The workflow types that send mail, by type code. A type not here sends none. The
 * `cashflow` type's `remind` (fired by the scheduler's daily loop) joins once cashflow items
 * have a table with a recipient: an entry whose addressees read it and an event `remind`.
 */
export const WORKFLOW_MAILS = {
  sales_order: salesOrderMails,
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
