-- Storefront cart and checkout (issue 26 point 4).
-- A cart is the visitor's by a random token in an HttpOnly cookie; only its SHA-256 is kept,
-- so a read of the table cannot take over a cart. The details typed at checkout stay with the
-- cart (the form is refilled, and the e-mail makes an unfinished cart an abandoned one).
alter table app.carts add column token_hash text unique;
alter table app.carts add column checkout jsonb not null default '{}';

-- What the shopper paid for delivery and the payment method, gross in the order's currency:
-- the methods' own prices (per country and weight band; the fee) when the order was placed.
alter table app.sales_orders add column delivery_price numeric(14, 4) not null default 0 check (delivery_price >= 0);
alter table app.sales_orders add column payment_fee numeric(14, 4) not null default 0 check (payment_fee >= 0);

-- The order's columns as before, then the two costs and the grand total (lines + costs).
create or replace view app.v_sales_orders as
select o.order_id, o.company_code, o.fsm_reference, o.fsm_instance_id, app.fsm_actions(i.state_id) as fsm_actions,
       s.state_code, s.state_names, s.final_state, o.partner_id, pa.partner_name, o.email, o.shop_id, o.pm_id, pm.pm_names, o.dm_id, dm.dm_names,
       o.opened_on, o.currency_code, coalesce(t.total_net, 0) as total_net, coalesce(t.total_vat, 0) as total_vat,
       coalesce(t.total_net + t.total_vat, 0) as total, o.tracking_number, o.ks_order_id, o.ks_invoice_no, o.ks_customer_id,
       o.valid_until, o.deleted, o.notification_sent, o.row_version, o.language_code,
       o.delivery_price, o.payment_fee, coalesce(t.total_net + t.total_vat, 0) + o.delivery_price + o.payment_fee as grand_total
from app.sales_orders o
join app.fsm_instances i on i.fsm_instance_id = o.fsm_instance_id
join app.fsm_states s on s.state_id = i.state_id
join app.partners pa on pa.partner_id = o.partner_id
left join app.payment_methods pm on pm.pm_id = o.pm_id
left join app.delivery_methods dm on dm.dm_id = o.dm_id
left join lateral (
  select sum(x.net_amount) as total_net, sum(x.vat_amount) as total_vat from app.v_sales_order_items x where x.order_id = o.order_id
) t on true;
