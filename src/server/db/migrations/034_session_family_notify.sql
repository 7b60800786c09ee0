-- An access token names its session: `sid`, the refresh token family (issue 21, hardening 7).
-- The server keeps whether a family still stands beside the session facts of 020
-- (src/server/http/sessionCache.ts); every change that can end a family notifies channel
-- app_session in the writing transaction:
--   'family:<id>'  a token of that family was revoked (logout, reuse, revokeAllForUser),
--                  its lifetime moved, or it was deleted (its user deleted)
-- A rotation's insert does not notify: a new token of a standing family changes nothing the
-- server keeps (a family counts as revoked once any of its tokens is).

create function app.notify_session_family() returns trigger language plpgsql as $$
begin
  perform pg_notify('app_session', 'family:' || old.family_id);
  if tg_op = 'UPDATE' and new.family_id is distinct from old.family_id then
    perform pg_notify('app_session', 'family:' || new.family_id);
  end if;
  return null;
end $$;

create trigger refresh_tokens_session_update after update on app.refresh_tokens for each row
  when (old.revoked_at is distinct from new.revoked_at
        or old.expires_at is distinct from new.expires_at
        or old.family_id is distinct from new.family_id)
  execute function app.notify_session_family();
create trigger refresh_tokens_session_delete after delete on app.refresh_tokens for each row
  execute function app.notify_session_family();
create trigger refresh_tokens_session_truncate after truncate on app.refresh_tokens for each statement
  execute function app.notify_session_all();
