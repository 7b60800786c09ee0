import { chromium, type Browser, type BrowserContext, type Page } from 'playwright';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer, type Engine, type TestServer } from '../api/harness.ts';
import type { Config } from '../../src/server/config.ts';
import { findBrowser } from '../setup/browserPath.ts';
import { AUTH_PREFIX, PAGE_TOKEN_COOKIE } from '../../src/core/authCookies.ts';

const STRATEGY_COOKIE = `${AUTH_PREFIX}strategy`;

/** The browser the global set-up found or installed (tests/setup/tools.ts). */
export const CHROMIUM = inject('chromiumPath') ?? findBrowser() ?? '/usr/bin/chromium';

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}

/**
 * A server with the real built UI (dist/, from `vite build`; `E2E_DIST` points at another
 * build output, so parallel work can build without replacing each other's files) on its
 * own fresh database.
 */
export async function startUiServer(engine: Engine = 'pglite', config: Partial<Config> = {}): Promise<TestServer> {
  const dist = process.env.E2E_DIST ?? join(process.cwd(), 'dist');
  if (!existsSync(join(dist, 'index.html'))) throw new Error('dist/ is missing: run `npx vite build` (npm test does)');
  return startTestServer(engine, { uiDir: dist, config });
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
 * One UI server and one browser per test file; a new context and page for every test.
 * `config`: the server's configuration beyond the test defaults (made before it starts: a
 * local SMTP server's address, say).
 */
export function browserSuite(viewport = { width: 1400, height: 900 }, config?: () => Promise<Partial<Config>>): BrowserSuite {
  const s = {} as { server: TestServer; browser: Browser; context: BrowserContext; page: Page; cspViolations: CspViolation[] };
  beforeAll(async () => {
    [s.server, s.browser] = await Promise.all([config ? config().then((c) => startUiServer('pglite', c)) : startUiServer(), launch()]);
  });
  afterAll(async () => {
    await s.browser?.close();
    await s.server?.close();
  });
  beforeEach(async () => {
    s.context = await s.browser.newContext({ viewport });
    s.cspViolations = await watchCsp(s.context);
    s.page = await s.context.newPage();
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
