/**
 * Demo outbox (migration 114): the mail each company's recent work sent — shipping notes of its
 * last shipped orders, its last purchase orders to their suppliers, the first reminders of its
 * overdue items — as the worker left them: sent, one given up after its tries (the server
 * refused the address), one a user cancelled. None is waiting: a demo started with SMTP_URL
 * sends nothing to the demo's `.example` addresses.
 */
import { mailMoney, mailText } from '../../mail/render.ts';
import type { Queryable } from '../types.ts';
import { insertRows } from './insert.ts';

/** Recent records per company and kind. */
const PER_KIND = 4;

interface Source {
  kind: 'sales_order' | 'purchase_order' | 'cashflow';
  id: number;
  company_code: string;
  history_id: number;
  at: string;
  to: string[];
  language_code: string;
  reference: string;
  partner_name: string;
  company_name: string;
  shop_name: string | null;
  total: string | null;
  currency_code: string | null;
  currency_precision: number | null;
  due_date: string | null;
}

export async function seedOutbox(tx: Queryable): Promise<void> {
  const r = await tx.query<Source>(
    `with moves as (
       select 'sales_order' as kind, o.order_id as id, o.company_code, h.history_id, h.at, array[o.email] as to, o.language_code, o.fsm_reference as reference,
              p.partner_name, sh.shop_name, null::text as total, o.currency_code, null::date as due_date
       from app.sales_orders o join app.fsm_history h on h.fsm_instance_id = o.fsm_instance_id and h.event_code = 'ship'
       join app.partners p on p.partner_id = o.partner_id join app.shops sh on sh.shop_id = o.shop_id
       where o.email <> ''
       union all
       select 'purchase_order', po.po_id, po.company_code, h.history_id, h.at, app.partner_mail_to(po.partner_id, 'orders'), app.mail_language(po.company_code, po.partner_id),
              po.fsm_reference, p.partner_name, null, null, po.currency_code, null
       from app.purchase_orders po join app.fsm_history h on h.fsm_instance_id = po.fsm_instance_id and h.event_code = 'order'
       join app.partners p on p.partner_id = po.partner_id
       union all
       select 'cashflow', c.cashflow_id, c.company_code, h.history_id, h.at, array[o.email], coalesce(o.language_code, app.mail_language(c.company_code, c.partner_id)),
              coalesce(nullif(c.invoice_number, ''), '#' || c.cashflow_id), p.partner_name, null, c.amount::text, c.currency_code, c.due_date
       from app.cashflow_items c join app.fsm_history h on h.fsm_instance_id = c.fsm_instance_id and h.event_code = 'remind'
       join app.partners p on p.partner_id = c.partner_id join app.sales_orders o on o.order_id = c.order_id
       where o.email <> ''
     ), ranked as (
       select m.*, row_number() over (partition by m.company_code, m.kind order by m.at desc, m.history_id desc) as n from moves m where cardinality(m.to) > 0
     )
     select r.kind, r.id, r.company_code, r.history_id, r.at::text as at, r.to, r.language_code, r.reference, r.partner_name, co.company_name, r.shop_name,
            r.total, r.currency_code, cur.currency_precision, to_char(r.due_date, 'YYYY-MM-DD') as due_date
     from ranked r join app.companies co on co.company_code = r.company_code left join app.currencies cur on cur.currency_code = r.currency_code
     where r.n <= $1 order by r.company_code, r.at, r.history_id`,
    [PER_KIND],
  );
  const rows = r.rows.map((m, k) => {
    const lang = m.language_code;
    const vars = { reference: m.reference, customer: m.partner_name, supplier: m.partner_name, company: m.company_name, shop: m.shop_name ?? m.company_name, tracking_number: '' };
    let subject: string;
    let text: string;
    if (m.kind === 'sales_order') {
      subject = mailText(lang, 'mail.order_shipped.subject', vars);
      text = mailText(lang, 'mail.order_shipped.body', vars);
    } else if (m.kind === 'purchase_order') {
      subject = mailText(lang, 'mail.purchase_order.subject', vars);
      text = mailText(lang, 'mail.purchase_order.body', vars);
    } else {
      const money = mailMoney(lang, m.total ?? 0, m.currency_code ?? 'EUR', m.currency_precision ?? 2);
      const values = { ...vars, level: 1, total: money, open: money, due_date: m.due_date ?? '' };
      subject = mailText(lang, 'mail.reminder.subject', values);
      text = [mailText(lang, 'mail.reminder.body_1', values), mailText(lang, 'mail.reminder.facts', values), mailText(lang, 'mail.reminder.closing', values)].join('\n\n');
    }
    // Every seventh one given up (the receiving server refused the address), every eleventh cancelled by a user before it went.
    const status = k % 7 === 3 ? 'failed' : k % 11 === 5 ? 'cancelled' : 'sent';
    return {
      company_code: m.company_code,
      recipients: m.to,
      language_code: lang,
      subject,
      body_text: text,
      fsm_history_id: m.history_id,
      source_type: m.kind,
      source_id: m.id,
      status,
      attempts: status === 'failed' ? 8 : status === 'cancelled' ? 0 : 1,
      last_error: status === 'failed' ? `Can't send mail - all recipients were rejected: 550 5.1.1 <${m.to[0]}>: Recipient address rejected: User unknown` : null,
      created_at: m.at,
      sent_at: status === 'sent' ? m.at : null,
      next_attempt_at: m.at,
    };
  });
  await insertRows(
    tx,
    'app.mail_outbox',
    [
      ['company_code', 'text'],
      ['recipients', 'text[]'],
      ['language_code', 'text'],
      ['subject', 'text'],
      ['body_text', 'text'],
      ['fsm_history_id', 'bigint'],
      ['source_type', 'text'],
      ['source_id', 'bigint'],
      ['status', 'text'],
      ['attempts', 'int'],
      ['last_error', 'text'],
      ['created_at', 'timestamptz'],
      ['sent_at', 'timestamptz'],
      ['next_attempt_at', 'timestamptz'],
    ],
    rows,
  );
}
