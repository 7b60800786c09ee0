-- Detail grids of the shops and catalogue screens: the languages a shop sells in,
-- category translations (name and storefront slug per language) and delivery prices
-- per country and weight band.

-- A storefront slug: Latin diacritics dropped, Bulgarian transliterated (streamlined
-- system), anything else between words a hyphen.
create function app.slugify(t text) returns text language plpgsql immutable as $$
declare
  s text := coalesce(t, '');
  m text[];
begin
  foreach m slice 1 in array array[['щ', 'sht'], ['ж', 'zh'], ['ч', 'ch'], ['ш', 'sh'], ['ю', 'yu'], ['я', 'ya'], ['ц', 'ts'], ['ß', 'ss'],
                                   ['Щ', 'sht'], ['Ж', 'zh'], ['Ч', 'ch'], ['Ш', 'sh'], ['Ю', 'yu'], ['Я', 'ya'], ['Ц', 'ts']] loop
    s := replace(s, m[1], m[2]);
  end loop;
  s := lower(translate(s,
    'áàâäãåāăąçćčďđéèêëěęíìîïīĺľłńňñóòôöõőøŕřśšșşťțţúùûüůűýÿźżžабвгдезийклмнопрстуфхъьÁÀÂÄÃÅĀĂĄÇĆČĎĐÉÈÊËĚĘÍÌÎÏĪĹĽŁŃŇÑÓÒÔÖÕŐØŔŘŚŠȘŞŤȚŢÚÙÛÜŮŰÝŸŹŻŽАБВГДЕЗИЙКЛМНОПРСТУФХЪЬ',
    'aaaaaaaaacccddeeeeeeiiiiilllnnnooooooorrsssstttuuuuuuyyzzzabvgdeziyklmnoprstufhayaaaaaaaaacccddeeeeeeiiiiilllnnnooooooorrsssstttuuuuuuyyzzzabvgdeziyklmnoprstufhay'));
  return btrim(regexp_replace(s, '[^a-z0-9]+', '-', 'g'), '-');
end $$;

-- ---- The languages a shop sells in ----------------------------------------------------
-- One default per shop (it is the shop's language_code); a language is reached under the
-- shop's hostname (or a domain of its own) and an optional path prefix such as '/de'.
create table app.shop_languages (
  shop_id int not null references app.shops on delete cascade,
  language_code text not null references app.languages,
  is_default boolean not null default false,
  enabled boolean not null default true,
  url_prefix text not null default '' check (url_prefix ~ '^(/[a-z0-9-]+)?$'),
  domain text check (domain ~ '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$'),
  position int not null default 0,
  row_version int not null default 1,
  primary key (shop_id, language_code),
  check (enabled or not is_default)
);
create unique index shop_languages_one_default on app.shop_languages (shop_id) where is_default;
create unique index shop_languages_address on app.shop_languages (shop_id, coalesce(domain, ''), url_prefix);

-- Making a language the default takes the flag from the previous one; the default
-- itself cannot be dropped or un-flagged directly (a shop always has one).
create function app.shop_languages_default() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    if old.is_default and pg_trigger_depth() = 1 then
      raise exception 'the default language of a shop cannot be removed; make another language the default first' using errcode = '23514';
    end if;
    return old;
  end if;
  if tg_op = 'UPDATE' and old.is_default and not new.is_default and pg_trigger_depth() = 1 then
    raise exception 'a shop keeps one default language; make another language the default instead' using errcode = '23514';
  end if;
  if new.is_default and (tg_op = 'INSERT' or not old.is_default) then
    update app.shop_languages set is_default = false, row_version = row_version + 1
     where shop_id = new.shop_id and language_code <> new.language_code and is_default;
  end if;
  return new;
end $$;

create trigger shop_languages_default before insert or update or delete on app.shop_languages
  for each row execute function app.shop_languages_default();

-- The default language is the shop's language_code, whichever screen changes it.
create function app.shop_languages_to_shop() returns trigger language plpgsql as $$
begin
  update app.shops set language_code = new.language_code, row_version = row_version + 1
   where shop_id = new.shop_id and language_code <> new.language_code;
  return null;
end $$;

create trigger shop_languages_to_shop after insert or update of is_default, language_code on app.shop_languages
  for each row when (new.is_default) execute function app.shop_languages_to_shop();

create function app.shop_to_shop_languages() returns trigger language plpgsql as $$
begin
  insert into app.shop_languages (shop_id, language_code, is_default, enabled, position)
  values (new.shop_id, new.language_code, true, true, 0)
  on conflict (shop_id, language_code) do update set is_default = true, enabled = true, row_version = app.shop_languages.row_version + 1
  where not app.shop_languages.is_default or not app.shop_languages.enabled;
  return null;
end $$;

create trigger shop_to_shop_languages after insert or update of language_code on app.shops
  for each row execute function app.shop_to_shop_languages();

insert into app.shop_languages (shop_id, language_code, is_default, enabled, position)
select shop_id, language_code, true, true, 0 from app.shops;

create view app.v_shop_languages as
select l.shop_id, s.company_code, s.hostname, l.language_code, l.is_default, l.enabled, l.url_prefix, l.domain,
       'https://' || coalesce(l.domain, s.hostname) || l.url_prefix || '/' as storefront_url, l.position, l.row_version
from app.shop_languages l join app.shops s on s.shop_id = l.shop_id;

-- ---- Category translations ---------------------------------------------------------------
-- A row per category and language: the name (the same text as product_category_names,
-- kept in step both ways by the triggers below) and the storefront slug and SEO texts.
create table app.category_translations (
  product_category_id int not null references app.product_categories on delete cascade,
  language_code text not null references app.languages,
  category_name text not null check (btrim(category_name) <> ''),
  slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  meta_title text not null default '',
  meta_description text not null default '',
  row_version int not null default 1,
  primary key (product_category_id, language_code),
  unique (language_code, slug)
);

-- A slug not yet taken in the language: the name's, else with the category id appended.
create function app.category_slug(name text, lang text, category int) returns text language sql stable as $$
  select case when not exists (select 1 from app.category_translations t where t.language_code = lang and t.slug = s.slug and t.product_category_id <> category)
              then s.slug else s.slug || '-' || category end
  from (select coalesce(nullif(app.slugify(name), ''), 'category') as slug) s
$$;

-- A row written without a slug gets one from its name.
create function app.category_translations_slug() returns trigger language plpgsql as $$
begin
  if coalesce(new.slug, '') = '' then
    new.slug := app.category_slug(new.category_name, new.language_code, new.product_category_id);
  end if;
  return new;
end $$;

create trigger category_translations_slug before insert or update on app.category_translations
  for each row execute function app.category_translations_slug();

create function app.category_names_to_translations() returns trigger language plpgsql as $$
declare
  n record;
begin
  delete from app.category_translations t
   where t.product_category_id = new.product_category_id and coalesce(new.product_category_names ->> t.language_code, '') = '';
  for n in
    select e.key as lang, e.value as name
    from jsonb_each_text(new.product_category_names) e join app.languages g on g.language_code = e.key
    where btrim(e.value) <> ''
  loop
    update app.category_translations set category_name = n.name, row_version = row_version + 1
     where product_category_id = new.product_category_id and language_code = n.lang and category_name <> n.name;
    insert into app.category_translations (product_category_id, language_code, category_name)
    values (new.product_category_id, n.lang, n.name)
    on conflict (product_category_id, language_code) do nothing;
  end loop;
  return null;
end $$;

create trigger category_names_to_translations after insert or update of product_category_names on app.product_categories
  for each row execute function app.category_names_to_translations();

create function app.category_translations_to_names() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    if exists (select 1 from app.product_categories c where c.product_category_id = old.product_category_id)
       and not exists (select 1 from app.category_translations t where t.product_category_id = old.product_category_id) then
      raise exception 'a category keeps at least one name' using errcode = '23514';
    end if;
    update app.product_categories set product_category_names = product_category_names - old.language_code, row_version = row_version + 1
     where product_category_id = old.product_category_id and coalesce(product_category_names ->> old.language_code, '') <> '';
    return null;
  end if;
  update app.product_categories
     set product_category_names = product_category_names || jsonb_build_object(new.language_code, new.category_name), row_version = row_version + 1
   where product_category_id = new.product_category_id and product_category_names ->> new.language_code is distinct from new.category_name;
  return null;
end $$;

create trigger category_translations_to_names after insert or update of category_name or delete on app.category_translations
  for each row execute function app.category_translations_to_names();

-- Existing categories get their rows (the insert trigger does it for new ones).
update app.product_categories set product_category_names = product_category_names;

-- ---- Delivery prices per country and weight band ---------------------------------------
-- A band covers weight_from ≤ weight < weight_to (no upper end when weight_to is empty);
-- the active bands of a method and country do not overlap. free_from overrides the
-- method's free-shipping threshold for that band (in the company's currency).
create table app.delivery_method_rates (
  dm_rate_id serial primary key,
  dm_id int not null references app.delivery_methods on delete cascade,
  country_code text not null references app.countries,
  weight_from numeric(10, 3) not null default 0 check (weight_from >= 0),
  weight_to numeric(10, 3) check (weight_to is null or weight_to > weight_from),
  price numeric(12, 2) not null default 0 check (price >= 0),
  free_from numeric(12, 2) check (free_from >= 0),
  delivery_days int check (delivery_days between 0 and 365),
  active boolean not null default true,
  row_version int not null default 1,
  unique (dm_id, country_code, weight_from)
);

create function app.delivery_method_rates_no_overlap() returns trigger language plpgsql as $$
begin
  if new.active and exists (
    select 1 from app.delivery_method_rates r
    where r.dm_id = new.dm_id and r.country_code = new.country_code and r.active and r.dm_rate_id <> new.dm_rate_id
      and r.weight_from < coalesce(new.weight_to, 'infinity'::numeric) and new.weight_from < coalesce(r.weight_to, 'infinity'::numeric)
  ) then
    raise exception 'the weight band overlaps another band of this delivery method and country' using errcode = '23514';
  end if;
  return new;
end $$;

create trigger delivery_method_rates_no_overlap before insert or update on app.delivery_method_rates
  for each row execute function app.delivery_method_rates_no_overlap();

create view app.v_delivery_method_rates as
select r.dm_rate_id, r.dm_id, d.company_code, r.country_code, r.weight_from, r.weight_to, r.price,
       coalesce(r.free_from, d.free_from) as free_from_effective, r.free_from, r.delivery_days, r.active, r.row_version
from app.delivery_method_rates r join app.delivery_methods d on d.dm_id = r.dm_id;
