-- Partners' users (issue 24, /partners/user_list): people of a partner company (a
-- supplier's sales rep, a reseller's buyer) who sign in to the back office like staff, with
-- the rights their roles and grants give them. A partner user is a user (app.users) who
-- names the partner; they work in that partner's company. The list manages their accounts
-- with the rights of its own page, so someone who may run the partner list but not
-- /settings/users cannot reach the company's own staff through it.
--
-- Rules (with an actor, as in 054):
--   partner_user_partner   the partner is one of the user's company's partners
--   user_outranks_you      an account's e-mail is changed (on either list) only by someone
--                          who holds every right the account holds: else a new e-mail and a
--                          reset link (mailed to it) would hand a lesser manager a greater
--                          account

alter table app.users add column partner_id int references app.partners on delete restrict;
alter table app.users add column job_title text not null default '';
alter table app.users add column phone text not null default '';
create index users_partner on app.users (partner_id) where partner_id is not null;

-- Raises user_outranks_you when the acting user lacks a right (page × flag) that `target` holds.
create function app.check_not_outranked(target int) returns void language plpgsql as $$
declare
  actor int := app.actor();
begin
  if actor is null or actor = target then
    return;
  end if;
  if exists (
    select 1 from app.v_user_page_permissions t
    where t.user_id = target
      and not exists (select 1 from app.v_user_page_permissions a
                      where a.user_id = actor and a.page_code = t.page_code
                        and a.can_perms >= t.can_perms and a.can_list >= t.can_list and a.can_add >= t.can_add
                        and a.can_set >= t.can_set and a.can_delete >= t.can_delete)) then
    raise exception 'this user holds rights you do not' using errcode = 'check_violation', constraint = 'user_outranks_you';
  end if;
end $$;

create function app.check_partner_of(partner int, company text) returns void language plpgsql as $$
begin
  if partner is not null and not exists (select 1 from app.partners p where p.partner_id = partner and p.company_code = company) then
    raise exception 'the partner is not one of this company''s' using errcode = 'check_violation', constraint = 'partner_user_partner';
  end if;
end $$;

-- The users of the session's company who name one of its partners. last_sign_in_at: the
-- start of the latest session on record (a session is a refresh token family).
create view app.v_partner_users as
select u.user_id, uc.company_code, u.partner_id, p.partner_name, u.user_email, u.user_name, u.first_name, u.last_name, u.job_title, u.phone,
       u.language_code, u.blocked,
       app.role_names(array(select ur.role_id from app.user_roles ur where ur.user_id = u.user_id)) as roles,
       (select max(f.started) from (select min(t.created_at) as started from app.refresh_tokens t where t.user_id = u.user_id group by t.family_id) f) as last_sign_in_at,
       u.created_at, u.row_version
from app.users u
join app.user_companies uc on uc.user_id = u.user_id
join app.partners p on p.partner_id = u.partner_id and p.company_code = uc.company_code;

create function app.v_partner_users_insert() returns trigger language plpgsql as $$
begin
  perform app.check_partner_of(new.partner_id, new.company_code);
  perform app.check_user_email(new.user_email, null);
  insert into app.users (user_email, user_name, first_name, last_name, job_title, phone, language_code, blocked, partner_id, password_hash)
  values (new.user_email, new.user_name, coalesce(new.first_name, ''), coalesce(new.last_name, ''), coalesce(new.job_title, ''), coalesce(new.phone, ''),
          coalesce(new.language_code, 'en'), coalesce(new.blocked, false), new.partner_id, app.unusable_password())
  returning user_id, created_at, row_version into new.user_id, new.created_at, new.row_version;
  insert into app.user_companies (user_id, company_code, position) values (new.user_id, new.company_code, 1);
  return new;
end $$;
create trigger v_partner_users_insert instead of insert on app.v_partner_users for each row execute function app.v_partner_users_insert();

create function app.v_partner_users_update() returns trigger language plpgsql as $$
begin
  if new.partner_id is distinct from old.partner_id then
    if new.partner_id is null then
      raise exception 'a partner user names a partner' using errcode = 'not_null_violation', column = 'partner_id';
    end if;
    perform app.check_partner_of(new.partner_id, old.company_code);
  end if;
  if new.user_email is distinct from old.user_email then
    perform app.check_not_outranked(old.user_id);
    perform app.check_user_email(new.user_email, old.user_id);
  end if;
  update app.users set user_email = new.user_email, user_name = new.user_name, first_name = new.first_name, last_name = new.last_name,
                       job_title = new.job_title, phone = new.phone, language_code = new.language_code, blocked = new.blocked,
                       partner_id = new.partner_id, row_version = new.row_version
  where user_id = old.user_id;
  return new;
end $$;
create trigger v_partner_users_update instead of update on app.v_partner_users for each row execute function app.v_partner_users_update();

-- The staff list names the partner of a partner user (read-only there).
create or replace view app.v_users as
select u.user_id, uc.company_code, u.user_email, u.user_name, u.first_name, u.last_name, u.language_code, u.blocked, u.created_at,
       (select jsonb_object_agg(l.language_code, coalesce(nullif(trim(case when l.family_name_first then u.last_name || ' ' || u.first_name
                                                                          else u.first_name || ' ' || u.last_name end), ''), u.user_name))
          from app.languages l where l.active) as full_name,
       (select string_agg(c.company_code, ', ' order by c.position, c.company_code)
          from app.user_companies c where c.user_id = u.user_id) as companies,
       app.role_names(array(select ur.role_id from app.user_roles ur where ur.user_id = u.user_id)) as roles,
       u.row_version,
       (select p.partner_name from app.partners p where p.partner_id = u.partner_id) as partner_name
from app.users u
join app.user_companies uc on uc.user_id = u.user_id;

create or replace function app.v_users_update() returns trigger language plpgsql as $$
begin
  if new.user_email is distinct from old.user_email then
    perform app.check_not_outranked(old.user_id);
    perform app.check_user_email(new.user_email, old.user_id);
  end if;
  update app.users set user_email = new.user_email, user_name = new.user_name, first_name = new.first_name, last_name = new.last_name,
                       language_code = new.language_code, blocked = new.blocked, row_version = new.row_version
  where user_id = old.user_id;
  return new;
end $$;
