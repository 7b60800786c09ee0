import type { Queryable } from '../types.ts';

/**
 * A history for the change-log report and the products' change tabs: over the last 60
 * days the catalogue user repriced every 25th product of each company (the before price
 * 4 % higher, the after price the current one) and the administrator set keep-in-stock on
 * every 60th (before 0, after the current value). Consistent with the products as seeded.
 */
export async function seedChangeLog(tx: Queryable): Promise<void> {
  await tx.query(`
    with p as (
      select product_code, company_code, selling_price_shop, keep_in_stock,
             row_number() over (partition by company_code order by product_code) as n
      from app.products
    )
    insert into app.product_change_log (entity_name, entity_id, entity_key, log_action, actor_user_id, company_code, before, after, logged_at, product_code)
    select 'product_list', product_code, jsonb_build_array(product_code), 'set', 2, company_code,
           jsonb_build_object('selling_price_shop', round(selling_price_shop * 1.04, 2)),
           jsonb_build_object('selling_price_shop', selling_price_shop),
           now() - make_interval(days => (n % 60)::int, mins => (n * 7 % 600)::int), product_code
    from p where n % 25 = 0 and selling_price_shop is not null
    union all
    select 'product_list', product_code, jsonb_build_array(product_code), 'set', 1, company_code,
           jsonb_build_object('keep_in_stock', 0), jsonb_build_object('keep_in_stock', keep_in_stock),
           now() - make_interval(days => (n % 45)::int, hours => 3), product_code
    from p where n % 60 = 0 and keep_in_stock <> 0
    order by 9`);
}
