-- Search as you type (issue 28): a product lookup (products_brief: the ref editors and the
-- forms' product inputs) finds its candidates through one trigram index instead of reading
-- every product of the company per keystroke. The indexed text is the code and the name in
-- every UI language, lower-cased: a superset of what a search in one language matches, so the
-- engine (engine/search.ts) keeps its exact test (code or the request language's name) on
-- the few rows the index hands out; typos are found by trigram word similarity (<%) on the
-- same index. pg_trgm is loaded by 075.
-- The function is the index's expression and the engine writes the same call: the names of
-- the seven UI languages (core/langs.ts; a request in another language skips the index).
create or replace function app.search_text(texts text, names jsonb) returns text
language sql immutable parallel safe as $$
  select lower(texts || ' ' || coalesce(names ->> 'en', '') || ' ' || coalesce(names ->> 'de', '') || ' ' ||
    coalesce(names ->> 'hu', '') || ' ' || coalesce(names ->> 'sk', '') || ' ' || coalesce(names ->> 'ro', '') || ' ' ||
    coalesce(names ->> 'cs', '') || ' ' || coalesce(names ->> 'bg', ''))
$$;

create index if not exists products_search_trgm on app.products
  using gin (app.search_text(coalesce(product_code, ''), product_name) public.gin_trgm_ops);
