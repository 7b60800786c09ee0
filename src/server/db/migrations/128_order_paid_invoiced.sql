-- Each sales order is invoiced once, at the point its company chose, whatever the path
-- (issue 48 point 5). Until now the invoice was issued only when a user fired the very event
-- named by companies.invoice_on (workflow/trigger.ts): an order that never passed through it
-- was never invoiced — a prepayment order (placed → require_prepayment → pay) with
-- invoice_on = 'confirm', an order paid by its settled receivable or moved by the stock or the
-- scheduler, a workflow an administrator re-drew without that event.
--
-- Now the point is a stage the order reaches, read from the state it enters (any event, any
-- writer of app.fsm_move):
--   confirm  it leaves its initial state for a state that is not a dead end (any but the
--            initial state and the final states other than `delivered`: confirmed, waiting for
--            prepayment, paid, …);
--   pay      it enters `paid` or a state after it (`waiting_for_goods`, `shipped`, `delivered`);
--   ship     it enters `shipped` or `delivered`.
-- app.invoice_issue does the writing as before (one invoice per order: an order invoiced
-- already, or with nothing to invoice, is left as it is), in the move's transaction, issued by
-- the move's user. The demo seed writes its histories with app.cashflow_auto = 'off' and is
-- not invoiced here. Orders already past their point without an invoice are not invoiced by
-- this migration (they would be dated today): their next move past the point issues it.

create function app.sales_order_invoice_point_reached(p_invoice_on text, p_state_id int) returns boolean language sql stable as $$
  select case p_invoice_on
           when 'confirm' then not s.initial_state and (not s.final_state or s.state_code = 'delivered')
           when 'pay' then s.state_code in ('paid', 'waiting_for_goods', 'shipped', 'delivered')
           when 'ship' then s.state_code in ('shipped', 'delivered')
           else false end
  from app.fsm_states s where s.state_id = p_state_id
$$;

create function app.sales_order_invoice_point() returns trigger language plpgsql as $$
declare
  o record;
begin
  if new.from_state_id is not distinct from new.to_state_id or not app.cashflow_auto() then
    return null;
  end if;
  select so.order_id, c.invoice_on into o
  from app.sales_orders so join app.companies c on c.company_code = so.company_code
  where so.fsm_instance_id = new.fsm_instance_id;
  if found and app.sales_order_invoice_point_reached(o.invoice_on, new.to_state_id)
     and not exists (select 1 from app.invoices i where i.order_id = o.order_id and i.kind = 'invoice') then
    perform app.invoice_issue(o.order_id, coalesce(new.user_id, app.acting_user()));
  end if;
  return null;
end $$;
create trigger sales_order_invoice_point after insert on app.fsm_history
  for each row execute function app.sales_order_invoice_point();

-- ---- paid means money (issue 48 point 4) ---------------------------------------------------
--
-- A sales order entered `paid` by whoever fired `pay` — a bulk action, a drag on the board, the
-- API — with nothing received. Now it enters `paid` only when its receivable is settled: its
-- customer-invoice item (not a credit, not cancelled) is in `paid` (its payments reached the
-- amount, or a user closed it on the cash flow) or its payments reach its amount; an order with
-- nothing to pay (grand total 0) needs none. Record payment (the `pay` event with a payment)
-- and a payment on the cash flow move it by themselves when it is settled (117). A company
-- whose orders may be marked paid without money (cash on delivery shipped before the money
-- comes, a customer on account) says so: companies.paid_without_payment. Coming back to paid
-- by `goods_arrived` (it was paid before it waited for goods) is no new payment. Checked by the
-- history row of every move (app.fsm_move: the trigger call, the scheduler, the stock pass,
-- SQL); the demo seed (app.cashflow_auto = 'off') writes its histories itself. Refused as
-- `sales_order_not_settled` with {order, open, currency} (the API: 409 order_not_settled).

alter table app.companies add column paid_without_payment boolean not null default false;

-- Whether the order's receivable is settled (or it has nothing to pay).
create function app.sales_order_settled(p_order int) returns boolean language sql stable as $$
  select coalesce((select v.grand_total <= 0 from app.v_sales_orders v where v.order_id = p_order), false)
      or exists (
           select 1 from app.cashflow_items ci
           join app.fsm_instances i on i.fsm_instance_id = ci.fsm_instance_id
           join app.fsm_states s on s.state_id = i.state_id
           where ci.order_id = p_order and ci.type_code = 'customer_invoice' and ci.credit_of is null and s.state_code <> 'cancelled'
             and (s.state_code = 'paid' or coalesce((select sum(p.amount) from app.cashflow_payments p where p.cashflow_id = ci.cashflow_id), 0) >= ci.amount))
$$;

create function app.sales_order_paid_guard() returns trigger language plpgsql as $$
declare
  o record;
begin
  if new.from_state_id is not distinct from new.to_state_id or new.event_code is not distinct from 'goods_arrived' or not app.cashflow_auto()
     or not exists (select 1 from app.fsm_states s where s.state_id = new.to_state_id and s.type_code = 'sales_order' and s.state_code = 'paid') then
    return null;
  end if;
  select so.order_id, so.fsm_reference, so.currency_code, c.paid_without_payment, v.grand_total into o
  from app.sales_orders so join app.companies c on c.company_code = so.company_code join app.v_sales_orders v on v.order_id = so.order_id
  where so.fsm_instance_id = new.fsm_instance_id;
  if not found or o.paid_without_payment or app.sales_order_settled(o.order_id) then
    return null;
  end if;
  raise exception 'order % is not paid: its receivable is not settled', o.fsm_reference
    using errcode = '23514', constraint = 'sales_order_not_settled',
          detail = json_build_object('order', o.fsm_reference, 'currency', o.currency_code,
                                     'open', o.grand_total - coalesce((
                                       select sum(p.amount) from app.cashflow_items ci join app.cashflow_payments p on p.cashflow_id = ci.cashflow_id
                                       where ci.order_id = o.order_id and ci.type_code = 'customer_invoice' and ci.credit_of is null), 0))::text;
end $$;
-- (A refusal rolls back the whole move: the invoice its point issued with it too.)
create trigger sales_order_paid_guard after insert on app.fsm_history
  for each row execute function app.sales_order_paid_guard();
