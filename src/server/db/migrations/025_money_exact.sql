-- Money shown in another currency is converted, then rounded once in that currency's
-- digits (src/core/money.ts shownAmount). show_prices rounded net and gross to 2 digits in
-- the company currency before the grid converted them, so a CZK gross of a EUR price read
-- 1,673.53 instead of 1,673.48: it now gives the exact amounts (the grid rounds).
create or replace view app.v_show_prices as
select p.product_code, p.company_code, p.product_name, s.shop_id, s.hostname, g.shopper_group_id, g.shopper_group_name,
       coalesce(v.vat_rate, 0) as vat_rate, d.discount_percent,
       d.net as net_price,
       d.net * (1 + coalesce(v.vat_rate, 0) / 100) as gross_price,
       d.base * (1 + coalesce(v.vat_rate, 0) / 100) as original_gross_price
from app.products p
join app.shops s on s.company_code = p.company_code and s.active
join app.shopper_groups g on g.company_code = p.company_code and g.shopper_group_enabled
left join app.vats v on v.vat_id = p.vat_id
cross join lateral (
  select p.selling_price_shop * g.multiplier as base,
         case when p.discount_percent > 0 and (p.discount_end_date is null or p.discount_end_date >= current_date)
              then p.discount_percent end as discount_percent
) b
cross join lateral (select b.base, b.discount_percent, b.base * (100 - coalesce(b.discount_percent, 0)) / 100 as net) d
where p.active and p.selling_price_shop is not null;

-- An amount typed in the view currency is stored converted into the company currency with
-- 4 decimals (core MONEY_SCALE), so that it shows again exactly as typed: 1,000 Ft typed
-- for a EUR company is 2.5316 €, which numeric(12, 2) would cut to 2.53 (999 Ft). Every
-- money column is numeric(14, 4) like the product prices.
drop view app.v_delivery_method_rates;

alter table app.delivery_methods
  alter column price type numeric(14, 4),
  alter column free_from type numeric(14, 4);
alter table app.payment_methods alter column fee type numeric(14, 4);
alter table app.delivery_method_rates
  alter column price type numeric(14, 4),
  alter column free_from type numeric(14, 4);

create view app.v_delivery_method_rates as
select r.dm_rate_id, r.dm_id, d.company_code, r.country_code, r.weight_from, r.weight_to, r.price,
       coalesce(r.free_from, d.free_from) as free_from_effective, r.free_from, r.delivery_days, r.active, r.row_version
from app.delivery_method_rates r join app.delivery_methods d on d.dm_id = r.dm_id;
