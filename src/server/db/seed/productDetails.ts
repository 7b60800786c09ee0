import type { Queryable } from '../types.ts';

/**
 * Demo data of product_list's packing and checklist details, derived by SQL from the
 * products (and their images, files and shop listings, so it runs after those seeds).
 *
 * - Packing: very large and very small products do not fit their template's weights; they
 *   carry their own, scaled by volume from the template's.
 * - Checklist: the products created in the last four months of the catalogue history are
 *   being onboarded; an item is ticked when the data it checks is really there (most of
 *   the time: some are not ticked yet), by the catalogue manager in SK01 and the admin
 *   elsewhere, in item order after the product was created.
 * - Comments: every ninth product carries a staff note or two (migration 103), written by the
 *   same users after the product's last change.
 */
export async function seedProductDetails(tx: Queryable): Promise<void> {
  await tx.exec(`
    update app.products p
    set packing_metal = round(f.metal * f.k, 3), packing_wood = round(f.wood * f.k, 3),
        packing_plastic = round(f.plastic * f.k, 3), packing_paper = round(f.paper * f.k, 3)
    from (select q.product_code, t.metal, t.wood, t.plastic, t.paper, least(4, greatest(0.25, sqrt(q.volume / 0.05)))::numeric as k
          from app.products q join app.packing_templates t using (packing_template_id)
          where q.volume > 0.2 or q.volume < 0.0005) f
    where p.product_code = f.product_code;

    insert into app.product_checklist (product_code, item_code, done, done_by, done_at)
    select p.product_code, i.item_code, true,
           case when p.company_code = 'SK01' and substr(p.product_code, 2)::int % 7 <> 0 then 2 else 1 end,
           least(p.updated_at, p.created_at + i.position * interval '1 day')
    from app.products p
    cross join app.checklist_items i
    where p.created_at >= timestamptz '2026-06-01 00:00:00+00'
      and p.product_code ~ '^P[0-9]+$'
      and (substr(p.product_code, 2)::int + i.position) % 6 <> 0
      and case i.item_code
        when 'texts_translated' then
          (select count(*) from jsonb_object_keys(p.product_name)) >= 7 and (select count(*) from jsonb_object_keys(p.description_short)) >= 7
        when 'images_ready' then exists (select 1 from app.product_images m where m.product_code = p.product_code and m.is_cover)
        when 'prices_checked' then p.selling_price_shop >= p.purchase_price_base * (1 + coalesce(p.min_margin, 0) / 100)
        when 'customs_data' then p.hs_code is not null and p.country_of_origin is not null
        when 'packing_checked' then p.packing_template_id is not null and p.weight is not null
        when 'specification_sheet' then exists (select 1 from app.product_files f where f.product_code = p.product_code)
        when 'published' then exists (select 1 from app.shop_products s where s.product_code = p.product_code and s.published)
        else false
      end;

    insert into app.product_comments (product_code, comment, user_id, created_at)
    select p.product_code, n.comment, case when p.company_code = 'SK01' then 2 else 1 end, p.updated_at + n.k * interval '2 hours'
    from app.products p
    cross join lateral (values
      (1, (array['Supplier confirmed the new packaging.', 'Photos to be retaken in daylight.', 'Customer asked for a larger size.'])[substr(p.product_code, 2)::int % 3 + 1]),
      (2, case when substr(p.product_code, 2)::int % 2 = 0 then 'Checked the dimensions against the sample.' end)
    ) as n(k, comment)
    where p.product_code ~ '^P[0-9]+$' and substr(p.product_code, 2)::int % 9 = 2 and n.comment is not null;
  `);
}
