/**
 * Which screen routes each file of the route walks opens (issue 44): the walk logic is
 * routeWalk.ts, each file one call with its area. Data only (no browser, no vitest), so
 * tests/unit/route-walk-areas.test.ts checks that every route has exactly one file.
 *
 * A route's area is its menu area, the first segment of its path (/sales/cmr → sales:
 * src/server/db/seed/menu.ts, `areas.<segment>` of the breadcrumbs). Areas are grouped so
 * that a file takes about 10–25 s and the files share the two test workers; a file costs
 * its own server, browser and first page loads (~8 s of CPU), so small areas share one.
 */
import { LANGS } from '../../src/core/langs.ts';
import { screenRoutes } from '../../src/generated/routeList.ts';

/** A route opened in one language. */
export interface Visit {
  path: string;
  /** The screen's form ('' for a page without a descriptor: kanban, diagram, a print document). */
  form: string;
  lang: string;
}

/** The menu area of a path: its first segment. */
export const areaOf = (path: string): string => path.split('/')[1] ?? '';

/** The routes of the main frame (a printed document's page needs its document: courier-cmr.test.ts prints one). */
export const mainRoutes = screenRoutes.filter((r) => r.layout === 'main');

/**
 * The route walk: tests/e2e/routes-<group>.test.ts opens the main-frame routes of its
 * menu areas, each by a page load. REST stands for the areas no group names: their routes
 * are walked by that group's file (with the login, home and not-found pages), so a new
 * area is walked from the day it is added (a file of its own would cost a server and a
 * browser for a few routes).
 */
export const REST = '*';
export const ROUTE_GROUPS: Record<string, readonly string[]> = {
  products: ['products', 'prices', 'shops'],
  sales: ['sales', 'fsm', 'finance', 'partners', 'reports'],
  stock: ['warehouse', 'purchasing'],
  settings: ['settings', 'ai_content', 'news', REST],
};

/** The route walk's group of a path: the group naming its area, else the group of the REST. */
export function groupOf(path: string): string {
  const groups = Object.keys(ROUTE_GROUPS);
  const area = areaOf(path);
  return groups.find((g) => ROUTE_GROUPS[g]!.includes(area)) ?? groups.find((g) => ROUTE_GROUPS[g]!.includes(REST))!;
}

/**
 * The route walk's visits: every main-frame route once, the seven languages rotating over
 * the whole list (so each is used, and a route keeps its language whichever file opens
 * it), and the product list in all seven.
 */
export const routeVisits: Visit[] = (() => {
  const rotated = mainRoutes.map((r, i) => ({ path: r.path, form: r.form, lang: LANGS[i % LANGS.length]! }));
  const list = rotated.find((r) => r.form === 'product_list')!;
  return [...rotated, ...LANGS.filter((l) => l !== list.lang).map((lang) => ({ ...list, lang }))];
})();

/** The visits of one group of the route walk. */
export const routeVisitsOf = (group: string): Visit[] => routeVisits.filter((v) => groupOf(v.path) === group);

/** A group of the languages walk: its routes in all seven languages, in a grid theme. */
export interface LanguageGroup {
  /** The grid theme (the user sidebar's choice): the route walk scans every route in Balham, this one scans its routes in Alpine once more. */
  theme: 'balham' | 'alpine';
  /** Main-frame routes of these menu areas… */
  areas: readonly string[];
  /** …and these paths (main-frame routes of other areas, base pages with data: kanban, diagram). */
  paths?: readonly string[];
  /** The print documents (routeWalk.ts picks a document of each from the seed). */
  prints?: boolean;
}

/**
 * The languages walk (issues 22, 23): tests/e2e/routes-languages-<group>.test.ts opens its
 * routes in all seven languages; a language's first page is loaded, the others are opened
 * in the app as its menu does (a load costs ~4× a switch: docs/benchmarks.md). Issue 22:
 * the order-to-cash routes, kanban board and workflow diagram (Alpine); issue 23: the
 * warehouse, purchasing and report routes and the print documents.
 */
export const LANGUAGE_GROUPS: Record<string, LanguageGroup> = {
  sales: { theme: 'alpine', areas: ['sales'] },
  workflow: { theme: 'alpine', areas: ['fsm', 'finance'], paths: ['/partners/partner_list', '/settings/kanban', '/settings/gojs'] },
  warehouse: { theme: 'balham', areas: ['warehouse'] },
  purchasing: { theme: 'balham', areas: ['purchasing'] },
  reports: { theme: 'balham', areas: ['reports'] },
  // A print document is a page load (not a switch in the app): 21 of them make a file.
  prints: { theme: 'balham', areas: [], prints: true },
};

/** The routes of one languages group (its prints apart), in the order a language opens them. */
export function languageRoutesOf(group: string): { path: string; form: string }[] {
  const g = LANGUAGE_GROUPS[group]!;
  const paths = g.paths ?? [];
  const routes = mainRoutes.filter((r) => g.areas.includes(areaOf(r.path)) || paths.includes(r.path)).map((r) => ({ path: r.path, form: r.form }));
  // Base pages (no descriptor) after the screens.
  return [...routes, ...paths.filter((p) => !mainRoutes.some((r) => r.path === p)).map((path) => ({ path, form: '' }))];
}
