import type { Queryable } from '../types.ts';

/**
 * Accessories (from other categories) and alternatives (same category) for every tenth
 * product, within its company; derived from the products by SQL, so deterministic.
 */
export async function seedRelations(tx: Queryable): Promise<void> {
  await tx.exec(`
    insert into app.product_accessories (product_code, accessory_code, position)
    select p.product_code, a.product_code, row_number() over (partition by p.product_code order by a.product_code)
    from app.products p
    cross join lateral (
      select q.product_code from app.products q
      where q.company_code = p.company_code and q.main_product_category_id is distinct from p.main_product_category_id
        and q.product_code > p.product_code
      order by q.product_code limit 2) a
    where right(p.product_code, 1) = '0';

    insert into app.product_alternatives (product_code, alternative_code, position)
    select p.product_code, a.product_code, row_number() over (partition by p.product_code order by a.product_code)
    from app.products p
    cross join lateral (
      select q.product_code from app.products q
      where q.company_code = p.company_code and q.main_product_category_id = p.main_product_category_id
        and q.product_code <> p.product_code
      order by q.product_code limit 2) a
    where right(p.product_code, 1) = '5';
  `);
}
