import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../src/core/langs.ts';
import { screenRoutes } from '../../src/generated/routeList.ts';
import { browserSuite, signIn } from './browser.ts';

const t = browserSuite();
const catalogue = (lang: string) => JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as Record<string, string>;

/**
 * Every descriptor route opens for admin with its translated title, a grid with rows and
 * no error; the languages rotate over the routes so each of the seven is used, and the
 * product list is opened in all seven.
 */
describe('every screen route in the browser', () => {
  // Pages of the main frame (a printed document's page needs its document: courier-cmr.test.ts prints one).
  const rotated = screenRoutes.filter((r) => r.layout === 'main').map((r, i) => ({ ...r, lang: LANGS[i % LANGS.length]! }));
  const list = rotated.find((r) => r.form === 'product_list')!;
  const visits = [...rotated, ...LANGS.filter((l) => l !== list.lang).map((lang) => ({ ...list, lang }))];

  it(`opens ${visits.length} routes with data, titles in their language and no error`, async () => {
    await signIn(t.page, t.server.url, 'admin@example.com');
    const problems: string[] = [];
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
    }
    expect(problems).toEqual([]);
  }, 300_000);

  // Issue 22: the order-to-cash pages open in all seven languages with data.
  const flow = screenRoutes.filter((r) => r.layout === 'main' && (/^\/(sales|fsm|finance)\//.test(r.path) || r.path === '/partners/partner_list'));
  it(`opens the ${flow.length} order-to-cash routes, the kanban board and the workflow diagram in all seven languages`, async () => {
    await signIn(t.page, t.server.url, 'admin@example.com');
    const problems: string[] = [];
    t.page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    for (const lang of LANGS) {
      for (const v of [...flow, { path: '/settings/kanban', form: '' }, { path: '/settings/gojs', form: '' }]) {
        const url = `${t.server.url}/${lang}${v.path}`;
        await t.page.goto(url);
        const page = await t.server.db.query<{ title: string | null }>('select page_title ->> $2 as title from app.backend_pages where url = $1', [v.path, lang]);
        await expect.poll(() => t.page.locator('h1.page-title').innerText(), { message: url }).toBe(page.rows[0]!.title);
        const data =
          v.path === '/settings/kanban'
            ? t.page.locator('.kanban-card')
            : v.path === '/settings/gojs'
              ? t.page.locator('.react-flow__node')
              : t.page.getByRole('grid').first().locator('[role=row][data-key]');
        await expect.poll(() => data.count(), { message: `${url}: data`, timeout: 10_000 }).toBeGreaterThan(0);
        const alerts = await t.page.locator('.toast-danger, .alert-danger').allInnerTexts();
        if (alerts.length) problems.push(`${url}: ${alerts.join(' | ')}`);
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);

  // Issue 23: the warehouse, purchasing and report pages and the print documents open in all seven languages with data.
  const stock = screenRoutes.filter((r) => r.layout === 'main' && /^\/(warehouse|purchasing|reports)\//.test(r.path));
  it(`opens the ${stock.length} warehouse, purchasing and report routes and the three print documents in all seven languages`, async () => {
    await signIn(t.page, t.server.url, 'admin@example.com');
    const one = async (sql: string) => (await t.server.db.query<{ id: string }>(sql)).rows[0]!.id;
    const prints = [
      { path: `/print/product_labels?product_code=${await one("select product_code as id from app.products where company_code = 'SK01' order by product_code offset 300 limit 1")}`, form: '' },
      { path: `/print/pick_lists_print?pick_list_id=${await one("select pick_list_id::text as id from app.pick_lists where company_code = 'SK01' order by pick_list_id desc limit 1")}`, form: '' },
      { path: `/print/arriving_shipments_print?po_id=${await one("select po_id::text as id from app.v_arriving_shipments where company_code = 'SK01' order by po_id limit 1")}`, form: '' },
    ];
    const problems: string[] = [];
    t.page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    for (const lang of LANGS) {
      for (const v of [...stock, ...prints]) {
        const url = `${t.server.url}/${lang}${v.path}`;
        await t.page.goto(url);
        const page = await t.server.db.query<{ title: string | null }>('select page_title ->> $2 as title from app.backend_pages where url = $1', [v.path.replace(/\?.*/, ''), lang]);
        const print = v.path.startsWith('/print/');
        // A print page's title is its document's (the page frame has none): its own catalogue title, then the number.
        if (!print) await expect.poll(() => t.page.locator('h1.page-title').innerText(), { message: url }).toBe(page.rows[0]!.title);
        const data = print ? t.page.locator('.print-document .print-title') : t.page.getByRole('grid').first().locator('[role=row][data-key]');
        await expect.poll(() => data.count(), { message: `${url}: data`, timeout: 10_000 }).toBeGreaterThan(0);
        if (print) expect(await t.page.locator('html').getAttribute('lang'), url).toBe(lang);
        const alerts = await t.page.locator('.toast-danger, .alert-danger, .print-error').allInnerTexts();
        if (alerts.length) problems.push(`${url}: ${alerts.join(' | ')}`);
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);
});
