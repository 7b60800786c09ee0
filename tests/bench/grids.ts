/**
 * The grid benchmark: the bench pages in headless Chromium, a fresh browser context per
 * run (cold HTTP and code caches), the order rotating. Per run: first rows painted,
 * JS heap after GC, 5 s of requestAnimationFrame-driven scrolling (traced), sort by a
 * numeric header (traced), text filter on the name column (traced). And the scroll
 * floor: the same traced scroll in a hand-written list (pages/floor-list.ts), what any DOM
 * grid of this design costs per frame on the machine at hand.
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright';
import { probeScript } from './probe.ts';
import { SourceMapper, summarizeProfile, type CpuProfile, type ProfileSummary } from './profile.ts';
import { TASK_CATEGORIES, frameWork, longestTask, traced } from './trace.ts';

export type GridId = 'screen' | 'ag';

export interface GridSpec {
  id: GridId;
  label: string;
  page: string;
  /** The first data row's key (code) cell. */
  firstCell: string;
  /** What to click to sort by price. */
  sortHeader: string;
  /** The name column's filter input. */
  filterInput: string;
  /** 'enter': the filter applies on Enter (ScreenGrid's shortcut past its debounce); 'input': on input (AG Grid, debounce 0). */
  applyFilter: 'enter' | 'input';
  /** The scrolling element. */
  viewport: string;
}

export const GRIDS: Record<GridId, GridSpec> = {
  screen: {
    id: 'screen',
    label: 'ScreenGrid',
    page: 'screen.html',
    firstCell: '.grid-body [data-index="0"] [data-field="code"]',
    sortHeader: '[role="columnheader"][data-field="price"] button.grid-sort',
    filterInput: '[data-filter-field="name"] input',
    applyFilter: 'enter',
    viewport: '.grid-viewport',
  },
  ag: {
    id: 'ag',
    label: 'AG Grid Community',
    page: 'ag.html',
    firstCell: '.ag-row[row-index="0"] .ag-cell[col-id="code"]',
    sortHeader: '.ag-header-cell[col-id="price"] .ag-header-cell-label',
    filterInput: '.ag-floating-filter[col-id="name"] input',
    applyFilter: 'input',
    viewport: '.ag-grid-viewport',
  },
};

/** What a scroll-only page needs: its file, its first row's key cell, its scrolling element. */
export type ScrollSpec = Pick<GridSpec, 'page' | 'firstCell' | 'viewport'>;

/** The scroll floor: a hand-written list of the same rows under ScreenGrid's stylesheet (pages/floor-list.ts). */
export const FLOOR: ScrollSpec = { page: 'floor.html', firstCell: '.grid-body [data-index="0"] .cell', viewport: '.grid-viewport' };

export const VIEWPORT = { width: 1280, height: 800 };
export const SCROLL_MS = 5000;
/** 6,000 px/s: about 3.6 rows of 28 px per 60 Hz frame; the whole viewport turns over every ~6 frames. */
export const SCROLL_PX_PER_S = 6000;
const WAIT_MS = 30_000;

export interface InteractionResult {
  /** Interaction start (the event's timeStamp) → the first row showing the expected row, painted. */
  ms: number;
  longestTaskMs: number;
  tasksOver50: number;
  longAnimationFrames: number;
}

export interface ScrollResult {
  /** Main-thread time per frame (trace). */
  frameWorkMs: number[];
  /** The main thread's CPU time in the same tasks (trace thread time). */
  frameCpuMs: number[];
  /** requestAnimationFrame intervals (60 Hz: 16.7 ms when no frame is dropped). */
  intervalsMs: number[];
  longAnimationFrames: number;
  longestLoafMs: number;
  rowsScrolled: number;
}

export interface RunResult {
  grid: GridId;
  firstRowMs: number;
  /** When the page had generated the data set (the same work in both pages) and asked for the grid's code. */
  dataReadyMs: number;
  heapMB: number;
  scroll: ScrollResult;
  sort: InteractionResult;
  filter: InteractionResult;
  errors: string[];
}

const withTimeout = <T>(p: Promise<T>, ms: number, what: string): Promise<T> =>
  Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: no result within ${ms / 1000} s`)), ms))]);

async function heapMB(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const u = await cdp.send('Runtime.getHeapUsage');
  await cdp.send('HeapProfiler.disable');
  return u.usedSize / 1024 / 1024;
}

async function openPage(browser: Browser, spec: Pick<GridSpec, 'firstCell'>): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession; errors: string[] }> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().includes('favicon') && !m.text().includes('404')) errors.push(`console: ${m.text().slice(0, 300)}`);
  });
  await page.addInitScript({ content: probeScript({ firstCell: spec.firstCell }) });
  const cdp = await context.newCDPSession(page);
  return { context, page, cdp, errors };
}

const js = (v: unknown) => JSON.stringify(v);

/** Sets up the wait for the first row to show `code`, returns a function awaiting it. */
async function expectFirst(page: Page, spec: GridSpec, code: string) {
  await page.evaluate(`void (window.__probe.pending = window.__probe.when(() => window.__probe.cellText(${js(spec.firstCell)}) === ${js(code)}))`);
  return () => withTimeout(page.evaluate('window.__probe.pending') as Promise<{ dom: number; paint: number }>, WAIT_MS, `first row ${code}`);
}

async function loafsSince(page: Page, t: number): Promise<{ n: number; longest: number }> {
  return (await page.evaluate(
    `(() => { const l = window.__probe.loafs.filter((e) => e.start + e.duration >= ${t}); return { n: l.length, longest: l.reduce((m, e) => Math.max(m, e.duration), 0) }; })()`,
  )) as { n: number; longest: number };
}

async function interaction(page: Page, cdp: CDPSession, spec: GridSpec, expected: string, act: () => Promise<void>, startEvent: string): Promise<InteractionResult> {
  const wait = await expectFirst(page, spec, expected);
  const before = (await page.evaluate('performance.now()')) as number;
  const { result, events } = await traced(cdp, TASK_CATEGORIES, async () => {
    await act();
    const r = await wait();
    await page.waitForTimeout(300); // work after the paint (e.g. deferred rendering) belongs to the interaction too
    return r;
  });
  const start = (await page.evaluate(`window.__probe.events[${js(startEvent)}]`)) as number;
  const lt = longestTask(events);
  const loafs = await loafsSince(page, before);
  return { ms: result.paint - start, longestTaskMs: lt.longestMs, tasksOver50: lt.over50, longAnimationFrames: loafs.n };
}

const failed = (): InteractionResult => ({ ms: NaN, longestTaskMs: NaN, tasksOver50: NaN, longAnimationFrames: NaN });
const noScroll = (): ScrollResult => ({ frameWorkMs: [], frameCpuMs: [], intervalsMs: [], longAnimationFrames: NaN, longestLoafMs: NaN, rowsScrolled: NaN });

/** 5 s down at a constant speed, traced: the frames' main-thread time, the rAF intervals, the long animation frames. */
async function scrollPhase(page: Page, cdp: CDPSession, spec: ScrollSpec): Promise<ScrollResult> {
  const t0 = (await page.evaluate('performance.now()')) as number;
  const { result: sc, events } = await traced(cdp, TASK_CATEGORIES, async () => {
    const r = (await withTimeout(page.evaluate(`window.__probe.scroll(${js(spec.viewport)}, ${SCROLL_MS}, ${SCROLL_PX_PER_S})`), SCROLL_MS + WAIT_MS, 'scroll')) as {
      intervals: number[];
      scrollTop: number;
      error?: string;
    };
    await page.waitForTimeout(200);
    return r;
  });
  if (sc.error) throw new Error(sc.error);
  const loafs = await loafsSince(page, t0);
  const frames = frameWork(events);
  return { frameWorkMs: frames.wall, frameCpuMs: frames.cpu, intervalsMs: sc.intervals, longAnimationFrames: loafs.n, longestLoafMs: loafs.longest, rowsScrolled: Math.round(sc.scrollTop / 28) };
}

/** One run of the scroll floor (pages/floor-list.ts): load, first rows, the same traced scroll. */
export async function floorRun(browser: Browser, base: string): Promise<{ scroll: ScrollResult; errors: string[] }> {
  const { context, page, cdp, errors } = await openPage(browser, FLOOR);
  let scroll = noScroll();
  try {
    await page.goto(`${base}/${FLOOR.page}`, { waitUntil: 'load' });
    await withTimeout(page.evaluate('window.__probe.firstRow'), WAIT_MS, 'first row');
    await page.waitForTimeout(500);
    scroll = await scrollPhase(page, cdp, FLOOR);
  } catch (e) {
    errors.push(e instanceof Error ? e.message.split('\n')[0]! : String(e));
  } finally {
    await context.close();
  }
  return { scroll, errors };
}

export async function runOnce(browser: Browser, base: string, spec: GridSpec): Promise<RunResult> {
  const { context, page, cdp, errors } = await openPage(browser, spec);
  const out: RunResult = {
    grid: spec.id,
    firstRowMs: NaN,
    dataReadyMs: NaN,
    heapMB: NaN,
    scroll: noScroll(),
    sort: failed(),
    filter: failed(),
    errors,
  };
  try {
    await page.goto(`${base}/${spec.page}`, { waitUntil: 'load' });
    const first = (await withTimeout(page.evaluate('window.__probe.firstRow') as Promise<{ paint: number }>, WAIT_MS, 'first row')) as { paint: number };
    out.firstRowMs = first.paint;
    out.dataReadyMs = (await page.evaluate(`performance.getEntriesByName('bench:data-ready')[0]?.startTime ?? NaN`)) as number;
    await page.waitForTimeout(500);
    out.heapMB = await heapMB(cdp);

    out.scroll = await scrollPhase(page, cdp, spec);

    // Back to the top, rows settled, before the sort.
    const firstCode = (await page.evaluate('window.__bench.rows[0].code')) as string;
    const top = await expectFirst(page, spec, firstCode);
    await page.evaluate(`document.querySelector(${js(spec.viewport)}).scrollTop = 0`);
    await top();
    await page.waitForTimeout(500);

    // Sort by price (ascending on the first click in both grids); prices are distinct.
    const cheapest = (await page.evaluate('window.__bench.cheapest(window.__bench.rows)')) as string;
    out.sort = await interaction(page, cdp, spec, cheapest, () => page.click(spec.sortHeader), 'click');
    await page.waitForTimeout(300);

    // Filter the name column; the sort stays.
    const text = (await page.evaluate('window.__bench.filterText')) as string;
    const cheapestMatch = (await page.evaluate(`window.__bench.cheapest(window.__bench.rows, ${js(text)})`)) as string;
    out.filter = await interaction(
      page,
      cdp,
      spec,
      cheapestMatch,
      async () => {
        await page.fill(spec.filterInput, text);
        if (spec.applyFilter === 'enter') await page.press(spec.filterInput, 'Enter');
      },
      spec.applyFilter === 'enter' ? 'keydown' : 'input',
    );
  } catch (e) {
    errors.push(e instanceof Error ? e.message.split('\n')[0]! : String(e));
  } finally {
    await context.close();
  }
  return out;
}

/** The heap of the page with the data set and no grid (`?nogrid`). */
export async function baselineHeap(browser: Browser, base: string, spec: GridSpec): Promise<number> {
  const { context, page, cdp } = await openPage(browser, spec);
  try {
    await page.goto(`${base}/${spec.page}?nogrid`, { waitUntil: 'load' });
    await page.waitForFunction('!!window.__bench');
    await page.waitForTimeout(500);
    return await heapMB(cdp);
  } finally {
    await context.close();
  }
}

export interface PhaseProfiles {
  load?: ProfileSummary;
  scroll?: ProfileSummary;
  sort?: ProfileSummary;
  filter?: ProfileSummary;
  errors: string[];
}

/** One extra run under the sampling profiler, a profile per phase (not part of the figures). */
export async function profileRun(browser: Browser, base: string, spec: GridSpec, outDir: string, root: string): Promise<PhaseProfiles> {
  const { context, page, cdp, errors } = await openPage(browser, spec);
  const mapper = new SourceMapper(outDir, root);
  const out: PhaseProfiles = { errors };
  const profiled = async (fn: () => Promise<unknown>): Promise<ProfileSummary> => {
    await cdp.send('Profiler.start');
    try {
      await fn();
    } catch (e) {
      await cdp.send('Profiler.stop').catch(() => {});
      throw e;
    }
    const { profile } = await cdp.send('Profiler.stop');
    return summarizeProfile(profile as unknown as CpuProfile, mapper);
  };
  try {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    out.load = await profiled(async () => {
      await page.goto(`${base}/${spec.page}`, { waitUntil: 'load' });
      await withTimeout(page.evaluate('window.__probe.firstRow'), WAIT_MS, 'first row');
    });
    await page.waitForTimeout(500);
    out.scroll = await profiled(() => page.evaluate(`window.__probe.scroll(${js(spec.viewport)}, ${SCROLL_MS}, ${SCROLL_PX_PER_S})`));
    const firstCode = (await page.evaluate('window.__bench.rows[0].code')) as string;
    const top = await expectFirst(page, spec, firstCode);
    await page.evaluate(`document.querySelector(${js(spec.viewport)}).scrollTop = 0`);
    await top();
    await page.waitForTimeout(500);
    const cheapest = (await page.evaluate('window.__bench.cheapest(window.__bench.rows)')) as string;
    const sorted = await expectFirst(page, spec, cheapest);
    out.sort = await profiled(async () => {
      await page.click(spec.sortHeader);
      await sorted();
      await page.waitForTimeout(300);
    });
    const text = (await page.evaluate('window.__bench.filterText')) as string;
    const cheapestMatch = (await page.evaluate(`window.__bench.cheapest(window.__bench.rows, ${js(text)})`)) as string;
    const filtered = await expectFirst(page, spec, cheapestMatch);
    out.filter = await profiled(async () => {
      await page.fill(spec.filterInput, text);
      if (spec.applyFilter === 'enter') await page.press(spec.filterInput, 'Enter');
      await filtered();
      await page.waitForTimeout(300);
    });
  } catch (e) {
    errors.push(e instanceof Error ? e.message.split('\n')[0]! : String(e));
  } finally {
    await context.close();
  }
  return out;
}
