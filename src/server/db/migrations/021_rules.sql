-- Rules with names, so that clients can say in the user's language what was refused.

-- A banner's period: the check of 007 under a name.
alter table app.banners rename constraint banners_check to banner_valid_range;

-- The category tree stays a tree: a category's parent is neither itself nor one of its
-- own subcategories (a cycle drops the categories out of the tree and loops the paths).
create function app.product_categories_no_cycle() returns trigger language plpgsql as $$
declare
  cur int := new.parent_category_id;
  steps int := 0;
begin
  while cur is not null loop
    if cur = new.product_category_id then
      raise exception 'a category cannot be placed under itself or under one of its own subcategories'
        using errcode = '23514', constraint = 'category_cycle';
    end if;
    steps := steps + 1;
    exit when steps > 1000;
    select c.parent_category_id into cur from app.product_categories c where c.product_category_id = cur;
  end loop;
  return new;
end $$;

create trigger product_categories_no_cycle before insert or update of parent_category_id on app.product_categories
  for each row when (new.parent_category_id is not null) execute function app.product_categories_no_cycle();

-- A shop keeps one default language (017), now naming its rule.
create or replace function app.shop_languages_default() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    if old.is_default and pg_trigger_depth() = 1 then
      raise exception 'the default language of a shop cannot be removed; make another language the default first'
        using errcode = '23514', constraint = 'shop_default_language';
    end if;
    return old;
  end if;
  if tg_op = 'UPDATE' and old.is_default and not new.is_default and pg_trigger_depth() = 1 then
    raise exception 'a shop keeps one default language; make another language the default instead'
      using errcode = '23514', constraint = 'shop_default_language';
  end if;
  if new.is_default and (tg_op = 'INSERT' or not old.is_default) then
    update app.shop_languages set is_default = false, row_version = row_version + 1
     where shop_id = new.shop_id and language_code <> new.language_code and is_default;
  end if;
  return new;
end $$;
