-- Mail that goes out (issue 47, point 5): partners' and contacts' addresses, the language a
-- mail is written in, the company's accounting address, attachments on queued mail, an
-- outbox users can see, cancel and send again, and the dunning level of a cashflow item.

-- ---- addresses ------------------------------------------------------------------------------

-- An address as the app stores it (src/core/email.ts normalizes and checks it first): trimmed,
-- lower case, a local part and a dotted domain, at most 254 characters. The database's guard
-- for writers other than the app; the app's rule is the finer one.
create function app.is_mail_address(e text) returns boolean language sql immutable as $$
  select e = lower(btrim(e)) and length(e) <= 254
         and e ~ '^[^@[:space:]]{1,64}@[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$'
$$;

-- A partner's general address (empty: null, as the engine writes a cleared cell) and the
-- language its mail and documents are written in (null: the order's, else the company's).
alter table app.partners
  add column email text constraint partners_email_check check (app.is_mail_address(email)),
  add column language_code text references app.languages;

-- The people at a partner: who receives its orders (a supplier's sales desk, a customer's
-- buyer) and who its invoices and reminders (accounts payable). A flag needs an address.
create table app.partner_contacts (
  contact_id serial primary key,
  partner_id int not null references app.partners on delete cascade,
  contact_name text not null constraint partner_contacts_contact_name_check check (length(btrim(contact_name)) between 1 and 150),
  contact_role text not null default '',
  email text constraint partner_contacts_email_check check (app.is_mail_address(email)),
  phone text not null default '',
  receives_orders boolean not null default false,
  receives_invoices boolean not null default false,
  row_version int not null default 1,
  constraint partner_contact_email_needed check (email is not null or not (receives_orders or receives_invoices))
);
create index partner_contacts_partner on app.partner_contacts (partner_id);

-- The contacts grid reads the company through its partner (as v_partner_addresses does).
create view app.v_partner_contacts as
select c.contact_id, c.partner_id, p.company_code, c.contact_name, c.contact_role, c.email, c.phone,
       c.receives_orders, c.receives_invoices, c.row_version
from app.partner_contacts c join app.partners p on p.partner_id = c.partner_id;

-- Where a partner's mail of a purpose goes: 'orders' (purchase orders, order confirmations,
-- shipping notes) or 'invoices' (invoices, reminders). Every contact flagged for it that has
-- an address (each address once, in the order they were added), else the partner's own
-- address, else none (an empty array: the caller decides whether that refuses the event).
create function app.partner_mail_to(p_partner int, p_purpose text) returns text[] language plpgsql stable as $$
declare
  out text[];
begin
  if p_purpose not in ('orders', 'invoices') then
    raise exception 'partner_mail_to: unknown purpose %', p_purpose using errcode = '22023';
  end if;
  select array_agg(x.email order by x.first_id) into out
  from (
    select c.email, min(c.contact_id) as first_id from app.partner_contacts c
    where c.partner_id = p_partner and c.email is not null
      and case p_purpose when 'orders' then c.receives_orders else c.receives_invoices end
    group by c.email
  ) x;
  if out is null then
    select array[p.email] into out from app.partners p where p.partner_id = p_partner and p.email is not null;
  end if;
  return coalesce(out, '{}');
end $$;

-- ---- the company: its language and its accounting address -----------------------------------

-- The language the company's own mail is written in (to its accounting), and what a partner's
-- mail falls back to. Existing companies take their country's UI language, else English.
alter table app.companies
  add column accounting_email text constraint companies_accounting_email_check check (app.is_mail_address(accounting_email)),
  add column language_code text references app.languages;
update app.companies c set language_code = coalesce(
  (select l.language_code from app.languages l
   where l.language_code = case c.country_code when 'SK' then 'sk' when 'HU' then 'hu' when 'CZ' then 'cs' when 'DE' then 'de'
                                                when 'AT' then 'de' when 'RO' then 'ro' when 'BG' then 'bg' else 'en' end),
  'en');
alter table app.companies alter column language_code set default 'en', alter column language_code set not null;

-- The language of a mail to a partner: the partner's own, else the one the record was written
-- in (`p_preferred`, e.g. its order's), else the company's.
create function app.mail_language(p_company text, p_partner int default null, p_preferred text default null) returns text language sql stable as $$
  select coalesce((select p.language_code from app.partners p where p.partner_id = p_partner and p.company_code = p_company),
                  (select l.language_code from app.languages l where l.language_code = p_preferred),
                  (select c.language_code from app.companies c where c.company_code = p_company),
                  'en')
$$;

-- ---- the outbox -------------------------------------------------------------------------------

-- `cancelled`: a user stopped a queued mail (the Outbox screen); it may be queued again, as a
-- failed one may.
alter table app.mail_outbox drop constraint mail_outbox_status_check;
-- (Unnamed: PostgreSQL names it mail_outbox_status_check again.)
alter table app.mail_outbox add check (status in ('pending', 'sent', 'failed', 'cancelled'));
-- The Outbox screen: a company's mail, newest first.
create index mail_outbox_company_created on app.mail_outbox (company_code, created_at desc, mail_id desc);

-- Files a mail carries (an invoice's PDF …), written with it in its transaction, in order.
create table app.mail_attachments (
  attachment_id bigint generated always as identity primary key,
  mail_id bigint not null references app.mail_outbox on delete cascade,
  position int not null,
  filename text not null constraint mail_attachment_filename check (length(filename) between 1 and 200 and filename !~ '[/\\[:cntrl:]]'),
  content_type text not null constraint mail_attachment_content_type check (content_type ~ '^[a-z0-9][a-z0-9!#$&^_.+-]*/[a-z0-9][a-z0-9!#$&^_.+-]*$'),
  content bytea not null constraint mail_attachment_size check (octet_length(content) <= 20971520),
  unique (mail_id, position)
);

-- The Outbox screen's rows: recipients as one text, the record the mail is about by its
-- reference, the attachments' names.
create view app.v_mail_outbox as
select o.mail_id, o.company_code, o.status, array_to_string(o.recipients, ', ') as recipients, o.subject, o.language_code,
       o.attempts, o.last_error, o.created_at, o.sent_at, o.next_attempt_at, o.source_type, o.source_id,
       case o.source_type
         when 'sales_order' then (select s.fsm_reference from app.sales_orders s where s.order_id = o.source_id)
         when 'purchase_order' then (select p.fsm_reference from app.purchase_orders p where p.po_id = o.source_id)
         when 'cashflow' then (select coalesce(nullif(c.invoice_number, ''), '#' || c.cashflow_id) from app.cashflow_items c where c.cashflow_id = o.source_id)
       end as reference,
       coalesce((select string_agg(a.filename, ', ' order by a.position) from app.mail_attachments a where a.mail_id = o.mail_id), '') as attachment_names
from app.mail_outbox o;

-- ---- dunning ----------------------------------------------------------------------------------

-- The reminders sent for an item (1 … 3): "Send a reminder" writes the next level's letter.
alter table app.cashflow_items add column reminder_level int not null default 0 constraint cashflow_reminder_level check (reminder_level between 0 and 3);
update app.cashflow_items c set reminder_level = least(3, r.n)
from (select h.fsm_instance_id, count(*)::int as n from app.fsm_history h where h.event_code = 'remind' group by h.fsm_instance_id) r
where r.fsm_instance_id = c.fsm_instance_id;

-- The dunning texts: a company's letter of each reminder level (header before the facts,
-- footer and terms after them), in every language, on /settings/obd_texts.
alter table app.obd_texts drop constraint obd_text_document;
alter table app.obd_texts add constraint obd_text_document
  check (document_type in ('order', 'invoice', 'delivery_note', 'pick_list', 'arriving_shipment', 'reminder_1', 'reminder_2', 'reminder_3'));
