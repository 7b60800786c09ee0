/**
 * The route walks (issue 44): every screen route opened in the browser, one test per route
 * (or route × language) so that a failure names it, in one file per group of menu areas
 * (routeAreas.ts) so the files share the two test workers. A file is one call:
 * `walkRoutes('sales')` (tests/e2e/routes-sales.test.ts), `walkLanguages('sales')`
 * (tests/e2e/routes-languages-sales.test.ts).
 *
 * The tests of a file share one server, browser and page (and session): they run in order,
 * each opening its route where the last left off, as a user going through the menu does.
 * Each test checks its own page errors, error toasts and axe findings, and (as
 * browserSuite does) that no Content-Security-Policy violation happened.
 */
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LANGS } from '../../src/core/langs.ts';
import type { TestServer } from '../api/harness.ts';
import { axeOncePer } from './axe.ts';
import { launch, openInApp, signIn, startUiServer, watchCsp, type CspViolation } from './browser.ts';
import { LANGUAGE_GROUPS, REST, ROUTE_GROUPS, languageRoutesOf, mainRoutes, routeVisitsOf } from './routeAreas.ts';

interface WalkSuite {
  server: TestServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** The page errors of the running test. */
  errors: string[];
  signedIn: boolean;
}

/** One server, browser, context and page for the file's tests; the CSP violations and page errors checked per test. */
function walkSuite(theme: 'balham' | 'alpine'): WalkSuite {
  const s = { errors: [] as string[], signedIn: false } as WalkSuite;
  let csp: CspViolation[] = [];
  beforeAll(async () => {
    [s.server, s.browser] = await Promise.all([startUiServer(), launch()]);
    s.context = await s.browser.newContext({ viewport: { width: 1400, height: 900 } });
    csp = await watchCsp(s.context);
    // The other grid theme is the user sidebar's choice, kept in the browser.
    if (theme === 'alpine') await s.context.addInitScript(() => localStorage.setItem('grid-theme', 'alpine'));
    s.page = await s.context.newPage();
    s.page.on('pageerror', (e) => s.errors.push(`page error: ${e.message}`));
  });
  afterAll(async () => {
    await s.browser?.close();
    await s.server?.close();
  });
  beforeEach(() => {
    s.errors.length = 0;
  });
  afterEach(() => {
    expect(csp.splice(0), 'CSP violations').toEqual([]);
  });
  return s;
}

async function ensureSignedIn(s: WalkSuite) {
  if (s.signedIn) return;
  await signIn(s.page, s.server.url, 'admin@example.com');
  s.signedIn = true;
}

/** The menu page's title of a path in a language (null where the menu has no title in it). */
async function menuTitle(s: WalkSuite, path: string, lang: string): Promise<string | null | undefined> {
  const page = await s.server.db.query<{ title: string | null }>('select page_title ->> $2 as title from app.backend_pages where url = $1', [path, lang]);
  return page.rows[0]?.title;
}

const catalogues = new Map<string, Record<string, string>>();
const catalogue = (lang: string) => {
  if (!catalogues.has(lang)) catalogues.set(lang, JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as Record<string, string>);
  return catalogues.get(lang)!;
};

/**
 * The route walk of one group (routeAreas.ts ROUTE_GROUPS; the group of the REST also walks
 * the areas no group names, and the login, home and not-found pages): each route opened by a
 * page load in its language with its translated title, a grid with rows and no error
 * toast or page error; axe-core scans each route in the page load that opens it (issue 28:
 * no serious or critical WCAG 2.1 AA finding, no landmark, heading or label-in-name finding).
 */
export function walkRoutes(group: string) {
  const areas = ROUTE_GROUPS[group];
  if (!areas) throw new Error(`no route group ${group} (routeAreas.ts)`);
  const rest = areas.includes(REST);
  const visits = routeVisitsOf(group);
  const named = areas.filter((a) => a !== REST).join(', ') + (rest ? ', the areas no other group names' : '');
  describe(`the ${group} routes in the browser (${named}): data, title in its language, no error, axe-clean`, () => {
    const s = walkSuite('balham');
    /** Issue 28: axe-core scans each route once per grid theme, in the page load that opens it (axe.ts). */
    const axeOnce = axeOncePer(() => s.page);

    if (rest) {
      it('the login, home and not-found pages are axe-clean', async () => {
        // The login layout (and the signed-out page's language select) before signing in.
        await s.context.clearCookies();
        s.signedIn = false;
        await s.page.goto(`${s.server.url}/en/login`);
        await s.page.locator('#login-email').waitFor();
        const problems = await axeOnce('/login', `${s.server.url}/en/login`);
        await ensureSignedIn(s);
        await expect.poll(() => s.page.locator('h1.page-title').innerText()).not.toBe('');
        problems.push(...(await axeOnce('/', `${s.server.url}/en/`)));
        // The error layout: an address that is no page.
        await s.page.goto(`${s.server.url}/de/no/such/page`);
        await s.page.locator('.error-page h1').waitFor();
        problems.push(...(await axeOnce('/no/such/page', `${s.server.url}/de/no/such/page`)));
        expect([...problems, ...s.errors]).toEqual([]);
      });
    }

    for (const v of visits) {
      it(`/${v.lang}${v.path}`, async () => {
        await ensureSignedIn(s);
        const url = `${s.server.url}/${v.lang}${v.path}`;
        await s.page.goto(url);
        // The title is the menu page's name in the language (else the screen's catalogue title).
        const title = (await menuTitle(s, v.path, v.lang)) || catalogue(v.lang)[`screens.${v.form}.title`];
        await expect.poll(() => s.page.locator('h1.page-title').innerText(), { message: `${url}: title` }).toBe(title);
        const rows = s.page.getByRole('grid').first().locator('[role=row][data-key]');
        await expect.poll(() => rows.count(), { message: `${url}: rows`, timeout: 10_000 }).toBeGreaterThan(0);
        const problems = (await s.page.locator('.toast-danger').allInnerTexts()).map((a) => `${url}: ${a}`);
        problems.push(...(await axeOnce(v.path, url)));
        expect([...problems, ...s.errors]).toEqual([]);
      });
    }
  });
}

/**
 * The print documents of the languages walk: one of each from the seed's company SK01 (of the
 * customers' and suppliers' documents one per record they are made from: the delivery note is
 * the order confirmation's order in another layout).
 */
const PRINTS: { path: string; id: string; sql: string }[] = [
  { path: '/print/product_labels', id: 'product_code', sql: "select product_code as id from app.products where company_code = 'SK01' order by product_code offset 300 limit 1" },
  { path: '/print/pick_lists_print', id: 'pick_list_id', sql: "select pick_list_id::text as id from app.pick_lists where company_code = 'SK01' order by pick_list_id desc limit 1" },
  { path: '/print/arriving_shipments_print', id: 'po_id', sql: "select po_id::text as id from app.v_arriving_shipments where company_code = 'SK01' order by po_id limit 1" },
  { path: '/print/cmr_notes_print', id: 'cmr_id', sql: "select cmr_id::text as id from app.cmr_notes where company_code = 'SK01' order by cmr_id limit 1" },
  { path: '/print/order_confirmations_print', id: 'order_id', sql: "select order_id::text as id from app.invoices where company_code = 'SK01' and kind = 'invoice' order by invoice_id limit 1" },
  { path: '/print/invoices_print', id: 'invoice_id', sql: "select invoice_id::text as id from app.invoices where company_code = 'SK01' order by invoice_id limit 1" },
  { path: '/print/purchase_orders_print', id: 'po_id', sql: "select po_id::text as id from app.purchase_orders where company_code = 'SK01' order by po_id limit 1" },
];

/**
 * The languages walk of one group (routeAreas.ts LANGUAGE_GROUPS): its routes in all seven
 * languages, each with the menu's title in the language, data and no error; a language's
 * first page loaded, its other screens opened in the app (`openInApp`), as the menu does. A
 * print document is a page of its own layout, loaded as a print link opens it: its data,
 * its `lang`, no print error. The route walk scans every main-frame route in Balham: axe
 * scans here the routes of an Alpine group and the print documents, once each.
 */
export function walkLanguages(group: string) {
  const g = LANGUAGE_GROUPS[group];
  if (!g) throw new Error(`no languages group ${group} (routeAreas.ts)`);
  const routes = languageRoutesOf(group);
  const what = [g.areas.join(', '), ...(g.paths ?? []), g.prints ? 'the print documents' : ''].filter(Boolean).join(', ');
  describe(`the ${group} routes in all seven languages (${what}; ${g.theme} grids)`, () => {
    const s = walkSuite(g.theme);
    const axeOnce = axeOncePer(
      () => s.page,
      mainRoutes.map((r) => r.path),
    );
    /** The language of the app page the browser holds (a screen of it opens in the app); undefined after a print page or a failure. */
    let shown: string | undefined;
    const ids = new Map<string, string>();

    for (const lang of LANGS) {
      for (const v of routes) {
        it(`/${lang}${v.path}`, async () => {
          await ensureSignedIn(s);
          const url = `${s.server.url}/${lang}${v.path}`;
          if (shown === lang) await openInApp(s.page, url);
          else await s.page.goto(url);
          shown = undefined;
          await expect.poll(() => s.page.locator('h1.page-title').innerText(), { message: `${url}: title` }).toBe(await menuTitle(s, v.path, lang));
          const data =
            v.path === '/settings/kanban'
              ? s.page.locator('.kanban-card')
              : v.path === '/settings/gojs'
                ? s.page.locator('.react-flow__node')
                : s.page.locator(`.screen-grid[data-form="${v.form}"] [role=row][data-key]`);
          await expect.poll(() => data.count(), { message: `${url}: data`, timeout: 10_000 }).toBeGreaterThan(0);
          const problems = (await s.page.locator('.toast-danger, .alert-danger').allInnerTexts()).map((a) => `${url}: ${a}`);
          problems.push(...(await axeOnce(v.path, url, g.theme)));
          expect([...problems, ...s.errors]).toEqual([]);
          shown = lang;
        });
      }
      for (const p of g.prints ? PRINTS : []) {
        it(`/${lang}${p.path}`, async () => {
          await ensureSignedIn(s);
          shown = undefined;
          if (!ids.has(p.path)) ids.set(p.path, (await s.server.db.query<{ id: string }>(p.sql)).rows[0]!.id);
          const url = `${s.server.url}/${lang}${p.path}?${p.id}=${ids.get(p.path)}`;
          await s.page.goto(url);
          // A print page's title is its document's (the page frame has none).
          await expect.poll(() => s.page.locator('.print-document .print-title').count(), { message: `${url}: data`, timeout: 10_000 }).toBeGreaterThan(0);
          expect(await s.page.locator('html').getAttribute('lang'), url).toBe(lang);
          const problems = (await s.page.locator('.toast-danger, .alert-danger, .print-error').allInnerTexts()).map((a) => `${url}: ${a}`);
          problems.push(...(await axeOnce(p.path, url)));
          expect([...problems, ...s.errors]).toEqual([]);
        });
      }
    }
  });
}
