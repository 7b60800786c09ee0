import { chromium, type Browser, type BrowserContext, type Page } from 'playwright';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer, type Engine, type TestServer } from '../api/harness.ts';
import type { Config } from '../../src/server/config.ts';
import { listen, type FetchHandler, type Serve } from '../../src/server/server.ts';
import { findBrowser } from '../setup/browserPath.ts';
import { chromiumArgs as args, DISABLED_FEATURES } from '../setup/chromiumFlags.ts';
import { AUTH_PREFIX, PAGE_TOKEN_COOKIE } from '../../src/core/authCookies.ts';

const STRATEGY_COOKIE = `${AUTH_PREFIX}strategy`;

/** The browser the global set-up found or installed (tests/setup/tools.ts). */
const CHROMIUM = inject('chromiumPath') ?? findBrowser() ?? '/usr/bin/chromium';

/**
 * The features Playwright disabled in the browsers this process runs: the first
 * --disable-features of a child launched with --remote-debugging-pipe (Linux's /proc; none
 * elsewhere).
 */
function playwrightDisabledFeatures(): string[] {
  try {
    for (const pid of readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8').trim().split(/\s+/)) {
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (argv.includes('--remote-debugging-pipe'))
        return (
          argv
            .find((a) => a.startsWith('--disable-features='))
            ?.slice('--disable-features='.length)
            .split(',') ?? []
        );
    }
  } catch {
    /* no /proc */
  }
  return [];
}

let disabledFeatures = DISABLED_FEATURES;

/** Debian's Chromium (or the one found) with the tests' flags; launched again once with the features a newer Playwright disables too. */
async function launchChromium(opts: { handleSIGTERM?: boolean } = {}): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: args(disabledFeatures), ...opts });
  const missing = playwrightDisabledFeatures().filter((f) => !disabledFeatures.includes(f));
  if (missing.length === 0) return browser;
  console.warn(`tests/e2e/browser.ts: Playwright now disables ${missing.join(', ')} too: add them to PLAYWRIGHT_DISABLED_FEATURES (tests/setup/chromiumFlags.ts)`);
  disabledFeatures = [...missing, ...disabledFeatures];
  await browser.close();
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: args(disabledFeatures), ...opts });
}

/** A browser of the caller's own (it closes it): for a file that needs one apart from the worker's (`sharedBrowser`). */
export function launch(): Promise<Browser> {
  return launchChromium();
}

/**
 * What the e2e files of one worker process share (the e2e project runs with `isolate: false`:
 * a worker's files run one after another in one process): one browser, one UI listener. Kept on
 * globalThis, so a run that loads this module afresh for each file still shares them.
 */
interface Shared {
  browser?: Promise<Browser>;
  listener?: Promise<WorkerListener>;
  exitOnTerm?: boolean;
}
const shared = ((globalThis as Record<symbol, unknown>)[Symbol.for('back-office.e2e.shared')] ??= {}) as Shared;

/**
 * vitest ends a worker with SIGTERM (SIGKILL half a second later): the process exits at once,
 * and Playwright's exit handler kills the shared browser (its own SIGTERM handler would only
 * start closing it gracefully, and the SIGKILL would leave it running).
 */
function exitOnTerm(): void {
  if (shared.exitOnTerm) return;
  shared.exitOnTerm = true;
  process.once('SIGTERM', () => process.exit(143));
}

/**
 * The worker's browser: launched on first use, then the same for every file of the worker (a
 * test makes its own context in it, and closes it); launched again when it has crashed or
 * was closed. Never closed by a test file: it goes with the worker process.
 */
export function sharedBrowser(): Promise<Browser> {
  const current = shared.browser;
  const relaunch = () => {
    if (shared.browser === current) {
      exitOnTerm();
      const launched = launchChromium({ handleSIGTERM: false });
      shared.browser = launched;
      launched.then(
        (b) => b.on('disconnected', () => shared.browser === launched && (shared.browser = undefined)),
        () => shared.browser === launched && (shared.browser = undefined),
      );
    }
    return shared.browser!;
  };
  if (!current) return relaunch();
  return current.then((b) => (b.isConnected() ? b : relaunch()), relaunch);
}

/**
 * The worker's one HTTP listener for the UI servers of its files: one address for the
 * worker's life, answering with the app swapped in (`startSharedUiServer`); 503 between files.
 */
interface WorkerListener {
  url: string;
  app?: { fetch: FetchHandler; file: string | undefined };
}

function workerListener(): Promise<WorkerListener> {
  return (shared.listener ??= (async () => {
    exitOnTerm();
    const l: WorkerListener = { url: '' };
    ({ url: l.url } = await listen((req, env) => (l.app ? l.app.fetch(req, env) : new Response('no test app is served now', { status: 503 })), 0));
    return l;
  })());
}

/** Swaps an app in behind the worker's listener until it closes (after its requests under way). */
const swapIn =
  (l: WorkerListener): Serve =>
  async (fetch) => {
    const file = expect.getState().testPath;
    if (l.app && l.app.file === file) throw new Error('the worker’s UI listener already serves this file’s server: start a second one with startUiServer');
    // An app still in (of a file whose end did not close it) goes: this file's own takes the listener.
    let pending = 0;
    let idle: (() => void) | undefined;
    const app = {
      file,
      fetch: (async (req, env) => {
        pending++;
        try {
          return await fetch(req, env);
        } finally {
          if (--pending === 0) idle?.();
        }
      }) satisfies FetchHandler,
    };
    l.app = app;
    return {
      url: l.url,
      async close() {
        if (l.app === app) l.app = undefined;
        if (pending > 0) await new Promise<void>((r) => (idle = r));
      },
    };
  };

/**
 * A server with the real built UI (dist/, from `vite build`; `E2E_DIST` points at another
 * build output, so parallel work can build without replacing each other's files) on its
 * own fresh database.
 */
export async function startUiServer(engine: Engine = 'pglite', config: Partial<Config> = {}, serve?: Serve): Promise<TestServer> {
  const dist = process.env.E2E_DIST ?? join(process.cwd(), 'dist');
  if (!existsSync(join(dist, 'index.html'))) throw new Error('dist/ is missing: run `npx vite build` (npm test does)');
  return startTestServer(engine, { uiDir: dist, config, serve });
}

/**
 * The engine of the browser tests' servers: the PostgreSQL server when the run has
 * TEST_DATABASE_URL, else PGlite; E2E_ENGINE (pglite or postgres) picks one by hand. On the
 * PostgreSQL server a browser file's Node side took ~40 % less CPU (grid-details, 23.5 → 14.6
 * CPU-s: the database work runs natively in the server's processes, not as WebAssembly on the
 * worker's thread beside Playwright). A test's own query there runs beside the app's requests,
 * not queued behind them as on PGlite: it waits for the answer it reads (docs/testing.md).
 */
const E2E_ENGINE: Engine = (process.env.E2E_ENGINE as Engine | undefined) ?? (process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');

/**
 * `startUiServer` (E2E_ENGINE) behind the worker's one listener: its own fresh database and app
 * (and configuration), at the address every file of the worker uses, one file's at a time.
 * A file with two UI servers at once, or one needing an address of its own, starts the
 * other with `startUiServer`.
 */
export async function startSharedUiServer(config: Partial<Config> = {}): Promise<TestServer> {
  return startUiServer(E2E_ENGINE, config, swapIn(await workerListener()));
}

/**
 * Signs in and opens the home page. Through the login call from the page's context (its
 * request client keeps the server's Set-Cookie, the HttpOnly refresh and page-token
 * cookies, in the browser's jar) plus the cookie the app itself writes (`auth.strategy`: it
 * signed in; the page load gets its token from the refresh call): a session of the test's
 * own, without loading the login page each test. A user the call does not simply sign in
 * (a second factor, a password to change) goes through the form.
 */
export async function signIn(page: Page, base: string, email: string, lang = 'en') {
  const context = page.context();
  const r = await context.request.post(`${base}/rpc/login`, { data: { email, password: 'demo-password', refresh_cookie: true }, failOnStatusCode: false });
  const body = (await r.json().catch(() => null)) as { token?: string } | null;
  if (r.status() === 200 && body?.token) {
    // What the app stores on sign-in (session/auth.ts `storeToken`).
    await context.addCookies([{ name: STRATEGY_COOKIE, value: 'local', url: base }]);
    // The home page committed, not drawn: most tests go on to another page at once (its
    // load replaces this one's), and a locator waits for what a test needs of the home page.
    await page.goto(`${base}/${lang}`, { waitUntil: 'commit' });
    return;
  }
  await page.goto(`${base}/${lang}/login`);
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill('demo-password');
  await page.locator('form.login-form button[type=submit]').click();
  await page.waitForURL((u) => !u.pathname.endsWith('/login'));
}

/** The access token of the context's session: the server's HttpOnly page-token cookie (the app's own is in its memory). */
export async function sessionToken(context: BrowserContext): Promise<string> {
  const c = (await context.cookies()).find((x) => x.name === PAGE_TOKEN_COOKIE);
  if (!c) throw new Error(`no ${PAGE_TOKEN_COOKIE} cookie: not signed in`);
  return c.value;
}

/**
 * Opens a page of the app without loading it: its address pushed and the history told, as
 * a link of the app's menu or the browser's Back does (the router follows `popstate`).
 */
export async function openInApp(page: Page, url: string): Promise<void> {
  const u = new URL(url);
  await page.evaluate((href) => {
    history.pushState(history.state, '', href);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, u.pathname + u.search);
}

/** A Content-Security-Policy violation a page reported (its `securitypolicyviolation` event). */
export interface CspViolation {
  directive: string;
  blocked: string;
  sample: string;
  source: string;
}

/** Collects every CSP violation the pages of `context` report, across navigations. */
export async function watchCsp(context: BrowserContext): Promise<CspViolation[]> {
  const seen: CspViolation[] = [];
  await context.exposeBinding('__cspViolation', (_source, v: CspViolation) => void seen.push(v));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __cspViolation: (v: unknown) => void }).__cspViolation;
      report({ directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample, source: `${e.sourceFile}:${e.lineNumber}` });
    });
  });
  return seen;
}

export interface BrowserSuite {
  readonly server: TestServer;
  readonly browser: Browser;
  /** A fresh context and page per test. */
  readonly context: BrowserContext;
  readonly page: Page;
  /**
   * The CSP violations of the test's pages: none may happen (checked after each test), as
   * the app runs under the server's strict policy (src/server/http/csp.ts).
   */
  readonly cspViolations: CspViolation[];
}

/**
 * A UI server of the file's own (a fresh database and app, behind the worker's listener) and
 * the worker's browser; a new context and page for every test (contexts a test left open
 * close with the file). `config`: the server's configuration beyond the test defaults (made
 * before it starts: a local SMTP server's address, say).
 */
export function browserSuite(viewport = { width: 1400, height: 900 }, config?: () => Promise<Partial<Config>>): BrowserSuite {
  const s = {} as { server: TestServer; browser: Browser; context: BrowserContext; page: Page; cspViolations: CspViolation[] };
  beforeAll(async () => {
    [s.server, s.browser] = await Promise.all([config ? config().then((c) => startSharedUiServer(c)) : startSharedUiServer(), sharedBrowser()]);
  });
  afterAll(async () => {
    await Promise.all(s.browser?.contexts().map((c) => c.close()) ?? []);
    await s.server?.close();
  });
  beforeEach(async () => {
    s.browser = await sharedBrowser(); // the same one, unless it crashed
    s.context = await s.browser.newContext({ viewport });
    s.cspViolations = await watchCsp(s.context);
    s.page = await s.context.newPage();
    // A stuck click or wait names its element before the test's own timeout says nothing.
    s.context.setDefaultTimeout(45_000);
  });
  afterEach(async () => {
    const violations = s.cspViolations;
    await s.context?.close();
    expect(violations, 'CSP violations').toEqual([]);
  });
  return s;
}

/**
 * The clipboard's text as the page reads it. The page is brought to the front first (the
 * clipboard answers a focused document only), and a read that does not answer within 3 s
 * throws instead of hanging the test (seen once with two browsers running: a poll then retries).
 */
export async function clipboardText(page: Page): Promise<string> {
  await page.bringToFront();
  return page.evaluate(() => Promise.race([navigator.clipboard.readText(), new Promise<string>((_, reject) => setTimeout(() => reject(new Error('the clipboard did not answer within 3 s')), 3000))]));
}
