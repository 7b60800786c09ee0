import type { Context } from 'hono';
import type { ReactNode } from 'react';
import { imageSrc, imageSrcSet } from '../../core/images.ts';
import type { ListingQuery, Sort } from '../../storefront/CategoryPage.tsx';
import { CategoryPage, SORTS } from '../../storefront/CategoryPage.tsx';
import { FormRefusedPage, FrontendPage, NotFoundPage, StoresPage } from '../../storefront/ContentPages.tsx';
import type { Head, PageCtx } from '../../storefront/context.ts';
import { HomePage } from '../../storefront/HomePage.tsx';
import { ProductPage, SearchPage } from '../../storefront/ProductPage.tsx';
import type { Queryable } from '../db/types.ts';
import * as q from './queries.ts';
import { priceOf, type Helpers } from './helpers.ts';
import type { Place } from './site.ts';

/** `cartCount`: the header's count when rendering the page recalculated the cart (lines sold out meanwhile). */
export type Page = { head: Head; body: ReactNode; status?: 200 | 400 | 403 | 409 | 413 | 422; cartCount?: number } | { redirect: string; status?: 301 | 303 };

export interface Args {
  c: Context;
  db: Queryable;
  shop: q.Shop;
  place: Place;
  ctx: PageCtx;
  helpers: Helpers;
  /** The absolute URL of a path of this shop in the page's language (the links of a mail). */
  mailLink(path: string): string;
}

/** Products per listing page (a multiple of 1, 2, 3 and 4 columns). */
const PAGE_SIZE = 24;
const MAX_QUERY = 200;

const num = (v: string | undefined): number | null => {
  if (v === undefined || v.trim() === '') return null;
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? n : null;
};

/** The listing's query from the URL; anything unknown falls back to the default. */
function listingQuery(c: Context): ListingQuery {
  const sort = c.req.query('sort');
  const page = Math.floor(num(c.req.query('page')) ?? 1);
  return {
    sort: (SORTS as readonly string[]).includes(sort ?? '') ? (sort as Sort) : 'position',
    brands: (c.req.queries('brand') ?? [])
      .slice(0, 100)
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0),
    min: num(c.req.query('min')),
    max: num(c.req.query('max')),
    page: page >= 1 ? page : 1,
  };
}

const collator = (lang: string) => new Intl.Collator(lang);

/** A path segment decoded; a malformed escape is no page (404), not an error. */
function decoded(segment: string | undefined): string | null {
  try {
    return decodeURIComponent(segment ?? '');
  } catch {
    return null;
  }
}

async function home({ db, shop, place, ctx, helpers }: Args): Promise<Page> {
  const lang = place.lang.code;
  const [banners, blocks, cats] = await Promise.all([q.banners(db, shop.id, lang, ctx.today, 'home'), q.homeBlocks(db, shop.id, lang), q.categoryCards(db, shop.id, lang)]);
  const hero = blocks.find((b) => b.css_class.includes('hero'));
  return {
    head: helpers.head(ctx, place, { title: hero?.title || shop.name, description: hero?.body ?? '' }),
    body: (
      <HomePage
        ctx={ctx}
        banners={banners.map((b) => ({
          id: b.banner_id,
          title: b.title,
          href: b.link_url ? (b.link_url.startsWith('/') && !b.link_url.startsWith('//') ? ctx.href(b.link_url) : b.link_url) : null,
          image: { ...helpers.image(ctx, null, 'banner'), src: imageSrc(b.image_url, shop.cdn, 'banner'), srcSet: imageSrcSet(b.image_url, 'banner') },
        }))}
        blocks={blocks.map((b) => ({ ...b, body: helpers.sanitize(b.body) }))}
        categories={cats.map((c) => ({ ...c, image: helpers.image(ctx, c.image_id, 'categoryCard') }))}
      />
    ),
  };
}

async function category(a: Args, [slug]: string[]): Promise<Page | null> {
  const { c, db, shop, place, ctx, helpers } = a;
  const wanted = decoded(slug);
  if (!wanted) return null;
  const cat = await q.categoryBySlug(db, shop.id, place.lang.code, wanted);
  if (!cat) {
    const here = await q.categorySlugIn(db, shop.id, place.lang.code, wanted);
    return here ? { redirect: ctx.href(`/c/${here}`) + new URL(c.req.url).search } : null;
  }
  const query = listingQuery(c);
  const rows = await q.categoryProducts(db, shop.id, place.lang.code, cat.id);
  const brandNames = new Map<number, string>();
  for (const r of rows) if (r.brand_id !== null && r.brand_name) brandNames.set(r.brand_id, r.brand_name);
  // Filtered and sorted on the price the shopper sees (the price rule), paged; only the page's cards are read in full.
  let listed = rows.map((r) => ({ r, price: priceOf(ctx, r, shop.currency).price }));
  if (query.brands.length) listed = listed.filter((x) => x.r.brand_id !== null && query.brands.includes(x.r.brand_id));
  if (query.min !== null) listed = listed.filter((x) => x.price >= query.min!);
  if (query.max !== null) listed = listed.filter((x) => x.price <= query.max!);
  const coll = collator(place.lang.code);
  const by: Record<Sort, (x: (typeof listed)[number], y: (typeof listed)[number]) => number> = {
    position: (x, y) => x.r.position - y.r.position || coll.compare(x.r.name, y.r.name),
    price_asc: (x, y) => x.price - y.price,
    price_desc: (x, y) => y.price - x.price,
    name: (x, y) => coll.compare(x.r.name, y.r.name),
    newest: (x, y) => (y.r.published_at ?? '').localeCompare(x.r.published_at ?? ''),
  };
  listed.sort((x, y) => by[query.sort](x, y) || x.r.product_code.localeCompare(y.r.product_code));
  const pages = Math.max(1, Math.ceil(listed.length / PAGE_SIZE));
  const page = Math.min(query.page, pages);
  const shown = await q.cardsOf(
    db,
    shop.id,
    place.lang.code,
    listed.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((x) => x.r.product_code),
  );
  const path = `/c/${cat.slug}`;
  const pageHref = (n: number) => {
    const u = new URLSearchParams();
    if (query.sort !== 'position') u.set('sort', query.sort);
    for (const b of query.brands) u.append('brand', String(b));
    if (query.min !== null) u.set('min', String(query.min));
    if (query.max !== null) u.set('max', String(query.max));
    if (n > 1) u.set('page', String(n));
    const s = u.toString();
    return ctx.href(path) + (s ? `?${s}` : '');
  };
  const brands = [...brandNames].map(([id, name]) => ({ id, name })).sort((x, y) => coll.compare(x.name, y.name));
  return {
    head: helpers.head(ctx, place, { title: cat.name, description: '' }),
    body: (
      <CategoryPage
        ctx={ctx}
        name={cat.name}
        path={path}
        items={shown.map((r) => helpers.card(ctx, r))}
        total={listed.length}
        pages={pages}
        query={{ ...query, page }}
        brands={brands}
        pageHref={pageHref}
      />
    ),
  };
}

async function product(a: Args, [code]: string[]): Promise<Page | null> {
  const { db, shop, place, ctx, helpers } = a;
  const lang = place.lang.code;
  const wanted = decoded(code);
  const row = wanted ? await q.productByCode(db, shop.id, lang, wanted) : null;
  if (!row) return null;
  const [acc, alt] = await Promise.all([q.relatedProducts(db, shop.id, lang, row.product_code, 'accessories'), q.relatedProducts(db, shop.id, lang, row.product_code, 'alternatives')]);
  const card = helpers.card(ctx, row, 'productDetails');
  const images = (row.images.length ? row.images : [{ image_id: null, alt: null }]).map((im) => {
    const main = helpers.image(ctx, im.image_id, 'productDetails');
    return { ...main, thumb: helpers.image(ctx, im.image_id, 'productThumb').src, alt: im.alt || row.name };
  });
  const canonical = helpers.head(ctx, place, { title: row.name, description: '' }).canonical;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: row.name,
    sku: row.product_code,
    image: images.map((i) => absolute(i.src, shop.hostname)),
    description: row.meta_description || undefined,
    ...(row.brand_name ? { brand: { '@type': 'Brand', name: row.brand_name } } : {}),
    offers: {
      '@type': 'Offer',
      url: canonical,
      price: card.price.price.toFixed(shop.digitsOf[card.price.currency] ?? 2),
      priceCurrency: card.price.currency,
      availability: `https://schema.org/${card.stock === 'in' ? 'InStock' : card.stock === 'order' ? 'BackOrder' : 'OutOfStock'}`,
    },
  };
  return {
    head: helpers.head(ctx, place, { title: row.name, description: row.meta_description, ogImage: absolute(images[0]!.src, shop.hostname), jsonLd }),
    body: (
      <ProductPage
        ctx={ctx}
        p={card}
        images={images}
        description={helpers.sanitize(row.description || row.description_short)}
        category={row.category_slug ? { name: row.category_name ?? '', href: ctx.href(`/c/${row.category_slug}`) } : null}
        accessories={acc.map((r) => helpers.card(ctx, r))}
        alternatives={alt.map((r) => helpers.card(ctx, r))}
        notify={a.c.req.query('notify') === 'sent' ? 'sent' : a.c.req.query('notify') === 'invalid' ? 'invalid' : 'form'}
      />
    ),
  };
}

/** An image URL as an absolute one (og:image, JSON-LD): same-origin paths get the shop's host. */
const absolute = (src: string, host: string) => (src.startsWith('/') && !src.startsWith('//') ? `https://${host}${src}` : src);

async function frontendPage({ db, shop, place, ctx, helpers }: Args, [code]: string[], kind: 'quill' | 'blocks'): Promise<Page | null> {
  const page = await q.pageByCode(db, shop.id, place.lang.code, code!, kind);
  if (!page) return null;
  const blocks = page.kind === 'blocks' ? (await q.pageBlocks(db, page.page_id, place.lang.code)).map((b) => ({ ...b, body: helpers.sanitize(b.body) })) : null;
  return {
    head: { ...helpers.head(ctx, place, { title: page.title, description: '' }), description: page.meta_description },
    body: <FrontendPage ctx={ctx} title={page.title} html={helpers.sanitize(page.body)} blocks={blocks} />,
  };
}

async function search({ c, db, shop, place, ctx, helpers }: Args): Promise<Page> {
  const text = (c.req.query('q') ?? '').trim().slice(0, MAX_QUERY);
  const rows = text ? await q.searchProducts(db, shop.id, place.lang.code, text) : [];
  return {
    head: helpers.head(ctx, place, { title: text ? ctx.t('storefront.search_title', { q: text }) : ctx.t('storefront.search'), description: '', noindex: true }),
    body: <SearchPage ctx={ctx} q={text} items={rows.map((r) => helpers.card(ctx, r))} />,
  };
}

async function stores({ db, shop, place, ctx, helpers }: Args): Promise<Page> {
  const rows = await q.storeLocations(db, shop.company, place.lang.code);
  return { head: helpers.head(ctx, place, { title: ctx.t('storefront.stores'), description: '' }), body: <StoresPage ctx={ctx} stores={rows} /> };
}

/** The storefront's pages by path within a language. `/p/` is never one: it is the image path on every host. */
export const pages = {
  routes: [
    { pattern: /^\/$/, run: (a: Args) => home(a) },
    { pattern: /^\/c\/([^/]+)$/, run: (a: Args, m: string[]) => category(a, m) },
    { pattern: /^\/product\/([^/]+)$/, run: (a: Args, m: string[]) => product(a, m) },
    { pattern: /^\/page\/([a-z0-9][a-z0-9-]*)$/, run: (a: Args, m: string[]) => frontendPage(a, m, 'quill') },
    { pattern: /^\/info\/([a-z0-9][a-z0-9-]*)$/, run: (a: Args, m: string[]) => frontendPage(a, m, 'blocks') },
    { pattern: /^\/search$/, run: (a: Args) => search(a) },
    { pattern: /^\/stores$/, run: (a: Args) => stores(a) },
  ] as { pattern: RegExp; run: (a: Args, m: string[]) => Promise<Page | null> }[],
  notFound: (ctx: PageCtx) => <NotFoundPage ctx={ctx} />,
  /** A refused form post, said in the page's language (never the server's English). */
  formRefused: (ctx: PageCtx, place: Place, helpers: Helpers, why: 'origin' | 'too_large'): Page => ({
    head: helpers.head(ctx, place, { title: ctx.t('storefront.form_refused_title'), description: '', noindex: true }),
    body: <FormRefusedPage ctx={ctx} why={why} />,
    status: why === 'origin' ? 403 : 413,
  }),
};
