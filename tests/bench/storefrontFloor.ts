/**
 * The storefront benchmark's floor (issue 26): a bare `node:http` handler that answers a
 * category page and a product page as the storefront does — the same queries
 * (src/server/storefront/queries.ts, on the same db handle, in the same order), the same
 * price rule, texts, money format, stylesheet and sanitizer — but writes the HTML by hand
 * with template strings: no Hono, no React, no middleware. Only GET /c/<slug> and
 * /product/<code> on a shop's host (Host header), default language, no cookies.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { IMAGE_PRESETS, imageSrc, type ImagePresetName } from '../../src/core/images.ts';
import { metaDescription } from '../../src/core/seo.ts';
import type { ShopPrice } from '../../src/core/shopPrice.ts';
import { sanitizeHtml } from '../../src/server/actions/engine/html.ts';
import type { Queryable } from '../../src/server/db/types.ts';
import { intlOf, mailMoney } from '../../src/server/mail/render.ts';
import * as q from '../../src/server/storefront/queries.ts';
import { priceOf } from '../../src/server/storefront/helpers.ts';
import { absoluteUrl, linkTo, placeOf, type Place } from '../../src/server/storefront/site.ts';
import { SORTS } from '../../src/storefront/CategoryPage.tsx';
import { STYLES } from '../../src/storefront/styles.ts';

const PAGE_SIZE = 24;
const esc = (s: string | number) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const CARD_SIZES = '(min-width:1200px) 25vw, (min-width:992px) 33vw, (min-width:576px) 50vw, 100vw';

interface Ctx {
  shop: q.Shop;
  place: Place;
  t: (id: string, v?: Record<string, string | number>) => string;
  money: (n: number, cur: string) => string;
  href: (p: string) => string;
  today: string;
  country: { code: string; name: string; choices: { code: string; name: string }[] };
}

/** The storefront's own price rule (routes.ts, on core/shopPrice.ts) in the shop's currency. */
const shopPriceOf = (c: Ctx, r: q.PriceRow): ShopPrice => priceOf(c, r, c.shop.currency);

function img(c: Ctx, id: number | null, preset: ImagePresetName, sizes: string, alt: string, load: 'lcp' | 'eager' | 'lazy'): string {
  const pr = IMAGE_PRESETS[preset];
  const srcset = id === null ? '' : pr.sizes.map((s) => `${imageSrc(id, c.shop.cdn, { ...pr, width: s.width, height: s.height })} ${s.width}w`).join(', ');
  return `<img src="${esc(imageSrc(id, c.shop.cdn, preset))}"${srcset ? ` srcSet="${esc(srcset)}"` : ''} sizes="${sizes}" width="${pr.width}" height="${pr.height}" alt="${esc(alt)}"${load === 'lcp' ? ' fetchPriority="high"' : ''} loading="${load === 'lazy' ? 'lazy' : 'eager'}"${load === 'lcp' ? '' : ' decoding="async"'}/>`;
}

function priceHtml(c: Ctx, p: ShopPrice): string {
  const orig =
    p.original !== null
      ? `<s aria-label="${esc(c.t('storefront.original_price'))}" data-original="${p.original}">${esc(c.money(p.original, p.currency))}</s><span class="badge">${esc(c.t('storefront.discount', { percent: p.discount }))}</span>`
      : '';
  return `<div><span class="price" data-price="${p.price}" data-currency="${p.currency}">${esc(c.money(p.price, p.currency))}${orig}</span> <span class="approx">${esc(c.t('storefront.price_incl_vat'))}</span></div>`;
}

const stockOf = (r: q.CardRow) => (Number(r.free_qty) > 0 ? 'in' : r.can_order ? 'order' : 'out');

function stockHtml(c: Ctx, r: q.CardRow): string {
  const s = stockOf(r);
  return `<div class="stock ${s === 'out' ? 'out' : 'in'}">${esc(c.t(s === 'in' ? 'storefront.in_stock' : s === 'order' ? 'storefront.to_order' : 'storefront.out_of_stock'))}</div>`;
}

function addHtml(c: Ctx, r: q.CardRow, withQty: boolean): string {
  if (stockOf(r) === 'out') return '';
  const qty = withQty
    ? `<label for="add-qty-${esc(r.product_code)}">${esc(c.t('storefront.quantity'))}</label><input id="add-qty-${esc(r.product_code)}" name="qty" type="number" min="1" max="999" required value="1"/>`
    : '';
  const label = withQty ? '' : ` aria-label="${esc(`${c.t('storefront.add_to_cart')}: ${r.name}`)}"`;
  return `<form class="add" method="post" action="${esc(c.href('/cart/add'))}"><input type="hidden" name="code" value="${esc(r.product_code)}"/>${qty}<button type="submit"${label}>${esc(c.t('storefront.add_to_cart'))}</button></form>`;
}

function cardsHtml(c: Ctx, rows: q.CardRow[], eager: number): string {
  return `<ul class="grid">${rows
    .map(
      (r, i) =>
        `<li class="card" data-product="${esc(r.product_code)}"><a href="${esc(c.href(`/product/${r.product_code.toLowerCase()}`))}">${img(c, r.image_id, 'productCard', CARD_SIZES, r.alt || r.name, i < eager ? 'eager' : 'lazy')}<span class="name">${esc(r.name)}</span></a>${priceHtml(c, shopPriceOf(c, r))}${stockHtml(c, r)}${addHtml(c, r, false)}</li>`,
    )
    .join('')}</ul>`;
}

function pageHtml(
  c: Ctx,
  o: { title: string; description: string; canonical: string; ogImage: string; jsonLd?: object; categories: q.CategoryRow[]; links: q.PageLink[]; islands: string | null; body: string },
): string {
  const { t, shop, place } = c;
  const alternates = shop.languages.map((l) => ({ l, href: linkTo(shop, place, l, place.path), absolute: absoluteUrl(shop, l, place.path) }));
  return (
    `<!DOCTYPE html><html lang="${place.lang.code}"><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/><title>${esc(o.title)}</title>` +
    (o.description ? `<meta name="description" content="${esc(o.description)}"/>` : '') +
    `<link rel="canonical" href="${esc(o.canonical)}"/>` +
    alternates.map((a) => `<link rel="alternate" hrefLang="${a.l.code}" href="${esc(a.absolute)}"/>`).join('') +
    alternates
      .filter((a) => a.l.isDefault)
      .map((a) => `<link rel="alternate" hrefLang="x-default" href="${esc(a.absolute)}"/>`)
      .join('') +
    `<meta property="og:type" content="${o.jsonLd ? 'product' : 'website'}"/><meta property="og:title" content="${esc(o.title)}"/>` +
    (o.description ? `<meta property="og:description" content="${esc(o.description)}"/>` : '') +
    `<meta property="og:url" content="${esc(o.canonical)}"/><meta property="og:image" content="${esc(o.ogImage)}"/><meta property="og:site_name" content="${esc(shop.name)}"/><link rel="icon" href="/favicon.svg" type="image/svg+xml"/>` +
    `<style>${STYLES}</style>` +
    (o.jsonLd ? `<script type="application/ld+json">${JSON.stringify(o.jsonLd).replace(/</g, '\\u003c')}</script>` : '') +
    (o.islands ? `<script type="module" src="${o.islands}" async=""></script>` : '') +
    `</head><body><a class="skip" href="#main">${esc(t('storefront.skip'))}</a><header class="top"><div class="wrap"><a class="brand" href="${esc(c.href('/'))}">${esc(shop.name)}</a>` +
    `<form class="search" role="search" action="${esc(c.href('/search'))}" method="get"><label class="visually-hidden" for="q">${esc(t('storefront.search'))}</label><input id="q" name="q" type="search" placeholder="${esc(t('storefront.search_placeholder'))}"/><button type="submit">${esc(t('storefront.search'))}</button></form>` +
    `<form class="country" action="${esc(c.href('/country'))}" method="get"><label for="country">${esc(t('storefront.deliver_to'))}</label><select id="country" name="c">${c.country.choices.map((x) => `<option value="${x.code}"${x.code === c.country.code ? ' selected=""' : ''}>${esc(x.name)}</option>`).join('')}</select><input type="hidden" name="back" value="${esc(place.path)}"/><button type="submit">${esc(t('storefront.country_change'))}</button></form>` +
    `<a class="cart-button" href="${esc(c.href('/cart'))}" data-cart-count="0" data-close="${esc(t('storefront.close'))}">${esc(t('storefront.cart_button', { count: 0 }))}</a>` +
    (alternates.length > 1
      ? `<nav class="langs" aria-label="${esc(t('storefront.language'))}">${alternates.map((a) => `<a href="${esc(a.href)}" hrefLang="${a.l.code}" lang="${a.l.code}"${a.l.code === place.lang.code ? ' aria-current="true"' : ''}>${a.l.code.toUpperCase()}</a>`).join('')}</nav>`
      : '') +
    `</div></header><nav class="cats" aria-label="${esc(t('storefront.categories'))}"><ul>${o.categories.map((x) => `<li><a href="${esc(c.href(`/c/${x.slug}`))}">${esc(x.name)}</a></li>`).join('')}</ul></nav>` +
    `<main id="main" class="wrap">${o.body}</main><footer><div class="wrap"><ul aria-label="${esc(t('storefront.pages'))}">` +
    o.links.map((p) => `<li><a href="${esc(c.href(`/${p.kind === 'quill' ? 'page' : 'info'}/${p.code}`))}">${esc(p.title)}</a></li>`).join('') +
    `<li><a href="${esc(c.href('/stores'))}">${esc(t('storefront.stores'))}</a></li></ul><p>${esc(t('storefront.deliver_to'))}: <span data-country="${c.country.code}">${esc(c.country.name)}</span></p>` +
    `<section aria-labelledby="nl-title"><h2 id="nl-title">${esc(t('storefront.newsletter'))}</h2><form class="newsletter" action="${esc(c.href('/newsletter'))}" method="post"><label for="nl-email">${esc(t('storefront.newsletter_email'))}</label><input id="nl-email" name="email" type="email" required maxLength="254" autoComplete="email"/><label for="nl-name">${esc(t('storefront.newsletter_name'))}</label><input id="nl-name" name="name" type="text" maxLength="100" autoComplete="name"/><button type="submit">${esc(t('storefront.newsletter_subscribe'))}</button></form></section></div></footer></body></html>`
  );
}

/** A page's own part: its title, body and (a product's) description, picture and JSON-LD. */
interface Body {
  title: string;
  body: string;
  description?: string;
  ogImage?: string;
  jsonLd?: object;
}

async function categoryBody(db: Queryable, c: Ctx, slug: string): Promise<Body | null> {
  const lang = c.place.lang.code;
  const cat = await q.categoryBySlug(db, c.shop.id, lang, slug);
  if (!cat) return null;
  const rows = await q.categoryProducts(db, c.shop.id, lang, cat.id);
  const coll = new Intl.Collator(lang);
  const brands = new Map<number, string>();
  for (const r of rows) if (r.brand_id !== null && r.brand_name) brands.set(r.brand_id, r.brand_name);
  const sorted = rows.map((r) => ({ r, name: r.name })).sort((x, y) => x.r.position - y.r.position || coll.compare(x.name, y.name) || x.r.product_code.localeCompare(y.r.product_code));
  const pages = Math.max(1, Math.ceil(sorted.length / PAGE_SIZE));
  const path = `/c/${cat.slug}`;
  const { t } = c;
  const filters =
    `<form class="filters" method="get" action="${esc(c.href(path))}"><label>${esc(t('storefront.sort'))}<select name="sort">${SORTS.map((s) => `<option value="${s}"${s === 'position' ? ' selected=""' : ''}>${esc(t(`storefront.sort_${s}`))}</option>`).join('')}</select></label>` +
    (brands.size
      ? `<fieldset><legend>${esc(t('storefront.brand'))}</legend>${[...brands]
          .sort((x, y) => coll.compare(x[1], y[1]))
          .map(([id, name]) => `<label><input type="checkbox" name="brand" value="${id}"/> ${esc(name)}</label>`)
          .join('')}</fieldset>`
      : '') +
    `<fieldset><legend>${esc(t('storefront.price', { currency: c.shop.currency }))}</legend><label>${esc(t('storefront.price_from'))}<input type="number" name="min" min="0" step="any"/></label><label>${esc(t('storefront.price_to'))}<input type="number" name="max" min="0" step="any"/></label></fieldset><button type="submit">${esc(t('storefront.apply'))}</button></form>`;
  const pager =
    pages > 1
      ? `<nav class="pager" aria-label="${esc(t('storefront.pagination'))}">${Array.from({ length: pages }, (_, i) => i + 1)
          .map((n) => (n === 1 ? `<span aria-current="page">1</span>` : `<a href="${esc(c.href(path))}?page=${n}" aria-label="${esc(t('storefront.page_n', { page: n }))}">${n}</a>`))
          .join('')}</nav>`
      : '';
  const items = await q.cardsOf(
    db,
    c.shop.id,
    lang,
    sorted.slice(0, PAGE_SIZE).map((x) => x.r.product_code),
  );
  return {
    title: cat.name,
    body:
      `<nav class="crumbs" aria-label="breadcrumb"><a href="${esc(c.href('/'))}">${esc(t('storefront.home'))}</a> › <span>${esc(cat.name)}</span></nav><h1>${esc(cat.name)}</h1><div class="listing">${filters}<div>` +
      `<p data-total="${sorted.length}">${esc(t('storefront.products_count', { count: sorted.length }))}</p>${items.length ? cardsHtml(c, items, 4) : `<p>${esc(t('storefront.no_products'))}</p>`}${pager}</div></div>`,
  };
}

async function productBody(db: Queryable, c: Ctx, code: string): Promise<Body | null> {
  const lang = c.place.lang.code;
  const row = await q.productByCode(db, c.shop.id, lang, code);
  if (!row) return null;
  const [acc, alt] = await Promise.all([q.relatedProducts(db, c.shop.id, lang, row.product_code, 'accessories'), q.relatedProducts(db, c.shop.id, lang, row.product_code, 'alternatives')]);
  const { t } = c;
  const price = shopPriceOf(c, row);
  const images = (row.images.length ? row.images : [{ image_id: null, alt: null }]).map((im) => ({ id: im.image_id, alt: im.alt || row.name }));
  const abs = (src: string) => (src.startsWith('/') ? `https://${c.shop.hostname}${src}` : src);
  const canonical = absoluteUrl(c.shop, c.place.lang, c.place.path);
  const stock = stockOf(row);
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: row.name,
    sku: row.product_code,
    image: images.map((i) => abs(imageSrc(i.id, c.shop.cdn, 'productDetails'))),
    description: row.meta_description || undefined,
    ...(row.brand_name ? { brand: { '@type': 'Brand', name: row.brand_name } } : {}),
    offers: {
      '@type': 'Offer',
      url: canonical,
      price: price.price.toFixed(c.shop.digitsOf[price.currency] ?? 2),
      priceCurrency: price.currency,
      availability: `https://schema.org/${stock === 'in' ? 'InStock' : stock === 'order' ? 'BackOrder' : 'OutOfStock'}`,
    },
  };
  const gallery =
    `<section class="gallery" aria-label="${esc(t('storefront.gallery'))}"><div class="main" data-island="gallery" tabindex="0">${images.map((im, i) => `<figure id="image-${i + 1}">${img(c, im.id, 'productDetails', '(min-width:992px) 50vw, 100vw', im.alt, i === 0 ? 'lcp' : 'lazy')}</figure>`).join('')}</div>` +
    (images.length > 1
      ? `<div class="thumbs">${images.map((im, i) => `<a href="#image-${i + 1}" aria-label="${esc(t('storefront.image_n', { n: i + 1 }))}"><img src="${esc(imageSrc(im.id, c.shop.cdn, 'productThumb'))}" width="64" height="64" alt="" loading="lazy"/></a>`).join('')}</div>`
      : '') +
    `</section>`;
  const crumbs = `<nav class="crumbs" aria-label="breadcrumb"><a href="${esc(c.href('/'))}">${esc(t('storefront.home'))}</a>${row.category_slug ? ` › <a href="${esc(c.href(`/c/${row.category_slug}`))}">${esc(row.category_name ?? '')}</a>` : ''}</nav>`;
  const info = `<section><h1>${esc(row.name)}</h1><p>${row.brand_name ? `${esc(row.brand_name)} · ` : ''}${esc(t('storefront.product_code', { code: row.product_code }))}</p>${priceHtml(c, price)}${stockHtml(c, row)}${addHtml(c, row, true)}<div>${sanitizeHtml(row.description || row.description_short)}</div></section>`;
  const related = (title: string, rows: q.CardRow[]) => (rows.length ? `<section><h2>${esc(t(title))}</h2>${cardsHtml(c, rows, 0)}</section>` : '');
  return {
    title: row.name,
    description: row.meta_description,
    ogImage: abs(imageSrc(images[0]!.id, c.shop.cdn, 'productDetails')),
    jsonLd,
    body: `${crumbs}<div class="product" data-product="${esc(row.product_code)}">${gallery}${info}</div>${related('storefront.accessories', acc)}${related('storefront.alternatives', alt)}`,
  };
}

/** The floor server on a free port of 127.0.0.1; `islands`: the islands script's URL the real pages name. */
export async function startStorefrontFloor(db: Queryable, islands: string | null): Promise<{ url: string; close(): Promise<void> }> {
  const shops = new Map<string, { shop: Promise<q.Shop | null>; until: number }>();
  const shopOf = (host: string) => {
    let e = shops.get(host);
    if (!e || e.until <= Date.now()) shops.set(host, (e = { shop: q.shopOfHost(db, host), until: Date.now() + 5_000 }));
    return e.shop;
  };
  const server = createServer((req, res) => {
    void (async () => {
      const host = (req.headers.host ?? '')
        .replace(/:\d+$/, '')
        .replace(/^www\./, '')
        .toLowerCase();
      const shop = await shopOf(host);
      const path = (req.url ?? '/').split('?')[0]!;
      const place = shop ? placeOf(shop, host, path, '') : null;
      if (!shop || !place) return void res.writeHead(404).end();
      const lang = place.lang.code;
      const intl = intlOf(lang);
      const choices = await q.deliveryCountries(db, shop.company, lang);
      const code = shop.companyCountry;
      const c: Ctx = {
        shop,
        place,
        t: (id, v) => intl.formatMessage({ id }, v),
        money: (n, cur) => mailMoney(lang, n, cur, shop.digitsOf[cur] ?? 2),
        href: (p) => linkTo(shop, place, place.lang, p),
        today: new Date().toISOString().slice(0, 10),
        country: { code, name: choices.find((x) => x.code === code)?.name ?? code, choices },
      };
      const cat = /^\/c\/([^/]+)$/.exec(place.path);
      const prod = /^\/product\/([^/]+)$/.exec(place.path);
      const page = cat ? await categoryBody(db, c, decodeURIComponent(cat[1]!)) : prod ? await productBody(db, c, decodeURIComponent(prod[1]!)) : null;
      if (!page) return void res.writeHead(404).end();
      const [categories, links] = await Promise.all([q.shopCategories(db, shop.id, lang), q.pageLinks(db, shop.id, lang)]);
      const head = {
        title: `${page.title} | ${shop.name}`,
        description: page.description ? metaDescription(page.description) : '',
        canonical: absoluteUrl(shop, place.lang, place.path),
        ogImage: page.ogImage ?? `https://${shop.hostname}/favicon.svg`,
        jsonLd: page.jsonLd,
      };
      const html = pageHtml(c, { ...head, categories, links, islands, body: page.body });
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'private, no-cache' }).end(html);
    })().catch((e: unknown) => {
      console.error('storefront floor:', e);
      res.writeHead(500).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
