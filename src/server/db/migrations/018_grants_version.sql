-- The version of every user's page permissions. The server caches a user's grants under
-- it (src/server/actions/engine/permissions.ts) and reads it with each request's session;
-- any change to what decides a permission bumps it in the same transaction.
create table app.grants_version (
  only_row boolean primary key default true check (only_row),
  version bigint not null
);
insert into app.grants_version (version) values (1);

create function app.bump_grants_version() returns trigger language plpgsql as $$
begin
  update app.grants_version set version = version + 1;
  return null;
end $$;

create trigger user_pages_grants after insert or update or delete or truncate on app.user_pages
  for each statement execute function app.bump_grants_version();
create trigger role_pages_grants after insert or update or delete or truncate on app.role_pages
  for each statement execute function app.bump_grants_version();
create trigger user_roles_grants after insert or update or delete or truncate on app.user_roles
  for each statement execute function app.bump_grants_version();
create trigger roles_grants after insert or update or delete or truncate on app.roles
  for each statement execute function app.bump_grants_version();
create trigger backend_pages_grants after insert or update or delete or truncate on app.backend_pages
  for each statement execute function app.bump_grants_version();
