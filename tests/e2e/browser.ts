import { chromium, type Browser, type BrowserContext, type Page } from 'playwright';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer, type Engine, type TestServer } from '../api/harness.ts';

/** Debian's Chromium; npm never downloads a browser here. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
export async function startUiServer(engine: Engine = 'pglite'): Promise<TestServer> {
  const dist = process.env.E2E_DIST ?? join(process.cwd(), 'dist');
  if (!existsSync(join(dist, 'index.html'))) throw new Error('dist/ is missing: run `npx vite build` (npm test does)');
  return startTestServer(engine, { uiDir: dist });
}

/** Signs in through the login form and waits for the home page. */
export async function signIn(page: Page, base: string, email: string, lang = 'en') {
  await page.goto(`${base}/${lang}/login`);
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill('demo-password');
  await page.locator('form.login-form button[type=submit]').click();
  await page.waitForURL((u) => !u.pathname.endsWith('/login'));
}

export interface BrowserSuite {
  readonly server: TestServer;
  readonly browser: Browser;
  /** A fresh context and page per test. */
  readonly context: BrowserContext;
  readonly page: Page;
}

/** One UI server and one browser per test file; a new context and page for every test. */
export function browserSuite(viewport = { width: 1400, height: 900 }): BrowserSuite {
  const s = {} as { server: TestServer; browser: Browser; context: BrowserContext; page: Page };
  beforeAll(async () => {
    [s.server, s.browser] = await Promise.all([startUiServer(), launch()]);
  });
  afterAll(async () => {
    await s.browser?.close();
    await s.server?.close();
  });
  beforeEach(async () => {
    s.context = await s.browser.newContext({ viewport });
    s.page = await s.context.newPage();
  });
  afterEach(async () => {
    await s.context?.close();
  });
  return s;
}
