-- The product's reserved (`qty`) and on-order (`order_qty`) quantities follow from the
-- sales and purchase orders (049's v_stock_reserved and v_stock_on_order, the one copy of
-- each rule) instead of typed columns, which go. Scalar subqueries: a page computes them
-- for its own rows only (after the limit), and a count over the view not at all.
create or replace view app.v_product_list as
select p.product_code, p.company_code, p.product_name, p.description_short, p.supplier_product_code,
       p.brand_id, b.brand_name, p.mf_id, m.mf_name, p.ct_id, c.ct_name, p.pt_id, p.packing_template_id,
       p.main_product_category_id, p.vat_id, v.vat_rate,
       p.min_margin, p.exp_margin, p.max_discount_limit_percent,
       p.purchase_price_original, p.purchase_price_currency_code, p.purchase_price_base,
       p.selling_price_shop, p.new_discount, p.discount_percent, p.max_discount,
       p.discounted_price_shop, p.new_discounted_price, p.discount_end_date,
       p.unit_price, p.new_unit_price, p.calc_unit_price, p.unit_price_original,
       p.stock_qty,
       coalesce((select r.reserved_qty from app.v_stock_reserved r where r.product_code = p.product_code), 0)::numeric(14, 3) as qty,
       p.new_qty,
       coalesce((select o.on_order_qty from app.v_stock_on_order o where o.product_code = p.product_code), 0)::numeric(14, 3) as order_qty,
       p.stock_qty - coalesce((select r.reserved_qty from app.v_stock_reserved r where r.product_code = p.product_code), 0) <= 0 as out_of_stock,
       p.hs_code, p.country_of_origin, p.production_time, p.delivery_time, p.purchase_time,
       p.keep_in_stock, p.active, p.free_shipping, p.can_order, p.new_product, p.prepayment_required,
       p.weight, p.length, p.width, p.height, p.volume,
       p.pallet_length, p.pallet_width, p.pallet_height,
       p.master_box_length, p.master_box_width, p.master_box_height, p.master_box_qty,
       p.updated_at, p.row_version
from app.products p
left join app.brands b on b.brand_id = p.brand_id
left join app.manufacturers m on m.mf_id = p.mf_id
left join app.collections c on c.ct_id = p.ct_id
left join app.vats v on v.vat_id = p.vat_id;

create or replace view app.v_published_products as
select sp.shop_id, s.hostname, s.company_code, s.currency_code, sp.product_code, p.product_name,
       coalesce(sp.shop_price, p.selling_price_shop) as price,
       p.stock_qty - coalesce((select r.reserved_qty from app.v_stock_reserved r where r.product_code = p.product_code), 0) as free_qty, sp.published_at
from app.shop_products sp
join app.shops s on s.shop_id = sp.shop_id and s.active
join app.products p on p.product_code = sp.product_code and p.active
where sp.published;

alter table app.products drop column qty, drop column order_qty;
