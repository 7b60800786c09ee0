import { screenMenu, type ScreenMenuEntry } from '../../../generated/menu.ts';
import { catalogueText } from '../../transfer/catalogue.ts';
import type { Queryable } from '../types.ts';
import { insertRows, type Column } from './insert.ts';
import { mlFrom, type Ml } from './languages.ts';

/**
 * The back-office menu: every route of spec §2 "Route list" except '/' and '/login'
 * (home and login need no menu entry). The page-access check allows a path only when
 * it is in the user's menu tree, so a missing row here means an unreachable screen.
 *
 * A built screen's entry is its descriptor's `menu` (src/generated/menu.ts); this file keeps
 * what no descriptor states: the areas, and the pages that are not descriptors.
 */
/**
 * A page's title: the catalogue key of what the page itself shows (a built screen's
 * `screens.<form>.title`, an area's `areas.<area>`), so the menu and the page read the same
 * from one source (codegen/menuTitles.ts checks every built route uses its key).
 */
type Title = `${'screens' | 'areas' | 'ai' | 'kanban' | 'diagram'}.${string}`;
const titleOf = (t: Title): Pick<PageRow, 'page_title' | 'title_key'> => ({ page_title: mlFrom((lang) => catalogueText(lang, t)), title_key: t });

/** The areas, the menu's top level (titled `areas.<area>`), in working order: daily catalogue and stock work first, configuration last. */
const areas: { area: string; icon: string }[] = [
  { area: 'products', icon: 'package' },
  { area: 'prices', icon: 'tags' },
  { area: 'warehouse', icon: 'warehouse' },
  { area: 'purchasing', icon: 'clipboard-list' },
  { area: 'sales', icon: 'shopping-cart' },
  { area: 'shops', icon: 'store' },
  { area: 'partners', icon: 'users' },
  { area: 'reports', icon: 'chart-column' },
  { area: 'print', icon: 'printer' },
  { area: 'finance', icon: 'wallet' },
  { area: 'ai_content', icon: 'sparkles' },
  { area: 'news', icon: 'newspaper' },
  { area: 'fsm', icon: 'workflow' },
  { area: 'settings', icon: 'settings' },
];

/** An entry of an area (or under a page): `order` is its position among its parent's entries, the screens' included. */
interface Entry {
  route: string;
  icon: string;
  order: number;
  title: Title;
  hidden?: true;
}

/**
 * The pages of areas that are not descriptors (codegen/routes.ts `baseRoutes`): the print
 * documents, the settings' twin, diagram and kanban.
 */
const otherPages: Entry[] = [
  { route: '/print/product_labels', icon: 'tag', order: 1, title: 'screens.product_labels.title' },
  { route: '/print/pick_lists_print', icon: 'printer', order: 2, title: 'screens.pick_lists_print.title' },
  { route: '/print/arriving_shipments_print', icon: 'printer', order: 3, title: 'screens.arriving_shipments_print.title' },
  // Opened from a note's print link (?cmr_id=…): not in the menu.
  { route: '/print/cmr_notes_print', icon: 'scroll-text', order: 4, title: 'screens.cmr_notes_print.title', hidden: true },
  // Customers' and suppliers' documents, opened from the picked rows of their screens (sales orders, invoices, purchase orders).
  { route: '/print/order_confirmations_print', icon: 'file-check', order: 5, title: 'screens.order_confirmations_print.title', hidden: true },
  { route: '/print/delivery_notes_print', icon: 'truck', order: 6, title: 'screens.delivery_notes_print.title', hidden: true },
  { route: '/print/invoices_print', icon: 'receipt-text', order: 7, title: 'screens.invoices_print.title', hidden: true },
  { route: '/print/purchase_orders_print', icon: 'file-text', order: 8, title: 'screens.purchase_orders_print.title', hidden: true },
  { route: '/settings/chatgpt_twin', icon: 'messages-square', order: 10, title: 'ai.twin.title' },
  { route: '/settings/gojs', icon: 'network', order: 12, title: 'diagram.title' },
  { route: '/settings/kanban', icon: 'square-kanban', order: 13, title: 'kanban.title' },
];

// Base pages outside any area, after the areas; '/' and '/login' are deliberately absent.
const basePages: { code: string; url: string; icon: string; title: Title }[] = [{ code: 'ai_query', url: '/ai-query', icon: 'bot', title: 'ai.title' }];

export interface PageRow {
  page_code: string;
  parent_page_code: string | null;
  url: string | null;
  page_title: Ml;
  /** The catalogue key the title was read from (not stored: codegen/menuTitles.ts checks it). */
  title_key: string;
  icon: string;
  menu: boolean;
  position: number;
  /** The area the page belongs to ('' for base pages); used to grant roles whole areas. */
  area: string;
}

/**
 * The rows, parents before children: each area, then its entries by order, each followed by
 * the entries under it (a page lies under the page or area its route lies under, its code is
 * its parent's and its last segment: shops.2frontendPages.colDefs). Throws on an entry with
 * no parent or sharing its parent's position with another (codegen runs this first).
 */
export function menuRows(screens: readonly ScreenMenuEntry[]): PageRow[] {
  const entries: Entry[] = [
    ...screens.map((s) => ({ route: s.route, icon: s.icon, order: s.order, title: `screens.${s.form}.title` as const, ...(s.hidden ? { hidden: s.hidden } : {}) })),
    ...otherPages,
  ];
  const under = new Map<string, Entry[]>();
  for (const e of entries) {
    const parent = e.route.slice(0, e.route.lastIndexOf('/'));
    under.set(parent, [...(under.get(parent) ?? []), e]);
  }
  const rows: PageRow[] = [];
  const placed = new Set<Entry>();
  const addUnder = (parentUrl: string, parentCode: string, area: string) => {
    const children = [...(under.get(parentUrl) ?? [])].sort((a, b) => a.order - b.order);
    children.forEach((e, i) => {
      if (children[i + 1]?.order === e.order) throw new Error(`menu: ${e.route} and ${children[i + 1]!.route}: expected positions of their own under ${parentUrl}, got ${e.order} for both`);
      const code = `${parentCode}.${e.route.slice(parentUrl.length + 1)}`;
      rows.push({ page_code: code, parent_page_code: parentCode, url: e.route, ...titleOf(e.title), icon: e.icon, menu: !e.hidden, position: e.order, area });
      placed.add(e);
      addUnder(e.route, code, area);
    });
  };
  areas.forEach((ar, i) => {
    rows.push({ page_code: ar.area, parent_page_code: null, url: null, ...titleOf(`areas.${ar.area}`), icon: ar.icon, menu: true, position: i + 1, area: ar.area });
    addUnder(`/${ar.area}`, ar.area, ar.area);
  });
  basePages.forEach((b, i) => rows.push({ page_code: b.code, parent_page_code: null, url: b.url, ...titleOf(b.title), icon: b.icon, menu: true, position: areas.length + i + 1, area: '' }));
  const lost = entries.filter((e) => !placed.has(e));
  if (lost.length) throw new Error(`menu: ${lost.map((e) => e.route).join(', ')}: expected a route under an area of seed/menu.ts or another page, got none to lie under`);
  return rows;
}

/** Every menu row, parents before children. */
export const menuPages: PageRow[] = menuRows(screenMenu);

/** Every route (without the language prefix) that has a menu row: the set the page-access check allows. */
export const menuRoutes: string[] = menuPages.flatMap((r) => (r.url ? [r.url] : []));

/** Page codes of the given areas, group nodes included. */
export const pagesOfAreas = (...areaCodes: string[]): string[] => menuPages.filter((r) => areaCodes.includes(r.area)).map((r) => r.page_code);

/** The columns of app.backend_pages the menu writes (the seed and referenceSync.ts). */
export const pageColumns: readonly Column[] = [
  ['page_code', 'text'],
  ['parent_page_code', 'text'],
  ['url', 'text'],
  ['page_title', 'jsonb'],
  ['icon', 'text'],
  ['menu', 'boolean'],
  ['position', 'int'],
];

export async function seedMenu(tx: Queryable): Promise<void> {
  await insertRows(tx, 'app.backend_pages', pageColumns, menuPages);
}
