-- Detail grids of product_list: the product's texts per language as rows, and its packing
-- (template and packaging material weights). Both are views over products; margins reuse
-- v_product_margins (006).

-- A multi-language value with one language's text replaced; an empty text removes the language.
create function app.with_language_text(texts jsonb, lang text, value text) returns jsonb
language sql immutable as $$
  select case when coalesce(value, '') = '' then coalesce(texts, '{}'::jsonb) - lang
              else coalesce(texts, '{}'::jsonb) || jsonb_build_object(lang, value) end
$$;

-- One row per product and active language. The languages come from an array, not a join,
-- so locking a row of the view (the engine's `for update`) locks only the product.
create view app.v_product_translations as
select p.product_code, p.company_code, l.language_code, l.n::int as language_position,
       p.product_name ->> l.language_code as product_name,
       p.description_short ->> l.language_code as description_short,
       p.description ->> l.language_code as description,
       p.row_version
from app.products p
cross join unnest(array(select language_code from app.languages where active order by position, language_code))
  with ordinality as l(language_code, n);

-- Writing a translation row writes the product: its texts in that language and its row
-- version (one version across product screens, like the price screens). A product keeps
-- its name in at least one language.
create function app.write_product_translation() returns trigger language plpgsql as $$
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
    raise exception 'product % needs a name in at least one language', old.product_code using errcode = 'check_violation';
  end if;
  return new;
end $$;

create trigger v_product_translations_write instead of update on app.v_product_translations
  for each row execute function app.write_product_translation();

-- Packaging material weights (kg per unit, for packaging-waste reports) of the product's
-- own packing; null = as its packing template.
alter table app.products
  add column packing_metal numeric(10, 3) check (packing_metal >= 0),
  add column packing_wood numeric(10, 3) check (packing_wood >= 0),
  add column packing_plastic numeric(10, 3) check (packing_plastic >= 0),
  add column packing_paper numeric(10, 3) check (packing_paper >= 0);

-- The weights in effect (the product's own, else its template's) and their total; a
-- weight written here is the product's own, a cleared one falls back to the template.
create view app.v_product_packing as
select x.*, x.packing_metal + x.packing_wood + x.packing_plastic + x.packing_paper as packing_weight
from (
  select p.product_code, p.company_code, p.packing_template_id,
         coalesce(p.packing_metal, t.metal, 0) as packing_metal,
         coalesce(p.packing_wood, t.wood, 0) as packing_wood,
         coalesce(p.packing_plastic, t.plastic, 0) as packing_plastic,
         coalesce(p.packing_paper, t.paper, 0) as packing_paper,
         num_nonnulls(p.packing_metal, p.packing_wood, p.packing_plastic, p.packing_paper) > 0 as own_packing,
         p.row_version
  from app.products p
  left join app.packing_templates t on t.packing_template_id = p.packing_template_id
) x;
