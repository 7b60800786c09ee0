-- Catalogue: VATs, brands, manufacturers, types, collections, packing, categories, products.
-- Writable tables carry row_version for optimistic concurrency (the engine bumps it).

-- VAT rates belong to a company: each company sells under its own country's rates.
create table app.vats (
  vat_id serial primary key,
  company_code text not null references app.companies,
  vat_code text not null,
  vat_names jsonb not null default '{}',
  vat_rate numeric(5, 2) not null check (vat_rate >= 0 and vat_rate <= 100),
  vat_default boolean not null default false,
  row_version int not null default 1,
  unique (company_code, vat_code)
);
create unique index vats_one_default on app.vats (company_code) where vat_default;

create table app.brands (
  brand_id serial primary key,
  brand_name text not null unique,
  active boolean not null default true,
  row_version int not null default 1
);

create table app.manufacturers (
  mf_id serial primary key,
  mf_name text not null unique,
  country_code text references app.countries,
  row_version int not null default 1
);

create table app.product_types (
  pt_id serial primary key,
  pt_code text not null unique,
  pt_names jsonb not null default '{}',
  row_version int not null default 1
);

-- ct: a brand's collection / product line ("Nordic", "Pro Series").
create table app.collections (
  ct_id serial primary key,
  ct_name text not null unique,
  row_version int not null default 1
);

create table app.packing_templates (
  packing_template_id serial primary key,
  packing_template_name text not null unique,
  metal numeric(10, 3) not null default 0,
  wood numeric(10, 3) not null default 0,
  plastic numeric(10, 3) not null default 0,
  paper numeric(10, 3) not null default 0,
  row_version int not null default 1
);

create table app.product_categories (
  product_category_id serial primary key,
  parent_category_id int references app.product_categories on delete cascade,
  position int not null default 0,
  product_category_names jsonb not null default '{}',
  active boolean not null default true,
  row_version int not null default 1
);
create index product_categories_parent on app.product_categories (parent_category_id, position);

-- A product is owned by one company (its catalogue, stock and prices, in that
-- company's currency); product codes are unique across companies.
create table app.products (
  product_code text primary key check (product_code ~ '^[A-Za-z0-9._/-]{1,40}$'),
  company_code text not null references app.companies,
  product_name jsonb not null default '{}',
  description_short jsonb not null default '{}',
  description jsonb not null default '{}',
  supplier_product_code text,
  brand_id int references app.brands,
  mf_id int references app.manufacturers,
  ct_id int references app.collections,
  pt_id int references app.product_types,
  packing_template_id int references app.packing_templates,
  main_product_category_id int references app.product_categories on delete set null,
  vat_id int references app.vats,
  min_margin numeric(6, 2),
  exp_margin numeric(6, 2),
  max_discount_limit_percent numeric(5, 2),
  purchase_price_original numeric(14, 4),
  purchase_price_currency_code text references app.currencies,
  purchase_price_base numeric(14, 4),
  selling_price_shop numeric(14, 4),
  new_discount numeric(5, 2),
  discount_percent numeric(5, 2),
  max_discount numeric(5, 2),
  discounted_price_shop numeric(14, 4),
  new_discounted_price numeric(14, 4),
  discount_end_date date,
  unit_price numeric(14, 4),
  new_unit_price numeric(14, 4),
  calc_unit_price numeric(14, 4),
  unit_price_original numeric(14, 4),
  stock_qty numeric(14, 3) not null default 0,
  qty numeric(14, 3) not null default 0,       -- reserved by open orders
  new_qty numeric(14, 3),                      -- staged stock correction
  order_qty numeric(14, 3) not null default 0, -- on order from suppliers
  hs_code text,
  country_of_origin text references app.countries,
  production_time int,  -- days
  delivery_time int,    -- days
  purchase_time int,    -- days
  keep_in_stock smallint not null default 0 check (keep_in_stock in (0, 1, 2)),
  active boolean not null default true,
  free_shipping boolean not null default false,
  can_order boolean not null default true,
  new_product boolean not null default false,
  prepayment_required boolean not null default false,
  weight numeric(12, 3),       -- kg
  length numeric(10, 2),       -- cm
  width numeric(10, 2),
  height numeric(10, 2),
  volume numeric(14, 6),       -- m³
  pallet_length numeric(10, 2),
  pallet_width numeric(10, 2),
  pallet_height numeric(10, 2),
  master_box_length numeric(10, 2),
  master_box_width numeric(10, 2),
  master_box_height numeric(10, 2),
  master_box_qty int,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  row_version int not null default 1
);
create index products_company on app.products (company_code, product_code);
create index products_brand on app.products (brand_id);
create index products_category on app.products (main_product_category_id);

create view app.v_product_list as
select p.product_code, p.company_code, p.product_name, p.description_short, p.supplier_product_code,
       p.brand_id, b.brand_name, p.mf_id, m.mf_name, p.ct_id, c.ct_name, p.pt_id, p.packing_template_id,
       p.main_product_category_id, p.vat_id, v.vat_rate,
       p.min_margin, p.exp_margin, p.max_discount_limit_percent,
       p.purchase_price_original, p.purchase_price_currency_code, p.purchase_price_base,
       p.selling_price_shop, p.new_discount, p.discount_percent, p.max_discount,
       p.discounted_price_shop, p.new_discounted_price, p.discount_end_date,
       p.unit_price, p.new_unit_price, p.calc_unit_price, p.unit_price_original,
       p.stock_qty, p.qty, p.new_qty, p.order_qty, (p.stock_qty - p.qty) <= 0 as out_of_stock,
       p.hs_code, p.country_of_origin, p.production_time, p.delivery_time, p.purchase_time,
       p.keep_in_stock, p.active, p.free_shipping, p.can_order, p.new_product, p.prepayment_required,
       p.weight, p.length, p.width, p.height, p.volume,
       p.pallet_length, p.pallet_width, p.pallet_height,
       p.master_box_length, p.master_box_width, p.master_box_height, p.master_box_qty,
       p.updated_at, p.row_version
from app.products p
left join app.brands b on b.brand_id = p.brand_id
left join app.manufacturers m on m.mf_id = p.mf_id
left join app.collections c on c.ct_id = p.ct_id
left join app.vats v on v.vat_id = p.vat_id;
