-- The administrator role stays the administrator's (issue 42). 086 names the global
-- administrator by a role code — whoever holds the active role coded 'administrator'
-- (app.is_global_admin) — and lets only a global administrator act on one. The role itself
-- was not held to that rule: anyone with `set` on /settings/roles could rename its code
-- (a rename gives or takes no page, so 054 and 086 let it through) and so make nobody a
-- global administrator, after which the administrator's account answers only to
-- user_outranks_you; and a user holding the grant flag on every page of the role could
-- give it to herself (086 never checks one's own account), becoming a global administrator.
--
-- The rule (with an actor only, as every rule of 054 and 086; the seed, create-admin and
-- psql are not bound), refused —
--   on app.roles, to everyone (a global administrator too: her rename or switch would
--   leave nobody a global administrator, and nobody in the app could undo it):
--                      the administrator role's code changed, switched on or off, deleted;
--                      another role renamed to 'administrator', or one added with that code
--   on app.user_roles, unless the actor is a global administrator: the administrator role
--                      given to anyone (oneself included; to another user 086's
--                      after-check also refuses it as user_is_administrator)
-- raised as insufficient_privilege (42501) named administrator_role_fixed: the API answers
-- 403 `rule_violated` with the rule. Its name, its users' pages and its holders stay as
-- 054 and 086 guard them. The triggers are named *_rank_admin_role so that, among each
-- table's row triggers (fired in name order), the older rules with their own words speak
-- first.

create function app.administrator_role_fixed() returns trigger language plpgsql as $$
declare
  actor int := app.actor();
  o jsonb := to_jsonb(old);
  n jsonb := to_jsonb(new);
  touched boolean;
begin
  if actor is null or (tg_table_name = 'user_roles' and app.is_global_admin(actor)) then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  if tg_table_name = 'roles' then
    -- The code, the switch or the row itself; a new name is not the rule's concern.
    touched := 'administrator' in (o ->> 'role_code', n ->> 'role_code')
               and (tg_op <> 'UPDATE' or (o -> 'role_code') is distinct from (n -> 'role_code') or (o -> 'active') is distinct from (n -> 'active'));
  else
    -- Taking the role (a delete) is 086's rank and 054's own_admin_right; giving it is this rule.
    touched := tg_op <> 'DELETE'
               and (tg_op = 'INSERT' or (n -> 'role_id') is distinct from (o -> 'role_id') or (n -> 'user_id') is distinct from (o -> 'user_id'))
               and exists (select 1 from app.roles r where r.role_id = (n ->> 'role_id')::int and r.role_code = 'administrator');
  end if;
  if touched then
    raise exception 'the administrator role is fixed; only an administrator gives it' using errcode = 'insufficient_privilege', constraint = 'administrator_role_fixed';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end $$;

create trigger roles_rank_admin_role before insert or update or delete on app.roles for each row execute function app.administrator_role_fixed();
create trigger user_roles_rank_admin_role before insert or update on app.user_roles for each row execute function app.administrator_role_fixed();
