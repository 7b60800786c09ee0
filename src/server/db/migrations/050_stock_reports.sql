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

-- Movements of the last twelve months per storage: the report below reads the
-- ledger through this index-backed aggregate (company, time), never the whole history.
create index stock_movements_company_time_storage on app.stock_movements (company_code, moved_at) include (storage_id, quantity);

-- Company stocks: per shelf of the company, the goods on it (products, units, value at the
-- moving average purchase price) and what came onto it and left it over the last twelve
-- months of the ledger (receipts and transfers in; picks and transfers out).
create view app.v_company_stocks as
with moved as (
  select m.company_code, m.storage_id,
         sum(m.quantity) filter (where m.quantity > 0) as moved_in,
         -sum(m.quantity) filter (where m.quantity < 0) as moved_out
  from app.stock_movements m
  where m.moved_at >= now() - interval '12 months'
  group by m.company_code, m.storage_id
),
held as (
  select l.company_code, l.storage_id, count(*) filter (where l.on_hand > 0) as products, sum(l.on_hand) as on_hand,
         sum(l.on_hand * coalesce(p.purchase_price_base, 0)) as stock_value
  from app.stock_levels l join app.products p on p.product_code = l.product_code
  group by l.company_code, l.storage_id
)
select sh.shelf_id, sh.company_code, sh.shelf_code, sh.description, sh.walk_order,
       count(distinct s.storage_id)::int as storage_count,
       coalesce(sum(h.products), 0)::int as products_in_stock, coalesce(sum(h.on_hand), 0) as stock_qty, round(coalesce(sum(h.stock_value), 0), 4) as stock_value,
       coalesce(sum(mv.moved_in), 0) as received_12m, coalesce(sum(mv.moved_out), 0) as picked_12m
from app.shelves sh
join app.storages s on s.shelf_id = sh.shelf_id
left join held h on h.storage_id = s.storage_id
left join moved mv on mv.storage_id = s.storage_id
group by sh.shelf_id, sh.company_code, sh.shelf_code, sh.description, sh.walk_order;
