import type { Queryable } from '../types.ts';

/**
 * Every shop shows the top categories in their order; it carries every product of its
 * company, unpublished when inactive or out of stock for good (keep_in_stock 0, no stock).
 */
export async function seedShopCatalogue(tx: Queryable): Promise<void> {
  await tx.exec(`
    insert into app.shop_categories (shop_id, product_category_id, position)
    select s.shop_id, c.product_category_id, c.position
    from app.shops s cross join app.product_categories c
    where c.parent_category_id is null;

    insert into app.shop_products (shop_id, product_code, published, position, published_at)
    select s.shop_id, p.product_code, p.active and (p.stock_qty > 0 or p.keep_in_stock > 0),
           row_number() over (partition by s.shop_id order by p.product_code), p.created_at
    from app.shops s join app.products p on p.company_code = s.company_code;
  `);
}
