import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import hu from '../../locales/hu.json' with { type: 'json' };
import { roundMoney } from '../../src/core/money.ts';
import { engines, startTestServer, type TestServer } from './harness.ts';

/** A GET with a Host header of our choosing (fetch does not let a caller set it). */
function getAs(base: string, host: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path, headers: { host, accept: 'text/html', ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

const attr = (html: string, re: RegExp): string[] => [...html.matchAll(re)].map((m) => m[1]!);
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
const hreflangs = (html: string) => attr(html, /<link rel="alternate" hrefLang="([^"]+)"/g);

describe.each(engines)('storefront on %s', (engine) => {
  let s: TestServer;
  let fake: Server;
  const asked: string[] = [];
  // The product whose price the tests follow, the one they unpublish, another company's product.
  let priced: { code: string; net: number; vat: number };
  let hidden: string;
  let foreign: string;

  beforeAll(async () => {
    // The IP-to-country service (spec §7) on 127.0.0.1: the test's visitor is in Hungary.
    fake = createServer((req, res) => {
      asked.push(req.url ?? '');
      res.end('1;HU;HUN;Hungary');
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
    const port = (fake.address() as AddressInfo).port;
    s = await startTestServer(engine, { config: { ipCountryUrl: `http://127.0.0.1:${port}/{ip}`, ipCountryTimeoutMs: 2000 } });
    const db = s.db;
    // Before any request (shops are cached for a few seconds): a multiplier, a discount, an unpublished product, an inactive shop.
    await db.exec(`update app.shopper_groups set multiplier = 1.1 where company_code = 'SK01' and is_default`);
    const p = await db.query<{ code: string; net: number; vat: number }>(
      `select p.product_code as code, coalesce(sp.shop_price, p.selling_price_shop) as net, v.vat_rate as vat
       from app.shop_products sp join app.products p using (product_code) join app.vats v using (vat_id)
       where sp.shop_id = 1 and sp.published and p.active and p.selling_price_shop > 0 order by p.product_code limit 2`,
    );
    priced = { ...p.rows[0]!, net: Number(p.rows[0]!.net), vat: Number(p.rows[0]!.vat) };
    hidden = p.rows[1]!.code;
    await db.query(`update app.products set discount_percent = 10, discount_end_date = null where product_code = $1`, [priced.code]);
    await db.query(`update app.shop_products set published = false where shop_id = 1 and product_code = $1`, [hidden]);
    foreign = (await db.query<{ c: string }>(`select sp.product_code as c from app.shop_products sp where sp.shop_id = 3 and sp.published limit 1`)).rows[0]!.c;
    await db.exec(`update app.shops set active = false where hostname = 'b2b-hu.example.com'`);
  });
  afterAll(async () => {
    await s?.close();
    await new Promise((r) => fake?.close(r));
  });

  it('serves a shop by its host, www. and port stripped; other hosts keep the back office', async () => {
    const shop = await getAs(s.url, 'shop-hu.example.com', '/');
    expect(shop.status).toBe(200);
    expect(shop.body).toMatch(/^<!DOCTYPE html><html lang="hu">/);
    expect(shop.body).toContain('Tisza Webáruház');
    const www = await getAs(s.url, 'www.shop-hu.example.com:8443', '/');
    expect(www.status).toBe(200);
    expect(canonicalOf(www.body)).toBe('https://shop-hu.example.com');
    const bo = await getAs(s.url, 'localhost', '/');
    expect(bo.body).toContain('<div id="root">');
    // The image path is never a storefront page, on any host.
    expect((await getAs(s.url, 'shop-hu.example.com', '/p/1.jpg')).body).not.toContain('Tisza Webáruház');
  });

  it('answers a shop host however it is written: a trailing dot, upper case, www. and a port are the same shop', async () => {
    const plain = await getAs(s.url, 'shop-sk.example.com', '/');
    expect(plain.status).toBe(200);
    for (const host of ['shop-sk.example.com.', 'SHOP-SK.Example.com.', 'www.shop-sk.example.com.:8443', 'Www.Shop-Sk.Example.Com:443']) {
      const r = await getAs(s.url, host, '/');
      expect(r.status, host).toBe(200);
      expect(r.body, host).not.toContain('<div id="root">');
      expect(canonicalOf(r.body), host).toBe(canonicalOf(plain.body));
    }
    // A host that only ends like one stays the back office.
    expect((await getAs(s.url, 'shop-sk.example.com..', '/')).body).toContain('<div id="root">');
  });

  it('answers an unknown shop, an inactive shop and a disabled language with the neutral 404 page', async () => {
    for (const path of ['/storefront/nope.example.com/', '/storefront/b2b-hu.example.com/', '/storefront/b2b-hu.example.com/page/about-us']) {
      const r = await getAs(s.url, 'localhost', path);
      expect(r.status, path).toBe(404);
      expect(r.body, path).toContain('<title>Page not found</title>');
      expect(r.body, path).not.toContain('id="root"');
      expect(r.body, path).not.toContain('Tisza');
    }
    expect((await getAs(s.url, 'b2b-hu.example.com', '/')).status).toBe(404);
    // A language's own domain serves its shop.
    const ro = await getAs(s.url, 'localhost', '/storefront/shop-ro.example.com/');
    expect(ro.status).toBe(200);
    expect(ro.body).toMatch(/<html lang="ro">/);
  });

  it('shows the banners of today tagged for the home page or untagged, in the page language', async () => {
    await s.db.exec(`
      insert into app.banners (shop_id, banner_title, image_url, position, tags, valid_from, valid_to) values
        (5, '{"cs":"Jen pro kategorie"}', '/download.svg', 9, 'category', null, null),
        (5, '{"cs":"Domovská akce"}', '/download.svg', 8, 'sale, home', null, null),
        (5, '{"cs":"Skončila"}', '/download.svg', 7, null, '2020-01-01', '2020-02-01')`);
    const r = await getAs(s.url, 'shop-cz.example.com', '/');
    const captions = attr(r.body, /class="caption"[^>]*>([^<]+)</g);
    expect(captions).toContain('Domovská akce');
    expect(captions).toContain('Jarní zahradní výprodej');
    expect(captions).not.toContain('Jen pro kategorie');
    expect(captions).not.toContain('Skončila');
  });

  it('renders each language with its texts, canonical URL and hreflang alternates', async () => {
    const sk = await getAs(s.url, 'localhost', '/storefront/shop-sk.example.com/');
    expect(sk.body).toMatch(/<html lang="sk">/);
    expect(sk.body).toContain('<title>Všetko pre dom a záhradu | Dunaj Shop</title>');
    expect(sk.body).toContain('Hľadať produkty');
    expect(canonicalOf(sk.body)).toBe('https://shop-sk.example.com');
    expect(hreflangs(sk.body).sort()).toEqual(['en', 'hu', 'sk', 'x-default']);
    expect(sk.body).toContain('<link rel="alternate" hrefLang="hu" href="https://shop-sk.example.com/hu"/>');
    const en = await getAs(s.url, 'localhost', '/storefront/shop-sk.example.com/en');
    expect(en.body).toMatch(/<html lang="en">/);
    expect(en.body).toContain('<title>Everything for home and garden | Dunaj Shop</title>');
    expect(en.body).toContain('Search products');
    expect(canonicalOf(en.body)).toBe('https://shop-sk.example.com/en');
    expect(en.body).toContain('<meta property="og:image" content="https://shop-sk.example.com/favicon.svg"/>');
    // Category slugs are per language.
    const cat = await getAs(s.url, 'localhost', '/storefront/shop-sk.example.com/hu/c/szerszamok');
    expect(cat.status).toBe(200);
    expect(cat.body).toMatch(/<h1>Szerszámok<\/h1>/);
    // The breadcrumb trail is named in the page's language for screen readers (issue 43 #15), not in English.
    expect(cat.body).toContain(`<nav class="crumbs" aria-label="${hu['chrome.breadcrumbs']}">`);
    const product = await getAs(s.url, 'localhost', `/storefront/shop-sk.example.com/hu/product/${priced.code.toLowerCase()}`);
    expect(product.body).toContain(`<nav class="crumbs" aria-label="${hu['chrome.breadcrumbs']}">`);
    // A slug of another language (a banner's link written once) leads to this language's.
    const moved = await getAs(s.url, 'localhost', '/storefront/shop-sk.example.com/hu/c/tools?sort=name');
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe('/storefront/shop-sk.example.com/hu/c/szerszamok?sort=name');
  });

  it('prices gross with VAT, the default shopper group multiplier and the discount, the original struck through', async () => {
    const r = await getAs(s.url, 'localhost', `/storefront/shop-sk.example.com/en/product/${priced.code.toLowerCase()}`);
    expect(r.status).toBe(200);
    const gross = priced.net * (1 + priced.vat / 100) * 1.1;
    const price = roundMoney(gross * 0.9, 2);
    const original = roundMoney(gross, 2);
    expect(Number(attr(r.body, /class="price" data-price="([^"]+)" data-currency="EUR"/g)[0])).toBe(price);
    expect(Number(attr(r.body, /data-original="([^"]+)"/g)[0])).toBe(original);
    expect(r.body).toContain(`€${price.toFixed(2)}`);
    expect(r.body).toContain('−10 %');
    // schema.org Product/Offer with the same price.
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(r.body)![1]!);
    expect(ld).toMatchObject({ '@type': 'Product', sku: priced.code, offers: { '@type': 'Offer', price: price.toFixed(2), priceCurrency: 'EUR' } });
    expect(canonicalOf(r.body)).toBe(`https://shop-sk.example.com/en/product/${priced.code.toLowerCase()}`);
    // The product's gallery: the productDetails preset with its srcset.
    expect(r.body).toMatch(/<img src="[^"]*width=850&amp;height=850[^"]*" srcSet="[^"]*300w[^"]*850w"/);
  });

  it('shows the HUF shop in forints without decimals', async () => {
    const r = await getAs(s.url, 'shop-hu.example.com', `/product/${foreign.toLowerCase()}`);
    expect(r.status).toBe(200);
    const p = attr(r.body, /class="price" data-price="([^"]+)" data-currency="HUF"/g)[0]!;
    expect(Number.isInteger(Number(p))).toBe(true);
    expect(r.body).toMatch(/\d\sFt/); // 12 345 Ft (a no-break space)
  });

  it('never shows an unpublished product or another shop’s product', async () => {
    for (const code of [hidden, foreign]) {
      const r = await getAs(s.url, 'localhost', `/storefront/shop-sk.example.com/product/${code.toLowerCase()}`);
      expect(r.status, code).toBe(404);
      expect(r.body).toContain('Stránka sa nenašla');
    }
    for (const path of ['/c/%E0%A4%A', '/product/%E0%A4%A', '/c/no-such-category', '/product/nope']) {
      expect((await getAs(s.url, 'localhost', `/storefront/shop-sk.example.com${path}`)).status, path).toBe(404);
    }
    const sitemap = await getAs(s.url, 'shop-sk.example.com', '/sitemap.xml');
    expect(sitemap.body).not.toContain(`/product/${hidden.toLowerCase()}<`);
  });

  it('lists a category with sorting, brand and price filters and pages', async () => {
    const base = '/storefront/shop-sk.example.com/en/c/tools';
    const all = await getAs(s.url, 'localhost', base);
    expect(all.status).toBe(200);
    const total = Number(attr(all.body, /data-total="(\d+)"/g)[0]);
    expect(total).toBeGreaterThan(24);
    expect(attr(all.body, /<li class="card" data-product="([^"]+)"/g)).toHaveLength(24);
    const asc = await getAs(s.url, 'localhost', `${base}?sort=price_asc`);
    const prices = attr(asc.body, /class="price" data-price="([^"]+)"/g).map(Number);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const ranged = await getAs(s.url, 'localhost', `${base}?min=50&max=100`);
    for (const p of attr(ranged.body, /class="price" data-price="([^"]+)"/g).map(Number)) expect(p >= 50 && p <= 100, String(p)).toBe(true);
    const brand = attr(all.body, /name="brand" value="(\d+)"/g)[0]!;
    const branded = await getAs(s.url, 'localhost', `${base}?brand=${brand}`);
    expect(Number(attr(branded.body, /data-total="(\d+)"/g)[0])).toBeLessThan(total);
    const page2 = await getAs(s.url, 'localhost', `${base}?page=2`);
    expect(page2.body).toMatch(/<span aria-current="page">2<\/span>/);
  });

  it('finds products despite a typo, in the page language', async () => {
    const r = await getAs(s.url, 'localhost', '/storefront/shop-sk.example.com/en/search?q=angel+grindr');
    expect(r.status).toBe(200);
    expect(r.body).toContain('<meta name="robots" content="noindex"/>');
    const names = attr(r.body, /<span class="name">([^<]+)<\/span>/g);
    expect(names.length).toBeGreaterThan(0);
    expect(names[0]).toMatch(/Grinder/);
    const none = await getAs(s.url, 'localhost', '/storefront/shop-sk.example.com/en/search?q=zzqqxx');
    expect(none.body).toContain('No products match');
  });

  it('serves Quill pages and column-block pages, store locations', async () => {
    const terms = await getAs(s.url, 'localhost', '/storefront/shop-sk.example.com/en/page/terms');
    expect(terms.status).toBe(200);
    const about = await getAs(s.url, 'localhost', '/storefront/shop-sk.example.com/en/info/about-us');
    expect(about.body).toContain('class="blocks"');
    expect(about.body).not.toMatch(/<script(?! type="application\/ld\+json")/);
    const stores = await getAs(s.url, 'localhost', '/storefront/shop-sk.example.com/en/stores');
    expect(stores.body).toContain('Bratislava – Ružinov');
    expect(stores.body).not.toContain('Budapest');
    await s.db.exec(`update app.frontend_pages set active = false where shop_id = 1 and page_code = 'terms'`);
    expect((await getAs(s.url, 'localhost', '/storefront/shop-sk.example.com/en/page/terms')).status).toBe(404);
  });

  it('has robots.txt and sitemap.xml per shop with hreflang alternates', async () => {
    const robots = await getAs(s.url, 'shop-cz.example.com', '/robots.txt');
    expect(robots.body).toContain('Sitemap: https://shop-cz.example.com/sitemap.xml');
    const map = await getAs(s.url, 'shop-cz.example.com', '/sitemap.xml');
    expect(map.status).toBe(200);
    expect(map.headers['content-type']).toContain('application/xml');
    expect(map.body).toContain('<loc>https://shop-cz.example.com</loc>');
    expect(map.body).toContain('<xhtml:link rel="alternate" hreflang="sk" href="https://shop-cz.example.com/sk"/>');
    expect(map.body).toMatch(/<loc>https:\/\/shop-cz\.example\.com\/en\/product\/p\d+<\/loc>/);
    expect(map.body).not.toContain('shop-sk.example.com');
  });

  it('detects the visitor’s country with the configured service, keeps it in a cookie and lets the visitor change it', async () => {
    const first = await getAs(s.url, 'localhost', '/storefront/shop-sk.example.com/en/stores');
    expect(asked.some((u) => u === '/127.0.0.1' || u === '/%3A%3A1' || u.startsWith('/'))).toBe(true);
    expect(String(first.headers['set-cookie'])).toContain('country=HU');
    expect(first.body).toContain('data-country="HU">Hungary<');
    // A Hungarian visitor sees forints beside the euro price.
    const product = await getAs(s.url, 'localhost', `/storefront/shop-sk.example.com/en/product/${priced.code.toLowerCase()}`, { cookie: 'country=HU' });
    expect(product.body).toContain('data-approx="HUF"');
    const change = await getAs(s.url, 'localhost', '/storefront/shop-sk.example.com/en/country?c=AT&back=/stores', { cookie: 'country=HU' });
    expect(change.status).toBe(303);
    expect(change.headers.location).toBe('/storefront/shop-sk.example.com/en/stores');
    expect(String(change.headers['set-cookie'])).toContain('country=AT');
    const after = await getAs(s.url, 'localhost', '/storefront/shop-sk.example.com/en/stores', { cookie: 'country=AT' });
    expect(after.body).toContain('data-country="AT">Austria<');
    expect(after.body).not.toContain('data-approx');
    // No way out to another site.
    const away = await getAs(s.url, 'localhost', '/storefront/shop-sk.example.com/en/country?c=AT&back=//evil.example.com');
    expect(away.headers.location).toBe('/storefront/shop-sk.example.com/en');
  });
});
