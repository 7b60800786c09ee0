/**
 * Where the tests' browser is: CHROMIUM_PATH when set (it must exist), else Debian's
 * Chromium, else an installed Google Chrome (where Playwright's `chrome` channel looks), else a
 * Chromium Playwright installed itself. `undefined` when there is none.
 */
import { existsSync } from 'node:fs';
import { chromium } from 'playwright';

/** Debian's packages (chromium, chromium-browser on older releases), then Chrome's stable channel. */
export const SYSTEM_BROWSERS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/opt/google/chrome/chrome', '/usr/bin/google-chrome'];

export function findBrowser(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const given = env.CHROMIUM_PATH;
  if (given) return existsSync(given) ? given : undefined;
  const found = SYSTEM_BROWSERS.find((p) => existsSync(p));
  if (found) return found;
  // Playwright's own download (`npx playwright install chromium`), when one was made.
  const own = chromium.executablePath();
  return own && existsSync(own) ? own : undefined;
}
