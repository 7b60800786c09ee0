import type { Queryable } from '../types.ts';
import { PALETTES, seedPictures } from './pictures.ts';

/**
 * Two to four images per product (the first is the cover) with their generated pictures
 * (pictures.ts: the cover its category's drawing in its brand's palette, the others the
 * category's views), a video for every 25th, and every payment method in every shop of its company.
 */
export async function seedMedia(tx: Queryable): Promise<void> {
  const pictures = await seedPictures(tx);
  await tx.query(
    `with recursive roots as (
       select product_category_id as id, product_category_id as root from app.product_categories where parent_category_id is null
       union all
       select c.product_category_id, r.root from app.product_categories c join roots r on c.parent_category_id = r.id
     ), pics as (select key, hash from jsonb_each_text($1::jsonb) as x(key, hash))
     insert into app.product_images (product_code, position, is_cover, alt_text, picture)
     select p.product_code, n, n = 1, p.product_name, pics.hash
     from app.products p cross join generate_series(1, 4) as n
     left join roots r on r.id = p.main_product_category_id
     left join pics on pics.key = case when n = 1 then 'c' || r.root || '-' || (coalesce(p.brand_id, 0) % $2) else 'v' || r.root || '-' || (n - 1) end
     where n <= 2 + (right(p.product_code, 1)::int % 3)`,
    [JSON.stringify(Object.fromEntries(pictures)), PALETTES.length],
  );
  await tx.exec(`
    insert into app.product_videos (product_code, video_url, video_title, position)
    select p.product_code, 'https://video.example.com/products/' || lower(p.product_code) || '.mp4', p.product_name, 1
    from app.products p where right(p.product_code, 2)::int % 25 = 0;

    insert into app.payment_method_shops (pm_id, shop_id)
    select m.pm_id, s.shop_id from app.payment_methods m join app.shops s on s.company_code = m.company_code;
  `);
}
