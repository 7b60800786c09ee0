-- People and rights on screen (issue 24): users, their companies and roles, roles and the
-- page grants of users and roles, as grids over views written through INSTEAD OF triggers
-- (the engine writes views like tables, so every change is change-logged with its actor).
--
-- A user belongs to the companies of user_companies; an administrator manages the users who
-- share the session's company: the user views have one row per user and company, scoped by
-- company_code like any company's rows (another company's user is "no such row", 404).
--
-- Rules, enforced here whatever the writer (the engine names its actor in app.user_id;
-- without an actor — seed, first administrator, psql — they do not apply):
--   grant_needs_perms     a change to a page's grants (a user's or a role's flags, a role
--                         given or taken, a role switched on or off) needs the actor's
--                         `perms` flag on every page it touches
--   own_admin_right       the actor keeps the `perms` they hold on /settings/users and
--                         /settings/roles (no removing one's own last admin right)
--   user_blocks_self      nobody blocks themselves
--   user_company_required a user keeps at least one company
--   user_company_not_yours a user is given only companies the actor works in

alter table app.users add column row_version int not null default 1;
alter table app.roles add column row_version int not null default 1;

-- A password hash that no password verifies: argon2 refuses the text, so login answers
-- "wrong email or password". New users start with it until they set their own.
create function app.unusable_password() returns text language sql volatile as $$
  select '!' || md5(random()::text || clock_timestamp()::text)
$$;

create function app.actor() returns int language sql stable as $$
  select nullif(current_setting('app.user_id', true), '')::int
$$;

-- A multi-language list of role names (a user's roles), per active language.
create function app.role_names(role_ids int[]) returns jsonb language sql stable as $$
  select coalesce(jsonb_object_agg(x.language_code, x.names), '{}'::jsonb)
  from (
    select l.language_code,
           string_agg(coalesce(nullif(r.role_name ->> l.language_code, ''), nullif(r.role_name ->> 'en', ''), r.role_code), ', '
                      order by coalesce(nullif(r.role_name ->> l.language_code, ''), r.role_code)) as names
    from app.languages l
    cross join app.roles r
    where l.active and r.role_id = any(role_ids)
    group by l.language_code
  ) x
$$;

-- ---------------------------------------------------------------------------------------
-- Users

-- full_name: the name as each language writes it (family name first in Hungarian), else the
-- user name; the screen's display text (the detail bar names the user by it).
create view app.v_users as
select u.user_id, uc.company_code, u.user_email, u.user_name, u.first_name, u.last_name, u.language_code, u.blocked, u.created_at,
       (select jsonb_object_agg(l.language_code, coalesce(nullif(trim(case when l.family_name_first then u.last_name || ' ' || u.first_name
                                                                          else u.first_name || ' ' || u.last_name end), ''), u.user_name))
          from app.languages l where l.active) as full_name,
       (select string_agg(c.company_code, ', ' order by c.position, c.company_code)
          from app.user_companies c where c.user_id = u.user_id) as companies,
       app.role_names(array(select ur.role_id from app.user_roles ur where ur.user_id = u.user_id)) as roles,
       u.row_version
from app.users u
join app.user_companies uc on uc.user_id = u.user_id;

-- The same e-mail in another case is the same user (users_email_key is on lower()).
create function app.check_user_email(email text, own_id int) returns void language plpgsql as $$
begin
  if exists (select 1 from app.users u where lower(u.user_email) = lower(email) and u.user_id is distinct from own_id) then
    raise exception 'a user with this e-mail already exists' using errcode = 'unique_violation', column = 'user_email';
  end if;
end $$;

-- Adding a user in a company: the user, without a usable password, working in that company.
create function app.v_users_insert() returns trigger language plpgsql as $$
begin
  perform app.check_user_email(new.user_email, null);
  insert into app.users (user_email, user_name, first_name, last_name, language_code, blocked, password_hash)
  values (new.user_email, new.user_name, coalesce(new.first_name, ''), coalesce(new.last_name, ''), coalesce(new.language_code, 'en'),
          coalesce(new.blocked, false), app.unusable_password())
  returning user_id, created_at, row_version into new.user_id, new.created_at, new.row_version;
  insert into app.user_companies (user_id, company_code, position) values (new.user_id, new.company_code, 1);
  return new;
end $$;
create trigger v_users_insert instead of insert on app.v_users for each row execute function app.v_users_insert();

create function app.v_users_update() returns trigger language plpgsql as $$
begin
  if new.user_email is distinct from old.user_email then
    perform app.check_user_email(new.user_email, old.user_id);
  end if;
  update app.users set user_email = new.user_email, user_name = new.user_name, first_name = new.first_name, last_name = new.last_name,
                       language_code = new.language_code, blocked = new.blocked, row_version = new.row_version
  where user_id = old.user_id;
  return new;
end $$;
create trigger v_users_update instead of update on app.v_users for each row execute function app.v_users_update();

create function app.users_block_self() returns trigger language plpgsql as $$
begin
  if new.blocked and not old.blocked and new.user_id = app.actor() then
    raise exception 'you cannot block yourself' using errcode = 'check_violation', constraint = 'user_blocks_self';
  end if;
  return new;
end $$;
create trigger users_block_self before update of blocked on app.users for each row execute function app.users_block_self();

-- ---------------------------------------------------------------------------------------
-- A user's companies: every company × "assigned", for the users of the session's company.
-- The companies come from an array, not a join, so the engine's `for update` locks only the
-- user's rows.

create view app.v_user_companies as
select u.user_id, uc.company_code, c.user_company_code, c.n::int as company_position,
       (select co.company_name from app.companies co where co.company_code = c.user_company_code) as company_name,
       exists (select 1 from app.user_companies x where x.user_id = u.user_id and x.company_code = c.user_company_code) as assigned
from app.users u
join app.user_companies uc on uc.user_id = u.user_id
cross join unnest(array(select company_code from app.companies order by position, company_code)) with ordinality as c(user_company_code, n);

create function app.v_user_companies_update() returns trigger language plpgsql as $$
declare
  actor int := app.actor();
begin
  if new.assigned is not distinct from old.assigned then
    return new;
  end if;
  if actor is not null and not exists (select 1 from app.user_companies a where a.user_id = actor and a.company_code = old.user_company_code) then
    raise exception 'you do not work in company %', old.user_company_code using errcode = 'check_violation', constraint = 'user_company_not_yours';
  end if;
  if new.assigned then
    insert into app.user_companies (user_id, company_code, position)
    select old.user_id, old.user_company_code, coalesce(max(position), 0) + 1 from app.user_companies where user_id = old.user_id
    on conflict do nothing;
  else
    delete from app.user_companies where user_id = old.user_id and company_code = old.user_company_code;
    if not exists (select 1 from app.user_companies where user_id = old.user_id) then
      raise exception 'a user keeps at least one company' using errcode = 'check_violation', constraint = 'user_company_required';
    end if;
  end if;
  return new;
end $$;
create trigger v_user_companies_update instead of update on app.v_user_companies for each row execute function app.v_user_companies_update();

-- ---------------------------------------------------------------------------------------
-- Users × roles, for the users of the session's company: the users' roles (detail of users)
-- and the roles' users (detail of roles) are this one relation, "assigned" a checkbox.

create view app.v_user_roles as
select u.user_id, uc.company_code, r.role_id, r.n::int as role_position,
       u.user_email, u.user_name, u.first_name, u.last_name, u.blocked,
       (select ro.role_code from app.roles ro where ro.role_id = r.role_id) as role_code,
       (select ro.role_name from app.roles ro where ro.role_id = r.role_id) as role_name,
       (select ro.active from app.roles ro where ro.role_id = r.role_id) as active,
       exists (select 1 from app.user_roles x where x.user_id = u.user_id and x.role_id = r.role_id) as assigned
from app.users u
join app.user_companies uc on uc.user_id = u.user_id
cross join unnest(array(select role_id from app.roles order by role_code)) with ordinality as r(role_id, n);

create function app.v_user_roles_update() returns trigger language plpgsql as $$
begin
  if new.assigned and not old.assigned then
    insert into app.user_roles (user_id, role_id) values (old.user_id, old.role_id) on conflict do nothing;
  elsif old.assigned and not new.assigned then
    delete from app.user_roles where user_id = old.user_id and role_id = old.role_id;
  end if;
  return new;
end $$;
create trigger v_user_roles_update instead of update on app.v_user_roles for each row execute function app.v_user_roles_update();

-- ---------------------------------------------------------------------------------------
-- Page grants: every page with a route × the five flags. A row of the grid that grants
-- nothing is no row of the table (all five off deletes it).

create function app.page_codes_in_menu_order() returns text[] language sql stable as $$
  select array(
    select p.page_code from app.backend_pages p
    left join app.backend_pages g on g.page_code = p.parent_page_code
    where p.url is not null
    order by coalesce(g.position, p.position), g.page_code nulls first, p.position, p.page_code)
$$;

create view app.v_role_pages as
select r.role_id, p.page_code, p.n::int as page_position,
       (select b.url from app.backend_pages b where b.page_code = p.page_code) as url,
       (select b.page_title from app.backend_pages b where b.page_code = p.page_code) as page_title,
       coalesce((select g.can_perms from app.role_pages g where g.role_id = r.role_id and g.page_code = p.page_code), false) as can_perms,
       coalesce((select g.can_list from app.role_pages g where g.role_id = r.role_id and g.page_code = p.page_code), false) as can_list,
       coalesce((select g.can_add from app.role_pages g where g.role_id = r.role_id and g.page_code = p.page_code), false) as can_add,
       coalesce((select g.can_set from app.role_pages g where g.role_id = r.role_id and g.page_code = p.page_code), false) as can_set,
       coalesce((select g.can_delete from app.role_pages g where g.role_id = r.role_id and g.page_code = p.page_code), false) as can_delete
from app.roles r
cross join unnest(app.page_codes_in_menu_order()) with ordinality as p(page_code, n);

create function app.v_role_pages_update() returns trigger language plpgsql as $$
begin
  if not (new.can_perms or new.can_list or new.can_add or new.can_set or new.can_delete) then
    delete from app.role_pages where role_id = old.role_id and page_code = old.page_code;
  else
    insert into app.role_pages (role_id, page_code, can_perms, can_list, can_add, can_set, can_delete)
    values (old.role_id, old.page_code, new.can_perms, new.can_list, new.can_add, new.can_set, new.can_delete)
    on conflict (role_id, page_code) do update set can_perms = excluded.can_perms, can_list = excluded.can_list, can_add = excluded.can_add,
      can_set = excluded.can_set, can_delete = excluded.can_delete;
  end if;
  return new;
end $$;
create trigger v_role_pages_update instead of update on app.v_role_pages for each row execute function app.v_role_pages_update();

-- A user's own grants (editable) beside the effective ones (own ∪ active roles, as the
-- session reads them) and the active roles that grant anything on the page.
create view app.v_user_pages as
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
         where ur.user_id = u.user_id and (rp.can_perms or rp.can_list or rp.can_add or rp.can_set or rp.can_delete))) as via_roles
from app.users u
join app.user_companies uc on uc.user_id = u.user_id
cross join unnest(app.page_codes_in_menu_order()) with ordinality as p(page_code, n);

create function app.v_user_pages_update() returns trigger language plpgsql as $$
begin
  if not (new.can_perms or new.can_list or new.can_add or new.can_set or new.can_delete) then
    delete from app.user_pages where user_id = old.user_id and page_code = old.page_code;
  else
    insert into app.user_pages (user_id, page_code, can_perms, can_list, can_add, can_set, can_delete)
    values (old.user_id, old.page_code, new.can_perms, new.can_list, new.can_add, new.can_set, new.can_delete)
    on conflict (user_id, page_code) do update set can_perms = excluded.can_perms, can_list = excluded.can_list, can_add = excluded.can_add,
      can_set = excluded.can_set, can_delete = excluded.can_delete;
  end if;
  return new;
end $$;
create trigger v_user_pages_update instead of update on app.v_user_pages for each row execute function app.v_user_pages_update();

-- ---------------------------------------------------------------------------------------
-- Roles, with their users in the session's company (one row per role and company, so the
-- count is the company's; writes go to app.roles).

create view app.v_roles as
select r.role_id, c.company_code, r.role_code, r.role_name, r.active,
       (select count(*)::int from app.user_roles ur join app.user_companies uc on uc.user_id = ur.user_id and uc.company_code = c.company_code
         where ur.role_id = r.role_id) as user_count,
       r.row_version
from app.roles r
cross join app.companies c;


-- ---------------------------------------------------------------------------------------
-- Rules on the grant tables (see the head of this file).

-- The actor may change the grants of these pages: they hold `perms` on each.
create function app.require_perms(pages text[]) returns void language plpgsql as $$
declare
  actor int := app.actor();
  missing text;
begin
  if actor is null then
    return;
  end if;
  select x.page_code into missing from unnest(pages) as x(page_code)
  where not exists (select 1 from app.v_user_page_permissions v where v.user_id = actor and v.page_code = x.page_code and v.can_perms)
  limit 1;
  if missing is not null then
    raise exception 'granting page % needs your perms flag on it', missing using errcode = 'check_violation', constraint = 'grant_needs_perms';
  end if;
end $$;

create function app.role_page_codes(rid int) returns text[] language sql stable as $$
  select array(select page_code from app.role_pages where role_id = rid)
$$;

create function app.grants_need_perms() returns trigger language plpgsql as $$
begin
  -- A row going with its role or user (a cascade): the role's own delete was checked, whole.
  if tg_op = 'DELETE' and tg_table_name in ('role_pages', 'user_roles') then
    if not exists (select 1 from app.roles r where r.role_id = old.role_id) then return old; end if;
  end if;
  if tg_op = 'DELETE' and tg_table_name in ('user_pages', 'user_roles') then
    if not exists (select 1 from app.users u where u.user_id = old.user_id) then return old; end if;
  end if;
  case tg_table_name
    when 'user_pages', 'role_pages' then
      if tg_op in ('UPDATE', 'DELETE') then perform app.require_perms(array[old.page_code]); end if;
      if tg_op in ('UPDATE', 'INSERT') then perform app.require_perms(array[new.page_code]); end if;
    when 'user_roles' then
      if tg_op in ('UPDATE', 'DELETE') then perform app.require_perms(app.role_page_codes(old.role_id)); end if;
      if tg_op in ('UPDATE', 'INSERT') then perform app.require_perms(app.role_page_codes(new.role_id)); end if;
    when 'roles' then
      -- Switching a role on or off, or deleting it, gives or takes its pages from its users.
      if tg_op = 'DELETE' or old.active is distinct from new.active then perform app.require_perms(app.role_page_codes(old.role_id)); end if;
  end case;
  return case when tg_op = 'DELETE' then old else new end;
end $$;
create trigger user_pages_need_perms before insert or update or delete on app.user_pages for each row execute function app.grants_need_perms();
create trigger role_pages_need_perms before insert or update or delete on app.role_pages for each row execute function app.grants_need_perms();
create trigger user_roles_need_perms before insert or update or delete on app.user_roles for each row execute function app.grants_need_perms();
create trigger roles_need_perms before update or delete on app.roles for each row execute function app.grants_need_perms();

-- The pages that manage rights, on which a user holds the admin right (perms, list and set).
create function app.admin_rights(uid int) returns text[] language sql stable as $$
  select array(
    select b.url from app.v_user_page_permissions v join app.backend_pages b on b.page_code = v.page_code
    where v.user_id = uid and v.can_perms and v.can_list and v.can_set and b.url in ('/settings/users', '/settings/roles')
    order by b.url)
$$;

-- Before a statement on a grant table: the actor's admin rights; after it: still all of them.
create function app.admin_rights_before() returns trigger language plpgsql as $$
declare
  actor int := app.actor();
begin
  if actor is not null then
    perform set_config('app.admin_rights_' || tg_table_name, array_to_string(app.admin_rights(actor), ','), true);
  end if;
  return null;
end $$;

create function app.admin_rights_after() returns trigger language plpgsql as $$
declare
  actor int := app.actor();
  had text[];
begin
  if actor is null then
    return null;
  end if;
  had := string_to_array(nullif(current_setting('app.admin_rights_' || tg_table_name, true), ''), ',');
  if had is not null and not (had <@ app.admin_rights(actor)) then
    raise exception 'you cannot remove your own last admin right' using errcode = 'check_violation', constraint = 'own_admin_right';
  end if;
  return null;
end $$;

create trigger user_pages_admin_before before insert or update or delete on app.user_pages for each statement execute function app.admin_rights_before();
create trigger user_pages_admin_after after insert or update or delete on app.user_pages for each statement execute function app.admin_rights_after();
create trigger role_pages_admin_before before insert or update or delete on app.role_pages for each statement execute function app.admin_rights_before();
create trigger role_pages_admin_after after insert or update or delete on app.role_pages for each statement execute function app.admin_rights_after();
create trigger user_roles_admin_before before insert or update or delete on app.user_roles for each statement execute function app.admin_rights_before();
create trigger user_roles_admin_after after insert or update or delete on app.user_roles for each statement execute function app.admin_rights_after();
create trigger roles_admin_before before update or delete on app.roles for each statement execute function app.admin_rights_before();
create trigger roles_admin_after after update or delete on app.roles for each statement execute function app.admin_rights_after();
