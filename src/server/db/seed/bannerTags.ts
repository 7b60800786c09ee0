import type { Queryable } from '../types.ts';

/** Banner tags (migration 019): the storefront labels of each shop's three banners, by position. */
export async function seedBannerTags(tx: Queryable): Promise<void> {
  await tx.exec(`
    update app.banners set tags = case position
      when 1 then 'home, garden, spring'
      when 2 then 'home, lighting, new'
      when 3 then 'delivery, sale'
    end
  `);
}
