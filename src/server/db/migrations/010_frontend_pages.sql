-- Storefront content pages per shop: title and body (sanitized HTML) per language.
create table app.frontend_pages (
  page_id serial primary key,
  shop_id int not null references app.shops on delete cascade,
  page_code text not null check (page_code ~ '^[a-z0-9][a-z0-9-]*$'),
  page_title jsonb not null default '{}',
  page_body jsonb not null default '{}',
  active boolean not null default true,
  updated_at timestamptz not null default now(),
  row_version int not null default 1,
  unique (shop_id, page_code)
);

create trigger frontend_pages_touch_updated_at before update on app.frontend_pages
  for each row execute function app.touch_updated_at();

create view app.v_frontend_pages as
select f.page_id, f.shop_id, s.company_code, f.page_code, f.page_title, f.page_body, f.active, f.updated_at, f.row_version
from app.frontend_pages f join app.shops s on s.shop_id = f.shop_id;
