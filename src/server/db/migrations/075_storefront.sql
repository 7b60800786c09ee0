-- The public storefront (issue 26): trigram similarity for its search's typo tolerance
-- (pg_trgm: a contrib extension of the server, loaded into PGlite by db/pglite.ts), and
-- product pages found by their code in lower case (canonical URLs are lowercase, spec §9).
create extension if not exists pg_trgm with schema public;

create index products_code_lower on app.products (lower(product_code));

-- A category and every active category below it (the tree is kept acyclic by migration 021):
-- a shop category's listing shows the products of its subcategories.
create function app.category_subtree(root int) returns setof int language sql stable parallel safe as $$
  with recursive t(id) as (
    select product_category_id from app.product_categories where product_category_id = root and active
    union all
    select c.product_category_id from app.product_categories c join t on c.parent_category_id = t.id where c.active
  )
  select id from t
$$;
