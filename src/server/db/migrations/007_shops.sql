-- Shops area: delivery and payment methods, shopper groups, store locations, banners.
-- All belong to a company; names are multi-language.

create table app.delivery_methods (
  dm_id serial primary key,
  company_code text not null references app.companies,
  dm_code text not null,
  dm_names jsonb not null default '{}',
  price numeric(12, 2) not null default 0 check (price >= 0),
  free_from numeric(12, 2) check (free_from >= 0),
  active boolean not null default true,
  position int not null default 0,
  row_version int not null default 1,
  unique (company_code, dm_code)
);

create table app.payment_methods (
  pm_id serial primary key,
  company_code text not null references app.companies,
  pm_code text not null,
  pm_names jsonb not null default '{}',
  fee numeric(12, 2) not null default 0 check (fee >= 0),
  prepayment boolean not null default false,
  active boolean not null default true,
  position int not null default 0,
  row_version int not null default 1,
  unique (company_code, pm_code)
);

-- multiplier: prices for the group = shop price × multiplier; one default group per company.
create table app.shopper_groups (
  shopper_group_id serial primary key,
  company_code text not null references app.companies,
  shopper_group_name text not null,
  shopper_group_presta text,
  is_default boolean not null default false,
  multiplier numeric(6, 4) not null default 1 check (multiplier > 0 and multiplier <= 10),
  shopper_group_enabled boolean not null default true,
  row_version int not null default 1,
  unique (company_code, shopper_group_name)
);
create unique index shopper_groups_one_default on app.shopper_groups (company_code) where is_default;

create table app.store_locations (
  store_location_id serial primary key,
  company_code text not null references app.companies,
  store_name text not null,
  address_line_1 text not null default '',
  zip_code text not null default '',
  city text not null default '',
  country_code text references app.countries,
  phone text not null default '',
  opening_hours text not null default '',
  latitude numeric(9, 6) check (latitude between -90 and 90),
  longitude numeric(9, 6) check (longitude between -180 and 180),
  active boolean not null default true,
  row_version int not null default 1
);

create table app.banners (
  banner_id serial primary key,
  shop_id int not null references app.shops on delete cascade,
  banner_title jsonb not null default '{}',
  image_url text not null default '',
  link_url text not null default '',
  position int not null default 0,
  valid_from date,
  valid_to date,
  active boolean not null default true,
  row_version int not null default 1,
  check (valid_to is null or valid_from is null or valid_to >= valid_from)
);

create view app.v_banners as
select b.banner_id, b.shop_id, s.company_code, b.banner_title, b.image_url, b.link_url, b.position,
       b.valid_from, b.valid_to, b.active, b.row_version
from app.banners b join app.shops s on s.shop_id = b.shop_id;
