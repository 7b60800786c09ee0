-- An initial password that must be changed (issue 24): an administrator gives one user a
-- password to pass on; signing in with it opens no session but a set-password link, and the
-- user chooses her own (src/server/auth/initialPassword.ts). A password the user sets, by a
-- link or on her profile, clears the flag; the administrator's sets it.
alter table app.users add column password_must_change boolean not null default false;

-- 'change': the link such a sign-in answers instead of a session (not mailed, short-lived).
alter table app.password_links drop constraint password_links_purpose_check;
alter table app.password_links add check (purpose in ('invite', 'reset', 'change'));
