-- A purchase order names the account it is booked to (spec §3 "Purchase order: account_id"),
-- one of its company's own accounts (106): the key holds the company with it.
alter table app.purchase_orders
  add column account_id int,
  add constraint purchase_orders_account foreign key (company_code, account_id) references app.accounts (company_code, account_id);
create index purchase_orders_account on app.purchase_orders (account_id) where account_id is not null;

-- The list's view gains the column (at its end: a replaced view keeps its columns' order).
create or replace view app.v_purchase_orders as
select o.po_id, o.company_code, o.fsm_reference, o.fsm_instance_id, app.fsm_actions(i.state_id) as fsm_actions,
       s.state_code, s.state_names, s.final_state, o.partner_id, pa.partner_name, o.currency_code, o.opened_on,
       o.external_reference, o.etd, o.eta, o.container_no, o.swb_number, o.pol, o.pod, o.telex_release, o.comments, o.description,
       o.unloaded_on, o.container_updated_on,
       coalesce(t.order_value, 0) as order_value, coalesce(t.costs, 0) as costs_total, coalesce(t.order_value, 0) + coalesce(t.costs, 0) as landed_total,
       coalesce(t.quantity, 0) as quantity, coalesce(t.received_qty, 0) as received_qty, o.row_version,
       o.account_id
from app.purchase_orders o
join app.fsm_instances i on i.fsm_instance_id = o.fsm_instance_id
join app.fsm_states s on s.state_id = i.state_id
join app.partners pa on pa.partner_id = o.partner_id
left join lateral (
  select sum(x.line_value) as order_value, sum(x.quantity) as quantity, sum(x.received_qty) as received_qty,
         (select sum(k.cost_converted_amount) from app.v_purchase_order_costs k where k.po_id = o.po_id) as costs
  from app.v_purchase_order_items x where x.po_id = o.po_id
) t on true;
