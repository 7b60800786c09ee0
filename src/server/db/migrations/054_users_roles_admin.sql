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

create view app.v_users as
select u.user_id, uc.company_code, u.user_email, u.user_name, u.first_name, u.last_name, u.language_code, u.blocked, u.created_at,
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
