-- What a request's session is made of — a user's blocked flag, language, existence and
-- companies, and the grants version (018) — is cached in the server
-- (src/server/http/sessionCache.ts). The database tells it what changed: every write to
-- those facts notifies channel app_session in the writing transaction, so the
-- notification is delivered when (and only if) the transaction commits.
--   'user:<id>'  that user's row or companies changed (or the user is gone)
--   'grants'     the grants version moved: some page permission may have changed
--   'all'        a truncate: forget every user
-- pg_notify folds identical payloads of one transaction into one notification.

create function app.notify_session_user() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform pg_notify('app_session', 'user:' || old.user_id);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform pg_notify('app_session', 'user:' || new.user_id);
  end if;
  return null;
end $$;

create function app.notify_session_all() returns trigger language plpgsql as $$
begin
  perform pg_notify('app_session', 'all');
  return null;
end $$;

-- users: only the columns a session reads (a new user has nothing cached yet, but an
-- insert notifies too, so a reused id can never meet an entry of the user it replaces).
create trigger users_session_update after update on app.users for each row
  when (old.blocked is distinct from new.blocked
        or old.language_code is distinct from new.language_code
        or old.user_id is distinct from new.user_id)
  execute function app.notify_session_user();
create trigger users_session_insert_delete after insert or delete on app.users for each row
  execute function app.notify_session_user();
create trigger users_session_truncate after truncate on app.users for each statement
  execute function app.notify_session_all();

-- user_companies: any change (the position orders the companies; the first is the default).
create trigger user_companies_session after insert or update or delete on app.user_companies for each row
  execute function app.notify_session_user();
create trigger user_companies_session_truncate after truncate on app.user_companies for each statement
  execute function app.notify_session_all();

-- The grants version: every write to it (018's bump_grants_version, or anything else).
create function app.notify_session_grants() returns trigger language plpgsql as $$
begin
  perform pg_notify('app_session', 'grants');
  return null;
end $$;
create trigger grants_version_session after insert or update or delete or truncate on app.grants_version
  for each statement execute function app.notify_session_grants();
