import type { Queryable } from '../types.ts';

/** Two to four images per product (the first is the cover), a video for every 25th, and every payment method in every shop of its company. */
export async function seedMedia(tx: Queryable): Promise<void> {
  await tx.exec(`
    insert into app.product_images (product_code, position, is_cover, alt_text)
    select p.product_code, n, n = 1, p.product_name
    from app.products p cross join generate_series(1, 4) as n
    where n <= 2 + (right(p.product_code, 1)::int % 3);

    insert into app.product_videos (product_code, video_url, video_title, position)
    select p.product_code, 'https://video.example.com/products/' || lower(p.product_code) || '.mp4', p.product_name, 1
    from app.products p where right(p.product_code, 2)::int % 25 = 0;

    insert into app.payment_method_shops (pm_id, shop_id)
    select m.pm_id, s.shop_id from app.payment_methods m join app.shops s on s.company_code = m.company_code;
  `);
}
