-- Cash flow from the business (issue 47, point 4): payments with a method, partial payments,
-- overpayments kept as credits, items that close when paid, orders paid when their
-- receivable is, and the payable of a received purchase order.
--
-- Payments: each has a method (bank transfer, card, cash, cash on delivery, other). An item
-- may be paid in parts; its payments may exceed its amount: the excess is not refused (the
-- bank statement shows what came in) but kept as a credit — a cash-flow item of its own in
-- the other direction (`customer_credit`: money the company owes the customer, to refund or
-- set off; `supplier_credit`: money a supplier owes the company), linked to the item it came
-- from (`credit_of`), in its currency, due at once. Its amount always equals the
-- overpayment (payments less amount) of its item: a later payment grows it, a deleted or
-- lowered one shrinks it, and one brought to nothing is cancelled; a credit that was refunded
-- (has payments) or closed is not taken back (rule cashflow_credit_used). A credit is
-- refunded at most in full (cashflow_overpaid) and its amount is not typed
-- (cashflow_credit_fixed).
--
-- Closing: when its payments reach its amount, an open item moves along its workflow's `pay`
-- transition by itself, in the payment's transaction, the history saying `settled` and who
-- recorded the payment. An item not invoiced yet (planned: no `pay` from there) stays open,
-- paid in full, and closes the moment it is invoiced. A customer invoice of a sales order
-- that is settled (its payments reach its amount, or it entered `paid` by a user's decision)
-- fires the order's `pay` event, in the same transaction, where the order's state has one.
-- Every writer of payments — the order's Record payment, the payments grid, an import, SQL —
-- meets these rules; the demo seed turns them off (`app.cashflow_auto` = 'off') as it writes
-- its histories itself.
--
-- Payables: a purchase order entering `received` (its last goods received, or the Receive
-- goods event) makes one supplier-invoice item: the order's value (its lines; related costs
-- are other parties' invoices), its currency, opened on the day received (the view converts
-- at that day's rate), due after the supplier's payment term, else the company's, booked to
-- the order's account; once per order (a unique index).

-- ---- payments -----------------------------------------------------------------------------

alter table app.cashflow_payments
  add column pay_method text not null default 'bank_transfer'
    constraint cashflow_payments_pay_method_check check (pay_method in ('bank_transfer', 'card', 'cash', 'cash_on_delivery', 'other'));

-- ---- items: links, account, credits ------------------------------------------------------

alter table app.cashflow_items
  -- The purchase order whose receipt made this payable.
  add column po_id int references app.purchase_orders,
  -- The item whose overpayment this credit holds (its open credits go with it).
  add column credit_of int references app.cashflow_items on delete cascade,
  -- The company's account it is booked to (one of its own, as purchase orders: 107).
  add column account_id int,
  add constraint cashflow_items_account foreign key (company_code, account_id) references app.accounts (company_code, account_id);
create unique index cashflow_items_one_per_po on app.cashflow_items (po_id) where po_id is not null;
create index cashflow_items_credit_of on app.cashflow_items (credit_of) where credit_of is not null;
create index cashflow_items_account on app.cashflow_items (account_id) where account_id is not null;

insert into app.cashflow_types (type_code, type_names, direction, position) values
  ('customer_credit', '{"en": "Customer credit from overpayment (out)", "de": "Kundenguthaben aus Überzahlung (Ausgang)", "hu": "Vevői túlfizetés, jóváírás (kimenő)", "sk": "Preplatok odberateľa (výdaj)", "ro": "Credit client din plată în plus (plată)", "cs": "Přeplatek odběratele (výdaj)", "bg": "Надплатена сума на клиент (плащане)"}', 'out', 5),
  ('supplier_credit', '{"en": "Supplier credit from overpayment (in)", "de": "Lieferantenguthaben aus Überzahlung (Eingang)", "hu": "Szállítói túlfizetés, követelés (bejövő)", "sk": "Preplatok dodávateľovi (príjem)", "ro": "Credit la furnizor din plată în plus (încasare)", "cs": "Přeplatek dodavateli (příjem)", "bg": "Надплатена сума на доставчик (постъпление)"}', 'in', 6)
on conflict do nothing;

-- Whether the rules below run: off while the demo seed writes histories itself.
create function app.cashflow_auto() returns boolean language sql stable as $$
  select coalesce(current_setting('app.cashflow_auto', true), '') <> 'off'
$$;

-- The user a system move is recorded for: the writer's (the engine's actAs), else none.
create function app.acting_user() returns int language sql stable as $$
  select nullif(current_setting('app.user_id', true), '')::int
$$;

-- An item's own rules (041), now with its purchase order, credits and account: an item of
-- payments may take any amount (an excess becomes a credit, below); a credit's amount is
-- kept by app.cashflow_credit_sync only.
create or replace function app.cashflow_items_before_write() returns trigger language plpgsql as $$
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
      new.opened_by := app.acting_user();
    end if;
    if new.fsm_instance_id is null then
      new.fsm_instance_id := app.fsm_create('cashflow', new.company_code, new.opened_by, now());
    end if;
  else
    if new.fsm_instance_id is distinct from old.fsm_instance_id or new.company_code is distinct from old.company_code
       or new.credit_of is distinct from old.credit_of or new.po_id is distinct from old.po_id then
      raise exception 'an item keeps its company, workflow instance, purchase order and origin' using errcode = '23514', constraint = 'cashflow_fixed';
    end if;
    if new.currency_code is distinct from old.currency_code then
      select coalesce(sum(p.amount), 0) into paid from app.cashflow_payments p where p.cashflow_id = new.cashflow_id;
      if paid > 0 then
        raise exception 'an item with payments keeps its currency' using errcode = '23514', constraint = 'cashflow_fixed';
      end if;
    end if;
    if new.credit_of is not null and new.amount is distinct from old.amount and coalesce(current_setting('app.cashflow_credit_sync', true), '') <> 'on' then
      raise exception 'a credit holds the overpayment of its item: change the payments' using errcode = '23514', constraint = 'cashflow_credit_fixed';
    end if;
    if new.credit_of is not null and new.amount is distinct from old.amount then
      select coalesce(sum(p.amount), 0) into paid from app.cashflow_payments p where p.cashflow_id = new.cashflow_id;
      if paid > new.amount then
        raise exception 'the credit was refunded already' using errcode = '23514', constraint = 'cashflow_credit_used';
      end if;
    end if;
  end if;
  if not exists (select 1 from app.partners where partner_id = new.partner_id and company_code = new.company_code)
     or (new.order_id is not null and not exists (select 1 from app.sales_orders where order_id = new.order_id and company_code = new.company_code and partner_id = new.partner_id))
     or (new.po_id is not null and not exists (select 1 from app.purchase_orders where po_id = new.po_id and company_code = new.company_code and partner_id = new.partner_id))
     or (new.credit_of is not null and not exists (select 1 from app.cashflow_items where cashflow_id = new.credit_of and company_code = new.company_code and partner_id = new.partner_id))
     or not exists (select 1 from app.fsm_instances where fsm_instance_id = new.fsm_instance_id and company_code = new.company_code and type_code = 'cashflow') then
    raise exception 'the partner, order and workflow of a cashflow item are its company''s, an order''s partner the item''s' using errcode = '23514', constraint = 'cashflow_company';
  end if;
  return new;
end $$;

-- A payment: on an open item (a final state keeps its payments as they were), on the item
-- it was made on. Any amount: what exceeds the item's becomes its credit (after the write).
-- A credit is refunded at most in full.
create or replace function app.cashflow_payments_before_write() returns trigger language plpgsql as $$
declare
  it record;
  paid numeric;
begin
  select c.amount, c.credit_of, st.final_state into it
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
  if it.credit_of is not null then
    select coalesce(sum(p.amount), 0) into paid from app.cashflow_payments p
    where p.cashflow_id = new.cashflow_id and (tg_op = 'INSERT' or p.payment_id <> new.payment_id);
    if paid + new.amount > it.amount then
      raise exception 'a credit is refunded at most in full' using errcode = '23514', constraint = 'cashflow_overpaid';
    end if;
  end if;
  return new;
end $$;

-- ---- credits ------------------------------------------------------------------------------

-- Keeps an item's credits equal to its overpayment (payments less amount, at least 0): the
-- difference grows or shrinks its credit that is open and unpaid (one brought to nothing is
-- cancelled), or makes a new one (due at once, on the day of the last payment). Less than
-- the credits that were refunded or closed is refused (cashflow_credit_used).
create function app.cashflow_credit_sync(p_item int) returns void language plpgsql as $$
declare
  o record;
  excess numeric;
  held numeric;
  diff numeric;
  c record;
  cf int;
  tr int;
  day date;
begin
  select ci.*, t.direction, coalesce((select sum(p.amount) from app.cashflow_payments p where p.cashflow_id = ci.cashflow_id), 0) as paid
    into o
  from app.cashflow_items ci join app.cashflow_types t on t.type_code = ci.type_code
  where ci.cashflow_id = p_item;
  if not found or o.credit_of is not null then
    return; -- a credit has no credit of its own (it is refunded at most in full)
  end if;
  excess := greatest(o.paid - o.amount, 0);
  select coalesce(sum(ci.amount), 0) into held
  from app.cashflow_items ci join app.fsm_instances i on i.fsm_instance_id = ci.fsm_instance_id join app.fsm_states s on s.state_id = i.state_id
  where ci.credit_of = p_item and s.state_code <> 'cancelled';
  diff := excess - held;
  if diff = 0 then
    return;
  end if;
  perform set_config('app.cashflow_credit_sync', 'on', true);
  -- The credits that may still change: open, nothing refunded; the newest first.
  for c in
    select ci.cashflow_id, ci.amount, ci.fsm_instance_id, i.state_id
    from app.cashflow_items ci join app.fsm_instances i on i.fsm_instance_id = ci.fsm_instance_id join app.fsm_states s on s.state_id = i.state_id
    where ci.credit_of = p_item and not s.final_state and not exists (select 1 from app.cashflow_payments p where p.cashflow_id = ci.cashflow_id)
    order by ci.cashflow_id desc
    for update of ci
  loop
    exit when diff = 0;
    if diff > 0 then
      update app.cashflow_items set amount = amount + diff, row_version = row_version + 1 where cashflow_id = c.cashflow_id;
      diff := 0;
    elsif c.amount + diff > 0 then
      update app.cashflow_items set amount = amount + diff, row_version = row_version + 1 where cashflow_id = c.cashflow_id;
      diff := 0;
    else
      diff := diff + c.amount;
      select t.transition_id into tr from app.fsm_transitions t where t.type_code = 'cashflow' and t.event_code = 'cancel' and t.from_state_id = c.state_id;
      if tr is null then
        perform set_config('app.cashflow_credit_sync', '', true);
        raise exception 'the credit was refunded already' using errcode = '23514', constraint = 'cashflow_credit_used';
      end if;
      perform app.fsm_move(c.fsm_instance_id, tr, app.acting_user(), jsonb_build_object('overpayment', 0), now());
    end if;
  end loop;
  perform set_config('app.cashflow_credit_sync', '', true);
  if diff < 0 then
    raise exception 'the credit was refunded already' using errcode = '23514', constraint = 'cashflow_credit_used';
  end if;
  if diff > 0 then
    select coalesce(max(p.paid_on), current_date) into day from app.cashflow_payments p where p.cashflow_id = p_item;
    insert into app.cashflow_items (company_code, type_code, partner_id, order_id, invoice_number, amount, currency_code, opened_on, due_date, opened_by, note, credit_of, account_id)
    values (o.company_code, case o.direction when 'in' then 'customer_credit' else 'supplier_credit' end, o.partner_id, o.order_id, o.invoice_number, diff,
            o.currency_code, day, day, app.acting_user(), o.invoice_number, p_item, o.account_id)
    returning cashflow_id into cf;
    select t.transition_id into tr
    from app.cashflow_items ci join app.fsm_instances i on i.fsm_instance_id = ci.fsm_instance_id
    join app.fsm_transitions t on t.type_code = 'cashflow' and t.event_code = 'invoice' and t.from_state_id = i.state_id
    where ci.cashflow_id = cf;
    if tr is not null then
      perform app.fsm_move(ci.fsm_instance_id, tr, app.acting_user(), jsonb_build_object('overpayment', p_item), now())
      from app.cashflow_items ci where ci.cashflow_id = cf;
    end if;
  end if;
end $$;

-- ---- closing ------------------------------------------------------------------------------

-- A settled customer invoice pays its sales order: the order's `pay` event where its state
-- has one, recorded for the acting user with what the order's Record payment asked
-- (app.settle_params: its checkbox, so the payment confirmation mails as a user's `pay` would).
create function app.cashflow_order_paid(p_item int) returns void language plpgsql as $$
declare
  o record;
begin
  select so.fsm_instance_id, t.transition_id, ci.invoice_number into o
  from app.cashflow_items ci
  join app.sales_orders so on so.order_id = ci.order_id
  join app.fsm_instances i on i.fsm_instance_id = so.fsm_instance_id
  join app.fsm_transitions t on t.type_code = 'sales_order' and t.event_code = 'pay' and t.from_state_id = i.state_id
  where ci.cashflow_id = p_item and ci.type_code = 'customer_invoice' and ci.credit_of is null;
  if found then
    perform app.fsm_move(o.fsm_instance_id, o.transition_id, app.acting_user(),
                         coalesce(nullif(current_setting('app.settle_params', true), '')::jsonb, '{}'::jsonb) || jsonb_build_object('settled', p_item, 'invoice', o.invoice_number), now());
  end if;
end $$;

-- An item whose payments reach its amount: it closes along `pay` from its state (none from
-- planned: it closes when invoiced), and a sales order's invoice pays its order.
create function app.cashflow_settle(p_item int) returns void language plpgsql as $$
declare
  it record;
  tr int;
begin
  if not app.cashflow_auto() then
    return;
  end if;
  select ci.cashflow_id, ci.amount, ci.fsm_instance_id, i.state_id, s.final_state,
         coalesce((select sum(p.amount) from app.cashflow_payments p where p.cashflow_id = ci.cashflow_id), 0) as paid
    into it
  from app.cashflow_items ci join app.fsm_instances i on i.fsm_instance_id = ci.fsm_instance_id join app.fsm_states s on s.state_id = i.state_id
  where ci.cashflow_id = p_item;
  if not found or it.final_state or it.paid < it.amount then
    return;
  end if;
  select t.transition_id into tr from app.fsm_transitions t where t.type_code = 'cashflow' and t.event_code = 'pay' and t.from_state_id = it.state_id;
  if tr is not null then
    -- Entering `paid` pays the order (the instances' trigger below).
    perform app.fsm_move(it.fsm_instance_id, tr, app.acting_user(), jsonb_build_object('settled', it.paid), now());
  else
    perform app.cashflow_order_paid(p_item);
  end if;
end $$;

create function app.cashflow_payments_after_write() returns trigger language plpgsql as $$
declare
  item int := case when tg_op = 'DELETE' then old.cashflow_id else new.cashflow_id end;
begin
  if not app.cashflow_auto() then
    return null;
  end if;
  perform app.cashflow_credit_sync(item);
  if tg_op <> 'DELETE' then
    perform app.cashflow_settle(item);
  end if;
  return null;
end $$;
create trigger cashflow_payments_after_write after insert or update or delete on app.cashflow_payments
  for each row execute function app.cashflow_payments_after_write();

-- An amount changed (a credit note lowering a receivable, a user's correction): the credits follow, and a settled item closes.
create function app.cashflow_items_amount_changed() returns trigger language plpgsql as $$
begin
  if not app.cashflow_auto() then
    return null;
  end if;
  perform app.cashflow_credit_sync(new.cashflow_id);
  perform app.cashflow_settle(new.cashflow_id);
  return null;
end $$;
create trigger cashflow_items_amount_changed after update of amount on app.cashflow_items
  for each row when (new.amount is distinct from old.amount) execute function app.cashflow_items_amount_changed();

-- An item moved: into an open state it closes if settled (an item paid in full while
-- planned, now invoiced); into `paid` (by its payments or a user's decision) its sales
-- order is paid. After the move's history row (app.fsm_move writes it last), so a move
-- this one makes follows it in the history.
create function app.cashflow_instance_moved() returns trigger language plpgsql as $$
declare
  item int;
  st record;
begin
  if new.from_state_id is null or not app.cashflow_auto() then
    return null;
  end if;
  select c.cashflow_id into item from app.cashflow_items c where c.fsm_instance_id = new.fsm_instance_id;
  if item is null then
    return null; -- another type's instance, or one without an item
  end if;
  select state_code, final_state into st from app.fsm_states where state_id = new.to_state_id;
  if not st.final_state then
    perform app.cashflow_settle(item);
  elsif st.state_code = 'paid' then
    perform app.cashflow_order_paid(item);
  end if;
  return null;
end $$;
create trigger cashflow_instance_moved after insert on app.fsm_history
  for each row execute function app.cashflow_instance_moved();

-- ---- the order's receivable ---------------------------------------------------------------

-- The receivable a payment of sales order `p_order` is recorded on: its customer invoice
-- item that is not cancelled (an open one first). None yet: when the company invoices on
-- `pay`, the invoice is issued now (Record payment is that event) with its receivable;
-- otherwise (invoiced on shipping, or nothing issued yet) an item is planned for the
-- order's total, which its invoice takes over when issued (app.invoice_receivable).
create function app.order_receivable(p_order int, p_user int) returns int language plpgsql as $$
declare
  o record;
  cf int;
begin
  select so.order_id, so.company_code, so.partner_id, so.currency_code, v.grand_total, c.invoice_on,
         exists (select 1 from app.invoices inv where inv.order_id = so.order_id and inv.kind = 'invoice') as invoiced
    into o
  from app.sales_orders so join app.v_sales_orders v on v.order_id = so.order_id join app.companies c on c.company_code = so.company_code
  where so.order_id = p_order;
  if not found then
    return null;
  end if;
  select ci.cashflow_id into cf
  from app.cashflow_items ci join app.fsm_instances i on i.fsm_instance_id = ci.fsm_instance_id join app.fsm_states s on s.state_id = i.state_id
  where ci.order_id = p_order and ci.type_code = 'customer_invoice' and ci.credit_of is null and s.state_code <> 'cancelled'
  order by s.final_state, ci.cashflow_id desc
  limit 1;
  if cf is not null then
    return cf;
  end if;
  if not o.invoiced and o.invoice_on = 'pay' and app.invoice_issue(p_order, p_user) is not null then
    return app.order_receivable(p_order, p_user);
  end if;
  if o.grand_total <= 0 then
    return null;
  end if;
  insert into app.cashflow_items (company_code, type_code, partner_id, order_id, amount, currency_code, opened_by)
  values (o.company_code, 'customer_invoice', o.partner_id, p_order, o.grand_total, o.currency_code, p_user)
  returning cashflow_id into cf;
  return cf;
end $$;

-- A payment of a sales order (its Record payment event): on its receivable, with the
-- event's params kept for the order's move when the payment settles it. The payment's id.
create function app.order_payment(p_order int, p_amount numeric, p_day date, p_method text, p_user int, p_params jsonb default '{}'::jsonb)
returns int language plpgsql as $$
declare
  cf int;
  pid int;
begin
  cf := app.order_receivable(p_order, p_user);
  if cf is null then
    raise exception 'order % has nothing to pay', p_order using errcode = '23514', constraint = 'order_nothing_to_pay';
  end if;
  perform set_config('app.settle_params', coalesce(p_params, '{}'::jsonb)::text, true);
  insert into app.cashflow_payments (cashflow_id, paid_on, amount, pay_method)
  values (cf, coalesce(p_day, current_date), p_amount, coalesce(p_method, 'bank_transfer'))
  returning payment_id into pid;
  perform set_config('app.settle_params', '', true);
  return pid;
end $$;

-- The receivable of an issued invoice (113), now taking over the item a payment planned for
-- the order before it was invoiced: its number, amount and dates become the invoice's, and
-- it is invoiced (a settled one then closes; paid beyond the invoice, the rest is a credit).
create or replace function app.invoice_receivable(p_invoice int, p_user int) returns int language plpgsql as $$
declare
  d record;
  cf int;
  tr int;
  planned record;
begin
  select i.*, t.gross_total into d from app.invoices i join app.v_invoice_totals t on t.invoice_id = i.invoice_id where i.invoice_id = p_invoice;
  if d.gross_total <= 0 then
    return null; -- nothing to receive (goods given away)
  end if;
  select ci.cashflow_id, s.final_state into planned
  from app.cashflow_items ci join app.fsm_instances i on i.fsm_instance_id = ci.fsm_instance_id join app.fsm_states s on s.state_id = i.state_id
  where ci.order_id = d.order_id and ci.type_code = 'customer_invoice' and ci.credit_of is null and s.initial_state
  order by ci.cashflow_id
  limit 1
  for update of ci;
  if found then
    cf := planned.cashflow_id;
    update app.cashflow_items set invoice_number = d.invoice_number, amount = d.gross_total, opened_on = d.issue_date, due_date = d.due_date, row_version = row_version + 1
    where cashflow_id = cf;
  else
    insert into app.cashflow_items (company_code, type_code, partner_id, order_id, invoice_number, amount, currency_code, opened_on, due_date, opened_by)
    values (d.company_code, 'customer_invoice', d.partner_id, d.order_id, d.invoice_number, d.gross_total, d.currency_code, d.issue_date, d.due_date, p_user)
    returning cashflow_id into cf;
  end if;
  select t.transition_id into tr
  from app.cashflow_items c join app.fsm_instances i on i.fsm_instance_id = c.fsm_instance_id
  join app.fsm_transitions t on t.type_code = 'cashflow' and t.event_code = 'invoice' and t.from_state_id = i.state_id
  where c.cashflow_id = cf;
  if tr is not null then
    perform app.fsm_move(i.fsm_instance_id, tr, p_user, jsonb_build_object('invoice', d.invoice_number), now())
    from app.cashflow_items i where i.cashflow_id = cf;
  end if;
  return cf;
end $$;

-- ---- the payable of a received purchase order ---------------------------------------------

create function app.po_payable(p_po int, p_day date, p_user int) returns int language plpgsql as $$
declare
  o record;
  cf int;
  tr int;
begin
  select po.po_id, po.company_code, po.partner_id, po.currency_code, po.account_id, po.fsm_reference, v.order_value,
         coalesce(pa.payment_days, co.payment_days) as term
    into o
  from app.purchase_orders po
  join app.v_purchase_orders v on v.po_id = po.po_id
  join app.partners pa on pa.partner_id = po.partner_id
  join app.companies co on co.company_code = po.company_code
  where po.po_id = p_po;
  if not found or o.order_value <= 0 or exists (select 1 from app.cashflow_items where po_id = p_po) then
    return null;
  end if;
  insert into app.cashflow_items (company_code, type_code, partner_id, po_id, amount, currency_code, opened_on, due_date, opened_by, account_id, note)
  values (o.company_code, 'supplier_invoice', o.partner_id, p_po, o.order_value, o.currency_code, p_day, p_day + o.term, p_user, o.account_id, o.fsm_reference)
  returning cashflow_id into cf;
  select t.transition_id into tr
  from app.cashflow_items c join app.fsm_instances i on i.fsm_instance_id = c.fsm_instance_id
  join app.fsm_transitions t on t.type_code = 'cashflow' and t.event_code = 'invoice' and t.from_state_id = i.state_id
  where c.cashflow_id = cf;
  if tr is not null then
    perform app.fsm_move(c.fsm_instance_id, tr, p_user, jsonb_build_object('purchase_order', o.fsm_reference), now())
    from app.cashflow_items c where c.cashflow_id = cf;
  end if;
  return cf;
end $$;

create function app.purchase_order_received_payable() returns trigger language plpgsql as $$
declare
  po int;
begin
  if not app.cashflow_auto() or not exists (select 1 from app.fsm_states s where s.state_id = new.state_id and s.state_code = 'received') then
    return null;
  end if;
  select po_id into po from app.purchase_orders where fsm_instance_id = new.fsm_instance_id;
  if po is not null then
    perform app.po_payable(po, new.entered_at::date, app.acting_user());
  end if;
  return null;
end $$;
create trigger purchase_order_received_payable after update of state_id on app.fsm_instances
  for each row when (new.type_code = 'purchase_order' and new.state_id is distinct from old.state_id)
  execute function app.purchase_order_received_payable();

-- ---- the sales order's Record payment asks for the payment -------------------------------

-- The event's dialog (descriptor: `payment: true`), in databases seeded before it.
update app.fsm_events set event_params = event_params || '{"payment": true}'::jsonb
where type_code = 'sales_order' and event_code = 'pay' and not (event_params ? 'payment');

-- ---- reading ------------------------------------------------------------------------------

create or replace view app.v_cashflow_payments as
select p.payment_id, p.cashflow_id, c.company_code, p.paid_on, p.amount, c.currency_code, p.note, p.row_version,
       p.pay_method
from app.cashflow_payments p
join app.cashflow_items c on c.cashflow_id = p.cashflow_id;

-- 110's columns, amount_open no longer below zero, and at the end: the payment status (open,
-- partly paid, paid in full but not closed, closed), the overpayment kept as credit, the
-- credit's origin, the purchase order, the account and the rate of the item's day.
create or replace view app.v_cashflow as
select c.cashflow_id, c.company_code, c.fsm_instance_id, app.fsm_actions(i.state_id) as fsm_actions,
       s.state_code, s.state_names, s.final_state, c.type_code, t.direction, c.partner_id, pa.partner_name,
       c.order_id, o.fsm_reference as order_reference, c.invoice_number, c.opened_on, c.due_date, x.closed_on,
       greatest(coalesce(x.closed_on, current_date) - c.due_date, 0) as payment_delay,
       coalesce(pay.payment_count, 0) as payment_count, coalesce(pay.total_paid, 0) as total_paid,
       greatest(c.amount - coalesce(pay.total_paid, 0), 0) as amount_open,
       c.amount, c.currency_code,
       case when c.currency_code = co.currency_code then c.amount else c.amount * app.rate_on(c.company_code, c.currency_code, c.opened_on) end as amount_view_currency,
       (select coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.user_name) from app.users u where u.user_id = c.opened_by) as opened_by,
       c.note, c.row_version,
       app.rates_of_day(c.company_code, c.opened_on) as day_rates,
       case when s.final_state then 'closed'
            when coalesce(pay.total_paid, 0) >= c.amount then 'paid'
            when coalesce(pay.total_paid, 0) > 0 then 'partly_paid'
            else 'open' end as payment_status,
       greatest(coalesce(pay.total_paid, 0) - c.amount, 0) as credit_amount,
       c.credit_of, c.po_id, po.fsm_reference as po_reference, c.account_id,
       case when c.currency_code = co.currency_code then 1 else app.rate_on(c.company_code, c.currency_code, c.opened_on) end as rate
from app.cashflow_items c
join app.companies co on co.company_code = c.company_code
join app.cashflow_types t on t.type_code = c.type_code
join app.fsm_instances i on i.fsm_instance_id = c.fsm_instance_id
join app.fsm_states s on s.state_id = i.state_id
join app.partners pa on pa.partner_id = c.partner_id
left join app.sales_orders o on o.order_id = c.order_id
left join app.purchase_orders po on po.po_id = c.po_id
cross join lateral (select case when s.final_state then i.entered_at::date end as closed_on) x
left join lateral (
  select count(*)::int as payment_count, sum(p.amount) as total_paid from app.cashflow_payments p where p.cashflow_id = c.cashflow_id
) pay on true;
