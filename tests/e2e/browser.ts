import { chromium, type Browser, type Page } from 'playwright-core';
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

/** A server with the real built UI (dist/, from `vite build`) on its own fresh database. */
export async function startUiServer(engine: Engine = 'pglite'): Promise<TestServer> {
  const dist = join(process.cwd(), 'dist');
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
