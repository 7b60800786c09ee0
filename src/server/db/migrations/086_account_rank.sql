-- Rank on every account action (issue 42): a user changes another user's account only when
-- she outranks or equals them. Before this, the rank was checked only when an e-mail changed
-- (059), so anyone with `set` on /settings/users in one company the administrator also
-- worked in could give the administrator an initial password and sign in as her, block her,
-- take a company from her or end her sessions.
--
-- The rule (app.check_not_outranked, one function for every path; with an actor only, as
-- the rules of 054 — the seed, create-admin, psql and 066's inherited grants have none; and
-- never for the actor's own account, whose own rules stay: user_blocks_self, own_admin_right):
--   user_is_administrator       the global administrator (app.is_global_admin) is acted on
--                               only by another global administrator
--   user_outside_your_companies every company of the account is one the actor works in
--   user_outranks_you           the account holds no right (page × flag of
--                               v_user_page_permissions: own ∪ active roles) the actor lacks
--   password_needs_perms        setting another user's password (an initial password) also
--                               needs the page's grant (`perms`) flag
-- Each is raised as insufficient_privilege (42501): the API answers 403 `rule_violated` with
-- the rule (http/errors.ts), and the whole transaction is refused.
--
-- Where it runs: triggers on the account tables, so every writer that names its actor (the
-- engine's grid set/add/delete, bulk set, import, undo, redo) passes through it:
--   before a change, on the account as it is (users update/delete; user_companies,
--   user_roles, user_pages insert/update/delete; password_links insert; user_totp
--   update/delete), and after one that gives (companies, roles, pages inserted or changed)
--   on the account as it becomes: no one is made greater than the one who makes them.
--   Rows going in a cascade (their user, role, company or page deleted) were checked with
--   what was deleted, or are no account action (a company or a page removed).
-- The account actions that write no such table (ending sessions) or that should refuse
-- before slow work (hashing an initial password) call the same functions first
-- (src/server/actions/accountRank.ts).
--
-- Roles: a role's pages or its switch (active) reach every user holding it, so changing
-- them (role_pages insert/update/delete, roles active switched or deleted) needs the rank
-- over every holder, before and after: a user cannot narrow the role of someone who outranks
-- her, nor widen a role past her own rights while someone holds it. Renaming a role gives
-- or takes nothing and is not checked.

-- The global administrator: a user holding the active `administrator` role — the reference
-- role with every page and flag that the first administrator and create-admin are given.
create function app.is_global_admin(uid int) returns boolean language sql stable as $$
  select exists (select 1 from app.user_roles ur join app.roles r on r.role_id = ur.role_id
                 where ur.user_id = uid and r.role_code = 'administrator' and r.active)
$$;

-- Raises unless the actor may act on `target` (see the head of this file).
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
           or (t.can_set and a.can_set is not true) or (t.can_delete and a.can_delete is not true))) then
    raise exception 'this user holds rights you do not' using errcode = 'insufficient_privilege', constraint = 'user_outranks_you';
  end if;
end $$;

-- Setting `target`'s password from the page at `page_url`: the rank, and the page's grant flag.
create function app.check_may_set_password(target int, page_url text) returns void language plpgsql as $$
declare
  actor int := app.actor();
begin
  perform app.check_not_outranked(target);
  if actor is null or actor = target then
    return;
  end if;
  if not exists (select 1 from app.backend_pages p join app.v_user_page_permissions g on g.page_code = p.page_code
                 where p.url = page_url and g.user_id = actor and g.can_perms) then
    raise exception 'setting a user''s password needs the grant right on %', page_url using errcode = 'insufficient_privilege', constraint = 'password_needs_perms';
  end if;
end $$;

-- Every user holding the role (active or not: switching it on reaches them too).
create function app.check_role_holders(rid int) returns void language plpgsql as $$
declare
  holder int;
begin
  if app.actor() is null then
    return;
  end if;
  for holder in select ur.user_id from app.user_roles ur where ur.role_id = rid order by ur.user_id loop
    perform app.check_not_outranked(holder);
  end loop;
end $$;

-- Before a change: the account (or the role's holders) as it is. The rows are read as jsonb:
-- one function serves tables of different columns (plpgsql resolves `old.x` per table).
create function app.rank_before() returns trigger language plpgsql as $$
declare
  o jsonb := to_jsonb(old);
  n jsonb := to_jsonb(new);
begin
  if app.actor() is null then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  case tg_table_name
    when 'users', 'user_totp' then
      perform app.check_not_outranked((o ->> 'user_id')::int);
    when 'password_links' then
      perform app.check_not_outranked((n ->> 'user_id')::int);
    when 'user_companies', 'user_roles', 'user_pages' then
      if tg_op in ('UPDATE', 'DELETE') then
        -- A cascade: the user's delete was checked; a company, role or page removed is no account action (a role's delete is checked on roles).
        if not exists (select 1 from app.users u where u.user_id = (o ->> 'user_id')::int)
           or (tg_table_name = 'user_companies' and not exists (select 1 from app.companies c where c.company_code = o ->> 'company_code'))
           or (tg_table_name = 'user_roles' and not exists (select 1 from app.roles r where r.role_id = (o ->> 'role_id')::int))
           or (tg_table_name = 'user_pages' and not exists (select 1 from app.backend_pages b where b.page_code = o ->> 'page_code')) then
          return old;
        end if;
        perform app.check_not_outranked((o ->> 'user_id')::int);
      end if;
      if tg_op = 'INSERT' or (n ->> 'user_id') is distinct from (o ->> 'user_id') then
        perform app.check_not_outranked((n ->> 'user_id')::int);
      end if;
    when 'role_pages' then
      if tg_op in ('UPDATE', 'DELETE') then
        if not exists (select 1 from app.roles r where r.role_id = (o ->> 'role_id')::int)
           or not exists (select 1 from app.backend_pages b where b.page_code = o ->> 'page_code') then
          return old;
        end if;
        perform app.check_role_holders((o ->> 'role_id')::int);
      end if;
      if tg_op = 'INSERT' or (n ->> 'role_id') is distinct from (o ->> 'role_id') then
        perform app.check_role_holders((n ->> 'role_id')::int);
      end if;
    when 'roles' then
      if tg_op = 'DELETE' or (o -> 'active') is distinct from (n -> 'active') then
        perform app.check_role_holders((o ->> 'role_id')::int);
      end if;
  end case;
  return case when tg_op = 'DELETE' then old else new end;
end $$;

-- After a change that gives: the account (or the role's holders) as it became.
create function app.rank_after() returns trigger language plpgsql as $$
declare
  o jsonb := to_jsonb(old);
  n jsonb := to_jsonb(new);
begin
  if app.actor() is null then
    return null;
  end if;
  case tg_table_name
    when 'user_companies', 'user_roles', 'user_pages' then
      perform app.check_not_outranked((n ->> 'user_id')::int);
    when 'role_pages' then
      perform app.check_role_holders((n ->> 'role_id')::int);
    when 'roles' then
      if (o -> 'active') is distinct from (n -> 'active') then
        perform app.check_role_holders((n ->> 'role_id')::int);
      end if;
  end case;
  return null;
end $$;

-- Named *_rank so that, among each table's row triggers (fired in name order), the older
-- rules with their own words (users_block_self, *_need_perms) speak first.
create trigger users_rank before update or delete on app.users for each row execute function app.rank_before();
create trigger user_companies_rank before insert or update or delete on app.user_companies for each row execute function app.rank_before();
create trigger user_roles_rank before insert or update or delete on app.user_roles for each row execute function app.rank_before();
create trigger user_pages_rank before insert or update or delete on app.user_pages for each row execute function app.rank_before();
create trigger role_pages_rank before insert or update or delete on app.role_pages for each row execute function app.rank_before();
create trigger roles_rank before update or delete on app.roles for each row execute function app.rank_before();
create trigger password_links_rank before insert on app.password_links for each row execute function app.rank_before();
create trigger user_totp_rank before update or delete on app.user_totp for each row execute function app.rank_before();

create trigger user_companies_rank_after after insert or update on app.user_companies for each row execute function app.rank_after();
create trigger user_roles_rank_after after insert or update on app.user_roles for each row execute function app.rank_after();
create trigger user_pages_rank_after after insert or update on app.user_pages for each row execute function app.rank_after();
create trigger role_pages_rank_after after insert or update on app.role_pages for each row execute function app.rank_after();
create trigger roles_rank_after after update of active on app.roles for each row execute function app.rank_after();
