/**
 * The navigation benchmark (issue 27, "one round trip to start"): the real app through the
 * real server (the test templates' demo data: SK01 holds 20,000 of 24,000 products), in
 * headless Chromium, signed in (a fresh access token in the cookies of a fresh browser
 * context per run: cold HTTP and code caches).
 *
 * - app: navigation start → the first data rows of /en/products/product_list painted (the
 *   server's first paint, server/http/firstPaint.ts, or the app's grid, whichever is first);
 *   `grid`: the same load → the app's own grid's first rows painted (the page working);
 * - ag: AG Grid Community (infinite row model) over the same server's /rpc/api_action,
 *   product_list of the same company (pages/nav/ag.tsx);
 * - floor: a bare page making the one list call and writing a plain table (pages/nav/floor.ts);
 * - switch: product_list shown, then the menu's link to partner_list clicked: the click →
 *   partner_list's first rows painted (client-side navigation).
 *
 * The bench pages are built into the app's build under /assets/navbench/, so the server
 * serves them from its own origin (the session's cookies, no CORS).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { chromium, type Browser, type Page } from 'playwright';
import { build } from 'vite';
import { AUTH_PREFIX } from '../../src/core/authCookies.ts';
import { startTestServer, type TestServer } from '../api/harness.ts';
import { BENCH_TOKEN_COOKIE } from './pages/nav/server.ts';
import { probeScript } from './probe.ts';
import { summarize, type Summary } from './stats.ts';

export type NavCase = 'app' | 'ag' | 'floor' | 'switch';
export const NAV_CASES: readonly NavCase[] = ['app', 'ag', 'floor', 'switch'];

export interface NavRun {
  case: NavCase;
  ms: number;
  /** Requests to /rpc and /shops before the first rows were painted (app and switch). */
  calls: string[];
  /** The app case: navigation start → the app's own grid's first rows painted. */
  gridMs?: number;
  error?: string;
}

export interface NavResults {
  runs: NavRun[];
  summary: Record<NavCase, Summary>;
  /** The app case's `gridMs`. */
  grid: Summary;
  products: number;
  chromium: string;
}

/** Issue 27's targets. */
export const NAV_TARGETS = { vsAg: 0.5, vsFloor: 2, switchVsFloor: 1.5 } as const;

const VIEWPORT = { width: 1280, height: 800 };
const WAIT_MS = 30_000;
const PRODUCTS = 24_000;
const COMPANY = 'SK01';
const BASE = '/assets/navbench/';

/** Each case's first data row (its key cell, with text). */
const APP_GRID = '.screen-grid[data-form="product_list"] [role=row][data-key] [data-field="product_code"]';
const FIRST: Record<NavCase, string> = {
  app: `#first-paint [role=row][data-key] [data-field="product_code"], ${APP_GRID}`,
  ag: '.ag-row[row-index="0"] .ag-cell[col-id="product_code"]',
  floor: '#floor tbody tr td',
  switch: '.screen-grid[data-form="partner_list"] [role=row][data-key]',
};
const PATH: Record<Exclude<NavCase, 'switch'>, string> = { app: '/en/products/product_list', ag: `${BASE}ag.html`, floor: `${BASE}floor.html` };

const withTimeout = <T>(p: Promise<T>, ms: number, what: string): Promise<T> =>
  Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: no result within ${ms / 1000} s`)), ms))]);

/** The app (project vite.config.ts) and the two bench pages under its /assets/navbench/. */
async function buildAll(dir: string, root: string): Promise<void> {
  await build({ configFile: resolve(root, 'vite.config.ts'), root, logLevel: 'warn', build: { outDir: dir, emptyOutDir: true, sourcemap: false } });
  const pages = fileURLToPath(new URL('./pages/nav/', import.meta.url));
  await build({
    configFile: false,
    root: pages,
    base: BASE,
    mode: 'production',
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: join(dir, 'assets', 'navbench'), emptyOutDir: true, chunkSizeWarningLimit: 4096, rollupOptions: { input: { ag: `${pages}ag.html`, floor: `${pages}floor.html` } } },
  });
}

/** A browser context signed in as admin in SK01 (a fresh token per run: runs never outlive it). */
async function signedInPage(browser: Browser, server: TestServer, first: string, second?: string): Promise<{ page: Page; close(): Promise<void>; calls: { url: string; at: number }[] }> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  // The app's sign-in: the server's HttpOnly refresh and page-token cookies in the context's jar.
  const login = await context.request.post(`${server.url}/rpc/login`, { data: { email: 'admin@example.com', password: 'demo-password', refresh_cookie: true } });
  const { token } = (await login.json()) as { token: string };
  const url = new URL(server.url);
  const cookie = (name: string, value: string) => ({ name, value: encodeURIComponent(value), domain: url.hostname, path: '/', sameSite: 'Lax' as const });
  // The bench's own pages (nav-ag, nav-floor) read their token from a cookie of their own; the app's from the refresh call.
  await context.addCookies([cookie(BENCH_TOKEN_COOKIE, token), cookie(`${AUTH_PREFIX}strategy`, 'local'), cookie('company', COMPANY), cookie('language', 'en')]);
  const page = await context.newPage();
  await page.addInitScript({ content: probeScript({ firstCell: first, ...(second ? { secondCell: second } : {}) }) });
  const calls: { url: string; at: number }[] = [];
  const t0 = Date.now();
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (!/^\/(rpc|shops)/.test(u.pathname)) return;
    const act = /"entity":"([a-z_]+)","action":"([a-z_]+)"/.exec(r.postData() ?? '');
    calls.push({ url: act ? `${u.pathname} ${act[1]} ${act[2]}` : u.pathname, at: Date.now() - t0 });
  });
  return { page, calls, close: () => context.close() };
}

/** Resolves when `selector` shows text, with the paint time (ms since the page's time origin). */
const firstRows = (page: Page, selector: string) =>
  withTimeout(page.evaluate(`window.__probe.when(() => !!window.__probe.cellText(${JSON.stringify(selector)})).then((r) => r.paint)`) as Promise<number>, WAIT_MS, `first rows (${selector})`);

async function runCase(browser: Browser, server: TestServer, c: NavCase): Promise<NavRun> {
  const s = await signedInPage(browser, server, FIRST[c === 'switch' ? 'app' : c], c === 'app' ? APP_GRID : undefined);
  const run: NavRun = { case: c, ms: NaN, calls: [] };
  try {
    await s.page.goto(server.url + PATH[c === 'switch' ? 'app' : c], { waitUntil: 'commit' });
    const painted = (await withTimeout(s.page.evaluate('window.__probe.firstRow.then((r) => r.paint)') as Promise<number>, WAIT_MS, 'first rows')) as number;
    if (c !== 'switch') {
      run.ms = painted;
      run.calls = s.calls.map((x) => x.url);
      if (c === 'app') run.gridMs = (await withTimeout(s.page.evaluate('window.__probe.secondRow.then((r) => r.paint)') as Promise<number>, WAIT_MS, 'the grid')) as number;
      return run;
    }
    // Settled (lookups, catalogue's later part), then the menu opened, then the timed click.
    await s.page.waitForTimeout(800);
    await s.page.getByRole('button', { name: 'Menu', exact: true }).click();
    const link = s.page.getByRole('navigation', { name: 'Menu' }).locator('a[href="/en/partners/partner_list"]');
    await link.waitFor();
    await s.page.waitForTimeout(300);
    const before = s.calls.length;
    const shown = firstRows(s.page, FIRST.switch);
    await link.click();
    const paint = await shown;
    const clicked = (await s.page.evaluate('window.__probe.events.click')) as number;
    run.ms = paint - clicked;
    run.calls = s.calls.slice(before).map((x) => x.url);
  } catch (e) {
    run.error = e instanceof Error ? e.message.split('\n')[0]! : String(e);
  } finally {
    await s.close();
  }
  return run;
}

export async function runNavBench(opts: { runs: number; chromiumPath: string; launchArgs: string[]; log: (s: string) => void; root?: string }): Promise<NavResults> {
  const root = opts.root ?? process.cwd();
  const dir = mkdtempSync(join(tmpdir(), 'bo-nav-'));
  opts.log('nav: building the app and the navigation pages');
  await buildAll(dir, root);
  opts.log(`nav: starting the server (PGlite, ${PRODUCTS.toLocaleString('en-GB')} demo products)`);
  const server = await startTestServer('pglite', { uiDir: dir, config: { demoProducts: PRODUCTS } });
  const browser = await chromium.launch({ executablePath: opts.chromiumPath, headless: true, args: opts.launchArgs });
  const runs: NavRun[] = [];
  const version = browser.version();
  try {
    // One unmeasured round: the server's caches (sessions, grants, plans) warm, as in use.
    for (const c of NAV_CASES) await runCase(browser, server, c);
    for (let i = 0; i < opts.runs; i++) {
      for (let k = 0; k < NAV_CASES.length; k++) {
        const c = NAV_CASES[(i + k) % NAV_CASES.length]!;
        const r = await runCase(browser, server, c);
        runs.push(r);
        opts.log(
          `nav ${c.padEnd(6)} run ${i + 1}/${opts.runs}: ${r.ms.toFixed(0)} ms${r.error ? ` (${r.error})` : ''}${c === 'app' || c === 'switch' ? `; calls before the rows: ${r.calls.join(', ')}` : ''}`,
        );
      }
    }
  } finally {
    await browser.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
    opts.log(`nav: done (Chromium ${version})`);
  }
  const summary = Object.fromEntries(NAV_CASES.map((c) => [c, summarize(runs.filter((r) => r.case === c).map((r) => r.ms))])) as Record<NavCase, Summary>;
  const grid = summarize(runs.flatMap((r) => (r.gridMs === undefined ? [] : [r.gridMs])));
  return { runs, summary, grid, products: PRODUCTS, chromium: version };
}
