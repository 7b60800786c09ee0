import type { Queryable } from '../types.ts';

/**
 * Every shop shows the top categories in their order; it carries every product of its
 * company, unpublished when inactive or out of stock for good (keep_in_stock 0, no stock);
 * every tenth listing shows under a second category too.
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

    -- Every tenth listing also shows under a second top category of its shop (a listing's own categories).
    insert into app.shop_product_categories (shop_id, product_code, product_category_id)
    select sp.shop_id, sp.product_code, c.product_category_id
    from app.shop_products sp
    join lateral (select sc.product_category_id from app.shop_categories sc where sc.shop_id = sp.shop_id order by sc.position offset 1 limit 1) c on true
    where sp.position % 10 = 1;

    -- Each shop shows its first two categories under names of its own ("Top …"), in every language.
    update app.shop_categories sc
    set shop_category_names = (
      select jsonb_object_agg(n.key, w.word || ' ' || n.value)
      from jsonb_each_text(c.product_category_names) n
      join (values ('en', 'Top'), ('de', 'Top'), ('hu', 'Kiemelt'), ('sk', 'Top'), ('ro', 'Top'), ('cs', 'Top'), ('bg', 'Топ')) as w(lang, word) on w.lang = n.key)
    from app.product_categories c
    where c.product_category_id = sc.product_category_id
      and sc.product_category_id in (select product_category_id from app.shop_categories x where x.shop_id = sc.shop_id order by position limit 2);
  `);
}
