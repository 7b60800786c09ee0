/**
 * The staff guide's screenshots (docs/guide/img/) and its help buttons. Signs in and opens one
 * screen per guide page (and the first day's sign-in and home page); each must render (its grid
 * loaded) and its header's help button must lead to its area's guide page (core/guide.ts), in the
 * user's language (German → the German guide, Hungarian → the English one). The help button is
 * followed once: the guide page opens in a new tab with its title and screenshots loaded.
 * With GUIDE_SCREENSHOTS=1 (`npm run guide:screenshots`) each view is also saved as
 * docs/guide/img/<name>.png, the pictures the guide's pages show — so they are regenerated with
 * one command, and in the normal suite the same walk proves they still can be.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { guidePageOfPath, type GuidePage } from '../../src/core/guide.ts';
import { browserSuite, signIn } from './browser.ts';

const SAVE = process.env.GUIDE_SCREENSHOTS === '1';
const img = join(import.meta.dirname, '..', '..', 'docs', 'guide', 'img');
const t = browserSuite({ width: 1280, height: 800 });

/** One screen per guide page: the picture's name is the page's. */
const SHOTS: { page: GuidePage; route: string }[] = [
  { page: 'catalogue', route: '/products/product_list' },
  { page: 'prices', route: '/prices/frontend_product_margins' },
  { page: 'shops', route: '/shops/frontend_shops' },
  { page: 'sales', route: '/sales/sales_orders' },
  { page: 'purchasing', route: '/purchasing/purchase_orders' },
  { page: 'warehouse', route: '/warehouse/stock_movements' },
  { page: 'finance', route: '/finance/invoices' },
  { page: 'reports', route: '/reports/stock_value' },
  { page: 'administration', route: '/settings/users' },
  { page: 'ai', route: '/ai_content/prompts' },
];

const heading = (lang: string, page: GuidePage) => /^# (.+)$/m.exec(readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'guide', lang, `${page}.md`), 'utf8'))![1]!;
const help = (page: Page) => page.locator('.page-header a.page-help');
/** Where the help button leads: its link, which the server redirects to the area's guide page. */
async function guideOf(page: Page): Promise<string | null> {
  const href = await help(page).getAttribute('href');
  const r = await page.request.get(new URL(href!, page.url()).href, { maxRedirects: 0 });
  return r.headers()['location'] ?? null;
}

async function shoot(page: Page, name: string): Promise<void> {
  if (SAVE) await page.screenshot({ path: join(img, `${name}.png`), type: 'png' });
}

/** The screen is drawn: its title, its help button, and its grid with its rows loaded. */
async function rendered(page: Page): Promise<void> {
  await expect.poll(() => page.locator('h1.page-title').innerText(), { timeout: 15_000 }).not.toBe('');
  await expect.poll(() => help(page).count()).toBe(1);
  const grid = page.getByRole('grid').first();
  await expect.poll(() => grid.count(), { timeout: 15_000 }).toBe(1);
  await expect.poll(() => grid.getAttribute('aria-busy'), { timeout: 15_000 }).toBeNull();
}

describe('staff guide screenshots and help buttons', () => {
  it('shows each area’s screen with a help button to its guide page', async () => {
    const { page } = t;
    await page.goto(`${t.server.url}/en/login`);
    await expect.poll(() => page.locator('#login-email').count()).toBe(1);
    await shoot(page, 'first-day-login');

    await signIn(page, t.server.url, 'admin@example.com');
    await page.goto(`${t.server.url}/en`);
    await expect.poll(() => help(page).getAttribute('href'), { timeout: 15_000 }).toBe('/guide/help/en');
    expect(await guideOf(page)).toBe('/guide/en/first-day');
    await shoot(page, 'first-day-home');

    for (const { page: guide, route } of SHOTS) {
      expect(guidePageOfPath(route)).toBe(guide);
      await page.goto(`${t.server.url}/en${route}`);
      await rendered(page);
      expect(await guideOf(page), route).toBe(`/guide/en/${guide}`);
      await shoot(page, guide);
    }
  });

  it('opens the guide page in the user’s language from the help button', async () => {
    const { page, context } = t;
    await signIn(page, t.server.url, 'admin@example.com', 'de');
    await page.goto(`${t.server.url}/de/sales/sales_orders`);
    await rendered(page);
    expect(await help(page).getAttribute('aria-label')).toBe(JSON.parse(readFileSync('locales/de.json', 'utf8'))['chrome.help']);
    const [guide] = await Promise.all([context.waitForEvent('page'), help(page).click()]);
    await guide.waitForLoadState();
    expect(new URL(guide.url()).pathname).toBe('/guide/de/sales');
    expect(await guide.locator('h1').innerText()).toBe(heading('de', 'sales'));
    const pictures = guide.locator('main img');
    expect(await pictures.count()).toBeGreaterThan(0);
    await expect.poll(() => pictures.first().evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeGreaterThan(0);

    // A language the guide is not written in reads the English guide.
    await page.goto(`${t.server.url}/hu/warehouse/stock_movements`);
    await rendered(page);
    expect(await guideOf(page)).toBe('/guide/en/warehouse');
  });
});
