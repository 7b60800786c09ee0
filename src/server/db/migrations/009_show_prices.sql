-- What a shopper pays: per product, shop and shopper group, net and gross (with the
-- product's VAT), the shop price × the group's multiplier, less an active discount.
-- Amounts are in the company currency; the grid shows them in the view currency.
create view app.v_show_prices as
select p.product_code, p.company_code, p.product_name, s.shop_id, s.hostname, g.shopper_group_id, g.shopper_group_name,
       coalesce(v.vat_rate, 0) as vat_rate, d.discount_percent,
       round(d.net, 2) as net_price,
       round(d.net * (1 + coalesce(v.vat_rate, 0) / 100), 2) as gross_price,
       round(d.base * (1 + coalesce(v.vat_rate, 0) / 100), 2) as original_gross_price
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
