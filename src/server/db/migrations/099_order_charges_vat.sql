-- VAT in an order's charges (issue 43, finding 12). A storefront order keeps what the
-- shopper paid for delivery and the payment method (delivery_price, payment_fee: gross, 076),
-- but its VAT counted only the lines: the 1.50 € cash-on-delivery fee carried no VAT. In the
-- EU a charge of the seller to the customer for delivery, packing or payment is part of the
-- taxable amount of the supply (VAT Directive 2006/112/EC, Art. 78(b)) and takes the goods'
-- VAT rate. The stored amounts stay as they are (gross, what the shopper paid); the VAT is
-- taken out of them by the rule of src/core/orderCharges.ts, of which app.charge_vat is the
-- SQL twin (tests/api/order-charges.test.ts checks that both agree):
--   goods at several rates: the charge apportioned over the rates in proportion to the
--   goods' net amount at each rate, cut at rounded cumulative shares (rates highest first)
--   so the parts add up to the charge; each part's VAT = part × rate / (100 + rate), rounded
--   to the currency's digits. No goods with a net amount: the company's default VAT rate.

create function app.charge_vat(p_gross numeric, p_rates numeric[], p_nets numeric[], p_digits int, p_default_rate numeric) returns numeric language sql immutable as $$
  select case when p_gross = 0 then 0::numeric else coalesce((
    select sum(round((b.upto - b.below) * b.rate / (100 + b.rate), p_digits))
    from (
      select u.rate, u.upto, coalesce(lag(u.upto) over (order by u.rate desc), 0) as below
      from (
        select c.rate, case when c.k = c.n then p_gross else round(p_gross * c.cum / c.total, p_digits) end as upto
        from (
          select g.rate, sum(g.net) over (order by g.rate desc) as cum, sum(g.net) over () as total,
                 row_number() over (order by g.rate desc) as k, count(*) over () as n
          from (select x.r as rate, sum(x.n) as net from unnest(p_rates, p_nets) as x(r, n) group by x.r having sum(x.n) > 0) g
        ) c
      ) u
    ) b
  ), round(p_gross * p_default_rate / (100 + p_default_rate), p_digits)) end
$$;

-- The order's columns as before (076), then the VAT in each charge and the whole order's
-- net and VAT: grand_net + grand_vat = grand_total (lines + charges). total_net, total_vat
-- and total stay the lines'.
create or replace view app.v_sales_orders as
select o.order_id, o.company_code, o.fsm_reference, o.fsm_instance_id, app.fsm_actions(i.state_id) as fsm_actions,
       s.state_code, s.state_names, s.final_state, o.partner_id, pa.partner_name, o.email, o.shop_id, o.pm_id, pm.pm_names, o.dm_id, dm.dm_names,
       o.opened_on, o.currency_code, coalesce(t.total_net, 0) as total_net, coalesce(t.total_vat, 0) as total_vat,
       coalesce(t.total_net + t.total_vat, 0) as total, o.tracking_number, o.ks_order_id, o.ks_invoice_no, o.ks_customer_id,
       o.valid_until, o.deleted, o.notification_sent, o.row_version, o.language_code,
       o.delivery_price, o.payment_fee, coalesce(t.total_net + t.total_vat, 0) + o.delivery_price + o.payment_fee as grand_total,
       cv.delivery_vat, cv.payment_fee_vat,
       coalesce(t.total_net + t.total_vat, 0) + o.delivery_price + o.payment_fee - (coalesce(t.total_vat, 0) + cv.delivery_vat + cv.payment_fee_vat) as grand_net,
       coalesce(t.total_vat, 0) + cv.delivery_vat + cv.payment_fee_vat as grand_vat
from app.sales_orders o
join app.fsm_instances i on i.fsm_instance_id = o.fsm_instance_id
join app.fsm_states s on s.state_id = i.state_id
join app.partners pa on pa.partner_id = o.partner_id
join app.currencies cur on cur.currency_code = o.currency_code
left join app.payment_methods pm on pm.pm_id = o.pm_id
left join app.delivery_methods dm on dm.dm_id = o.dm_id
left join lateral (
  select sum(x.net_amount) as total_net, sum(x.vat_amount) as total_vat, array_agg(x.vat_rate) as rates, array_agg(x.net_amount) as nets
  from app.v_sales_order_items x where x.order_id = o.order_id
) t on true
cross join lateral (
  select coalesce((select v.vat_rate from app.vats v where v.company_code = o.company_code and v.vat_default), 0) as default_rate
) dv
cross join lateral (
  select app.charge_vat(o.delivery_price, t.rates, t.nets, cur.currency_precision, dv.default_rate) as delivery_vat,
         app.charge_vat(o.payment_fee, t.rates, t.nets, cur.currency_precision, dv.default_rate) as payment_fee_vat
) cv;

-- What the carrier collects on delivery is what the customer pays: the lines, the delivery
-- and the cash-on-delivery fee itself (the lines alone before). The view's columns as in 044.
create or replace view app.v_courier_orders as
select o.order_id, o.company_code, o.fsm_reference, o.fsm_instance_id, app.fsm_actions(i.state_id) as fsm_actions, s.state_code, s.state_names,
       o.partner_id, pa.partner_name, ad.first_name, ad.last_name, ad.address_line_1, ad.address_house_no, ad.zip_code, ad.city, ad.country_code, ad.phone,
       o.email, coalesce(w.weight, 0) as weight, t.total, case when pm.pm_code = 'cod' then t.total + o.delivery_price + o.payment_fee else 0 end as cod_amount, o.currency_code,
       dm.carrier_id, sh.shop_name, o.tracking_number, o.row_version
from app.sales_orders o
join app.fsm_instances i on i.fsm_instance_id = o.fsm_instance_id
join app.fsm_states s on s.state_id = i.state_id
join app.partners pa on pa.partner_id = o.partner_id
join app.delivery_methods dm on dm.dm_id = o.dm_id
join app.shops sh on sh.shop_id = o.shop_id
left join app.payment_methods pm on pm.pm_id = o.pm_id
left join lateral (select a.* from app.partner_addresses a where a.partner_id = o.partner_id order by a.address_id limit 1) ad on true
left join lateral (select round(sum(it.quantity * coalesce(p.weight, 0)), 3) as weight
                   from app.sales_order_items it join app.products p on p.product_code = it.product_code where it.order_id = o.order_id) w on true
left join lateral (select coalesce(sum(x.net_amount + x.vat_amount), 0) as total from app.v_sales_order_items x where x.order_id = o.order_id) t on true
where s.state_code = 'paid' and not o.deleted and dm.carrier_id <> '';
