import { describe, expect, it } from 'vitest';
import { LANGS } from '../../src/core/langs.ts';
import { screenRoutes } from '../../src/generated/routeList.ts';
import { axeOncePer } from './axe.ts';
import { browserSuite, openInApp, signIn } from './browser.ts';

/**
 * The order-to-cash, warehouse, purchasing and report routes and the print documents in all
 * seven languages (issues 22, 23), beside routes.test.ts (every route once, each by a page
 * load): a file of its own so the two halves of the route walk run on both test workers.
 * A language's first page is loaded; the others are opened in the app, as its menu does
 * (a page load costs ~4× a screen switch: 1.9 s against 0.45 s in docs/benchmarks.md).
 */
const t = browserSuite();
// routes.test.ts scans every main-frame route in the Balham theme: here the Alpine grids and the print documents.
const axeOnce = axeOncePer(
  () => t.page,
  screenRoutes.filter((r) => r.layout === 'main').map((r) => r.path),
);

describe('screen routes in all seven languages', () => {
  // Issue 22: the order-to-cash pages open in all seven languages with data.
  const flow = screenRoutes.filter((r) => r.layout === 'main' && (/^\/(sales|fsm|finance)\//.test(r.path) || r.path === '/partners/partner_list'));
  it(`opens the ${flow.length} order-to-cash routes, the kanban board and the workflow diagram in all seven languages (Alpine grids, axe-clean)`, async () => {
    // These grids in the other theme (the user sidebar's choice, kept in the browser): its colours are scanned too.
    await t.context.addInitScript(() => localStorage.setItem('grid-theme', 'alpine'));
    await signIn(t.page, t.server.url, 'admin@example.com');
    const problems: string[] = [];
    t.page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    for (const lang of LANGS) {
      let loaded = false;
      for (const v of [...flow, { path: '/settings/kanban', form: '' }, { path: '/settings/gojs', form: '' }]) {
        const url = `${t.server.url}/${lang}${v.path}`;
        if (loaded) await openInApp(t.page, url);
        else await t.page.goto(url);
        loaded = true;
        const page = await t.server.db.query<{ title: string | null }>('select page_title ->> $2 as title from app.backend_pages where url = $1', [v.path, lang]);
        await expect.poll(() => t.page.locator('h1.page-title').innerText(), { message: url }).toBe(page.rows[0]!.title);
        const data =
          v.path === '/settings/kanban'
            ? t.page.locator('.kanban-card')
            : v.path === '/settings/gojs'
              ? t.page.locator('.react-flow__node')
              : t.page.locator(`.screen-grid[data-form="${v.form}"] [role=row][data-key]`);
        await expect.poll(() => data.count(), { message: `${url}: data`, timeout: 10_000 }).toBeGreaterThan(0);
        const alerts = await t.page.locator('.toast-danger, .alert-danger').allInnerTexts();
        if (alerts.length) problems.push(`${url}: ${alerts.join(' | ')}`);
        problems.push(...(await axeOnce(v.path, url, 'alpine')));
      }
    }
    expect(problems).toEqual([]);
  }, 360_000);

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
      let loaded = false;
      for (const v of [...stock, ...prints]) {
        const url = `${t.server.url}/${lang}${v.path}`;
        const print = v.path.startsWith('/print/');
        // A printed document is a page of its own layout: loaded, as a print link opens it.
        if (loaded && !print) await openInApp(t.page, url);
        else await t.page.goto(url);
        loaded = true;
        const page = await t.server.db.query<{ title: string | null }>('select page_title ->> $2 as title from app.backend_pages where url = $1', [v.path.replace(/\?.*/, ''), lang]);
        // A print page's title is its document's (the page frame has none): its own catalogue title, then the number.
        if (!print) await expect.poll(() => t.page.locator('h1.page-title').innerText(), { message: url }).toBe(page.rows[0]!.title);
        const data = print ? t.page.locator('.print-document .print-title') : t.page.locator(`.screen-grid[data-form="${v.form}"] [role=row][data-key]`);
        await expect.poll(() => data.count(), { message: `${url}: data`, timeout: 10_000 }).toBeGreaterThan(0);
        if (print) expect(await t.page.locator('html').getAttribute('lang'), url).toBe(lang);
        const alerts = await t.page.locator('.toast-danger, .alert-danger, .print-error').allInnerTexts();
        if (alerts.length) problems.push(`${url}: ${alerts.join(' | ')}`);
        problems.push(...(await axeOnce(v.path.replace(/\?.*/, ''), url)));
      }
    }
    expect(problems).toEqual([]);
  }, 660_000);
});
