-- Accounts and sign-in security (issue 24): one-time set-password links (invitation,
-- reset), the TOTP second factor with its recovery codes, the setting that enforces it, and
-- account mail in the outbox.

-- A link mailed to a user to set a password: the token is random (32 bytes) and stored only
-- as its SHA-256, like refresh tokens. A link works once and until it expires; a newer link
-- of the user, or a password set by any link, voids the others (src/server/auth/links.ts).
create table app.password_links (
  link_id bigint generated always as identity primary key,
  user_id int not null references app.users on delete cascade,
  token_hash text not null unique,
  purpose text not null check (purpose in ('invite', 'reset')),
  -- The administrator who sent it; null: the user asked (forgot password).
  created_by int references app.users on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index password_links_user on app.password_links (user_id);

-- A user's TOTP (RFC 6238: SHA-1, 6 digits, 30 s) shared secret, base32. Pending until the
-- user confirms a code (confirmed_at); only a confirmed one is asked at sign-in. last_step is
-- the time step of the last code taken: a code of that step or before it is refused (replay).
create table app.user_totp (
  user_id int primary key references app.users on delete cascade,
  secret text not null,
  confirmed_at timestamptz,
  last_step bigint,
  created_at timestamptz not null default now()
);

-- Recovery codes, shown once at confirmation and stored as SHA-256 (50 random bits each):
-- each signs in once in place of a code.
create table app.totp_recovery_codes (
  code_id bigint generated always as identity primary key,
  user_id int not null references app.users on delete cascade,
  code_hash text not null,
  used_at timestamptz,
  unique (user_id, code_hash)
);

-- 'true': users who may grant some page (a `perms` flag, their own or a role's) must enrol
-- TOTP before they can use the app.
insert into app.settings (key, value) values ('totp_required', 'false') on conflict (key) do nothing;

-- Whether the user must enrol TOTP before anything else (the setting is on, the user has
-- a perms flag on some page, and no confirmed second factor).
create function app.totp_enrolment_required(p_user_id int) returns boolean language sql stable as $$
  select coalesce((select value = 'true' from app.settings where key = 'totp_required'), false)
     and exists (select 1 from app.v_user_page_permissions p where p.user_id = p_user_id and p.can_perms)
     and not exists (select 1 from app.user_totp t where t.user_id = p_user_id and t.confirmed_at is not null)
$$;

-- Account mail (invitation, reset) belongs to no company: a user may have none, and a
-- reset is asked without one.
alter table app.mail_outbox alter column company_code drop not null;
