-- Workflow events need a right of their own (issue 43, point 18): until now `set` on a
-- workflow type's page (sales orders, purchase orders, cash flow) let a user fire every
-- event of its records — whoever could edit an order's e-mail address could also confirm,
-- pay, ship or cancel it. Now a sixth page flag, `events` ("may run the page's workflow
-- events: Confirm, Record payment, Ship, Cancel, Receive …"), beside perms/list/add/set/
-- delete, in user_pages and role_pages, granted on the users' and roles' page grids like
-- the others. The trigger call (src/server/workflow/trigger.ts) asks it on the type's page
-- (fsm_types.page_code) instead of `set`; the board, the grids' buttons and the toolbar's
-- Actions offer events only to users who hold it (the session's `event_types`).
--
-- The rules of 054 and 086 take it in as they take the other flags: granting it needs the
-- page's `perms` flag (grant_needs_perms, unchanged: it is a change of the page's grants),
-- and the rank (app.check_not_outranked) compares it flag by flag, so nobody gives anyone
-- (nor a role someone holds) an events right she lacks herself.
--
-- Upgrade: the administrator role (every page, every flag) gets it on all its pages, so a
-- global administrator keeps every right. Nobody else does: another role or user that had
-- `set` on a workflow page keeps editing the records but fires their events only once an
-- administrator grants `events` — the finding was that `set` alone opened them, so carrying
-- it over would keep the hole open for every existing grant.

alter table app.user_pages add column can_events boolean not null default false;
alter table app.role_pages add column can_events boolean not null default false;

-- Effective rights: own grants OR those of the user's active roles, now with events.
create or replace view app.v_user_page_permissions as
select user_id, page_code,
       bool_or(can_perms) as can_perms, bool_or(can_list) as can_list, bool_or(can_add) as can_add,
       bool_or(can_set) as can_set, bool_or(can_delete) as can_delete, bool_or(can_events) as can_events
from (
  select user_id, page_code, can_perms, can_list, can_add, can_set, can_delete, can_events from app.user_pages
  union all
  select ur.user_id, rp.page_code, rp.can_perms, rp.can_list, rp.can_add, rp.can_set, rp.can_delete, rp.can_events
  from app.user_roles ur
  join app.roles r on r.role_id = ur.role_id and r.active
  join app.role_pages rp on rp.role_id = ur.role_id
) grants
group by user_id, page_code;

-- The page grids (054): the sixth checkbox; a row granting nothing (all six off) is no row.
create or replace view app.v_role_pages as
select r.role_id, p.page_code, p.n::int as page_position,
       (select b.url from app.backend_pages b where b.page_code = p.page_code) as url,
       (select b.page_title from app.backend_pages b where b.page_code = p.page_code) as page_title,
       coalesce((select g.can_perms from app.role_pages g where g.role_id = r.role_id and g.page_code = p.page_code), false) as can_perms,
       coalesce((select g.can_list from app.role_pages g where g.role_id = r.role_id and g.page_code = p.page_code), false) as can_list,
       coalesce((select g.can_add from app.role_pages g where g.role_id = r.role_id and g.page_code = p.page_code), false) as can_add,
       coalesce((select g.can_set from app.role_pages g where g.role_id = r.role_id and g.page_code = p.page_code), false) as can_set,
       coalesce((select g.can_delete from app.role_pages g where g.role_id = r.role_id and g.page_code = p.page_code), false) as can_delete,
       coalesce((select g.can_events from app.role_pages g where g.role_id = r.role_id and g.page_code = p.page_code), false) as can_events
from app.roles r
cross join unnest(app.page_codes_in_menu_order()) with ordinality as p(page_code, n);

create or replace function app.v_role_pages_update() returns trigger language plpgsql as $$
begin
  if not (new.can_perms or new.can_list or new.can_add or new.can_set or new.can_delete or new.can_events) then
    delete from app.role_pages where role_id = old.role_id and page_code = old.page_code;
  else
    insert into app.role_pages (role_id, page_code, can_perms, can_list, can_add, can_set, can_delete, can_events)
    values (old.role_id, old.page_code, new.can_perms, new.can_list, new.can_add, new.can_set, new.can_delete, new.can_events)
    on conflict (role_id, page_code) do update set can_perms = excluded.can_perms, can_list = excluded.can_list, can_add = excluded.can_add,
      can_set = excluded.can_set, can_delete = excluded.can_delete, can_events = excluded.can_events;
  end if;
  return new;
end $$;

create or replace view app.v_user_pages as
select u.user_id, uc.company_code, p.page_code, p.n::int as page_position,
       (select b.url from app.backend_pages b where b.page_code = p.page_code) as url,
       (select b.page_title from app.backend_pages b where b.page_code = p.page_code) as page_title,
       coalesce((select g.can_perms from app.user_pages g where g.user_id = u.user_id and g.page_code = p.page_code), false) as can_perms,
       coalesce((select g.can_list from app.user_pages g where g.user_id = u.user_id and g.page_code = p.page_code), false) as can_list,
       coalesce((select g.can_add from app.user_pages g where g.user_id = u.user_id and g.page_code = p.page_code), false) as can_add,
       coalesce((select g.can_set from app.user_pages g where g.user_id = u.user_id and g.page_code = p.page_code), false) as can_set,
       coalesce((select g.can_delete from app.user_pages g where g.user_id = u.user_id and g.page_code = p.page_code), false) as can_delete,
       coalesce((select e.can_perms from app.v_user_page_permissions e where e.user_id = u.user_id and e.page_code = p.page_code), false) as eff_perms,
       coalesce((select e.can_list from app.v_user_page_permissions e where e.user_id = u.user_id and e.page_code = p.page_code), false) as eff_list,
       coalesce((select e.can_add from app.v_user_page_permissions e where e.user_id = u.user_id and e.page_code = p.page_code), false) as eff_add,
       coalesce((select e.can_set from app.v_user_page_permissions e where e.user_id = u.user_id and e.page_code = p.page_code), false) as eff_set,
       coalesce((select e.can_delete from app.v_user_page_permissions e where e.user_id = u.user_id and e.page_code = p.page_code), false) as eff_delete,
       app.role_names(array(
         select ur.role_id from app.user_roles ur
         join app.roles ro on ro.role_id = ur.role_id and ro.active
         join app.role_pages rp on rp.role_id = ur.role_id and rp.page_code = p.page_code
         where ur.user_id = u.user_id and (rp.can_perms or rp.can_list or rp.can_add or rp.can_set or rp.can_delete or rp.can_events))) as via_roles,
       coalesce((select g.can_events from app.user_pages g where g.user_id = u.user_id and g.page_code = p.page_code), false) as can_events,
       coalesce((select e.can_events from app.v_user_page_permissions e where e.user_id = u.user_id and e.page_code = p.page_code), false) as eff_events
from app.users u
join app.user_companies uc on uc.user_id = u.user_id
cross join unnest(app.page_codes_in_menu_order()) with ordinality as p(page_code, n);

create or replace function app.v_user_pages_update() returns trigger language plpgsql as $$
begin
  if not (new.can_perms or new.can_list or new.can_add or new.can_set or new.can_delete or new.can_events) then
    delete from app.user_pages where user_id = old.user_id and page_code = old.page_code;
  else
    insert into app.user_pages (user_id, page_code, can_perms, can_list, can_add, can_set, can_delete, can_events)
    values (old.user_id, old.page_code, new.can_perms, new.can_list, new.can_add, new.can_set, new.can_delete, new.can_events)
    on conflict (user_id, page_code) do update set can_perms = excluded.can_perms, can_list = excluded.can_list, can_add = excluded.can_add,
      can_set = excluded.can_set, can_delete = excluded.can_delete, can_events = excluded.can_events;
  end if;
  return new;
end $$;

-- A page added under a parent (066) starts with its parent's grants, events too.
create or replace function app.backend_pages_inherit_grants() returns trigger language plpgsql as $$
declare
  actor text := current_setting('app.user_id', true);
begin
  if new.parent_page_code is null then
    return new;
  end if;
  perform set_config('app.user_id', '', true);
  insert into app.role_pages (role_id, page_code, can_perms, can_list, can_add, can_set, can_delete, can_events)
  select role_id, new.page_code, can_perms, can_list, can_add, can_set, can_delete, can_events from app.role_pages where page_code = new.parent_page_code
  on conflict do nothing;
  insert into app.user_pages (user_id, page_code, can_perms, can_list, can_add, can_set, can_delete, can_events)
  select user_id, new.page_code, can_perms, can_list, can_add, can_set, can_delete, can_events from app.user_pages where page_code = new.parent_page_code
  on conflict do nothing;
  perform set_config('app.user_id', coalesce(actor, ''), true);
  return new;
end $$;

-- The rank (086), flag by flag, now with events: nobody acts on an account holding an events right she lacks.
create or replace function app.check_not_outranked(target int) returns void language plpgsql as $$
declare
  actor int := app.actor();
begin
  if actor is null or target is null or actor = target then
    return;
  end if;
  if app.is_global_admin(target) and not app.is_global_admin(actor) then
    raise exception 'only an administrator acts on an administrator' using errcode = 'insufficient_privilege', constraint = 'user_is_administrator';
  end if;
  if exists (select 1 from app.user_companies t
             where t.user_id = target
               and not exists (select 1 from app.user_companies a where a.user_id = actor and a.company_code = t.company_code)) then
    raise exception 'this user works in a company you do not' using errcode = 'insufficient_privilege', constraint = 'user_outside_your_companies';
  end if;
  -- Flag by flag: a grant row with no flag set (059 compared rows) is no right.
  if exists (
    select 1 from app.v_user_page_permissions t
    left join app.v_user_page_permissions a on a.user_id = actor and a.page_code = t.page_code
    where t.user_id = target
      and ((t.can_perms and a.can_perms is not true) or (t.can_list and a.can_list is not true) or (t.can_add and a.can_add is not true)
           or (t.can_set and a.can_set is not true) or (t.can_delete and a.can_delete is not true) or (t.can_events and a.can_events is not true))) then
    raise exception 'this user holds rights you do not' using errcode = 'insufficient_privilege', constraint = 'user_outranks_you';
  end if;
end $$;

-- Upgrade: the administrator role keeps every right (see the head of this file). No actor
-- here, so the rules of 054, 086 and 089 do not apply; the grants version moves (018) and
-- every session reads its rights again.
update app.role_pages set can_events = true
where role_id in (select role_id from app.roles where role_code = 'administrator') and not can_events;
