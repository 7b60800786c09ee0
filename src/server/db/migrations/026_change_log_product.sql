-- The product a change log entry belongs to, so a product's history ("Change history",
-- product_list's detail) holds the edits of its detail forms too: translations
-- (entity_id 'P000005/en'), images (keyed by image_id), shop listings, alternatives, …
-- Writers set it from the written row's product_code (engine/write.ts); the history
-- joins on it exactly, never on a prefix of entity_id (P000005 is not P0000051).
alter table app.product_change_log add column product_code text;

-- Entries logged before: the product their add or delete held, else a single key that is
-- a product of the company (what the history showed so far), else the product another
-- entry of the same row names (a translation's add for its later sets).
update app.product_change_log l
set product_code = coalesce(l.after ->> 'product_code', l.before ->> 'product_code')
where l.product_code is null and coalesce(l.after ->> 'product_code', l.before ->> 'product_code') is not null;

update app.product_change_log l
set product_code = l.entity_id
where l.product_code is null
  and case when jsonb_typeof(l.entity_key) = 'array' then jsonb_array_length(l.entity_key) = 1 else l.entity_key is null end
  and exists (select 1 from app.products p where p.product_code = l.entity_id and p.company_code = l.company_code);

update app.product_change_log l
set product_code = o.product_code
from (
  select distinct on (entity_name, entity_key) entity_name, entity_key, product_code
  from app.product_change_log
  where product_code is not null and entity_key is not null
  order by entity_name, entity_key, log_id
) o
where l.product_code is null and o.entity_name = l.entity_name and o.entity_key = l.entity_key;

create index product_change_log_product on app.product_change_log (product_code, company_code);

-- New columns go at the end (create or replace keeps the existing ones as they are).
create or replace view app.v_product_change_log as
select l.log_id, l.entity_name, l.entity_id, l.log_action, l.company_code,
       coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.user_name) as actor,
       l.logged_at, l.before, l.after,
       app.log_changes(l.before, l.after) as changes,
       l.product_code
from app.product_change_log l
left join app.users u on u.user_id = l.actor_user_id;

create or replace view app.v_product_changes as
select l.log_id, l.product_code, l.entity_name, l.log_action, l.company_code, l.actor, l.logged_at, l.before, l.after,
       l.changes
from app.v_product_change_log l
join app.products p on p.product_code = l.product_code and p.company_code = l.company_code;
