-- Comments on a product (issue 46; spec §3: a product's grid rows carry number_of_comments and
-- last_comment): staff notes, written on product_list's Comments detail. Who wrote one is the
-- session's user (the engine's app.user_id, as 041's cashflow), when is the insert's time.
create table app.product_comments (
  comment_id serial primary key,
  product_code text not null references app.products on delete cascade on update cascade,
  comment text not null check (length(btrim(comment)) between 1 and 2000),
  user_id int references app.users on delete set null,
  created_at timestamptz not null default now(),
  row_version int not null default 1
);
create index product_comments_product on app.product_comments (product_code, created_at desc, comment_id desc);

create function app.product_comment_author() returns trigger language plpgsql as $$
begin
  new.user_id := coalesce(new.user_id, nullif(current_setting('app.user_id', true), '')::int);
  return new;
end $$;
create trigger product_comments_author before insert on app.product_comments
  for each row execute function app.product_comment_author();

create view app.v_product_comments as
select c.comment_id, c.product_code, p.company_code, c.comment, u.user_name as author, c.created_at, c.row_version
from app.product_comments c
join app.products p on p.product_code = c.product_code
left join app.users u on u.user_id = c.user_id;

-- product_list shows every field of a product (issue 46): the list's view gains the long
-- description (rich text, per language), the count and the newest comment (scalar subqueries:
-- computed for a page's rows only, not by a count over the view), at its end (a view's columns
-- may only be added at the end); the rest is 085's, unchanged.
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
         order by c.created_at desc, c.comment_id desc limit 1) as last_comment
from app.products p;
