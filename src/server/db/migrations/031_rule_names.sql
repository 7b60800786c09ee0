-- Every rule a trigger enforces has a name (the constraint of its error), so that the
-- browser says it in the user's language (`rules.<name>` in every catalogue; codegen checks
-- that each named rule has its text). The functions are those of 014 and 017, unchanged
-- but for the name.

create or replace function app.write_product_translation() returns trigger language plpgsql as $$
declare
  names jsonb;
begin
  update app.products p set
    product_name = case when new.product_name is distinct from old.product_name
      then app.with_language_text(p.product_name, old.language_code, new.product_name) else p.product_name end,
    description_short = case when new.description_short is distinct from old.description_short
      then app.with_language_text(p.description_short, old.language_code, new.description_short) else p.description_short end,
    description = case when new.description is distinct from old.description
      then app.with_language_text(p.description, old.language_code, new.description) else p.description end,
    row_version = new.row_version
  where p.product_code = old.product_code
  returning p.product_name into names;
  if names = '{}'::jsonb then
    raise exception 'product % needs a name in at least one language', old.product_code using errcode = '23514', constraint = 'product_name_required';
  end if;
  return new;
end $$;

create or replace function app.category_translations_to_names() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    if exists (select 1 from app.product_categories c where c.product_category_id = old.product_category_id)
       and not exists (select 1 from app.category_translations t where t.product_category_id = old.product_category_id) then
      raise exception 'a category keeps at least one name' using errcode = '23514', constraint = 'category_name_required';
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

create or replace function app.delivery_method_rates_no_overlap() returns trigger language plpgsql as $$
begin
  if new.active and exists (
    select 1 from app.delivery_method_rates r
    where r.dm_id = new.dm_id and r.country_code = new.country_code and r.active and r.dm_rate_id <> new.dm_rate_id
      and r.weight_from < coalesce(new.weight_to, 'infinity'::numeric) and new.weight_from < coalesce(r.weight_to, 'infinity'::numeric)
  ) then
    raise exception 'the weight band overlaps another band of this delivery method and country' using errcode = '23514', constraint = 'weight_band_overlap';
  end if;
  return new;
end $$;
