import type { BlockRow, CategoryRow } from './data.ts';
import { Blocks } from './ContentPages.tsx';
import type { PageCtx } from './context.ts';
import { PresetImage } from './PresetImage.tsx';

export interface BannerView {
  id: number;
  title: string;
  href: string | null;
  image: { src: string; srcSet: string; width: number; height: number };
}
export interface CategoryCard extends CategoryRow {
  image: { src: string; srcSet: string; width: number; height: number };
}

/**
 * Home: the banner carousel (a scroll-snap strip that works without script; the islands
 * script only advances it), the 'home' block page's content, category cards.
 */
export function HomePage({ ctx, banners, blocks, categories }: { ctx: PageCtx; banners: BannerView[]; blocks: BlockRow[]; categories: CategoryCard[] }) {
  return (
    <>
      <h1 className="visually-hidden">{ctx.shop.name}</h1>
      {banners.length ? (
        <section aria-label={ctx.t('storefront.banners')}>
          <div className="carousel" data-island="carousel" tabIndex={0}>
            {banners.map((b, i) => (
              <div className="slide" id={`banner-${i + 1}`} key={b.id}>
                <PresetImage image={b.image} sizes="(min-width:1650px) 1650px, 100vw" alt="" load={i === 0 ? 'lcp' : 'lazy'} />
                {b.href ? (
                  <a className="caption" href={b.href}>
                    {b.title}
                  </a>
                ) : (
                  <span className="caption">{b.title}</span>
                )}
              </div>
            ))}
          </div>
          {banners.length > 1 ? (
            <div className="dots">
              {banners.map((b, i) => (
                <a key={b.id} href={`#banner-${i + 1}`} aria-label={ctx.t('storefront.banner_n', { n: i + 1 })}>
                  ●
                </a>
              ))}
            </div>
          ) : null}
        </section>
      ) : null}
      {blocks.length ? <Blocks ctx={ctx} blocks={blocks} /> : null}
      <h2>{ctx.t('storefront.categories')}</h2>
      <ul className="grid cats-grid">
        {categories.map((c, i) => (
          <li key={c.id} className="card">
            <a href={ctx.href(`/c/${c.slug}`)}>
              <PresetImage image={c.image} sizes="(min-width:1200px) 16vw, (min-width:992px) 25vw, (min-width:768px) 33vw, 50vw" alt="" load={i < 6 && !banners.length ? 'eager' : 'lazy'} />
              <span className="name">{c.name}</span>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
