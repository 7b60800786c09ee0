-- Prices and discounts that act (issue 48, points 1 and 2). The rules are src/core's
-- (prices.ts: the selling price and its minimum margin; discountLimit.ts: the discount of a
-- day and the limits); these are their database twins, held equal to them by
-- tests/api/prices-rule.test.ts on both engines.
--
-- A margin is on the purchase price (selling = purchase × (1 + margin / 100)), as min_margin
-- and exp_margin always meant it (the demo seed, the checklist's "prices checked");
-- v_product_margins' margin_percent now says the same instead of a margin on the selling price.

-- The lowest stored selling price with at least the minimum margin (core minimumPrice):
-- purchase × (1 + min / 100) rounded up to the 4 decimals of a price; null when the rule does not apply.
create function app.min_selling_price(p_purchase numeric, p_min_margin numeric) returns numeric language sql immutable as $$
  select case when p_purchase > 0 and p_min_margin is not null then ceil(p_purchase * (100 + p_min_margin) * 100) / 10000 end
$$;

-- The discount a product gives on a day (core discountLimit.ts discountOnDay): the current one
-- through its end date, then the staged one (new_discount); capped at the product's limit; 0 when none.
create function app.product_discount_on(p_discount numeric, p_end date, p_new numeric, p_limit_percent numeric, p_max_discount numeric, p_day date)
returns numeric language sql immutable as $$
  select case when d > 0 and d < 100 then d else 0 end
  from (select case when raw is null or lim is null then raw else least(raw, lim) end as d -- least() would take lim for a null raw
        from (select case when p_end is null or p_end >= p_day then p_discount else p_new end as raw,
                     app.product_discount_limit(p_limit_percent, p_max_discount) as lim) r) x
$$;

-- A product's own discounts within its limit, and a selling price under the minimum margin
-- only when confirmed. The discounts (any writer): discount_percent and new_discount at most
-- the product's limit (the lower of "Discount limit %" and "Max. discount %", as on its order
-- lines) — checked for the fields a write gives (an insert, a changed value): lowering a limit
-- keeps the discounts stored, which the rule of the day then caps.
--
-- The margin: a write of the app (the engine's set, add, import, the Reprice action) names
-- what the user confirmed in the transaction's setting app.confirm ('none', or a list such as
-- 'below_min_margin'; src/server/actions/engine/rows.ts actAs). A new selling price under the
-- minimum price is refused unless confirmed; a writer that sets nothing (psql, the seed, a
-- migration) is not asked. Both refusals name their field (http/errors.ts dbFieldRefusal): the
-- discount as invalid_value, the margin as confirm_required (the browser asks, then sends the
-- confirmation).
create function app.products_price_rules() returns trigger language plpgsql as $$
declare
  lim numeric;
  f text;
  val numeric;
  confirmed text := coalesce(current_setting('app.confirm', true), '');
  min_price numeric;
begin
  lim := app.product_discount_limit(new.max_discount_limit_percent, new.max_discount);
  foreach f in array array['discount_percent', 'new_discount'] loop
    val := case f when 'discount_percent' then new.discount_percent else new.new_discount end;
    if val is null or lim is null then
      continue;
    end if;
    if tg_op = 'UPDATE' and val is not distinct from (case f when 'discount_percent' then old.discount_percent else old.new_discount end) then
      continue;
    end if;
    if val > lim then
      raise exception 'at most % %% discount on product %', lim, new.product_code
        using errcode = '23514', constraint = 'product_discount_over_limit',
              detail = json_build_object('field', f, 'reason', 'validation.discount_limit',
                                         'values', json_build_object('limit', lim), 'key', json_build_array(new.product_code))::text;
    end if;
  end loop;

  if confirmed <> '' and not ('below_min_margin' = any (string_to_array(confirmed, ',')))
     and new.selling_price_shop is not null
     and (tg_op = 'INSERT' or new.selling_price_shop is distinct from old.selling_price_shop) then
    min_price := app.min_selling_price(new.purchase_price_base, new.min_margin);
    if min_price is not null and new.selling_price_shop < min_price then
      raise exception 'the selling price % of product % is under its minimum margin of % %% (at least %)', new.selling_price_shop, new.product_code, new.min_margin, min_price
        using errcode = '23514', constraint = 'below_min_margin',
              detail = json_build_object('field', 'selling_price_shop', 'reason', 'validation.below_min_margin',
                                         'values', json_build_object('margin', round((new.selling_price_shop / new.purchase_price_base - 1) * 100, 2), 'min_margin', new.min_margin),
                                         'key', json_build_array(new.product_code))::text;
    end if;
  end if;
  return new;
end $$;
create trigger products_price_rules before insert or update of selling_price_shop, discount_percent, new_discount on app.products
  for each row execute function app.products_price_rules();

-- A new order line without a discount takes its product's discount of the order's day (the
-- storefront's checkout gives 0: its unit price is discounted already). The column loses its
-- default so that "left out" reaches the trigger as null.
alter table app.sales_order_items alter column discount_percent drop default;

create or replace function app.sales_order_items_before_write() returns trigger language plpgsql as $$
declare
  o record;
begin
  select so.company_code, so.currency_code, so.opened_on, st.final_state into o
  from app.sales_orders so join app.fsm_instances i on i.fsm_instance_id = so.fsm_instance_id join app.fsm_states st on st.state_id = i.state_id
  where so.order_id = case when tg_op = 'DELETE' then old.order_id else new.order_id end;
  if o.final_state then
    raise exception 'the order is closed: its items cannot change' using errcode = '23514', constraint = 'sales_order_closed';
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  if tg_op = 'UPDATE' and new.order_id is distinct from old.order_id then
    raise exception 'an item stays on its order' using errcode = '23514', constraint = 'sales_order_fixed';
  end if;
  if not exists (select 1 from app.products where product_code = new.product_code and company_code = o.company_code) then
    raise exception 'the product is not the order company''s' using errcode = '23514', constraint = 'sales_order_company';
  end if;
  if tg_op = 'INSERT' or new.product_code is distinct from old.product_code then
    if new.vat_rate is null or tg_op = 'UPDATE' then
      select coalesce(v.vat_rate, 0) into new.vat_rate from app.products p left join app.vats v on v.vat_id = p.vat_id where p.product_code = new.product_code;
    end if;
    if new.unit_price is null then
      select round(coalesce(p.selling_price_shop, 0) / coalesce(app.rate_on(o.company_code, o.currency_code, o.opened_on), 1), 4) into new.unit_price
      from app.products p where p.product_code = new.product_code;
    end if;
    if new.discount_percent is null then
      select app.product_discount_on(p.discount_percent, p.discount_end_date, p.new_discount, p.max_discount_limit_percent, p.max_discount, o.opened_on) into new.discount_percent
      from app.products p where p.product_code = new.product_code;
    end if;
  end if;
  return new;
end $$;

-- The price screens by the same rules: the margin on the purchase price, the lowest price
-- keeping the minimum margin and whether the price is under it (the grid's marker); the
-- discounted price and the discount of today (current, then staged, capped).
create or replace view app.v_product_margins as
select p.product_code, p.company_code, p.product_name, b.brand_name, p.purchase_price_base, p.selling_price_shop,
       case when p.purchase_price_base > 0 and p.selling_price_shop is not null
            then round((p.selling_price_shop / p.purchase_price_base - 1) * 100, 2) end as margin_percent,
       p.min_margin, p.exp_margin, p.max_discount_limit_percent, p.row_version,
       app.min_selling_price(p.purchase_price_base, p.min_margin) as min_price,
       coalesce(p.selling_price_shop < app.min_selling_price(p.purchase_price_base, p.min_margin), false) as below_min_margin
from app.products p
left join app.brands b on b.brand_id = p.brand_id;

create or replace view app.v_product_discounts as
select p.product_code, p.company_code, p.product_name, b.brand_name, p.selling_price_shop,
       p.discount_percent, p.new_discount, p.max_discount, p.max_discount_limit_percent, p.discount_end_date,
       case when d.today > 0 then round(p.selling_price_shop * (100 - d.today) / 100, 2) end as discounted_price_shop,
       p.row_version, d.today as discount_today
from app.products p
left join app.brands b on b.brand_id = p.brand_id
cross join lateral (select app.product_discount_on(p.discount_percent, p.discount_end_date, p.new_discount, p.max_discount_limit_percent, p.max_discount, current_date) as today) d;

create or replace view app.v_show_prices as
select p.product_code, p.company_code, p.product_name, s.shop_id, s.hostname, g.shopper_group_id, g.shopper_group_name,
       coalesce(v.vat_rate, 0) as vat_rate, d.discount_percent,
       d.net as net_price,
       d.net * (1 + coalesce(v.vat_rate, 0) / 100) as gross_price,
       d.base * (1 + coalesce(v.vat_rate, 0) / 100) as original_gross_price
from app.products p
join app.shops s on s.company_code = p.company_code and s.active
join app.shopper_groups g on g.company_code = p.company_code and g.shopper_group_enabled
left join app.vats v on v.vat_id = p.vat_id
cross join lateral (
  select p.selling_price_shop * g.multiplier as base,
         nullif(app.product_discount_on(p.discount_percent, p.discount_end_date, p.new_discount, p.max_discount_limit_percent, p.max_discount, current_date), 0) as discount_percent
) b
cross join lateral (select b.base, b.discount_percent, b.base * (100 - coalesce(b.discount_percent, 0)) / 100 as net) d
where p.active and p.selling_price_shop is not null;
