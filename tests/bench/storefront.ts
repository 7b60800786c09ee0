/**
 * Storefront benchmark (issue 26), on the demo data (a copy of the test template with
 * `BENCH_SF_PRODUCTS` products, pictures included) and the real server, per engine:
 *
 * - Server response: a category page (the shop's largest category) and a product page
 *   (pictures, related products), timed from an HTTP client on its own thread (request
 *   sent → whole page read), against the floor (storefrontFloor.ts: a bare node:http
 *   handler running the same queries on the same db handle and writing the HTML by hand).
 *   The two alternate request by request. Target: ≤ 1.5× the floor.
 * - In headless Chromium (a fresh context per load, 1280×800): LCP of the real page
 *   against a static copy of it (the same HTML without its scripts, the same CSS and
 *   pictures) served by the same server from its /media/ files; CLS of the real page; the
 *   JS it loads (gzipped); axe-core's serious and critical findings.
 *   Targets: LCP ≤ 1.5× the static copy, CLS ≤ 0.02, JS ≤ 60 KiB, no serious/critical finding.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright';
import { startTestServer, type Engine, type TestServer } from '../api/harness.ts';
import * as q from '../../src/server/storefront/queries.ts';
import { httpClient } from './httpClient.ts';
import { ratio, summarize, type Summary } from './stats.ts';
import { startStorefrontFloor } from './storefrontFloor.ts';

export const SF_HOST = 'shop-sk.example.com';
export const SF_TARGETS = { response: 1.5, lcp: 1.5, cls: 0.02, jsKiB: 60 } as const;
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type SfPageName = 'category' | 'product';

export interface SfPageResult {
  page: SfPageName;
  path: string;
  serverMs: Summary;
  floorMs: Summary;
  serverBytes: number;
  floorBytes: number;
  /** Product cards on each page (the two must show the same). */
  cards: { server: number; floor: number };
  /** Browser figures (absent when the browser part did not run). */
  lcpMs?: Summary;
  staticLcpMs?: Summary;
  /** From navigation start to the first byte of the real page. */
  ttfbMs?: Summary;
  clsMax?: number;
  jsGzipBytes?: number;
  axe?: string[];
}

export interface SfEngineResult {
  engine: Engine;
  products: number;
  category?: { name: string; products: number };
  pages: SfPageResult[];
  error?: string;
}

export interface SfSettings {
  runs: number;
  lcpRuns: number;
  products: number;
}

/** One load in a fresh context: LCP and CLS as the page's observers report them, TTFB, the scripts it loaded (gzipped bytes). */
async function load(browser: Browser, url: string): Promise<{ lcp: number; cls: number; ttfb: number; js: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const js: Promise<number>[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script')
        js.push(
          r.body().then(
            (b) => gzipSync(b).length,
            () => 0,
          ),
        );
    });
    const res = await page.goto(url, { waitUntil: 'load' });
    if (res?.status() !== 200) throw new Error(`${url}: HTTP ${res?.status()}`);
    // Through the DevTools protocol: the real page's CSP allows no inline script.
    const m = await page.evaluate(
      () =>
        new Promise<{ lcp: number; cls: number; ttfb: number }>((resolve) => {
          let lcp = NaN;
          let cls = 0;
          new PerformanceObserver((l) => {
            for (const e of l.getEntries()) lcp = e.startTime;
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          new PerformanceObserver((l) => {
            for (const e of l.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) cls += e.value;
          }).observe({ type: 'layout-shift', buffered: true });
          const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
          setTimeout(() => resolve({ lcp, cls, ttfb: nav?.responseStart ?? NaN }), 500);
        }),
    );
    return { ...m, js: (await Promise.all(js)).reduce((a, b) => a + b, 0) };
  } finally {
    await context.close();
  }
}

async function axeFindings(browser: Browser, url: string): Promise<string[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await page.evaluate(axeSource);
    const found = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string | null; nodes: unknown[] }[] }> } }).axe;
      return (await axe.run()).violations.map((v) => ({ id: v.id, impact: v.impact, n: v.nodes.length }));
    });
    return found.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}, ${v.n} nodes)`);
  } finally {
    await context.close();
  }
}

/** The shop's category with the most published products (the longest listing), and a product with pictures and the most related products. */
async function pickPages(s: TestServer): Promise<{ category: { slug: string; name: string; products: number }; product: string }> {
  const shop = (await q.shopOfHost(s.db, SF_HOST))!;
  const lang = shop.languages.find((l) => l.isDefault)!.code;
  let best: { slug: string; name: string; products: number } | undefined;
  for (const c of await q.shopCategories(s.db, shop.id, lang)) {
    const n = (await q.categoryProducts(s.db, shop.id, lang, c.id)).length;
    if (!best || n > best.products) best = { slug: c.slug, name: c.name, products: n };
  }
  const product = await s.db.query<{ c: string }>(
    `select pp.product_code as c from app.v_published_products pp
     where pp.shop_id = $1 and exists (select 1 from app.product_images i where i.product_code = pp.product_code)
     order by (select count(*) from app.product_images i where i.product_code = pp.product_code) > 1 desc,
              (select count(*) from app.product_accessories a where a.product_code = pp.product_code) + (select count(*) from app.product_alternatives a where a.product_code = pp.product_code) desc,
              pp.product_code
     limit 1`,
    [shop.id],
  );
  return { category: best!, product: product.rows[0]!.c.toLowerCase() };
}

const countCards = (html: string) => (html.match(/<li class="card"/g) ?? []).length;

export async function runStorefrontBench(o: { engines: Engine[]; settings: SfSettings; tmp: string; browser: () => Promise<Browser>; log: (s: string) => void }): Promise<SfEngineResult[]> {
  const out: SfEngineResult[] = [];
  // A copy of the built UI: the static copies of the pages go into its /media/ (served by the same server).
  const ui = join(o.tmp, 'sf-ui');
  // A fresh checkout has no build yet: the one `npm start` makes.
  if (!existsSync(join('dist', 'sf', '.vite', 'manifest.json'))) {
    o.log('storefront: building the UI (npm run build)');
    execFileSync('npm', ['run', 'build'], { stdio: 'ignore' });
  }
  cpSync('dist', ui, { recursive: true });
  mkdirSync(join(ui, 'media', 'bench'), { recursive: true });
  const manifest = JSON.parse(readFileSync(join(ui, 'sf', '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string; isEntry?: boolean }>;
  const islands = `/sf/${Object.values(manifest).find((e) => e.isEntry)!.file}`;
  for (const engine of o.engines) {
    const result: SfEngineResult = { engine, products: o.settings.products, pages: [] };
    out.push(result);
    let s: TestServer | undefined;
    let floor: Awaited<ReturnType<typeof startStorefrontFloor>> | undefined;
    const client = httpClient();
    try {
      const t0 = performance.now();
      s = await startTestServer(engine, { uiDir: ui, config: { demoProducts: o.settings.products, imageCacheDir: join(o.tmp, `sf-images-${engine}`) } });
      o.log(`storefront ${engine}: server with ${o.settings.products} demo products in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
      // Pictures from this server (the demo's CDN host is not reachable here).
      await s.db.exec(`update app.settings set value = '' where key = 'cdn'`);
      floor = await startStorefrontFloor(s.db, islands);
      const picked = await pickPages(s);
      result.category = { name: picked.category.name, products: picked.category.products };
      const paths: Record<SfPageName, string> = { category: `/c/${picked.category.slug}`, product: `/product/${picked.product}` };
      const headers = { host: SF_HOST, accept: 'text/html' };
      for (const name of ['category', 'product'] as const) {
        const path = paths[name];
        const first = await client.get(`${s.url}${path}`, headers, true);
        const floorFirst = await client.get(`${floor.url}${path}`, headers, true);
        if (first.status !== 200 || floorFirst.status !== 200) throw new Error(`${name} ${path}: server ${first.status}, floor ${floorFirst.status}`);
        const serverMs: number[] = [];
        const floorMs: number[] = [];
        for (let i = 0; i < 3; i++) {
          await client.get(`${s.url}${path}`, headers);
          await client.get(`${floor.url}${path}`, headers);
        }
        for (let i = 0; i < o.settings.runs; i++) {
          // Alternating, the first of each pair alternating too.
          const pair = i % 2 ? [floor.url, s.url] : [s.url, floor.url];
          for (const base of pair) (base === s.url ? serverMs : floorMs).push((await client.get(`${base}${path}`, headers)).ms);
        }
        const r: SfPageResult = {
          page: name,
          path,
          serverMs: summarize(serverMs),
          floorMs: summarize(floorMs),
          serverBytes: first.bytes,
          floorBytes: floorFirst.bytes,
          cards: { server: countCards(String(first.body)), floor: countCards(String(floorFirst.body)) },
        };
        result.pages.push(r);
        o.log(
          `storefront ${engine} ${name}: server ${r.serverMs.median.toFixed(1)} ms, floor ${r.floorMs.median.toFixed(1)} ms (${ratio(r.serverMs.median, r.floorMs.median).toFixed(2)}×); ${r.serverBytes} / ${r.floorBytes} bytes, ${r.cards.server} / ${r.cards.floor} cards`,
        );
        // The static copy: the page's HTML as the browser gets it on the local path, its scripts taken out.
        const local = await fetch(`${s.url}/storefront/${SF_HOST}${path}`);
        const html = (await local.text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
        writeFileSync(join(ui, 'media', 'bench', `${name}.html`), html);
      }
      if (o.settings.lcpRuns > 0) {
        const browser = await o.browser();
        try {
          for (const r of result.pages) {
            const real = `${s.url}/storefront/${SF_HOST}${r.path}`;
            const copy = `${s.url}/media/bench/${r.page}.html`;
            // Warm-up: the pictures rendered into the server's image cache, the page's queries planned.
            await load(browser, real);
            await load(browser, copy);
            const lcp: number[] = [];
            const staticLcp: number[] = [];
            const ttfb: number[] = [];
            let cls = 0;
            let js = 0;
            for (let i = 0; i < o.settings.lcpRuns; i++) {
              for (const which of i % 2 ? ['copy', 'real'] : ['real', 'copy']) {
                const m = await load(browser, which === 'real' ? real : copy);
                if (which === 'real') {
                  lcp.push(m.lcp);
                  ttfb.push(m.ttfb);
                  cls = Math.max(cls, m.cls);
                  js = Math.max(js, m.js);
                } else staticLcp.push(m.lcp);
              }
            }
            Object.assign(r, { lcpMs: summarize(lcp), staticLcpMs: summarize(staticLcp), ttfbMs: summarize(ttfb), clsMax: cls, jsGzipBytes: js, axe: await axeFindings(browser, real) });
            o.log(
              `storefront ${engine} ${r.page}: LCP ${r.lcpMs!.median.toFixed(0)} ms, static copy ${r.staticLcpMs!.median.toFixed(0)} ms (${ratio(r.lcpMs!.median, r.staticLcpMs!.median).toFixed(2)}×), CLS ${cls.toFixed(3)}, JS ${(js / 1024).toFixed(1)} KiB, axe ${r.axe!.length}`,
            );
          }
        } finally {
          await browser.close();
        }
      }
    } catch (e) {
      result.error = e instanceof Error ? e.message.split('\n')[0] : String(e);
      o.log(`storefront ${engine}: ${result.error}`);
    } finally {
      await client.close();
      await floor?.close();
      await s?.close();
    }
  }
  return out;
}

export const STOREFRONT_HEADING = '## Storefront: category and product pages';

const ms = (x: number | undefined) => (x === undefined || !Number.isFinite(x) ? '—' : x < 10 ? x.toFixed(2) : x.toFixed(1));
const met = (ok: boolean) => (ok ? '**yes**' : '**no**');

export function renderStorefrontSection(results: SfEngineResult[], settings: SfSettings, when: string): string[] {
  const out = [
    STOREFRONT_HEADING,
    '',
    `${when}. Issue 26's targets, the real server on the demo data (${settings.products.toLocaleString('en')} products, generated pictures) of the shop \`${SF_HOST}\` in its default language (tests/bench/storefront.ts).`,
    '',
    `- **Server response**: request sent → whole page read, from an HTTP client on its own thread with a keep-alive socket, ${settings.runs} runs each after 3 untimed, the real server and the floor alternating. The floor (tests/bench/storefrontFloor.ts) is a bare \`node:http\` handler running the same queries on the same db handle, with the same price rule, texts and stylesheet, writing the HTML by hand. Target ≤ ${SF_TARGETS.response}× the floor.`,
    `- **In Chromium** (headless, a fresh context per load, 1280×800, ${settings.lcpRuns} loads each alternating): LCP of the real page against a static copy of it (its HTML without scripts, the same CSS and pictures) served by the same server; CLS (the worst load); the JS it loads, gzipped; axe-core's serious and critical findings. Targets: LCP ≤ ${SF_TARGETS.lcp}× the copy, CLS ≤ ${SF_TARGETS.cls}, JS ≤ ${SF_TARGETS.jsKiB} KiB, no finding.`,
    '',
  ];
  for (const r of results) {
    out.push(`### ${r.engine === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL server'}`, '');
    if (r.error) out.push(`Not measured: ${r.error}`, '');
    if (!r.pages.length) continue;
    if (r.category)
      out.push(`Category page: “${r.category.name}”, ${r.category.products.toLocaleString('en')} published products in it and its subcategories (the page sorts and pages them: 24 cards).`, '');
    out.push('| Page | Server median / p95 (ms) | Floor median / p95 (ms) | Ratio | Target | Met? | HTML bytes server / floor | Cards |', '|---|---:|---:|---:|---|---|---:|---:|');
    for (const p of r.pages) {
      const x = ratio(p.serverMs.median, p.floorMs.median);
      out.push(
        `| ${p.page} \`${p.path}\` | ${ms(p.serverMs.median)} / ${ms(p.serverMs.p95)} | ${ms(p.floorMs.median)} / ${ms(p.floorMs.p95)} | ${x.toFixed(2)}× | ≤ ${SF_TARGETS.response}× | ${met(x <= SF_TARGETS.response)} | ${p.serverBytes.toLocaleString('en')} / ${p.floorBytes.toLocaleString('en')} | ${p.cards.server} / ${p.cards.floor} |`,
      );
    }
    out.push('');
    if (r.pages.some((p) => p.lcpMs)) {
      out.push(
        '| Page | LCP real median / p95 (ms) | LCP static copy median / p95 (ms) | Ratio | Met? | TTFB median (ms) | CLS (worst) | JS gzipped (KiB) | axe serious/critical |',
        '|---|---:|---:|---:|---|---:|---:|---:|---|',
      );
      for (const p of r.pages) {
        if (!p.lcpMs || !p.staticLcpMs) continue;
        const x = ratio(p.lcpMs.median, p.staticLcpMs.median);
        const js = (p.jsGzipBytes ?? 0) / 1024;
        out.push(
          `| ${p.page} | ${ms(p.lcpMs.median)} / ${ms(p.lcpMs.p95)} | ${ms(p.staticLcpMs.median)} / ${ms(p.staticLcpMs.p95)} | ${x.toFixed(2)}× | ${met(x <= SF_TARGETS.lcp)} | ${ms(p.ttfbMs?.median)} | ${(p.clsMax ?? NaN).toFixed(3)} ${met((p.clsMax ?? 1) <= SF_TARGETS.cls)} | ${js.toFixed(1)} ${met(js <= SF_TARGETS.jsKiB)} | ${p.axe?.length ? p.axe.join('; ') : 'none'} ${met(!p.axe?.length)} |`,
        );
      }
      out.push('');
    }
  }
  return out;
}
