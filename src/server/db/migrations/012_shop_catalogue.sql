-- What each shop shows: its categories (position, optional names of its own) and its
-- products (published or not, an optional price of its own in the shop's currency).
create table app.shop_categories (
  shop_id int not null references app.shops on delete cascade,
  product_category_id int not null references app.product_categories on delete cascade,
  position int not null default 0,
  shop_category_names jsonb not null default '{}',
  active boolean not null default true,
  row_version int not null default 1,
  primary key (shop_id, product_category_id)
);

create table app.shop_products (
  shop_id int not null references app.shops on delete cascade,
  product_code text not null references app.products on delete cascade on update cascade,
  published boolean not null default true,
  shop_price numeric(14, 4) check (shop_price >= 0),
  position int not null default 0,
  published_at timestamptz,
  row_version int not null default 1,
  primary key (shop_id, product_code)
);
create index shop_products_product on app.shop_products (product_code);

create view app.v_shop_categories as
select c.shop_id, s.company_code, c.product_category_id, pc.product_category_names, c.shop_category_names,
       c.position, c.active, c.row_version
from app.shop_categories c
join app.shops s on s.shop_id = c.shop_id
join app.product_categories pc on pc.product_category_id = c.product_category_id;

create view app.v_shop_products as
select sp.shop_id, s.company_code, s.currency_code, sp.product_code, p.product_name, p.selling_price_shop,
       sp.shop_price, sp.published, sp.published_at, sp.position, p.active, sp.row_version
from app.shop_products sp
join app.shops s on s.shop_id = sp.shop_id
join app.products p on p.product_code = sp.product_code;

create view app.v_published_products as
select sp.shop_id, s.hostname, s.company_code, s.currency_code, sp.product_code, p.product_name,
       coalesce(sp.shop_price, p.selling_price_shop) as price, p.stock_qty - p.qty as free_qty, sp.published_at
from app.shop_products sp
join app.shops s on s.shop_id = sp.shop_id and s.active
join app.products p on p.product_code = sp.product_code and p.active
where sp.published;
