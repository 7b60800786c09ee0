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
