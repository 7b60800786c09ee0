/**
 * `npm run bench`: ScreenGrid vs AG Grid Community in headless Chromium, the real app's
 * list-route JS, and the list API on 1,000,000 products (PGlite and the PostgreSQL
 * server), written to docs/benchmarks.md. Not part of `npm test`.
 *
 * Environment (all optional):
 *   BENCH_RUNS=10          runs per grid (fresh browser context each)
 *   BENCH_API_RUNS=10      timed runs per API page
 *   BENCH_SLOW_RUNS=5      runs of an API page whose query takes over 2 s (PGlite's full sorts)
 *   BENCH_FAST_RUNS=30     runs of an API page whose query takes under 20 ms
 *   BENCH_PRODUCTS=1000000 products of the API benchmark
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres  (admin connection; a scratch database is created and dropped)
 *   BENCH_REPORT_RUNS=15   timed runs per report page (reports part)
 *   BENCH_MOVEMENTS=1000000 stock movements of the reports part
 *   BENCH_NAV_RUNS=10      runs per case of the navigation part (nav.ts)
 *   BENCH_NAV_CASES=app,ag,floor,switch  the navigation part's cases (the app always runs)
 *   BENCH_NAV_ROOT=.       the source tree whose app the navigation part builds (another checkout: figures before a change)
 *   BENCH_NAV_DB=postgres  the navigation part's app on a scratch database of the PostgreSQL server (BENCH_PG_URL), not PGlite
 *   BENCH_LOAD_SECONDS=10  seconds per server of the load part (32 connections; BENCH_LOAD_PRODUCTS=20000 demo products; BENCH_LOAD_ROUNDS=3 alternating rounds of the bare endpoint and 1 process)
 *   BENCH_SF_RUNS=30       timed requests per storefront page and side (storefront part)
 *   BENCH_SF_LCP_RUNS=10   browser loads per storefront page and side (0: no browser figures)
 *   BENCH_SF_PRODUCTS=24000 demo products of the storefront part (the default of `npm start`)
 *   BENCH_PAGES_RUNS=7     timed runs per first page and per keystroke (pages part)
 *   BENCH_PAGES_PRODUCTS=24000  demo products of the pages part (SK01 holds 20,000)
 *   BENCH_SEARCH_PRODUCTS=100000  products of the pages part's search
 *   BENCH_PDF_RUNS=30      idle list requests of the PDF part (pdf.ts); BENCH_PDF_ROUNDS=3 rounds of three PDFs, BENCH_PDF_PRODUCTS=2000 demo products
 *   BENCH_SCREENS_RUNS=7   timed runs per first page of the five biggest screens (screens part; BENCH_SLOW_RUNS of one over a second); BENCH_SCREENS=form,… only those screens
 *   BENCH_PDF_ROOT=.       the source tree whose server the PDF part runs (another checkout: figures before a change)
 *   BENCH_SKIP=ui,api,app,reports,pages,search,screens,storefront,load,nav,pdf  parts to leave out (also pglite or postgres: one database of the server parts; search: the pages part's search)
 *   BENCH_OUT=docs/benchmarks.md
 *   CHROMIUM_PATH=/usr/bin/chromium
 */
// First: the server as `npm start` runs it, with the production builds of its libraries (React).
import '../../src/server/productionMode.ts';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, freemem, loadavg, release, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { chromium } from 'playwright';
import { DEFAULT_PG_URL, runApiBench, type ApiEngine } from './api.ts';
import { GRIDS, SCROLL_MS, SCROLL_PX_PER_S, baselineHeap, floorRun, profileRun, runOnce, type GridId } from './grids.ts';
import { runPagesBench } from './pages.ts';
import { runBigScreensBench } from './bigScreens.ts';
import { renderScreensSection, SCREENS_HEADING } from './bigScreensReport.ts';
import { PAGES_HEADING, renderPagesSection } from './pagesReport.ts';
import { NAV_HEADING, renderNavSection, renderReport, renderReportsSection, REPORTS_HEADING, spliceSection } from './report.ts';
import { renderStorefrontSection, runStorefrontBench, STOREFRONT_HEADING } from './storefront.ts';
import { runNavBench, type NavCase } from './nav.ts';
import { runReportBench } from './reports.ts';
import { renderLoadSection, runLoadBench, spliceLoadSection } from './load.ts';
import { PDF_HEADING, renderPdfSection, runPdfBench } from './pdf.ts';
import { serveDir } from './serve.ts';
import type { BenchResults, UiResults } from './results.ts';
import { buildAppRoute, buildBenchPage } from './sizes.ts';
import { findBrowser } from '../setup/browserPath.ts';
import { chromiumArgs } from '../setup/chromiumFlags.ts';

const env = process.env;
const num = (v: string | undefined, d: number) => (v && Number.isFinite(Number(v)) ? Number(v) : d);
const RUNS = num(env.BENCH_RUNS, 10);
const API_RUNS = num(env.BENCH_API_RUNS, 10);
const SLOW_RUNS = num(env.BENCH_SLOW_RUNS, 5);
const FAST_RUNS = num(env.BENCH_FAST_RUNS, 30);
const PRODUCTS = num(env.BENCH_PRODUCTS, 1_000_000);
const REPORT_RUNS = num(env.BENCH_REPORT_RUNS, 15);
const NAV_RUNS = num(env.BENCH_NAV_RUNS, 10);
const MOVEMENTS = num(env.BENCH_MOVEMENTS, 1_000_000);
const SF = { runs: num(env.BENCH_SF_RUNS, 30), lcpRuns: num(env.BENCH_SF_LCP_RUNS, 10), products: num(env.BENCH_SF_PRODUCTS, 24_000) };
const PAGES_RUNS = num(env.BENCH_PAGES_RUNS, 7);
const PAGES_PRODUCTS = num(env.BENCH_PAGES_PRODUCTS, 24_000);
const SEARCH_PRODUCTS = num(env.BENCH_SEARCH_PRODUCTS, 100_000);
const PG_URL = env.BENCH_PG_URL ?? DEFAULT_PG_URL;
const SKIP = new Set((env.BENCH_SKIP ?? '').split(',').filter(Boolean));
const OUT = resolve(env.BENCH_OUT ?? 'docs/benchmarks.md');
const CHROMIUM = findBrowser(env) ?? '/usr/bin/chromium';
// The tests' flags: headless Chromium's omnibox popup (a WebUI renderer preloaded with every
// page, which no user's page competes with) is off, as in the tests.
const LAUNCH_ARGS = chromiumArgs();

const t0 = performance.now();
const log = (s: string) => console.log(`[${((performance.now() - t0) / 1000).toFixed(0).padStart(4)} s] ${s}`);

function rowsPropLanded(): boolean {
  const src = readFileSync(resolve('src/app/grid/gridProps.ts'), 'utf8');
  const props = /export interface ScreenGridProps \{([\s\S]*?)\n\}/.exec(src)?.[1] ?? '';
  return /\brows\?\s*:/.test(props);
}

async function pgReachable(url: string): Promise<string | undefined> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    await c.query('select 1');
    return undefined;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  } finally {
    await c.end().catch(() => {});
  }
}

async function uiBench(tmp: string): Promise<UiResults> {
  const ids: GridId[] = ['screen', 'ag'];
  const pageJs: UiResults['pageJs'] = {};
  const dirs = {} as Record<GridId, string>;
  for (const id of ids) {
    dirs[id] = join(tmp, `page-${id}`);
    pageJs[id] = await buildBenchPage(id, dirs[id]);
    log(`built ${id} page: ${(pageJs[id]!.loaded.gzip / 1024).toFixed(1)} KiB gzipped JS loaded (${(pageJs[id]!.gzip / 1024).toFixed(1)} KiB all chunks)`);
  }
  const floorDir = join(tmp, 'page-floor');
  await buildBenchPage('floor', floorDir);
  const landed = rowsPropLanded();
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: LAUNCH_ARGS });
  const servers = await Promise.all([...ids.map((id) => serveDir(dirs[id])), serveDir(floorDir)]);
  const base = Object.fromEntries(ids.map((id, i) => [id, servers[i]!.url])) as Record<GridId, string>;
  const floorBase = servers.at(-1)!.url;
  const out: UiResults = { chromium: browser.version(), runs: [], floor: [], baselineHeapMB: { screen: [], ag: [] }, pageJs, profiles: {}, rowsPropLanded: landed, blocked: [] };
  try {
    const active = new Set(ids);
    // Each round runs the two grids and the floor, the order rotating: none always follows the same one.
    const order: (GridId | 'floor')[] = [...ids, 'floor'];
    for (let i = 0; i < RUNS; i++) {
      for (let k = 0; k < order.length; k++) {
        const id = order[(i + k) % order.length]!;
        if (id === 'floor') {
          const fl = await floorRun(browser, floorBase);
          out.floor!.push(fl);
          log(`floor  run ${i + 1}/${RUNS}: ${fl.scroll.frameWorkMs.length} frames${fl.errors.length ? `; ${fl.errors.join('; ')}` : ''}`);
          continue;
        }
        if (!active.has(id)) continue;
        const r = await runOnce(browser, base[id], GRIDS[id]);
        out.runs.push(r);
        log(
          `${id.padEnd(6)} run ${i + 1}/${RUNS}: first rows ${(r.firstRowMs - r.dataReadyMs).toFixed(0)} ms after data ready (${r.firstRowMs.toFixed(0)} from navigation), sort ${r.sort.ms.toFixed(0)} ms (task ${r.sort.longestTaskMs.toFixed(0)}), filter ${r.filter.ms.toFixed(0)} ms (task ${r.filter.longestTaskMs.toFixed(0)}), heap ${r.heapMB.toFixed(1)} MB${r.errors.length ? `; ${r.errors.join('; ')}` : ''}`,
        );
        // A grid that cannot show its first rows will not later: stop timing it.
        if (!Number.isFinite(r.firstRowMs)) {
          active.delete(id);
          out.blocked.push(`${GRIDS[id].label}: no first row (${r.errors.join('; ') || 'timeout'})${id === 'screen' && !landed ? ' — ScreenGrid has no `rows` prop yet (client row model)' : ''}`);
          log(`${id}: stopped — ${out.blocked.at(-1)}`);
        }
      }
    }
    for (const id of ids) {
      for (let i = 0; i < 3; i++) out.baselineHeapMB[id].push(await baselineHeap(browser, base[id], GRIDS[id]));
      if (active.has(id)) {
        out.profiles[id] = await profileRun(browser, base[id], GRIDS[id], dirs[id], process.cwd());
        log(`${id}: profiled run done${out.profiles[id]!.errors.length ? ` (${out.profiles[id]!.errors.join('; ')})` : ''}`);
      }
    }
  } finally {
    await browser.close();
    await Promise.all(servers.map((s) => s.close()));
  }
  return out;
}

async function main() {
  const tmp = mkdtempSync(join(tmpdir(), 'bo-bench-'));
  const results: BenchResults = {
    date: new Date().toISOString(),
    command: env.BENCH_SKIP ? `BENCH_SKIP=${env.BENCH_SKIP} npm run bench` : 'npm run bench',
    machine: {
      cores: cpus().length,
      cpu: cpus()[0]?.model ?? '?',
      memGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
      os: `${process.platform} ${release()}`,
      node: process.version,
    },
    load: { start: loadavg()[0]!, end: NaN },
    settings: { runs: RUNS, apiRuns: API_RUNS, slowRuns: SLOW_RUNS, fastRuns: FAST_RUNS, products: PRODUCTS, scrollMs: SCROLL_MS, scrollPxPerS: SCROLL_PX_PER_S },
    durationS: 0,
  };
  log(`bench: ${results.machine.cores} cores, ${results.machine.cpu}, ${(freemem() / 2 ** 30).toFixed(1)} GiB free; temp ${tmp}`);
  try {
    if (!SKIP.has('app')) {
      try {
        results.appRoute = await buildAppRoute(join(tmp, 'app'));
        log(`app: product_list route loads ${(results.appRoute.gzip / 1024).toFixed(1)} KiB gzipped JS`);
      } catch (e) {
        results.appRoute = { error: e instanceof Error ? e.message.split('\n')[0]! : String(e) };
        log(`app: build failed: ${results.appRoute.error}`);
      }
    }
    if (!SKIP.has('ui')) results.ui = await uiBench(tmp);
    if (!SKIP.has('api')) {
      const engines: ApiEngine[] = SKIP.has('pglite') ? [] : ['pglite'];
      const unreachable = SKIP.has('postgres') ? undefined : await pgReachable(PG_URL);
      if (unreachable) log(`api: PostgreSQL server not reachable (${unreachable}); PGlite only`);
      else if (!SKIP.has('postgres')) engines.push('postgres');
      results.api = await runApiBench({ engines, runs: API_RUNS, slowRuns: SLOW_RUNS, fastRuns: FAST_RUNS, products: PRODUCTS, pgUrl: PG_URL, log });
      if (unreachable) results.api.push({ engine: 'postgres', version: '', products: PRODUCTS, insertMs: NaN, estimateSupported: false, cases: [], error: `not reachable: ${unreachable}` });
    }
    if (!SKIP.has('reports')) {
      const engines: ApiEngine[] = SKIP.has('pglite') ? [] : ['pglite'];
      const unreachable = SKIP.has('postgres') ? undefined : await pgReachable(PG_URL);
      if (unreachable) log(`reports: PostgreSQL server not reachable (${unreachable}); PGlite only`);
      else if (!SKIP.has('postgres')) engines.push('postgres');
      results.reportSettings = { runs: REPORT_RUNS, slowRuns: SLOW_RUNS, movements: MOVEMENTS };
      results.reports = await runReportBench({ engines, runs: REPORT_RUNS, slowRuns: SLOW_RUNS, movements: MOVEMENTS, pgUrl: PG_URL, log });
      if (unreachable)
        results.reports.push({
          engine: 'postgres',
          version: '',
          ledgerRows: 0,
          companyLedgerRows: 0,
          insertMs: NaN,
          products: 0,
          storages: 0,
          shelves: 0,
          cases: [],
          error: `not reachable: ${unreachable}`,
        });
    }
    if (!SKIP.has('storefront')) {
      const engines: ApiEngine[] = SKIP.has('pglite') ? [] : ['pglite'];
      const unreachable = SKIP.has('postgres') ? undefined : await pgReachable(PG_URL);
      if (unreachable) log(`storefront: PostgreSQL server not reachable (${unreachable}); PGlite only`);
      else if (!SKIP.has('postgres')) engines.push('postgres');
      // The test harness makes the server's database from its templates on this server.
      env.TEST_DATABASE_URL ??= PG_URL;
      const sf = await runStorefrontBench({ engines, settings: SF, tmp, browser: () => chromium.launch({ executablePath: CHROMIUM, headless: true, args: LAUNCH_ARGS }), log });
      results.storefront = { settings: SF, results: sf };
    }
    if (!SKIP.has('pages')) {
      const engines: ApiEngine[] = SKIP.has('pglite') ? [] : ['pglite'];
      const unreachable = SKIP.has('postgres') ? undefined : await pgReachable(PG_URL);
      if (unreachable) log(`pages: PostgreSQL server not reachable (${unreachable}); PGlite only`);
      else if (!SKIP.has('postgres')) engines.push('postgres');
      results.pagesSettings = { runs: PAGES_RUNS, products: PAGES_PRODUCTS, searchProducts: SEARCH_PRODUCTS };
      results.pages = await runPagesBench({ engines, runs: PAGES_RUNS, products: PAGES_PRODUCTS, searchProducts: SEARCH_PRODUCTS, pgUrl: PG_URL, log, skipSearch: SKIP.has('search') });
      if (unreachable) results.pages.push({ engine: 'postgres', version: '', products: 0, companyProducts: 0, seedMs: NaN, cases: [], error: `not reachable: ${unreachable}` });
    }
    if (!SKIP.has('screens')) {
      const engines: ApiEngine[] = SKIP.has('pglite') ? [] : ['pglite'];
      const unreachable = SKIP.has('postgres') ? undefined : await pgReachable(PG_URL);
      if (unreachable) log(`screens: PostgreSQL server not reachable (${unreachable}); PGlite only`);
      else if (!SKIP.has('postgres')) engines.push('postgres');
      results.screensSettings = { runs: num(env.BENCH_SCREENS_RUNS, 7), slowRuns: SLOW_RUNS, products: PAGES_PRODUCTS };
      results.screens = await runBigScreensBench({
        engines,
        ...results.screensSettings,
        slowRuns: SLOW_RUNS,
        pgUrl: PG_URL,
        log,
        ...(env.BENCH_SCREENS ? { only: env.BENCH_SCREENS.split(',') } : {}),
      });
      if (unreachable) results.screens.push({ engine: 'postgres', version: '', seedMs: NaN, screens: [], cases: [], error: `not reachable: ${unreachable}` });
    }
    if (!SKIP.has('load')) {
      const unreachable = await pgReachable(PG_URL);
      if (unreachable) log(`load: PostgreSQL server not reachable (${unreachable}); skipped`);
      else
        results.loadTest = await runLoadBench({
          pgUrl: PG_URL,
          connections: 32,
          durationS: num(env.BENCH_LOAD_SECONDS, 10),
          rounds: num(env.BENCH_LOAD_ROUNDS, 3),
          products: num(env.BENCH_LOAD_PRODUCTS, 20_000),
          log,
        });
    }
    if (!SKIP.has('pdf')) {
      const engines: ApiEngine[] = SKIP.has('pglite') ? [] : ['pglite'];
      const unreachable = SKIP.has('postgres') ? undefined : await pgReachable(PG_URL);
      if (unreachable) log(`pdf: PostgreSQL server not reachable (${unreachable}); PGlite only`);
      else if (!SKIP.has('postgres')) engines.push('postgres');
      results.pdf = await runPdfBench({
        engines,
        pgUrl: PG_URL,
        runs: num(env.BENCH_PDF_RUNS, 30),
        rounds: num(env.BENCH_PDF_ROUNDS, 3),
        products: num(env.BENCH_PDF_PRODUCTS, 2000),
        ...(env.BENCH_PDF_ROOT ? { root: resolve(env.BENCH_PDF_ROOT) } : {}),
        log,
      });
    }
    if (!SKIP.has('nav'))
      results.nav = await runNavBench({
        runs: NAV_RUNS,
        chromiumPath: CHROMIUM,
        launchArgs: LAUNCH_ARGS,
        log,
        cases: (env.BENCH_NAV_CASES ?? '').split(',').filter(Boolean) as NavCase[],
        ...(env.BENCH_NAV_ROOT ? { root: resolve(env.BENCH_NAV_ROOT) } : {}),
        ...(env.BENCH_NAV_DB === 'postgres' ? { pgUrl: env.BENCH_PG_URL ?? DEFAULT_PG_URL } : {}),
      });
  } finally {
    results.durationS = (performance.now() - t0) / 1000;
    results.load.end = loadavg()[0]!;
    writeFileSync(join(tmp, 'results.json'), JSON.stringify(results, null, 1));
    // A run of server parts alone (reports, pages, storefront, load, nav) keeps the rest of the file as it
    // was (the figures of other runs) and puts each part's own section, dated, in place of its previous one.
    const partsOnly = !results.ui && !results.api && !results.appRoute;
    const previous = partsOnly
      ? (() => {
          try {
            return readFileSync(OUT, 'utf8');
          } catch {
            return undefined;
          }
        })()
      : undefined;
    const sections: { heading: string; lines: string[] }[] = [];
    if (results.reports) sections.push({ heading: REPORTS_HEADING, lines: renderReportsSection(results) });
    if (results.pages) sections.push({ heading: PAGES_HEADING, lines: renderPagesSection(results) });
    if (results.screens) sections.push({ heading: SCREENS_HEADING, lines: renderScreensSection(results) });
    if (results.nav) sections.push({ heading: NAV_HEADING, lines: renderNavSection(results) });
    if (results.storefront)
      sections.push({
        heading: STOREFRONT_HEADING,
        lines: renderStorefrontSection(
          results.storefront.results,
          SF,
          `Measured ${results.date.slice(0, 10)} (${results.date.slice(11, 16)} UTC) by \`${results.command}\`, ${results.durationS.toFixed(0)} s, load average ${results.load.start.toFixed(2)} at the start, ${results.load.end.toFixed(2)} at the end`,
        ),
      });
    let text = previous ? sections.reduce((t, x) => spliceSection(t, x.lines, x.heading), previous) : renderReport(results);
    // The load part's section replaces its previous one (kept when the part did not run).
    if (results.loadTest) text = spliceLoadSection(text, renderLoadSection(results.loadTest, { date: results.date, cores: results.machine.cores, cpu: results.machine.cpu }));
    // So does the PDF part's.
    if (results.pdf)
      text = spliceSection(
        text,
        renderPdfSection(results.pdf, { date: results.date, command: results.command, cores: results.machine.cores, cpu: results.machine.cpu, load: results.load }),
        PDF_HEADING,
      );
    writeFileSync(OUT, text);
    log(`wrote ${OUT} (raw figures: ${join(tmp, 'results.json')}) in ${results.durationS.toFixed(0)} s`);
    // The builds go; the raw figures stay next to them for a look.
    for (const d of ['page-screen', 'page-ag', 'page-floor', 'app', 'sf-ui']) rmSync(join(tmp, d), { recursive: true, force: true });
  }
}

await main();
