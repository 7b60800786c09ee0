-- Who changed what: the change log per company, and per product (product_list's detail).
create view app.v_product_change_log as
select l.log_id, l.entity_name, l.entity_id, l.log_action, l.company_code,
       coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.user_name) as actor,
       l.logged_at, l.before, l.after
from app.product_change_log l
left join app.users u on u.user_id = l.actor_user_id;

create view app.v_product_changes as
select l.log_id, l.entity_id as product_code, l.entity_name, l.log_action, l.company_code, l.actor, l.logged_at, l.before, l.after
from app.v_product_change_log l
join app.products p on p.product_code = l.entity_id and p.company_code = l.company_code;
