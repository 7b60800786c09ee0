-- Prices under the minimum margin are marked wherever a selling price is listed (issue 48
-- point 1): the product list and the price screens (purchase prices, discounts) gain
-- `below_min_margin`, read by the grid's row marker belowMinMargin (the price cell amber, its
-- title "Under the minimum margin" in the user's language) — the margins screen's rule (121):
-- the stored price under app.min_selling_price (core/prices.ts belowMinMargin's twin). A
-- view's columns are added at its end; the rest is 103's, 006's and 121's, unchanged.

create or replace view app.v_product_list as
select p.product_code, p.company_code, p.product_name, p.description_short, p.supplier_product_code,
       p.brand_id, (select b.brand_name from app.brands b where b.brand_id = p.brand_id) as brand_name,
       p.mf_id, (select m.mf_name from app.manufacturers m where m.mf_id = p.mf_id) as mf_name,
       p.ct_id, (select c.ct_name from app.collections c where c.ct_id = p.ct_id) as ct_name,
       p.pt_id, p.packing_template_id,
       p.main_product_category_id, p.vat_id, (select v.vat_rate from app.vats v where v.vat_id = p.vat_id) as vat_rate,
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
       p.updated_at, p.row_version,
       p.description,
       (select count(*) from app.product_comments c where c.product_code = p.product_code)::int as number_of_comments,
       (select c.comment from app.product_comments c where c.product_code = p.product_code
         order by c.created_at desc, c.comment_id desc limit 1) as last_comment,
       coalesce(p.selling_price_shop < app.min_selling_price(p.purchase_price_base, p.min_margin), false) as below_min_margin
from app.products p;

create or replace view app.v_purchase_prices as
select p.product_code, p.company_code, p.product_name, p.supplier_product_code, m.mf_name,
       p.purchase_price_original, p.purchase_price_currency_code, p.purchase_price_base, p.selling_price_shop,
       p.purchase_time, p.row_version,
       coalesce(p.selling_price_shop < app.min_selling_price(p.purchase_price_base, p.min_margin), false) as below_min_margin
from app.products p
left join app.manufacturers m on m.mf_id = p.mf_id;

create or replace view app.v_product_discounts as
select p.product_code, p.company_code, p.product_name, b.brand_name, p.selling_price_shop,
       p.discount_percent, p.new_discount, p.max_discount, p.max_discount_limit_percent, p.discount_end_date,
       case when d.today > 0 then round(p.selling_price_shop * (100 - d.today) / 100, 2) end as discounted_price_shop,
       p.row_version, d.today as discount_today,
       coalesce(p.selling_price_shop < app.min_selling_price(p.purchase_price_base, p.min_margin), false) as below_min_margin
from app.products p
left join app.brands b on b.brand_id = p.brand_id
cross join lateral (select app.product_discount_on(p.discount_percent, p.discount_end_date, p.new_discount, p.max_discount_limit_percent, p.max_discount, current_date) as today) d;

-- A shop's own price (shop_products.shop_price: what that storefront sells at instead of the
-- product's selling price, coalesce(shop_price, selling_price_shop)) under the product's
-- minimum margin is saved only when confirmed, as the selling price is (121): a write of the
-- app names what the user confirmed in app.confirm; without `below_min_margin` a new shop
-- price under app.min_selling_price is refused at its field (409 confirm_required, the
-- browser asks "Save anyway?"); writers outside the app (psql, the seed) are not asked.
create function app.shop_products_price_rules() returns trigger language plpgsql as $$
declare
  confirmed text := coalesce(current_setting('app.confirm', true), '');
  p record;
  min_price numeric;
begin
  if confirmed = '' or 'below_min_margin' = any (string_to_array(confirmed, ',')) or new.shop_price is null
     or (tg_op = 'UPDATE' and new.shop_price is not distinct from old.shop_price) then
    return new;
  end if;
  select pr.product_code, pr.purchase_price_base, pr.min_margin into p from app.products pr where pr.product_code = new.product_code;
  min_price := app.min_selling_price(p.purchase_price_base, p.min_margin);
  if min_price is not null and new.shop_price < min_price then
    raise exception 'the shop price % of product % is under its minimum margin of % %% (at least %)', new.shop_price, new.product_code, p.min_margin, min_price
      using errcode = '23514', constraint = 'below_min_margin',
            detail = json_build_object('field', 'shop_price', 'reason', 'validation.below_min_margin',
                                       'values', json_build_object('margin', round((new.shop_price / p.purchase_price_base - 1) * 100, 2), 'min_margin', p.min_margin),
                                       'key', json_build_array(new.shop_id, new.product_code))::text;
  end if;
  return new;
end $$;
create trigger shop_products_price_rules before insert or update of shop_price on app.shop_products
  for each row execute function app.shop_products_price_rules();
