-- Products area and price screens: accessories and alternatives of a product, and the
-- price views over products (discounts, margins, purchase prices).

create table app.product_accessories (
  product_code text not null references app.products on delete cascade on update cascade,
  accessory_code text not null references app.products on delete cascade on update cascade,
  position int not null default 0,
  row_version int not null default 1,
  primary key (product_code, accessory_code),
  check (product_code <> accessory_code)
);

create table app.product_alternatives (
  product_code text not null references app.products on delete cascade on update cascade,
  alternative_code text not null references app.products on delete cascade on update cascade,
  position int not null default 0,
  row_version int not null default 1,
  primary key (product_code, alternative_code),
  check (product_code <> alternative_code)
);

-- Pairs are shown with both names; the company is the main product's.
create view app.v_product_accessories as
select a.product_code, p.product_name, a.accessory_code, q.product_name as accessory_name,
       q.selling_price_shop as accessory_price, a.position, p.company_code, a.row_version
from app.product_accessories a
join app.products p on p.product_code = a.product_code
join app.products q on q.product_code = a.accessory_code;

create view app.v_product_alternatives as
select a.product_code, p.product_name, a.alternative_code, q.product_name as alternative_name,
       q.selling_price_shop as alternative_price, a.position, p.company_code, a.row_version
from app.product_alternatives a
join app.products p on p.product_code = a.product_code
join app.products q on q.product_code = a.alternative_code;

-- Discounts: the discounted price follows from the shop price and the discount percent.
create view app.v_product_discounts as
select p.product_code, p.company_code, p.product_name, b.brand_name, p.selling_price_shop,
       p.discount_percent, p.new_discount, p.max_discount, p.max_discount_limit_percent, p.discount_end_date,
       case when p.discount_percent > 0 and (p.discount_end_date is null or p.discount_end_date >= current_date)
            then round(p.selling_price_shop * (100 - p.discount_percent) / 100, 2) end as discounted_price_shop,
       p.row_version
from app.products p
left join app.brands b on b.brand_id = p.brand_id;

create view app.v_product_margins as
select p.product_code, p.company_code, p.product_name, b.brand_name, p.purchase_price_base, p.selling_price_shop,
       case when p.selling_price_shop > 0
            then round((p.selling_price_shop - p.purchase_price_base) / p.selling_price_shop * 100, 2) end as margin_percent,
       p.min_margin, p.exp_margin, p.max_discount_limit_percent, p.row_version
from app.products p
left join app.brands b on b.brand_id = p.brand_id;

create view app.v_purchase_prices as
select p.product_code, p.company_code, p.product_name, p.supplier_product_code, m.mf_name,
       p.purchase_price_original, p.purchase_price_currency_code, p.purchase_price_base, p.selling_price_shop,
       p.purchase_time, p.row_version
from app.products p
left join app.manufacturers m on m.mf_id = p.mf_id;
