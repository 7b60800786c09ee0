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
 * - In the same loads of app, ag and floor (issue 49): the JS the page loaded before it was
 *   idle (every script response, gzipped as sizes.ts does: the live rows shown, then no
 *   request for a second); then a sort (a click on supplier_product_code's header → the
 *   sorted first row painted) and a filter (product_name's filter typed — applied by Enter
 *   in the app, at once in AG Grid (debounce 0) and the floor → the first matching row
 *   painted), each through the server, timed from the event's timeStamp. The expected first
 *   rows come from the same list calls made by the bench; the floor is handed the app's own
 *   sort and filter payloads (captured in the unmeasured round) and sends them as they are.
 *
 * The bench pages are built into the app's build under /assets/navbench/, so the server
 * serves them from its own origin (the session's cookies, no CORS).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { chromium, type Browser, type Page } from 'playwright';
import { build } from 'vite';
import { AUTH_PREFIX } from '../../src/core/authCookies.ts';
import { configFromEnv } from '../../src/server/config.ts';
import { startServer, type Running } from '../../src/server/server.ts';
import { BENCH_TOKEN_COOKIE, FILTER_FIELD, FORM, SORT_FIELD, type NavBenchBodies } from './pages/nav/server.ts';
import { scratchDatabase } from '../setup/scratchDatabase.ts';
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
  /** app, ag, floor: the click on the sort column's header → the sorted first row painted. */
  sortMs?: number;
  /** app, ag, floor: the filter's applying event (Enter in the app, the input elsewhere) → the first matching row painted. */
  filterMs?: number;
  sortPhases?: Phases;
  filterPhases?: Phases;
  /** app, ag, floor: gzipped JS the page loaded before it was idle (bytes), and the files. */
  js?: { gzip: number; files: number; largest: { file: string; gzip: number }[] };
  /** The list payloads the page sent for the sort and the filter. */
  bodies?: NavBenchBodies;
  error?: string;
}

/** An interaction's list call: the client's work before it left (ms from the event), the request (sent → answer read), the work after it (→ painted). */
export interface Phases {
  before: number;
  request: number;
  after: number;
}

/** The cases with a sort, a filter and a JS figure. */
type PageCase = 'app' | 'ag' | 'floor';
const PAGE_CASES: readonly PageCase[] = ['app', 'ag', 'floor'];

export interface NavResults {
  runs: NavRun[];
  summary: Record<NavCase, Summary>;
  /** The app case's `gridMs`. */
  grid: Summary;
  sort: Record<PageCase, Summary>;
  filter: Record<PageCase, Summary>;
  /** Medians of the phases (before the request, the request, after it) of the sort and the filter. */
  phases: Record<'sort' | 'filter', Record<PageCase, Phases | null>>;
  /** Gzipped KiB of JS loaded before idle. */
  jsKiB: Record<PageCase, Summary>;
  /** The floor sent the app's payloads (byte for byte) for the sort and the filter. */
  sameBody: { sort: boolean; filter: boolean };
  /** The sort column, the filter's column and text, and the expected first rows. */
  interaction: { sortField: string; filterField: string; filterText: string; sortedFirst: string; filteredFirst: string };
  products: number;
  /** The app's database: 'PGlite' (in the app's process) or 'PostgreSQL server'. */
  engine?: string;
  chromium: string;
}

/** Issue 27's targets, and issue 49's (live rows, sort and filter, JS before idle). */
export const NAV_TARGETS = { vsAg: 0.5, vsFloor: 2, switchVsFloor: 1.5, liveVsAg: 0.6, liveVsFloor: 3, interactVsAg: 0.8, interactVsFloor: 1.25, jsKiB: 200 } as const;

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
/** The live first data row's key cell (app: the first body row, after the header and filter rows). */
const LIVE_FIRST: Record<PageCase, string> = {
  app: '.screen-grid[data-form="product_list"] [role=row][aria-rowindex="3"][data-key] [data-field="product_code"]',
  ag: FIRST.ag,
  floor: '#floor tbody tr td',
};
const SORT_HEADER: Record<PageCase, string> = {
  app: `.screen-grid[data-form="product_list"] [role="columnheader"][data-field="${SORT_FIELD}"] button.grid-sort`,
  ag: `.ag-header-cell[col-id="${SORT_FIELD}"] .ag-header-cell-label`,
  floor: `#floor th[data-field="${SORT_FIELD}"]`,
};
const FILTER_INPUT: Record<PageCase, string> = {
  app: `.screen-grid[data-form="product_list"] [data-filter-field="${FILTER_FIELD}"] input`,
  ag: `.ag-floating-filter[col-id="${FILTER_FIELD}"] input`,
  floor: `#floor input[data-filter-field="${FILTER_FIELD}"]`,
};
/** Quiet this long (no request) after the live rows: the page is idle. */
const IDLE_MS = 1000;

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
interface Signed {
  page: Page;
  close(): Promise<void>;
  calls: { url: string; at: number; body?: string }[];
  /** Script responses: their path and gzipped size (gzip level 9 of the body, as sizes.ts). */
  scripts: Promise<{ file: string; gzip: number }>[];
  lastRequestAt(): number;
}

async function signedInPage(browser: Browser, server: Running, first: string, second?: string, bodies?: NavBenchBodies): Promise<Signed> {
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
  if (bodies) await page.addInitScript({ content: `window.__navbench = ${JSON.stringify(bodies)};` });
  const calls: Signed['calls'] = [];
  const scripts: Signed['scripts'] = [];
  const t0 = Date.now();
  let last = Date.now();
  page.on('request', (r) => {
    last = Date.now();
    const u = new URL(r.url());
    if (!/^\/(rpc|shops)/.test(u.pathname)) return;
    const post = r.postData() ?? '';
    const act = /"entity":"([a-z_]+)","action":"([a-z_]+)"/.exec(post);
    calls.push({ url: act ? `${u.pathname} ${act[1]} ${act[2]}` : u.pathname, at: Date.now() - t0, body: post });
  });
  page.on('requestfinished', () => void (last = Date.now()));
  page.on('response', (r) => {
    if (r.request().resourceType() !== 'script' && !new URL(r.url()).pathname.endsWith('.js')) return;
    const file = new URL(r.url()).pathname;
    scripts.push(
      r.body().then(
        (b) => ({ file, gzip: gzipSync(b, { level: 9 }).length }),
        () => ({ file, gzip: 0 }),
      ),
    );
  });
  return { page, calls, scripts, lastRequestAt: () => last, close: () => context.close() };
}

/** Resolves when `selector` shows text, with the paint time (ms since the page's time origin). */
const firstRows = (page: Page, selector: string) =>
  withTimeout(page.evaluate(`window.__probe.when(() => !!window.__probe.cellText(${JSON.stringify(selector)})).then((r) => r.paint)`) as Promise<number>, WAIT_MS, `first rows (${selector})`);

/** The payload of the last list call of product_list sent after `from` (a call index). */
function listBody(calls: Signed['calls'], from: number): Record<string, unknown> | undefined {
  for (let i = calls.length - 1; i >= from; i--) {
    const b = calls[i]!.body;
    if (!b) continue;
    const parsed = JSON.parse(b) as { entity?: string; action?: string; payload?: Record<string, unknown> };
    if (parsed.entity === FORM && parsed.action === 'list') return parsed.payload;
  }
  return undefined;
}

/** What the interactions expect (the bench's own list calls) and what the floor is handed (the app's payloads). */
interface Expect {
  sortedFirst: string;
  filteredFirst: string;
  filterText: string;
  bodies: NavBenchBodies;
}

/**
 * The page idle: its last request IDLE_MS old (at most 10 s). The quiet window is what "idle"
 * means here, so it is waited out to its end, and again if a request came meanwhile.
 */
async function idle(s: Signed): Promise<void> {
  const until = Date.now() + 10_000;
  for (let quiet = Date.now() - s.lastRequestAt(); quiet < IDLE_MS && Date.now() < until; quiet = Date.now() - s.lastRequestAt()) await s.page.waitForTimeout(IDLE_MS - quiet);
}

/** `act` done, the time from the interaction's event (`event`: click / keydown / input) to `first` showing `expected`, painted. */
async function interaction(page: Page, selector: string, expected: string, event: 'click' | 'keydown' | 'input', act: () => Promise<void>): Promise<{ ms: number; phases?: Phases }> {
  const shown = withTimeout(
    page.evaluate(`window.__probe.when(() => window.__probe.cellText(${JSON.stringify(selector)}) === ${JSON.stringify(expected)}).then((r) => r.paint)`) as Promise<number>,
    WAIT_MS,
    `${event} → ${expected}`,
  );
  await act();
  const paint = await shown;
  const at = (await page.evaluate(`window.__probe.events.${event}`)) as number;
  // The list call's resource timing: the client's work before it left, the request, the work after its answer.
  const call = (await page.evaluate(
    `(() => { const e = performance.getEntriesByType('resource').filter((r) => r.name.endsWith('/rpc/api_action') && r.startTime >= ${at}).at(-1); return e ? { start: e.startTime, end: e.responseEnd } : null; })()`,
  )) as { start: number; end: number } | null;
  return { ms: paint - at, ...(call ? { phases: { before: call.start - at, request: call.end - call.start, after: paint - call.end } } : {}) };
}

async function runCase(browser: Browser, server: Running, c: NavCase, expect: Expect): Promise<NavRun> {
  // The app saves the grid's state per user (the last run's sort and filter): every load starts from none.
  await server.db.exec(`delete from app.user_grid_states where form = '${FORM}'`);
  const s = await signedInPage(browser, server, FIRST[c === 'switch' ? 'app' : c], c === 'app' ? APP_GRID : undefined, c === 'floor' ? expect.bodies : undefined);
  const run: NavRun = { case: c, ms: NaN, calls: [] };
  try {
    await s.page.goto(server.url + PATH[c === 'switch' ? 'app' : c], { waitUntil: 'commit' });
    const painted = (await withTimeout(s.page.evaluate('window.__probe.firstRow.then((r) => r.paint)') as Promise<number>, WAIT_MS, 'first rows')) as number;
    if (c !== 'switch') {
      run.ms = painted;
      run.calls = s.calls.map((x) => x.url);
      if (c === 'app') run.gridMs = (await withTimeout(s.page.evaluate('window.__probe.secondRow.then((r) => r.paint)') as Promise<number>, WAIT_MS, 'the grid')) as number;
      await idle(s);
      const sizes = await Promise.all(s.scripts);
      run.js = { gzip: sizes.reduce((a, b) => a + b.gzip, 0), files: sizes.length, largest: sizes.sort((a, b) => b.gzip - a.gzip).slice(0, 12) };
      // Sort: the first click sorts ascending in all three.
      const beforeSort = s.calls.length;
      const sorted = await interaction(s.page, LIVE_FIRST[c], expect.sortedFirst, 'click', () => s.page.click(SORT_HEADER[c]));
      run.sortMs = sorted.ms;
      if (sorted.phases) run.sortPhases = sorted.phases;
      const sortBody = listBody(s.calls, beforeSort);
      // The sort's own follow-ups (the grid state saved, the next window) done before the filter is timed.
      await idle(s);
      // Filter: the text in one input event; the app applies it on Enter (past its debounce).
      const beforeFilter = s.calls.length;
      const filtered = await interaction(s.page, LIVE_FIRST[c], expect.filteredFirst, c === 'app' ? 'keydown' : 'input', async () => {
        await s.page.fill(FILTER_INPUT[c], expect.filterText);
        if (c === 'app') await s.page.press(FILTER_INPUT[c], 'Enter');
      });
      run.filterMs = filtered.ms;
      if (filtered.phases) run.filterPhases = filtered.phases;
      const filterBody = listBody(s.calls, beforeFilter);
      run.bodies = { ...(sortBody ? { sort: sortBody } : {}), ...(filterBody ? { filter: filterBody } : {}) };
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
    // The app saves its grid state a moment after the filter: that save lands before the next
    // run deletes the saved states, or the next load opens sorted and filtered (its sort click
    // then sorts descending, and its sorted first row never comes).
    if (c === 'app') await idle(s).catch(() => undefined);
    await s.close();
  }
  return run;
}

const code = (r: Record<string, unknown> | undefined) => String(r?.product_code ?? '');
const english = (v: unknown) => (v && typeof v === 'object' ? String((v as Record<string, unknown>).en ?? '') : String(v ?? ''));

/**
 * The expected first rows, by the bench's own list calls (AG Grid's request shape, as the
 * floor's fallback): sorted by the sort column; then filtered by a product's English name
 * whose first match is not the sorted first row (so the filter's paint is a change).
 */
async function expectations(server: Running): Promise<Expect> {
  const login = await fetch(`${server.url}/rpc/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'demo-password' }),
  });
  const { token } = (await login.json()) as { token: string };
  const list = async (payload: Record<string, unknown>) => {
    const res = await fetch(`${server.url}/rpc/api_action`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'X-Company': COMPANY },
      body: JSON.stringify({ entity: FORM, action: 'list', payload: { language: 'en', count: 'estimate', startRow: 0, endRow: 100, ...payload } }),
    });
    if (!res.ok) throw new Error(`expectations: list ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: { rows: Record<string, unknown>[] } }).data.rows;
  };
  const sortModel = [{ colId: SORT_FIELD, sort: 'asc' }];
  const sorted = await list({ sortModel });
  const sortedFirst = code(sorted[0]);
  for (let i = 20; i < sorted.length; i++) {
    const filterText = english(sorted[i]?.[FILTER_FIELD]);
    if (!filterText) continue;
    const filtered = await list({ sortModel, filterModel: { [FILTER_FIELD]: { filterType: 'text', type: 'contains', filter: filterText } } });
    const filteredFirst = code(filtered[0]);
    if (filteredFirst && filteredFirst !== sortedFirst) return { sortedFirst, filteredFirst, filterText, bodies: {} };
  }
  throw new Error('expectations: no filter text whose first match differs from the sorted first row');
}

export async function runNavBench(opts: {
  runs: number;
  chromiumPath: string;
  launchArgs: string[];
  log: (s: string) => void;
  root?: string;
  cases?: readonly NavCase[];
  /** A PostgreSQL server's admin URL: the app on a scratch database of it (created, seeded, dropped), not PGlite. */
  pgUrl?: string;
}): Promise<NavResults> {
  const root = opts.root ?? process.cwd();
  // The app always runs (its payloads are the floor's); a subset of the rest for a quicker look.
  const cases = opts.cases?.length ? NAV_CASES.filter((c) => c === 'app' || opts.cases!.includes(c)) : NAV_CASES;
  const dir = mkdtempSync(join(tmpdir(), 'bo-nav-'));
  opts.log('nav: building the app and the navigation pages');
  await buildAll(dir, root);
  const engine = opts.pgUrl ? 'PostgreSQL server' : 'PGlite';
  opts.log(`nav: starting the server (${engine}, ${PRODUCTS.toLocaleString('en-GB')} demo products)`);
  // The PostgreSQL server's SQL runs in its own processes; PGlite's on the app's thread, which then serves nothing else.
  const scratch = opts.pgUrl ? await scratchDatabase(opts.pgUrl, 'bo_bench_nav') : undefined;
  // Seeded in memory here (the test templates hold the tests' catalogue size only); the background workers off, as the tests run them.
  const ticks = { workflowTickMs: 0, mailTickMs: 0, arrivalTickMs: 0, cartReminderTickMs: 0, stockEventsTickMs: 0, newsTickMs: 0, ratesTickMs: 0, maintenanceTickMs: 0 };
  const server = await startServer({
    ...configFromEnv({ DEMO_DATA: '1' }),
    ...ticks,
    uiDir: dir,
    port: 0,
    dataDir: undefined,
    databaseUrl: scratch?.url,
    demoProducts: PRODUCTS,
    jwtSecret: scratch ? randomBytes(32).toString('hex') : undefined,
  });
  await server.db.exec('vacuum analyze');
  const browser = await chromium.launch({ executablePath: opts.chromiumPath, headless: true, args: opts.launchArgs });
  const runs: NavRun[] = [];
  const version = browser.version();
  let expect: Expect | undefined;
  try {
    expect = await expectations(server);
    opts.log(`nav: sort by ${SORT_FIELD} → ${expect.sortedFirst}; filter ${FILTER_FIELD} "${expect.filterText}" → ${expect.filteredFirst}`);
    // One unmeasured round: the server's caches (sessions, grants, plans) warm, as in use;
    // the app's sort and filter payloads are the floor's from here on.
    for (const c of ['app', ...cases.filter((x) => x !== 'app')] as NavCase[]) {
      const r = await runCase(browser, server, c, expect);
      if (c === 'app') expect.bodies = r.bodies ?? {};
      if (r.error) opts.log(`nav ${c} (warm-up): ${r.error}`);
    }
    for (let i = 0; i < opts.runs; i++) {
      for (let k = 0; k < cases.length; k++) {
        const c = cases[(i + k) % cases.length]!;
        const r = await runCase(browser, server, c, expect);
        runs.push(r);
        const ph = (p?: Phases) => (p ? ` (${p.before.toFixed(0)} + ${p.request.toFixed(0)} + ${p.after.toFixed(0)})` : '');
        const more =
          r.sortMs === undefined
            ? ''
            : `; live ${r.gridMs?.toFixed(0) ?? r.ms.toFixed(0)} ms, sort ${r.sortMs.toFixed(0)} ms${ph(r.sortPhases)}, filter ${r.filterMs?.toFixed(0)} ms${ph(r.filterPhases)}, JS ${((r.js?.gzip ?? 0) / 1024).toFixed(1)} KiB gz in ${r.js?.files} files`;
        opts.log(
          `nav ${c.padEnd(6)} run ${i + 1}/${opts.runs}: ${r.ms.toFixed(0)} ms${more}${r.error ? ` (${r.error})` : ''}${c === 'app' || c === 'switch' ? `; calls before the rows: ${r.calls.join(', ')}` : ''}`,
        );
      }
    }
  } finally {
    await browser.close();
    await server.close();
    await scratch?.drop();
    rmSync(dir, { recursive: true, force: true });
    opts.log(`nav: done (Chromium ${version})`);
  }
  const summary = Object.fromEntries(NAV_CASES.map((c) => [c, summarize(runs.filter((r) => r.case === c).map((r) => r.ms))])) as Record<NavCase, Summary>;
  const grid = summarize(runs.flatMap((r) => (r.gridMs === undefined ? [] : [r.gridMs])));
  const per = (f: (r: NavRun) => number | undefined) =>
    Object.fromEntries(PAGE_CASES.map((c) => [c, summarize(runs.filter((r) => r.case === c && !r.error).flatMap((r) => (f(r) === undefined ? [] : [f(r)!])))])) as Record<PageCase, Summary>;
  const phaseMedians = (f: (r: NavRun) => Phases | undefined) =>
    Object.fromEntries(
      PAGE_CASES.map((c) => {
        const ps = runs.filter((r) => r.case === c && !r.error).flatMap((r) => (f(r) ? [f(r)!] : []));
        const m = (k: keyof Phases) => summarize(ps.map((p) => p[k])).median;
        return [c, ps.length ? { before: m('before'), request: m('request'), after: m('after') } : null];
      }),
    ) as Record<PageCase, Phases | null>;
  const floorRuns = runs.filter((r) => r.case === 'floor' && !r.error);
  const same = (k: keyof NavBenchBodies) => !!expect?.bodies[k] && floorRuns.length > 0 && floorRuns.every((r) => JSON.stringify(r.bodies?.[k]) === JSON.stringify(expect!.bodies[k]));
  return {
    runs,
    summary,
    grid,
    sort: per((r) => r.sortMs),
    filter: per((r) => r.filterMs),
    jsKiB: per((r) => (r.js ? r.js.gzip / 1024 : undefined)),
    sameBody: { sort: same('sort'), filter: same('filter') },
    phases: { sort: phaseMedians((r) => r.sortPhases), filter: phaseMedians((r) => r.filterPhases) },
    interaction: { sortField: SORT_FIELD, filterField: FILTER_FIELD, filterText: expect?.filterText ?? '', sortedFirst: expect?.sortedFirst ?? '', filteredFirst: expect?.filteredFirst ?? '' },
    products: PRODUCTS,
    engine,
    chromium: version,
  };
}
