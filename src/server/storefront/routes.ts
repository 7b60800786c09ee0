import { getConnInfo } from '@hono/node-server/conninfo';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { xHost } from '../../core/headers.ts';
import { imageSrc, IMAGE_PRESETS, type ImagePresetName } from '../../core/images.ts';
import { COUNTRY_CODE, countryCurrency } from '../../core/ipCountry.ts';
import { canConvert } from '../../core/money.ts';
import { metaDescription } from '../../core/seo.ts';
import type { Head, PageCtx } from '../../storefront/context.ts';
import type { CardData, StockState } from '../../storefront/ProductCard.tsx';
import { sanitizeHtml } from '../actions/engine/html.ts';
import { mailMoney, intlOf } from '../mail/render.ts';
import { readsOf, type Deps } from '../rpc/context.ts';
import { cartCount } from './cart.ts';
import { CART_POST_PATH, CART_REMINDER_PAGES, cartPage, checkoutPage, donePage, postCart, visitorCart, type CartArgs } from './cartRoutes.tsx';
import { countryDetector, visitorAddress } from './country.ts';
import * as v from 'valibot';
import { NotifyMe, requestArrival } from './arrivals.ts';
import { ASK_CONTEXT_PRODUCTS, ASK_PER_SHOP_PER_MINUTE, ASK_PER_VISITOR_PER_MINUTE, askBudgetLeft, askEngine, askModel, askRequest, Question, takeAsk } from './ask.ts';
import { formOf } from './form.ts';
import { priceOf } from './helpers.ts';
import { newsletterRoute, NEWSLETTER_PATH } from './newsletterRoute.tsx';
import { sameOrigin } from './origin.ts';
import { pages, type Page } from './pages.tsx';
import * as q from './queries.ts';
import { neutralNotFound, renderPage } from './render.tsx';
import { absoluteLink, absoluteUrl, linkTo, placeOf, type Place } from './site.ts';
import { robotsTxt, sitemapXml } from './sitemap.ts';
import { errorField, log as logger } from '../obs/log.ts';

/** How long the set of shop hosts and each shop's facts are kept (a changed hostname or language shows within this). */
const HOSTS_TTL_MS = 5_000;
/** Spec §9: cookies live 180 days. */
const COOKIE_MAX_AGE = 15_552_000;
/** Paths every host serves as the back office does: product images (`/p/…`), the demo's banner and content pictures (`/media/…`), the placeholder, icons, the islands script. */
const SHARED_PATHS = /^\/(p\/|sf\/|media\/|download\.svg$|favicon\.(svg|ico)$|flags\/)/;

const today = () => new Date().toISOString().slice(0, 10);

export interface Storefront {
  /** Serves the storefront of the shop a request's host belongs to; other hosts go on to the back office. */
  byHost: MiddlewareHandler;
}

export function mountStorefront(app: Hono, deps: Deps): Storefront {
  const db = deps.db;
  // The listings (catalogue pages, navigation, sitemap) from the replica when there is one; the cart, forms and the visitor's own state from the primary.
  const reads = readsOf(deps);
  const detector = countryDetector(deps.config.ipCountryUrl, deps.config.ipCountryTimeoutMs);
  let hosts: { set: Promise<Set<string>>; until: number } | undefined;
  const shopCache = new Map<string, { shop: Promise<q.Shop | null>; until: number }>();

  const isShopHost = (host: string): Promise<boolean> => {
    const now = Date.now();
    if (!hosts || hosts.until <= now) {
      // A failed read is not kept: the back office goes on, the next request asks again.
      const set = q.shopHosts(db).catch((e: unknown) => {
        logger.error({ err: errorField(e) }, 'storefront: shop hosts unreadable');
        hosts = undefined;
        return new Set<string>();
      });
      hosts = { set, until: now + HOSTS_TTL_MS };
    }
    return hosts.set.then((s) => s.has(host));
  };
  const shopOf = (host: string): Promise<q.Shop | null> => {
    const now = Date.now();
    let e = shopCache.get(host);
    if (!e || e.until <= now) {
      if (shopCache.size > 1000) shopCache.clear();
      e = { shop: q.shopOfHost(db, host), until: now + HOSTS_TTL_MS };
      shopCache.set(host, e);
      e.shop.catch(() => shopCache.delete(host));
    }
    return e.shop;
  };

  const peer = (c: Context): string => {
    try {
      return getConnInfo(c).remote.address ?? '';
    } catch {
      return '';
    }
  }; /** The visitor's address (X-Forwarded-For only behind a trusted proxy): country detection, cart and chat limits. */
  const visitorOf = (c: Context): string => visitorAddress(peer(c), c.req.header('x-forwarded-for'), deps.config.trustProxy);

  /** One storefront request: `rest` is the path after the host (or after /storefront/<host>). */
  async function serve(c: Context, host: string, rest: string, localBase: string): Promise<Response> {
    const shop = await shopOf(host);
    if (!shop || !shop.active) return neutralNotFound(c);
    if (rest === '/robots.txt') return robotsTxt(c, shop, host);
    if (rest === '/sitemap.xml') return sitemapXml(c, reads, shop, host);
    const place = placeOf(shop, host, rest.replace(/\/+$/, '') || '/', localBase);
    if (!place) return neutralNotFound(c);
    if (place.path === '/country') return chooseCountry(c, shop, place);
    const post = c.req.method === 'POST';
    // The only POST forms: the cart's and the checkout's, the newsletter's, "notify me" and the chat. CSRF: only this origin's pages may post (origin.ts).
    if (post && !CART_POST_PATH.test(place.path) && !NEWSLETTER_PATH.test(place.path) && place.path !== '/notify' && place.path !== '/ask') return neutralNotFound(c);
    const refused = post && !sameOrigin(c);
    // The chat reads a status (its texts are the page's); a form gets a page in its language.
    if (refused && place.path === '/ask') return c.json({ error: 'forbidden' }, 403);
    if (post && !refused && place.path === '/notify') return notifyMe(c, shop, place);
    if (post && !refused && place.path === '/ask') return ask(c, shop, place);
    const ctx = await pageCtx(c, shop, place);
    const cartPath = post ? (CART_POST_PATH.test(place.path) ? postCart : undefined) : CART_PAGES[place.path];
    const page = cartPath ? null : NEWSLETTER_PATH.test(place.path) ? newsletterRoute : matchPage(place.path);
    const mailLink = (path: string) => (place.localBase ? `${deps.config.publicUrl}${linkTo(shop, place, place.lang, path)}` : absoluteLink(shop, place.lang, path));
    const out: Page | Response | null = refused
      ? pages.formRefused(ctx, place, helpers, 'origin')
      : cartPath
        ? await cartPath({ c, db, shop, place, ctx, helpers, visitor: visitorOf(c) })
        : page
          ? await page.run({ c, db: page === newsletterRoute ? db : reads, shop, place, ctx, helpers, mailLink })
          : null;
    if (out instanceof Response) return out;
    if (out && 'redirect' in out) return c.redirect(out.redirect, out.status ?? 301);
    const nav = await Promise.all([q.shopCategories(reads, shop.id, place.lang.code), q.pageLinks(reads, shop.id, place.lang.code)]);
    const islands = islandsScript(deps.config.uiDir);
    if (!out) {
      const head: Head = {
        title: `${ctx.t('storefront.not_found_title')} | ${shop.name}`,
        description: '',
        canonical: absoluteUrl(shop, place.lang, place.path),
        ogImage: ogDefault(shop),
        noindex: true,
      };
      return renderPage(c, { ctx, head, categories: nav[0], pages: nav[1], islands, body: pages.notFound(ctx), status: 404 });
    }
    return renderPage(c, {
      ctx: out.cartCount === undefined ? ctx : { ...ctx, cartCount: out.cartCount },
      head: out.head,
      categories: nav[0],
      pages: nav[1],
      islands,
      body: out.body,
      status: out.status ?? 200,
    });
  }

  /** "Notify me when in stock": the request recorded (or not: the same answer), back to the product's page. */
  async function notifyMe(c: Context, shop: q.Shop, place: Place): Promise<Response> {
    const form = await formOf(c);
    const input = v.safeParse(NotifyMe, { email: form?.get('email') ?? '', product: form?.get('product') ?? '' });
    const code = form?.get('product') ?? '';
    if (!/^[A-Za-z0-9._-]{1,40}$/.test(code)) return c.redirect(linkTo(shop, place, place.lang, '/'), 303);
    if (input.success) await requestArrival(db, shop, place.lang.code, input.output);
    const back = linkTo(shop, place, place.lang, `/product/${code.toLowerCase()}`);
    return c.redirect(`${back}?notify=${input.success ? 'sent' : 'invalid'}#notify`, 303);
  }

  /** The shoppers' chat (ask.ts): JSON { text, products } from the shop's published catalogue; 404 without an engine. */
  async function ask(c: Context, shop: q.Shop, place: Place): Promise<Response> {
    const engine = askEngine(deps.config);
    if (!engine) return c.json({ error: 'not_found' }, 404);
    const form = await formOf(c);
    const question = v.safeParse(Question, form?.get('q') ?? '');
    if (!question.success) return c.json({ error: 'bad_request' }, 400);
    const visitor = visitorOf(c);
    if (!(await takeAsk(deps.db, `shop:${shop.id}`, ASK_PER_SHOP_PER_MINUTE)) || !(await takeAsk(deps.db, `ip:${visitor}`, ASK_PER_VISITOR_PER_MINUTE))) return c.json({ error: 'rate_limited' }, 429);
    // The company's budget used up: "not available now" to the shopper (the chat's error text), no details.
    if (!(await askBudgetLeft(deps.db, shop.company, engine))) return c.json({ error: 'unavailable' }, 503);
    const ctx = await pageCtx(c, shop, place);
    const lang = place.lang.code;
    // The whole question first, then its words (a question is rarely a product's words all together).
    const found = new Map<string, q.CardRow>();
    const words = question.output.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3);
    for (const text of [question.output, ...words.slice(0, 6)]) {
      if (found.size >= ASK_CONTEXT_PRODUCTS) break;
      for (const r of await q.searchProducts(db, shop.id, lang, text, ASK_CONTEXT_PRODUCTS)) if (found.size < ASK_CONTEXT_PRODUCTS) found.set(r.product_code, r);
    }
    const products = [...found.values()].map((r) => {
      const card = helpers.card(ctx, r);
      return { name: card.name, price: ctx.money(card.price.price, card.price.currency), href: card.href };
    });
    try {
      const text = await askModel(deps.db, shop.company, engine, deps.config, askRequest(engine, { shop: shop.name, language: lang, products, question: question.output }));
      return c.json({ text, products });
    } catch (e) {
      logger.error({ err: errorField(e) }, 'storefront ask: failed');
      return c.json({ error: 'engine' }, 502);
    }
  }

  /** The delivery country the visitor picked (GET form: works without script); back to the page it came from. */
  async function chooseCountry(c: Context, shop: q.Shop, place: Place): Promise<Response> {
    const code = (c.req.query('c') ?? '').toUpperCase();
    const choices = await q.deliveryCountries(db, shop.company, place.lang.code);
    if (COUNTRY_CODE.test(code) && choices.some((x) => x.code === code)) setCookie(c, 'country', code, { path: '/', maxAge: COOKIE_MAX_AGE, sameSite: 'Lax', httpOnly: true });
    const back = c.req.query('back') ?? '/';
    const safe = /^\/(?!\/)[^\s\\]*$/.test(back) ? back : '/';
    return c.redirect(linkTo(shop, place, place.lang, safe), 303);
  }

  async function pageCtx(c: Context, shop: q.Shop, place: Place): Promise<PageCtx> {
    const lang = place.lang.code;
    const intl = intlOf(lang);
    const cookie = (getCookie(c, 'country') ?? '').toUpperCase();
    const [choices, detected] = await Promise.all([q.deliveryCountries(db, shop.company, lang), COUNTRY_CODE.test(cookie) ? Promise.resolve('') : detector.detect(visitorOf(c))]);
    let code = COUNTRY_CODE.test(cookie) && choices.some((x) => x.code === cookie) ? cookie : '';
    if (!code && detected && choices.some((x) => x.code === detected)) {
      code = detected;
      setCookie(c, 'country', code, { path: '/', maxAge: COOKIE_MAX_AGE, sameSite: 'Lax', httpOnly: true });
    }
    if (!code) code = shop.companyCountry;
    const cur = countryCurrency(code);
    const cart = await visitorCart(c, db, shop);
    return {
      shop,
      lang: place.lang,
      t: (id, values) => intl.formatMessage({ id }, values),
      money: (amount, currency) => mailMoney(lang, amount, currency, shop.digitsOf[currency] ?? 2),
      href: (path) => linkTo(shop, place, place.lang, path),
      alternates: shop.languages.map((l) => ({ lang: l, href: linkTo(shop, place, l, place.path), absolute: absoluteUrl(shop, l, place.path) })),
      country: { code, name: choices.find((x) => x.code === code)?.name ?? code, choices },
      displayCurrency: cur && cur !== shop.currency && canConvert(shop.companyCurrency, cur, shop.rates) ? cur : null,
      path: place.path,
      today: today(),
      cartCount: cart && cart.order_id === null ? await cartCount(db, cart.cart_id) : 0,
      chat: askEngine(deps.config) !== null,
    };
  }

  const helpers = {
    card: (ctx: PageCtx, r: q.CardRow, preset: ImagePresetName = 'productCard'): CardData => {
      const pr = IMAGE_PRESETS[preset];
      return {
        code: r.product_code,
        name: r.name,
        href: ctx.href(`/product/${r.product_code.toLowerCase()}`),
        image: { src: imageSrc(r.image_id, ctx.shop.cdn, preset), srcSet: r.image_id === null ? '' : srcSetOf(ctx.shop.cdn, r.image_id, preset), width: pr.width, height: pr.height },
        alt: r.alt || r.name,
        price: priceOf(ctx, r, ctx.shop.currency),
        approx: ctx.displayCurrency ? priceOf(ctx, r, ctx.displayCurrency) : null,
        stock: stockOf(r),
        brand: r.brand_name,
      };
    },
    image: (ctx: PageCtx, id: number | null, preset: ImagePresetName) => {
      const pr = IMAGE_PRESETS[preset];
      return { src: imageSrc(id, ctx.shop.cdn, preset), srcSet: id === null ? '' : srcSetOf(ctx.shop.cdn, id, preset), width: pr.width, height: pr.height };
    },
    head: (ctx: PageCtx, place: Place, h: Omit<Head, 'canonical' | 'ogImage'> & { ogImage?: string }): Head => ({
      ...h,
      title: `${h.title} | ${ctx.shop.name}`,
      description: h.description ? metaDescription(h.description) : '',
      canonical: absoluteUrl(ctx.shop, place.lang, place.path),
      ogImage: h.ogImage ?? ogDefault(ctx.shop),
    }),
    sanitize: sanitizeHtml,
  };

  // The islands script (vite.storefront.config.ts → dist/sf/): content-hashed, cached for a year.
  app.get('/sf/:file{[A-Za-z0-9_-]+\\.js}', async (c) => {
    let js: Buffer;
    try {
      js = await readFile(join(deps.config.uiDir, 'sf', c.req.param('file')));
    } catch {
      return c.notFound();
    }
    return c.body(new Uint8Array(js), 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=31536000, immutable' });
  });

  app.get('/storefront/:host{[^/]+}', (c) => serve(c, xHost(c.req.param('host').toLowerCase()), '/', `/storefront/${c.req.param('host')}`));
  const local = (c: Context) => {
    const host = c.req.param('host')!;
    return serve(c, xHost(host.toLowerCase()), c.req.path.slice(`/storefront/${host}`.length) || '/', `/storefront/${host}`);
  };
  app.get('/storefront/:host{[^/]+}/*', local);
  app.post('/storefront/:host{[^/]+}/*', local);

  return {
    byHost: async (c, next) => {
      const host = xHost((c.req.header('host') ?? '').toLowerCase());
      if ((c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.req.method !== 'POST') || SHARED_PATHS.test(c.req.path) || !host || !(await isShopHost(host))) return next();
      return serve(c, host, c.req.path, '');
    },
  };
}

/** A CDN image's srcset: each of the preset's other sizes at `{cdn}/p/{id}.jpg`. */
function srcSetOf(cdn: string, id: number, preset: ImagePresetName): string {
  const pr = IMAGE_PRESETS[preset];
  return pr.sizes.map((s) => `${imageSrc(id, cdn, { ...pr, width: s.width, height: s.height })} ${s.width}w`).join(', ');
}

function stockOf(r: q.CardRow): StockState {
  return Number(r.free_qty) > 0 ? 'in' : r.can_order ? 'order' : 'out';
}

/** og:image when a page has no picture of its own: the shop's logo (the site icon). */
const ogDefault = (shop: q.Shop) => `https://${shop.hostname}/favicon.svg`;

/** The cart's pages (GET): the cart, checkout, the confirmation, a reminder's links. */
const CART_PAGES: Readonly<Record<string, (a: CartArgs) => Promise<Page | Response>>> = { '/cart': cartPage, '/checkout': checkoutPage, '/checkout/done': donePage, ...CART_REMINDER_PAGES };

function matchPage(path: string) {
  for (const p of pages.routes) {
    const m = p.pattern.exec(path);
    if (m) return { run: (a: Parameters<typeof p.run>[0]) => p.run(a, m.slice(1)) };
  }
  return null;
}

let islandsCache: { dir: string; src: string | null } | undefined;
/** The islands script's URL from the storefront build's manifest (dist/sf/manifest.json); null when not built. */
function islandsScript(uiDir: string): string | null {
  if (islandsCache?.dir === uiDir) return islandsCache.src;
  let src: string | null;
  try {
    const manifest = JSON.parse(readFileSync(`${uiDir}/sf/.vite/manifest.json`, 'utf8')) as Record<string, { file: string; isEntry?: boolean }>;
    const entry = Object.values(manifest).find((e) => e.isEntry);
    src = entry ? `/sf/${entry.file}` : null;
  } catch {
    src = null;
  }
  islandsCache = { dir: uiDir, src };
  return src;
}
