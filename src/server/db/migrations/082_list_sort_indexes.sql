-- The first page of a product list sorted by a column is an index scan, not a sort of the
-- company's every product (issue 27: 3–5× the unsorted page at 20,000 products). One index
-- (company, column, key) per sortable column serves both directions: ascending as it is,
-- descending read backwards (engine/list.ts splits a descending first page at the column's
-- NULLs, and the key's ascending tie-break is an incremental sort of equal values).
-- Names sort in the request language's collation (028), so that index is per language, on
-- the same expression the list orders by. Not indexed: sorts by a looked-up text (brand,
-- category … by name: a join), computed columns (order_qty) and texts other than the name
-- (one index per language each; a sort of them costs a sort of the company's rows).
-- IF NOT EXISTS: safe on a database that has some of them already.
create index if not exists products_sort_purchase_price on app.products (company_code, purchase_price_base, product_code);
create index if not exists products_sort_selling_price on app.products (company_code, selling_price_shop, product_code);
create index if not exists products_sort_min_margin on app.products (company_code, min_margin, product_code);
create index if not exists products_sort_exp_margin on app.products (company_code, exp_margin, product_code);
create index if not exists products_sort_max_discount on app.products (company_code, max_discount_limit_percent, product_code);
create index if not exists products_sort_stock_qty on app.products (company_code, stock_qty, product_code);
create index if not exists products_sort_keep_in_stock on app.products (company_code, keep_in_stock, product_code);
create index if not exists products_sort_active on app.products (company_code, active, product_code);
create index if not exists products_sort_weight on app.products (company_code, weight, product_code);
create index if not exists products_sort_discount_end on app.products (company_code, discount_end_date, product_code);
create index if not exists products_sort_updated_at on app.products (company_code, updated_at, product_code);
create index if not exists products_sort_name_en on app.products (company_code, (product_name ->> 'en'::text) collate app."text_en", product_code);
create index if not exists products_sort_name_de on app.products (company_code, (product_name ->> 'de'::text) collate app."text_de", product_code);
create index if not exists products_sort_name_hu on app.products (company_code, (product_name ->> 'hu'::text) collate app."text_hu", product_code);
create index if not exists products_sort_name_sk on app.products (company_code, (product_name ->> 'sk'::text) collate app."text_sk", product_code);
create index if not exists products_sort_name_ro on app.products (company_code, (product_name ->> 'ro'::text) collate app."text_ro", product_code);
create index if not exists products_sort_name_cs on app.products (company_code, (product_name ->> 'cs'::text) collate app."text_cs", product_code);
create index if not exists products_sort_name_bg on app.products (company_code, (product_name ->> 'bg'::text) collate app."text_bg", product_code);
