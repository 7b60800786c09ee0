-- E-mail sent by workflow events (issue 22): the outbox, and the language an order's mail
-- is written in.

-- The customer's language: an order's e-mails are written in it. A new order without one
-- takes its shop's language (orders of a shop abroad are written in that shop's language).
alter table app.sales_orders add column language_code text references app.languages;
update app.sales_orders o set language_code = s.language_code from app.shops s where s.shop_id = o.shop_id;
alter table app.sales_orders alter column language_code set not null;

-- Named after sales_orders_before_write so it runs after it (triggers fire in name order):
-- the shop is known by then.
create function app.sales_orders_language() returns trigger language plpgsql as $$
begin
  if new.language_code is null then
    select language_code into new.language_code from app.shops where shop_id = new.shop_id;
  end if;
  return new;
end $$;
create trigger sales_orders_language before insert or update on app.sales_orders
  for each row execute function app.sales_orders_language();

-- The list shows it (a column appended: the view's other columns keep their places).
create or replace view app.v_sales_orders as
select o.order_id, o.company_code, o.fsm_reference, o.fsm_instance_id, app.fsm_actions(i.state_id) as fsm_actions,
       s.state_code, s.state_names, s.final_state, o.partner_id, pa.partner_name, o.email, o.shop_id, o.pm_id, pm.pm_names, o.dm_id, dm.dm_names,
       o.opened_on, o.currency_code, coalesce(t.total_net, 0) as total_net, coalesce(t.total_vat, 0) as total_vat,
       coalesce(t.total_net + t.total_vat, 0) as total, o.tracking_number, o.ks_order_id, o.ks_invoice_no, o.ks_customer_id,
       o.valid_until, o.deleted, o.notification_sent, o.row_version, o.language_code
from app.sales_orders o
join app.fsm_instances i on i.fsm_instance_id = o.fsm_instance_id
join app.fsm_states s on s.state_id = i.state_id
join app.partners pa on pa.partner_id = o.partner_id
left join app.payment_methods pm on pm.pm_id = o.pm_id
left join app.delivery_methods dm on dm.dm_id = o.dm_id
left join lateral (
  select sum(x.net_amount) as total_net, sum(x.vat_amount) as total_vat from app.v_sales_order_items x where x.order_id = o.order_id
) t on true;

-- Mail waiting to be sent, sent, or given up on. A row is written in the transaction of
-- the workflow move that sends it (a refused trigger queues nothing, a committed move never
-- loses its mail) and sent afterwards by the outbox worker (src/server/mail/outbox.ts),
-- which claims due rows with FOR UPDATE SKIP LOCKED: any number of processes may send.
-- Rows are kept after sending (what was sent to whom, when).
create table app.mail_outbox (
  mail_id bigint generated always as identity primary key,
  company_code text not null references app.companies,
  recipients text[] not null check (cardinality(recipients) >= 1),
  language_code text not null references app.languages,
  subject text not null,
  body_text text not null,
  body_html text,
  -- What sent it: the workflow move (its history row) and the record it moved (e.g. 'sales_order', order_id).
  fsm_history_id bigint references app.fsm_history on delete set null,
  source_type text not null,
  source_id bigint not null,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  -- Delivery tries started; a pending row is tried again at next_attempt_at (backoff, or a
  -- claimed row's lease: a worker that died mid-send leaves it due again).
  attempts int not null default 0,
  next_attempt_at timestamptz not null default now(),
  -- The last failure as the transport said it (never the SMTP credentials).
  last_error text,
  message_id text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
-- The worker's claims: only pending rows are indexed.
create index mail_outbox_due on app.mail_outbox (next_attempt_at) where status = 'pending';
create index mail_outbox_source on app.mail_outbox (source_type, source_id);
create index mail_outbox_history on app.mail_outbox (fsm_history_id);
