-- Ask-AI (issue 25): the only relations the model's SQL may read (schema `ai`), the
-- conversation of the Ask-AI sidebar, and the saved questions of /ai_content/ai_analytics.
--
-- Every view is scoped by `ai.companies()`: the companies the server put into the
-- transaction-local setting `askai.companies` before running the model's query (the SQL guard,
-- src/server/ai/sqlGuard.ts, refuses set_config and every function outside its allow-list,
-- so a query cannot widen it). Outside an Ask-AI transaction the setting is empty and the
-- views are empty. Texts kept per language are read in `askai.lang` (else English). The
-- server describes each view's columns to the model (src/server/ai/views.ts) and offers a
-- view only to a user who may list its page.
create schema ai;

create function ai.companies() returns text[] language sql stable as $$
  select coalesce(string_to_array(nullif(current_setting('askai.companies', true), ''), ','), '{}'::text[])
$$;

create function ai.text_in(texts jsonb) returns text language sql stable as $$
  select coalesce(nullif(texts ->> coalesce(nullif(current_setting('askai.lang', true), ''), 'en'), ''), texts ->> 'en', '')
$$;

create view ai.brands as
select b.brand_id, b.brand_name, b.active
from app.brands b;

create view ai.products as
select p.product_code, p.company_code, ai.text_in(p.product_name) as product_name, p.brand_id, b.brand_name,
       ai.text_in(c.product_category_names) as category_name, p.selling_price_shop as selling_price,
       p.purchase_price_base as purchase_price, p.stock_qty,
       coalesce((select r.reserved_qty from app.v_stock_reserved r where r.product_code = p.product_code), 0) as reserved_qty,
       coalesce((select o.on_order_qty from app.v_stock_on_order o where o.product_code = p.product_code), 0) as on_order_qty, p.active
from app.products p
left join app.brands b on b.brand_id = p.brand_id
left join app.product_categories c on c.product_category_id = p.main_product_category_id
where p.company_code = any (ai.companies());

create view ai.stock as
select v.product_code, v.company_code, ai.text_in(v.product_name) as product_name, v.brand_id, v.brand_name,
       ai.text_in(v.category_names) as category_name, v.stock_qty, v.unit_cost, v.stock_value
from app.v_stock_value v
where v.company_code = any (ai.companies());

create view ai.sales as
select it.item_id, o.order_id, o.fsm_reference as order_reference, o.company_code, o.opened_on, o.partner_id, pa.partner_name,
       s.state_code, o.deleted, it.product_code, p.brand_id, b.brand_name, it.quantity, it.unit_price, it.discount_percent,
       it.net_amount, it.gross_amount, o.currency_code
from app.v_sales_order_items it
join app.sales_orders o on o.order_id = it.order_id
join app.fsm_instances i on i.fsm_instance_id = o.fsm_instance_id
join app.fsm_states s on s.state_id = i.state_id
join app.partners pa on pa.partner_id = o.partner_id
join app.products p on p.product_code = it.product_code
left join app.brands b on b.brand_id = p.brand_id
where o.company_code = any (ai.companies());

create view ai.partners as
select pa.partner_id, pa.company_code, pa.partner_name, pa.is_supplier
from app.partners pa
where not pa.deleted and pa.company_code = any (ai.companies());

create view ai.purchase_orders as
select v.po_id, v.fsm_reference as po_reference, v.company_code, v.partner_id, v.partner_name as supplier_name, v.state_code,
       v.opened_on, v.etd, v.eta, v.currency_code, v.order_value, v.costs_total, v.quantity, v.received_qty
from app.v_purchase_orders v
where v.company_code = any (ai.companies());

-- The Ask-AI sidebar's conversation, kept per user: her questions, the answers (the SQL and
-- the rows as shown, capped) and the system's refusals (a translated error code).
create table app.ai_chat_messages (
  message_id bigserial primary key,
  user_id int not null references app.users on delete cascade,
  company_code text references app.companies on delete set null,
  role text not null check (role in ('user', 'assistant', 'system')),
  content text not null default '',
  sql text,
  answer jsonb,
  error jsonb,
  at timestamptz not null default now()
);
create index ai_chat_messages_user on app.ai_chat_messages (user_id, message_id);

-- Saved questions over sales and stock (/ai_content/ai_analytics), answered through Ask-AI;
-- the last answer is kept so the screen shows it without asking again.
create table app.ai_analytics (
  question_id serial primary key,
  company_code text not null references app.companies,
  question text not null check (length(question) between 1 and 4000),
  sql text not null default '',
  last_answered_at timestamptz,
  last_row_count int,
  last_answer jsonb,
  row_version int not null default 1
);
create index ai_analytics_company on app.ai_analytics (company_code, question_id);

create view app.v_ai_analytics as
select question_id, company_code, question, sql, last_answered_at, last_row_count, row_version
from app.ai_analytics;

-- An edited question is a new question: its old SQL (and answer) no longer answer it.
create function app.ai_analytics_before_update() returns trigger language plpgsql as $$
begin
  if new.question is distinct from old.question and new.sql is not distinct from old.sql then
    new.sql := '';
    new.last_answer := null;
  end if;
  return new;
end $$;
create trigger ai_analytics_before_update before update on app.ai_analytics
  for each row execute function app.ai_analytics_before_update();
