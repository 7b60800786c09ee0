import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../src/core/langs.ts';
import { screenRoutes } from '../../src/generated/routeList.ts';
import { axeOncePer } from './axe.ts';
import { browserSuite, signIn } from './browser.ts';

const t = browserSuite();
/** Issue 28: axe-core scans each route once per grid theme, in the page load that opens it (axe.ts). */
const axeOnce = axeOncePer(() => t.page);
const catalogue = (lang: string) => JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as Record<string, string>;

/**
 * Every descriptor route opens for admin with its translated title, a grid with rows and
 * no error; the languages rotate over the routes so each of the seven is used, and the
 * product list is opened in all seven. axe-core scans each route in the page load that
 * opens it (issue 28: no serious or critical WCAG 2.1 AA finding, no landmark, heading or
 * label-in-name finding).
 */
describe('every screen route in the browser', () => {
  // Pages of the main frame (a printed document's page needs its document: courier-cmr.test.ts prints one).
  const rotated = screenRoutes.filter((r) => r.layout === 'main').map((r, i) => ({ ...r, lang: LANGS[i % LANGS.length]! }));
  const list = rotated.find((r) => r.form === 'product_list')!;
  const visits = [...rotated, ...LANGS.filter((l) => l !== list.lang).map((lang) => ({ ...list, lang }))];

  it(`opens ${visits.length} routes with data, titles in their language and no error (axe-clean, as are the login, home and not-found pages)`, async () => {
    const problems: string[] = [];
    // The login layout (and the signed-out page's language select) before signing in.
    await t.page.goto(`${t.server.url}/en/login`);
    await t.page.locator('#login-email').waitFor();
    problems.push(...(await axeOnce('/login', `${t.server.url}/en/login`)));
    await signIn(t.page, t.server.url, 'admin@example.com');
    await expect.poll(() => t.page.locator('h1.page-title').innerText()).not.toBe('');
    problems.push(...(await axeOnce('/', `${t.server.url}/en/`)));
    t.page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    for (const v of visits) {
      const url = `${t.server.url}/${v.lang}${v.path}`;
      await t.page.goto(url);
      // The title is the menu page's name in the language (else the screen's catalogue title).
      const page = await t.server.db.query<{ title: string | null }>('select page_title ->> $2 as title from app.backend_pages where url = $1', [v.path, v.lang]);
      const title = page.rows[0]?.title || catalogue(v.lang)[`screens.${v.form}.title`];
      await expect.poll(() => t.page.locator('h1.page-title').innerText(), { message: url }).toBe(title);
      const rows = t.page.getByRole('grid').first().locator('[role=row][data-key]');
      await expect.poll(() => rows.count(), { message: `${url}: rows`, timeout: 10_000 }).toBeGreaterThan(0);
      const alerts = await t.page.locator('.toast-danger').allInnerTexts();
      if (alerts.length) problems.push(`${url}: ${alerts.join(' | ')}`);
      problems.push(...(await axeOnce(v.path, url)));
    }
    // The error layout: an address that is no page.
    await t.page.goto(`${t.server.url}/de/no/such/page`);
    await t.page.locator('.error-page h1').waitFor();
    problems.push(...(await axeOnce('/no/such/page', `${t.server.url}/de/no/such/page`)));
    expect(problems).toEqual([]);
  }, 600_000);
});
