/**
 * The storefront in Chromium (issue 26): a visitor of a demo shop (opened through the local
 * /storefront/<hostname>/ path) goes from the home page to a category, filters and sorts it
 * with the GET form, opens a product, switches the language and searches with a typo. The
 * pages run under the storefront's CSP (no violation), load at most the islands script,
 * and no late content moves the layout (CLS).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { browserSuite } from './browser.ts';

const t = browserSuite({ width: 1280, height: 900 });
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical findings on the current page (run through the DevTools protocol: the page's CSP allows no inline script). */
async function axeProblems(): Promise<string[]> {
  await t.page.evaluate(axeSource);
  const found = await t.page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown }[] }[] }> } }).axe;
    return (await axe.run()).violations.map((v) => ({ id: v.id, impact: v.impact, where: JSON.stringify(v.nodes.slice(0, 2).map((n) => n.target)) }));
  });
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}) ${v.where}`);
}

/**
 * Layout shifts of the page so far (the CLS entries the browser reported), read once the late content is in: the
 * page loaded (pictures, the islands script), its fonts ready, and a frame drawn after that (a shift is reported
 * with the frame that made it). A buffered observer holds the entries reported before it at once (takeRecords).
 */
const cls = () =>
  t.page.evaluate(async () => {
    if (document.readyState !== 'complete') await new Promise((r) => addEventListener('load', r, { once: true }));
    await document.fonts.ready;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const observer = new PerformanceObserver(() => {});
    observer.observe({ type: 'layout-shift', buffered: true });
    const entries = observer.takeRecords() as unknown as { value: number; hadRecentInput: boolean }[];
    observer.disconnect();
    return entries.reduce((sum, e) => (e.hadRecentInput ? sum : sum + e.value), 0);
  });

describe('storefront', () => {
  it('browses home → category → product, changes language and searches', async () => {
    const db = t.server.db;
    // Pictures from this server (the demo's CDN host is not reachable from the test).
    await db.exec(`update app.settings set value = '' where key = 'cdn'; update app.banners set image_url = '/download.svg'`);
    const scripts: string[] = [];
    t.page.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(r.url())));
    const base = `${t.server.url}/storefront/shop-sk.example.com`;

    await t.page.goto(`${base}/en`);
    await expect.poll(() => t.page.title()).toBe('Everything for home and garden | Dunaj Shop');
    // The demo's banners tagged 'home' (the third is tagged 'delivery, sale').
    expect(await t.page.locator('.carousel .slide').count()).toBe(2);
    expect(await cls()).toBeLessThanOrEqual(0.02);

    // A category card, then the listing in 4 columns at 1280 px.
    await t.page.locator('ul.cats-grid a', { hasText: 'Tools' }).click();
    await expect.poll(() => t.page.locator('h1').innerText()).toBe('Tools');
    const cols = await t.page
      .locator('ul.grid')
      .first()
      .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(cols).toBe(4);
    expect(await cls()).toBeLessThanOrEqual(0.02);

    // Sort by price with the form (no script needed): prices ascend.
    await t.page.selectOption('select[name="sort"]', 'price_asc');
    await t.page.locator('form.filters button[type="submit"]').click();
    await expect.poll(() => t.page.url()).toContain('sort=price_asc');
    const prices = (await t.page.locator('.card .price').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-price'))))) as number[];
    expect(prices.length).toBeGreaterThan(1);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    // A product: gallery, price, stock.
    const first = t.page.locator('.card a').first();
    const name = await first.locator('.name').innerText();
    await first.click();
    await expect.poll(() => t.page.locator('h1').innerText()).toBe(name);
    expect(await t.page.locator('.gallery img').first().getAttribute('srcset')).toContain('850w');
    await expect.poll(() => t.page.locator('.product .price').first().innerText()).toContain('€');

    // The same product in Slovak.
    await t.page.locator('nav.langs a', { hasText: 'SK' }).click();
    await expect.poll(() => t.page.locator('html').getAttribute('lang')).toBe('sk');
    expect(t.page.url()).toMatch(/\/storefront\/shop-sk\.example\.com\/product\/p\d+$/);
    await expect.poll(() => t.page.locator('.stock').first().innerText()).toMatch(/Na sklade|Na objednávku|Vypredané/);

    // Search with a typo in English.
    await t.page.goto(`${base}/en`);
    await t.page.fill('input[name="q"]', 'angel grindr');
    await t.page.press('input[name="q"]', 'Enter');
    await expect.poll(() => t.page.locator('h1').innerText()).toBe('Search: angel grindr');
    await expect.poll(() => t.page.locator('.card .name').first().innerText()).toMatch(/Grinder/);

    // The only script any page loaded: the islands file, far below the 60 KiB (gzipped) page budget, cached for a year.
    expect(new Set(scripts.map((u) => new URL(u).pathname.replace(/-[\w-]+\.js$/, '.js')))).toEqual(new Set(['/sf/islands.js']));
    const js = await fetch(scripts[0]!);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(gzipSync(Buffer.from(await js.arrayBuffer())).length).toBeLessThan(2 * 1024);
  });

  it('has no serious or critical accessibility problem (axe-core) on home, category, product, search and stores', async () => {
    await t.server.db.exec(`update app.settings set value = '' where key = 'cdn'; update app.banners set image_url = '/download.svg'`);
    const base = `${t.server.url}/storefront/shop-hu.example.com`;
    const code = (await t.server.db.query<{ c: string }>(`select lower(product_code) as c from app.v_published_products where shop_id = 3 order by product_code limit 1`)).rows[0]!.c;
    for (const path of ['/', '/c/szerszamok', `/product/${code}`, '/search?q=lampa', '/stores', '/en/info/about-us']) {
      await t.page.goto(base + path);
      expect(await axeProblems(), path).toEqual([]);
    }
  });

  it('changes the delivery country with the header form', async () => {
    await t.page.goto(`${t.server.url}/storefront/shop-sk.example.com/en/stores`);
    await t.page.selectOption('#country', 'AT');
    await expect.poll(() => t.page.locator('footer [data-country]').getAttribute('data-country')).toBe('AT');
    expect(t.page.url()).toMatch(/\/storefront\/shop-sk\.example\.com\/en\/stores$/);
  });
});
