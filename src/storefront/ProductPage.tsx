import type { PageCtx } from './context.ts';
import { AddToCart, PriceView, ProductGrid, StockView, type CardData } from './ProductCard.tsx';
import { PresetImage } from './PresetImage.tsx';

export interface GalleryImage {
  src: string;
  srcSet: string;
  thumb: string;
  width: number;
  height: number;
  alt: string;
}

/**
 * The product page: a gallery (scroll-snap with thumbnail links: no script needed; the
 * productDetails preset with its srcset), price through the price rule, stock, the
 * description (sanitized HTML), accessories and alternatives.
 */
export function ProductPage(props: {
  ctx: PageCtx;
  p: CardData;
  images: GalleryImage[];
  description: string;
  category: { name: string; href: string } | null;
  accessories: CardData[];
  alternatives: CardData[];
  /** "Notify me when in stock" (a product that cannot be ordered now): the form, or its answer. */
  notify?: 'form' | 'sent' | 'invalid';
}) {
  const { ctx, p } = props;
  const t = ctx.t;
  return (
    <>
      <nav className="crumbs" aria-label={t('chrome.breadcrumbs')}>
        <a href={ctx.href('/')}>{t('storefront.home')}</a>
        {props.category ? (
          <>
            {' › '}
            <a href={props.category.href}>{props.category.name}</a>
          </>
        ) : null}
      </nav>
      <div className="product" data-product={p.code}>
        <section className="gallery" aria-label={t('storefront.gallery')}>
          <div className="main" data-island="gallery" tabIndex={0}>
            {props.images.map((im, i) => (
              <figure key={i} id={`image-${i + 1}`}>
                <PresetImage image={im} sizes="(min-width:992px) 50vw, 100vw" alt={im.alt} load={i === 0 ? 'lcp' : 'lazy'} />
              </figure>
            ))}
          </div>
          {props.images.length > 1 ? (
            <div className="thumbs">
              {props.images.map((im, i) => (
                <a key={i} href={`#image-${i + 1}`} aria-label={t('storefront.image_n', { n: i + 1 })}>
                  <img src={im.thumb} width={64} height={64} alt="" loading="lazy" />
                </a>
              ))}
            </div>
          ) : null}
        </section>
        <section>
          <h1>{p.name}</h1>
          <p>
            {p.brand ? <>{p.brand} · </> : null}
            {t('storefront.product_code', { code: p.code })}
          </p>
          <PriceView ctx={ctx} price={p.price} approx={p.approx} />
          <StockView ctx={ctx} stock={p.stock} />
          <AddToCart ctx={ctx} p={p} withQty />
          {p.stock === 'out' && props.notify ? <NotifyMe ctx={ctx} code={p.code} state={props.notify} /> : null}
          <div dangerouslySetInnerHTML={{ __html: props.description }} />
        </section>
      </div>
      {props.accessories.length ? (
        <section>
          <h2>{t('storefront.accessories')}</h2>
          <ProductGrid ctx={ctx} items={props.accessories} eagerCount={0} />
        </section>
      ) : null}
      {props.alternatives.length ? (
        <section>
          <h2>{t('storefront.alternatives')}</h2>
          <ProductGrid ctx={ctx} items={props.alternatives} eagerCount={0} />
        </section>
      ) : null}
    </>
  );
}

/** A POST form (no script): the shopper's address, told once the product is in stock again. */
function NotifyMe({ ctx, code, state }: { ctx: PageCtx; code: string; state: 'form' | 'sent' | 'invalid' }) {
  const { t } = ctx;
  if (state === 'sent')
    return (
      <p id="notify" className="notify" role="status">
        {t('storefront.notify_sent')}
      </p>
    );
  return (
    <form id="notify" className="notify" action={ctx.href('/notify')} method="post">
      <p>{state === 'invalid' ? <span role="alert">{t('storefront.newsletter_invalid_email')}</span> : t('storefront.notify_intro')}</p>
      <input type="hidden" name="product" value={code} />
      <label htmlFor="notify-email">{t('storefront.newsletter_email')}</label> <input id="notify-email" name="email" type="email" required maxLength={254} autoComplete="email" />{' '}
      <button type="submit">{t('storefront.notify_me')}</button>
    </form>
  );
}

export function SearchPage({ ctx, q, items }: { ctx: PageCtx; q: string; items: CardData[] }) {
  return (
    <>
      <h1>{q ? ctx.t('storefront.search_title', { q }) : ctx.t('storefront.search')}</h1>
      {q ? <p data-total={items.length}>{items.length ? ctx.t('storefront.products_count', { count: items.length }) : ctx.t('storefront.search_none', { q })}</p> : null}
      {items.length ? <ProductGrid ctx={ctx} items={items} /> : null}
    </>
  );
}
