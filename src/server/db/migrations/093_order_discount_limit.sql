-- A product's discount limit holds on its order lines (issue 43, point 5): a sales order
-- line's discount is at most the product's limit — the lower of its "Discount limit %"
-- (max_discount_limit_percent, the products and margins screens) and its "Max. discount %"
-- (max_discount, the discounts screen), of those that are set; neither set: no limit
-- (core/discountLimit.ts is the same rule for the browser).
--
-- Checked on every write that gives a line its discount or its product (an insert, a changed
-- discount, another product), whoever writes it: the grid's set and add, paste, import, undo
-- and redo, a restored line, the storefront's checkout, psql. Lines already stored keep their
-- discount: lowering a product's limit changes no order, and a line over the new limit may
-- still change its quantity or price. Refused as check_violation named discount_over_limit;
-- the detail says which field, the reason (a validation key with its values) and the line,
-- so the API answers 400 invalid_value at the discount field (http/errors.ts fieldRefusal).
--
-- Named *_discount_limit so that among the table's row triggers (fired in name order) the
-- older before_write (a closed order, the product of another company) speaks first.

create function app.product_discount_limit(p_limit_percent numeric, p_max_discount numeric) returns numeric language sql immutable as $$
  select least(p_limit_percent, p_max_discount)
$$;

create function app.sales_order_items_discount_limit() returns trigger language plpgsql as $$
declare
  lim numeric;
begin
  if tg_op = 'UPDATE' and new.discount_percent is not distinct from old.discount_percent and new.product_code is not distinct from old.product_code then
    return new;
  end if;
  select app.product_discount_limit(p.max_discount_limit_percent, p.max_discount) into lim from app.products p where p.product_code = new.product_code;
  -- Over 100 % is the range check's own refusal (discount_range, 038), which runs after this trigger.
  if lim is not null and new.discount_percent > lim and new.discount_percent <= 100 then
    raise exception 'at most % %% discount on product %', lim, new.product_code
      using errcode = '23514', constraint = 'discount_over_limit',
            detail = json_build_object('field', 'discount_percent', 'reason', 'validation.discount_limit',
                                       'values', json_build_object('limit', lim), 'key', json_build_array(new.item_id))::text;
  end if;
  return new;
end $$;
create trigger sales_order_items_discount_limit before insert or update of discount_percent, product_code on app.sales_order_items
  for each row execute function app.sales_order_items_discount_limit();

-- The line's limit beside it (the grid refuses a discount over it before saving).
create or replace view app.v_sales_order_items as
select it.item_id, it.order_id, o.company_code, it.product_code, p.product_name, it.quantity, it.unit_price, it.discount_percent, it.vat_rate,
       a.net_amount, a.vat_amount, a.net_amount + a.vat_amount as gross_amount, o.currency_code, it.row_version,
       app.product_discount_limit(p.max_discount_limit_percent, p.max_discount) as discount_limit
from app.sales_order_items it
join app.sales_orders o on o.order_id = it.order_id
join app.currencies c on c.currency_code = o.currency_code
join app.products p on p.product_code = it.product_code
cross join lateral (select round(it.quantity * it.unit_price * (100 - it.discount_percent) / 100, c.currency_precision) as net_amount) n
cross join lateral (select n.net_amount, round(n.net_amount * it.vat_rate / 100, c.currency_precision) as vat_amount) a;
