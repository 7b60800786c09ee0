-- What a change log entry changed, as one value the change log screens show in words:
-- field → [before, after] for each field whose value differs (a set), or each field with a
-- value (an add: [null, after]; a delete: [before, null]). JSON nulls count as no value.
create function app.log_changes(b jsonb, a jsonb) returns jsonb language sql immutable parallel safe as $$
  select coalesce(jsonb_object_agg(k, jsonb_build_array(x, y)), '{}'::jsonb)
  from (
    select k, nullif(b -> k, 'null'::jsonb) as x, nullif(a -> k, 'null'::jsonb) as y
    from jsonb_object_keys(coalesce(b, '{}'::jsonb) || coalesce(a, '{}'::jsonb)) as k
  ) f
  where x is distinct from y
$$;

-- New columns go at the end (create or replace keeps the existing ones as they are).
create or replace view app.v_product_change_log as
select l.log_id, l.entity_name, l.entity_id, l.log_action, l.company_code,
       coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.user_name) as actor,
       l.logged_at, l.before, l.after,
       app.log_changes(l.before, l.after) as changes
from app.product_change_log l
left join app.users u on u.user_id = l.actor_user_id;

create or replace view app.v_product_changes as
select l.log_id, l.entity_id as product_code, l.entity_name, l.log_action, l.company_code, l.actor, l.logged_at, l.before, l.after,
       l.changes
from app.v_product_change_log l
join app.products p on p.product_code = l.entity_id and p.company_code = l.company_code;
