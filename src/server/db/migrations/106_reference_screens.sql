-- Reference data edited on screens of their own (issue 46), no longer frozen at set-up:
-- companies with what selling and invoicing need of them, currencies, countries, languages,
-- cashflow types (row versions for the grid's concurrency check), a company's accounts and
-- the sales channels (spec §3), and the lookups the spec names that did not exist.

-- A company's settings beside its code, name, currency and country: its address, VAT number,
-- registration number and bank account for documents, its contact for the shops (empty: null,
-- as the engine writes a cleared cell).
alter table app.companies
  add column address_line_1 text,
  add column zip_code text,
  add column city text,
  add column vat_number text,
  add column registration_number text,
  add column email text,
  add column phone text,
  add column iban text,
  add column row_version int not null default 1;

alter table app.currencies add column row_version int not null default 1;
alter table app.countries add column row_version int not null default 1;
alter table app.languages add column row_version int not null default 1;
alter table app.cashflow_types add column row_version int not null default 1;

-- Whoever creates a company works in it (she can pick it in the header at once): the actor
-- of the insert, none for the seed, create-admin or psql.
create function app.company_creator_joins() returns trigger language plpgsql as $$
declare
  actor int := app.actor();
begin
  if actor is not null then
    insert into app.user_companies (user_id, company_code, position)
    select actor, new.company_code, coalesce(max(position), 0) + 1 from app.user_companies where user_id = actor
    on conflict do nothing;
  end if;
  return null;
end $$;
create trigger companies_creator_joins after insert on app.companies for each row execute function app.company_creator_joins();

-- The languages the back office speaks (its catalogues) stay: another language may be added
-- and removed (a shop's), these seven not.
create function app.language_of_ui() returns trigger language plpgsql as $$
begin
  if old.language_code in ('en', 'de', 'hu', 'sk', 'ro', 'cs', 'bg') then
    raise exception 'language % is one the back office speaks', old.language_code using errcode = '23514', constraint = 'language_of_ui';
  end if;
  return old;
end $$;
create trigger languages_of_ui before delete on app.languages for each row execute function app.language_of_ui();

-- A company's accounts (spec §3 "Account"): its chart of accounts, named per language; a
-- stock account holds the value of goods. (company_code, account_id) is unique so that a
-- record of the company can name one of its own accounts only (a composite key).
create table app.accounts (
  account_id serial primary key,
  company_code text not null references app.companies,
  account_code text not null check (account_code ~ '^[A-Za-z0-9._-]{1,20}$'),
  account_names jsonb not null default '{}',
  is_stock_account boolean not null default false,
  active boolean not null default true,
  row_version int not null default 1,
  unique (company_code, account_code),
  unique (company_code, account_id)
);

-- The sales channels (spec §3 "channel_code, channel_names"), shared by the companies.
create table app.channels (
  channel_code text primary key check (channel_code ~ '^[a-z][a-z0-9_]{0,39}$'),
  channel_names jsonb not null default '{}',
  position int not null default 0,
  active boolean not null default true,
  row_version int not null default 1
);
insert into app.channels (channel_code, channel_names, position) values
  ('eshop', '{"en": "Online shop", "de": "Onlineshop", "hu": "Webáruház", "sk": "Internetový obchod", "ro": "Magazin online", "cs": "Internetový obchod", "bg": "Онлайн магазин"}', 1),
  ('b2b', '{"en": "B2B", "de": "B2B", "hu": "B2B", "sk": "B2B", "ro": "B2B", "cs": "B2B", "bg": "B2B"}', 2),
  ('store', '{"en": "Brick-and-mortar store", "de": "Ladengeschäft", "hu": "Üzlet", "sk": "Kamenná predajňa", "ro": "Magazin fizic", "cs": "Kamenná prodejna", "bg": "Физически магазин"}', 3),
  ('marketplace', '{"en": "Marketplace", "de": "Marktplatz", "hu": "Piactér", "sk": "Trhovisko", "ro": "Piață online", "cs": "Tržiště", "bg": "Онлайн пазар"}', 4)
on conflict do nothing;

-- The company's default price group (spec §3 "default shopper groups"): one per company at most (007).
create view app.v_default_shopper_groups as
select g.shopper_group_id, g.company_code, g.shopper_group_name, g.multiplier
from app.shopper_groups g
where g.is_default and g.shopper_group_enabled;

-- The product categories the company's shops show (active in at least one of its shops).
create view app.v_frontend_product_categories as
select distinct on (s.company_code, pc.product_category_id)
       pc.product_category_id, s.company_code, pc.parent_category_id, pc.position, pc.product_category_names
from app.shop_categories c
join app.shops s on s.shop_id = c.shop_id
join app.product_categories pc on pc.product_category_id = c.product_category_id
where c.active
order by s.company_code, pc.product_category_id;
