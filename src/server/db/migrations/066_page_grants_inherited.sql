-- A page added under a parent (/settings/backend_pages) starts with its parent's grants:
-- the roles and users who hold flags on the group hold the same on the new page. Without
-- this nobody would hold `perms` on a new page, so nobody could grant it on screen (rule
-- grant_needs_perms) and it would take SQL. The copy is the system's, not the actor's: the
-- rules that bind an actor's own grants do not apply to it (the actor is set aside for the
-- two inserts and put back). The page's addition is change-logged by the engine; the
-- inherited grants show in the page grids (user pages, role pages) at once.
create function app.backend_pages_inherit_grants() returns trigger language plpgsql as $$
declare
  actor text := current_setting('app.user_id', true);
begin
  if new.parent_page_code is null then
    return new;
  end if;
  perform set_config('app.user_id', '', true);
  insert into app.role_pages (role_id, page_code, can_perms, can_list, can_add, can_set, can_delete)
  select role_id, new.page_code, can_perms, can_list, can_add, can_set, can_delete from app.role_pages where page_code = new.parent_page_code
  on conflict do nothing;
  insert into app.user_pages (user_id, page_code, can_perms, can_list, can_add, can_set, can_delete)
  select user_id, new.page_code, can_perms, can_list, can_add, can_set, can_delete from app.user_pages where page_code = new.parent_page_code
  on conflict do nothing;
  perform set_config('app.user_id', coalesce(actor, ''), true);
  return new;
end $$;
create trigger backend_pages_inherit_grants after insert on app.backend_pages for each row execute function app.backend_pages_inherit_grants();
