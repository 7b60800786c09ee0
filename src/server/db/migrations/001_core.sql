-- Reference data, companies, users, permissions, menu, logs, auth.
-- Multi-language values are jsonb objects keyed by language_code: {"en": "...", "de": "..."}.

create table app.settings (
  key text primary key,
  value text not null
);

create table app.languages (
  language_code text primary key check (language_code ~ '^[a-z]{2}$'),
  iso_code text not null,
  language_name text not null,
  flag_code text not null,
  family_name_first boolean not null default false,
  active boolean not null default false, -- active ones are "languages"; all rows are "all_languages"
  position int not null default 0
);

create table app.currencies (
  currency_code text primary key check (currency_code ~ '^[A-Z]{3}$'),
  currency_name jsonb not null default '{}',
  currency_precision int not null default 2 check (currency_precision between 0 and 4),
  position int not null default 0
);

create table app.countries (
  country_code text primary key check (country_code ~ '^[A-Z]{2}$'),
  country_names jsonb not null default '{}'
);

create table app.companies (
  company_code text primary key,
  company_name text not null,
  currency_code text not null references app.currencies,
  country_code text not null references app.countries,
  position int not null default 0
);

-- rate = value of one unit of currency_code in the company's own currency.
create table app.company_currency_rates (
  company_code text not null references app.companies on delete cascade,
  currency_code text not null references app.currencies,
  rate numeric(20, 10) not null check (rate > 0),
  primary key (company_code, currency_code)
);

create table app.shops (
  shop_id serial primary key,
  hostname text not null unique,
  shop_name text not null,
  company_code text not null references app.companies,
  currency_code text not null references app.currencies,
  language_code text not null references app.languages,
  active boolean not null default true,
  row_version int not null default 1
);

create table app.users (
  user_id serial primary key,
  user_email text not null,
  user_name text not null,
  first_name text not null default '',
  last_name text not null default '',
  password_hash text not null,
  blocked boolean not null default false,
  language_code text not null default 'en' references app.languages,
  created_at timestamptz not null default now()
);
create unique index users_email_key on app.users (lower(user_email));

create table app.user_companies (
  user_id int not null references app.users on delete cascade,
  company_code text not null references app.companies on delete cascade,
  position int not null default 0,
  primary key (user_id, company_code)
);

create table app.roles (
  role_id serial primary key,
  role_code text not null unique,
  role_name jsonb not null default '{}',
  active boolean not null default true
);

create table app.user_roles (
  user_id int not null references app.users on delete cascade,
  role_id int not null references app.roles on delete cascade,
  primary key (user_id, role_id)
);

-- The menu tree. url is the route after the language prefix ('/products/brands');
-- group nodes have no url.
create table app.backend_pages (
  page_code text primary key,
  parent_page_code text references app.backend_pages on delete cascade,
  url text unique,
  page_title jsonb not null default '{}',
  icon text not null default '',
  menu boolean not null default true,
  position int not null default 0
);

-- Permission flags: perms = may grant this page to others; list = read; add; set = edit; delete.
create table app.user_pages (
  user_id int not null references app.users on delete cascade,
  page_code text not null references app.backend_pages on delete cascade,
  can_perms boolean not null default false,
  can_list boolean not null default true,
  can_add boolean not null default false,
  can_set boolean not null default false,
  can_delete boolean not null default false,
  primary key (user_id, page_code)
);

create table app.role_pages (
  role_id int not null references app.roles on delete cascade,
  page_code text not null references app.backend_pages on delete cascade,
  can_perms boolean not null default false,
  can_list boolean not null default true,
  can_add boolean not null default false,
  can_set boolean not null default false,
  can_delete boolean not null default false,
  primary key (role_id, page_code)
);

-- Effective permissions: a user's own grants OR those of the user's active roles.
create view app.v_user_page_permissions as
select user_id, page_code,
       bool_or(can_perms) as can_perms, bool_or(can_list) as can_list, bool_or(can_add) as can_add,
       bool_or(can_set) as can_set, bool_or(can_delete) as can_delete
from (
  select user_id, page_code, can_perms, can_list, can_add, can_set, can_delete from app.user_pages
  union all
  select ur.user_id, rp.page_code, rp.can_perms, rp.can_list, rp.can_add, rp.can_set, rp.can_delete
  from app.user_roles ur
  join app.roles r on r.role_id = ur.role_id and r.active
  join app.role_pages rp on rp.role_id = ur.role_id
) grants
group by user_id, page_code;

create table app.user_bookmarks (
  user_id int not null references app.users on delete cascade,
  path text not null,
  position int not null default 0,
  primary key (user_id, path)
);

create table app.refresh_tokens (
  token_id bigserial primary key,
  token_hash text not null unique,
  family_id text not null,
  user_id int not null references app.users on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,        -- absolute lifetime of the family
  used_at timestamptz,                    -- set when rotated; a second use revokes the family
  revoked_at timestamptz
);
create index refresh_tokens_family on app.refresh_tokens (family_id);

create table app.login_failures (
  user_email text not null,
  failed_at timestamptz not null default now()
);
create index login_failures_email on app.login_failures (lower(user_email), failed_at);

create table app.page_log (
  log_id bigserial primary key,
  user_id int references app.users on delete set null,
  page_name text not null,
  logged_at timestamptz not null default now()
);

create table app.page_error_log (
  log_id bigserial primary key,
  user_id int references app.users on delete set null,
  page_name text not null,
  error text not null,
  logged_at timestamptz not null default now()
);

create table app.product_change_log (
  log_id bigserial primary key,
  entity_name text not null,
  entity_id text not null,
  log_action text not null check (log_action in ('add', 'set', 'delete')),
  actor_user_id int references app.users on delete set null,
  company_code text,
  before jsonb,
  after jsonb,
  logged_at timestamptz not null default now()
);
create index product_change_log_entity on app.product_change_log (entity_name, entity_id);
