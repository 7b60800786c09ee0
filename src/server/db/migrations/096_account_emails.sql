-- Accounts' e-mail addresses in one normal form (src/core/email.ts): no spaces around them,
-- Unicode NFC, the whole address in lower case. Every write of the app stores that form and
-- sign-in looks it up by it (lower() on both sides: users_email_key's own comparison), so the
-- same address in another case is the same account.
--
-- Existing addresses are brought into that form here. Two accounts whose addresses become
-- one (' Anna@x.example' beside 'anna@x.example', or two Unicode spellings of one name) are
-- not merged and neither loses anything: the account that already holds the address in the
-- unique index (else the oldest) keeps it and is normalized; each other one keeps its
-- address exactly as it was and is listed in app.user_email_conflicts for an administrator
-- to decide (give it an address of its own, or block it). Sign-in by that address reaches the
-- keeper; the server says at every start how many conflicts are still open.

create table app.user_email_conflicts (
  user_id int primary key references app.users on delete cascade,
  -- The address as it was stored (and still is, until someone changes it).
  user_email text not null,
  -- Its normal form, which another account holds.
  normal_email text not null,
  holder_id int not null references app.users (user_id) on delete cascade,
  found_at timestamptz not null default now()
);
comment on table app.user_email_conflicts is 'Accounts whose e-mail address became another''s in the normal form (migration 096): left unchanged, for an administrator to resolve';

create function pg_temp.normal_email(e text) returns text language sql as $$
  select lower(case when current_setting('server_encoding') = 'UTF8' then normalize(btrim(e), nfc) else btrim(e) end)
$$;

with normal as (
  select u.user_id, u.user_email, pg_temp.normal_email(u.user_email) as normal_email from app.users u
), grouped as (
  -- The keeper: the row whose lower() already is the normal form (it holds that place in users_email_key), else the oldest.
  select n.*, first_value(n.user_id) over (partition by n.normal_email order by (lower(n.user_email) = n.normal_email) desc, n.user_id) as holder_id
  from normal n
)
insert into app.user_email_conflicts (user_id, user_email, normal_email, holder_id)
select g.user_id, g.user_email, g.normal_email, g.holder_id from grouped g where g.user_id <> g.holder_id;

update app.users u set user_email = pg_temp.normal_email(u.user_email)
where u.user_email <> pg_temp.normal_email(u.user_email)
  and not exists (select 1 from app.user_email_conflicts c where c.user_id = u.user_id);

-- From now on every address written is in the normal form (the app's rule makes it; this
-- refuses a write that would not, whoever makes it). Only a written address is checked: a
-- conflicting account can still be blocked or renamed before its address is changed, and
-- once it is changed it leaves the list.
create function app.users_email_normal_form() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and new.user_email is not distinct from old.user_email then
    return new;
  end if;
  if new.user_email <> lower(btrim(new.user_email)) then
    raise exception 'an e-mail address is stored trimmed and in lower case' using errcode = 'check_violation', constraint = 'users_email_normal_form';
  end if;
  if tg_op = 'UPDATE' then
    delete from app.user_email_conflicts where user_id = new.user_id;
  end if;
  return new;
end $$;
create trigger users_email_normal_form before insert or update of user_email on app.users
  for each row execute function app.users_email_normal_form();
