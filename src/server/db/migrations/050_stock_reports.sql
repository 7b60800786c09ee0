-- Stock reports (issue 23): what the stock is worth and how it moves, from the ledger's
-- summaries (products.stock_qty and stock_levels are kept by it) and its movements.
-- The value is at the moving average purchase price (purchase_price_base, updated by every
-- receipt at landed cost) in the company currency; the grid shows it in the view currency.

-- Stock value: each product in stock, with its category and brand for grouping and charts.
create view app.v_stock_value as
select p.product_code, p.company_code, p.product_name, p.brand_id, b.brand_name, p.main_product_category_id as category_id,
       coalesce(c.product_category_names, '{}'::jsonb) as category_names, p.stock_qty, coalesce(p.purchase_price_base, 0) as unit_cost,
       round(p.stock_qty * coalesce(p.purchase_price_base, 0), 4) as stock_value
from app.products p
left join app.brands b on b.brand_id = p.brand_id
left join app.product_categories c on c.product_category_id = p.main_product_category_id
where p.stock_qty > 0;

-- Movements of the last twelve months per product and kind: the report below reads the
-- ledger through this index-backed aggregate (company, time), never the whole history.
create index stock_movements_company_kind_time on app.stock_movements (company_code, moved_at, kind) include (product_code, quantity);

-- Company stocks: per category of the company, the goods in stock, their value, and what
-- came in and went out over the last twelve months (the ledger's receipts and picks).
create view app.v_company_stocks as
with moved as (
  select m.company_code, m.product_code,
         sum(m.quantity) filter (where m.kind = 'receipt') as received,
         -sum(m.quantity) filter (where m.kind = 'pick') as picked
  from app.stock_movements m
  where m.moved_at >= now() - interval '12 months' and m.kind in ('receipt', 'pick')
  group by m.company_code, m.product_code
)
select p.company_code || ':' || coalesce(p.main_product_category_id, 0) as row_id, p.company_code, p.main_product_category_id as category_id,
       coalesce(min(c.product_category_names::text)::jsonb, '{}'::jsonb) as category_names,
       count(*) filter (where p.stock_qty > 0)::int as products_in_stock, sum(p.stock_qty) as stock_qty,
       round(sum(p.stock_qty * coalesce(p.purchase_price_base, 0)), 4) as stock_value,
       coalesce(sum(mv.received), 0) as received_12m, coalesce(sum(mv.picked), 0) as picked_12m
from app.products p
left join app.product_categories c on c.product_category_id = p.main_product_category_id
left join moved mv on mv.company_code = p.company_code and mv.product_code = p.product_code
where p.stock_qty > 0 or mv.product_code is not null
group by p.company_code, p.main_product_category_id;
