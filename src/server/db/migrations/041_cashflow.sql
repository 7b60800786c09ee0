-- Cashflow (spec §3 "Cashflow", issue 22): a company's money expected in or out — an
-- invoice to a customer (often from a sales order) or from a supplier — moved by its
-- `cashflow` workflow instance (035: planned → due → overdue → reminded → paid / written
-- off / cancelled), with the payments recorded against it. As for sales orders, what
-- follows from stored facts is computed in SQL, never stored: payment count and total,
-- the day the item closed (its instance entering a final state), the payment delay, the
-- amount in the company currency the browser converts into the view currency.

-- The spec's `type_code` read as a category with a direction: what the money is for
-- (customer invoice, supplier invoice, freight) and whether it comes in or goes out.
-- Reference data shared by the companies, named in every UI language.
create table app.cashflow_types (
  type_code text primary key check (type_code ~ '^[a-z][a-z0-9_]{0,39}$'),
  type_names jsonb not null default '{}'::jsonb,
  direction text not null check (direction in ('in', 'out')),
  position int not null default 0
);
insert into app.cashflow_types (type_code, type_names, direction, position) values
  ('customer_invoice', '{"en": "Customer invoice (in)", "de": "Kundenrechnung (Eingang)", "hu": "Vevői számla (bejövő)", "sk": "Odberateľská faktúra (príjem)", "ro": "Factură client (încasare)", "cs": "Odběratelská faktura (příjem)", "bg": "Фактура към клиент (постъпление)"}', 'in', 1),
  ('supplier_invoice', '{"en": "Supplier invoice (out)", "de": "Lieferantenrechnung (Ausgang)", "hu": "Szállítói számla (kimenő)", "sk": "Dodávateľská faktúra (výdaj)", "ro": "Factură furnizor (plată)", "cs": "Dodavatelská faktura (výdaj)", "bg": "Фактура от доставчик (плащане)"}', 'out', 2),
  ('freight_invoice', '{"en": "Freight invoice (out)", "de": "Frachtrechnung (Ausgang)", "hu": "Fuvarszámla (kimenő)", "sk": "Faktúra za prepravu (výdaj)", "ro": "Factură transport (plată)", "cs": "Faktura za přepravu (výdaj)", "bg": "Фактура за транспорт (плащане)"}', 'out', 3);

create table app.cashflow_items (
  cashflow_id serial primary key,
  company_code text not null references app.companies,
  -- Created with the item (trigger below) in the type's initial state; never changed.
  fsm_instance_id bigint not null unique references app.fsm_instances,
  type_code text not null references app.cashflow_types,
  partner_id int not null references app.partners,
  -- The sales order invoiced (incoming items); its partner is the item's.
  order_id int references app.sales_orders on delete set null,
  invoice_number text not null default '',
  -- In the item's currency, as invoiced; payments are in it too.
  amount numeric(14, 4) not null,
  currency_code text not null references app.currencies,
  opened_on date not null default current_date,
  due_date date not null,
  -- The user who added it (the write engine's actor, app.user_id); null for the system.
  opened_by int references app.users on delete set null,
  note text not null default '',
  row_version int not null default 1
);
alter table app.cashflow_items add constraint cashflow_amount_positive check (amount > 0);
create index cashflow_items_company_due on app.cashflow_items (company_code, due_date desc);
create index cashflow_items_partner on app.cashflow_items (partner_id);
create index cashflow_items_order on app.cashflow_items (order_id) where order_id is not null;

create table app.cashflow_payments (
  payment_id serial primary key,
  cashflow_id int not null references app.cashflow_items on delete cascade,
  paid_on date not null default current_date,
  -- In the item's currency.
  amount numeric(14, 4) not null,
  note text not null default '',
  row_version int not null default 1
);
alter table app.cashflow_payments add constraint cashflow_payment_positive check (amount > 0);
create index cashflow_payments_item on app.cashflow_payments (cashflow_id, paid_on);

-- A new item: its workflow instance, currency (the order's, else the company's), due date
-- (14 days after opening) and author when not given; partner, order and instance are the
-- item's company's, an invoiced order's partner is the item's partner. A closed item is
-- not deleted (rule cashflow_closed); an open one takes its payments with it.
create function app.cashflow_items_before_write() returns trigger language plpgsql as $$
declare
  paid numeric;
begin
  if tg_op = 'DELETE' then
    -- A closed item is a settled record (its payments included): it stays, as its payments do.
    if exists (select 1 from app.fsm_instances i join app.fsm_states st on st.state_id = i.state_id where i.fsm_instance_id = old.fsm_instance_id and st.final_state) then
      raise exception 'the item is closed: it cannot be deleted' using errcode = '23514', constraint = 'cashflow_closed';
    end if;
    return old;
  end if;
  if tg_op = 'INSERT' then
    if new.currency_code is null then
      select coalesce(o.currency_code, c.currency_code) into new.currency_code
      from app.companies c left join app.sales_orders o on o.order_id = new.order_id where c.company_code = new.company_code;
    end if;
    new.opened_on := coalesce(new.opened_on, current_date); -- a form's empty date is null, not the default
    if new.due_date is null then
      new.due_date := new.opened_on + 14;
    end if;
    if new.opened_by is null then
      new.opened_by := nullif(current_setting('app.user_id', true), '')::int;
    end if;
    if new.fsm_instance_id is null then
      new.fsm_instance_id := app.fsm_create('cashflow', new.company_code, new.opened_by, now());
    end if;
  else
    if new.fsm_instance_id is distinct from old.fsm_instance_id or new.company_code is distinct from old.company_code then
      raise exception 'an item keeps its company and workflow instance' using errcode = '23514', constraint = 'cashflow_fixed';
    end if;
    if new.amount is distinct from old.amount or new.currency_code is distinct from old.currency_code then
      select coalesce(sum(p.amount), 0) into paid from app.cashflow_payments p where p.cashflow_id = new.cashflow_id;
      if paid > 0 and new.currency_code is distinct from old.currency_code then
        raise exception 'an item with payments keeps its currency' using errcode = '23514', constraint = 'cashflow_fixed';
      end if;
      if paid > new.amount then
        raise exception 'the payments would exceed the amount' using errcode = '23514', constraint = 'cashflow_overpaid';
      end if;
    end if;
  end if;
  if not exists (select 1 from app.partners where partner_id = new.partner_id and company_code = new.company_code)
     or (new.order_id is not null and not exists (select 1 from app.sales_orders where order_id = new.order_id and company_code = new.company_code and partner_id = new.partner_id))
     or not exists (select 1 from app.fsm_instances where fsm_instance_id = new.fsm_instance_id and company_code = new.company_code and type_code = 'cashflow') then
    raise exception 'the partner, order and workflow of a cashflow item are its company''s, an order''s partner the item''s' using errcode = '23514', constraint = 'cashflow_company';
  end if;
  return new;
end $$;
create trigger cashflow_items_before_write before insert or update or delete on app.cashflow_items
  for each row execute function app.cashflow_items_before_write();

-- A payment: on an open item (a final state keeps its payments as they were), never more
-- in total than the item's amount. The workflow is not moved here: `pay` is the user's
-- (or the accounting import's) decision that the item is settled — a last payment may be
-- short by a fee, and a full amount may still be disputed.
create function app.cashflow_payments_before_write() returns trigger language plpgsql as $$
declare
  it record;
  paid numeric;
begin
  select c.amount, st.final_state into it
  from app.cashflow_items c join app.fsm_instances i on i.fsm_instance_id = c.fsm_instance_id join app.fsm_states st on st.state_id = i.state_id
  where c.cashflow_id = case when tg_op = 'DELETE' then old.cashflow_id else new.cashflow_id end
  for update of c;
  if it.final_state then
    raise exception 'the item is closed: its payments cannot change' using errcode = '23514', constraint = 'cashflow_closed';
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  if tg_op = 'UPDATE' and new.cashflow_id is distinct from old.cashflow_id then
    raise exception 'a payment stays on its item' using errcode = '23514', constraint = 'cashflow_fixed';
  end if;
  select coalesce(sum(p.amount), 0) into paid from app.cashflow_payments p
  where p.cashflow_id = new.cashflow_id and (tg_op = 'INSERT' or p.payment_id <> new.payment_id);
  if paid + new.amount > it.amount then
    raise exception 'the payments would exceed the amount' using errcode = '23514', constraint = 'cashflow_overpaid';
  end if;
  return new;
end $$;
create trigger cashflow_payments_before_write before insert or update or delete on app.cashflow_payments
  for each row execute function app.cashflow_payments_before_write();

-- The item's due date is the workflow's deadline: entering a state with a timeout (due,
-- by `invoice`) sets the instance's due_at to the start of the day after the due date
-- instead of the transition's generic 30 days, so `overdue` means past the due date; a
-- changed due date moves a pending deadline. Instances without an item (tests) keep theirs.
create function app.cashflow_instance_due() returns trigger language plpgsql as $$
declare
  d date;
begin
  if new.due_at is not null and (new.state_id is distinct from old.state_id or new.due_at is distinct from old.due_at) then
    select c.due_date into d from app.cashflow_items c where c.fsm_instance_id = new.fsm_instance_id;
    if found then
      new.due_at := (d + 1)::timestamptz;
    end if;
  end if;
  return new;
end $$;
create trigger cashflow_instance_due before update on app.fsm_instances
  for each row when (new.type_code = 'cashflow') execute function app.cashflow_instance_due();

create function app.cashflow_items_after_update() returns trigger language plpgsql as $$
begin
  update app.fsm_instances set due_at = (new.due_date + 1)::timestamptz
  where fsm_instance_id = new.fsm_instance_id and due_at is not null and due_at is distinct from (new.due_date + 1)::timestamptz;
  return null;
end $$;
create trigger cashflow_items_after_update after update of due_date on app.cashflow_items
  for each row when (new.due_date is distinct from old.due_date) execute function app.cashflow_items_after_update();

create view app.v_cashflow_payments as
select p.payment_id, p.cashflow_id, c.company_code, p.paid_on, p.amount, c.currency_code, p.note, p.row_version
from app.cashflow_payments p
join app.cashflow_items c on c.cashflow_id = p.cashflow_id;

-- closed_on: the day the instance entered its final state (paid, written off, cancelled).
-- payment_delay: days past the due date until it closed, or until today while open (≥ 0).
-- amount_view_currency: the amount in the company currency, unrounded (amount × the
-- company's rate of its currency); the grid shows it in the view currency like every
-- company-currency money column (× rate[company] / rate[view], rounded once), so the
-- view's result is amount × rate[from] / rate[view] as view_currency_rates defines it, and
-- the column has totals across currencies.
create view app.v_cashflow as
select c.cashflow_id, c.company_code, c.fsm_instance_id, app.fsm_actions(i.state_id) as fsm_actions,
       s.state_code, s.state_names, s.final_state, c.type_code, t.direction, c.partner_id, pa.partner_name,
       c.order_id, o.fsm_reference as order_reference, c.invoice_number, c.opened_on, c.due_date, x.closed_on,
       greatest(coalesce(x.closed_on, current_date) - c.due_date, 0) as payment_delay,
       coalesce(pay.payment_count, 0) as payment_count, coalesce(pay.total_paid, 0) as total_paid,
       c.amount - coalesce(pay.total_paid, 0) as amount_open,
       c.amount, c.currency_code,
       case when c.currency_code = co.currency_code then c.amount else c.amount * r.rate end as amount_view_currency,
       (select coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.user_name) from app.users u where u.user_id = c.opened_by) as opened_by,
       c.note, c.row_version
from app.cashflow_items c
join app.companies co on co.company_code = c.company_code
join app.cashflow_types t on t.type_code = c.type_code
join app.fsm_instances i on i.fsm_instance_id = c.fsm_instance_id
join app.fsm_states s on s.state_id = i.state_id
join app.partners pa on pa.partner_id = c.partner_id
left join app.sales_orders o on o.order_id = c.order_id
left join app.company_currency_rates r on r.company_code = c.company_code and r.currency_code = c.currency_code
cross join lateral (select case when s.final_state then i.entered_at::date end as closed_on) x
left join lateral (
  select count(*)::int as payment_count, sum(p.amount) as total_paid from app.cashflow_payments p where p.cashflow_id = c.cashflow_id
) pay on true;
