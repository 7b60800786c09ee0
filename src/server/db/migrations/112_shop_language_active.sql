-- Which languages are active (the languages screen) decides where they are offered (issue 46):
-- the UI's language switch and every language choice offer the active ones, and a shop sells
-- only in active languages — a language a shop sells in cannot be deactivated while it does.
create function app.shop_language_active() returns trigger language plpgsql as $$
begin
  if new.enabled and not exists (select 1 from app.languages where language_code = new.language_code and active) then
    raise exception 'language % is not active', new.language_code using errcode = '23514', constraint = 'language_inactive';
  end if;
  return new;
end $$;
create trigger shop_languages_active before insert or update of language_code, enabled on app.shop_languages
  for each row execute function app.shop_language_active();

create function app.language_in_shop() returns trigger language plpgsql as $$
begin
  if old.active and not new.active and exists (select 1 from app.shop_languages where language_code = new.language_code and enabled) then
    raise exception 'language % is sold in by a shop', new.language_code using errcode = '23514', constraint = 'language_in_shop';
  end if;
  return new;
end $$;
create trigger languages_in_shop before update of active on app.languages
  for each row execute function app.language_in_shop();
