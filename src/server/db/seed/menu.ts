import { catalogueText } from '../../transfer/catalogue.ts';
import type { Queryable } from '../types.ts';
import { insertRows, type Column } from './insert.ts';
import { mlFrom, type Ml } from './languages.ts';

/**
 * The back-office menu: every route of spec §2 "Route list" except '/' and '/login'
 * (home and login need no menu entry). The page-access check allows a path only when
 * it is in the user's menu tree, so a missing row here means an unreachable screen.
 */
/**
 * A page's title: the catalogue key of what the page itself shows (a built screen's
 * `screens.<form>.title`, an area's `areas.<area>`), so the menu and the page read the same
 * from one source (codegen/menuTitles.ts checks every built route uses its key); a page not
 * built yet carries its own texts until it is.
 */
type Title = Ml | `${'screens' | 'areas' | 'ai' | 'kanban' | 'diagram'}.${string}`;
const titleOf = (t: Title): Pick<PageRow, 'page_title' | 'title_key'> =>
  typeof t === 'string' ? { page_title: mlFrom((lang) => catalogueText(lang, t)), title_key: t } : { page_title: t, title_key: null };

interface PageDef {
  route: string;
  icon: string;
  title: Title;
  sub?: PageDef[];
  menu?: boolean;
}
interface AreaDef {
  area: string;
  icon: string;
  title: Title;
  pages: PageDef[];
}

const p = (route: string, icon: string, title: Title, sub?: PageDef[]): PageDef => ({ route, icon, title, ...(sub ? { sub } : {}) });
const a = (area: string, icon: string, title: Title, ...pages: PageDef[]): AreaDef => ({ area, icon, title, pages });

// Areas in working order (daily catalogue and stock work first, configuration last); pages likewise.
const areas: AreaDef[] = [
  a(
    'products',
    'package',
    'areas.products',
    p('product_list', 'package', 'screens.product_list.title'),
    p('categories', 'folder-tree', 'screens.categories.title'),
    p('brands', 'badge', 'screens.brands.title'),
    p('manufacturers', 'factory', 'screens.manufacturers.title'),
    p('product_accessories', 'puzzle', 'screens.product_accessories.title'),
    p('product_alternatives', 'shuffle', 'screens.product_alternatives.title'),
    p('product_files', 'file', 'screens.product_files.title'),
  ),
  a(
    'prices',
    'tags',
    'areas.prices',
    p('show_prices', 'eye', 'screens.show_prices.title'),
    p('frontend_product_margins', 'percent', 'screens.frontend_product_margins.title'),
    p('frontend_product_discounts', 'badge-percent', 'screens.frontend_product_discounts.title'),
    p('frontend_purchase_prices', 'receipt', 'screens.frontend_purchase_prices.title'),
  ),
  a(
    'warehouse',
    'warehouse',
    'areas.warehouse',
    p('shelf_list', 'layout-grid', 'screens.shelves.title'),
    p('pick_lists', 'list-checks', 'screens.pick_lists.title'),
    p('arriving_shipments', 'truck', 'screens.arriving_shipments.title'),
    p('collectible_goods', 'package-check', 'screens.collectible_goods.title'),
    p('product_pack_storages', 'boxes', 'screens.product_pack_storages.title'),
    p('product_storage_lookup', 'search', 'screens.product_storage_lookup.title'),
    p('products_without_storage', 'package-x', 'screens.products_without_storage.title'),
    p('shipment_planner', 'calendar-clock', 'screens.shipment_planner.title'),
    // The stock ledger and the documents that write to it besides receipts and picks.
    p('stock_movements', 'scroll-text', 'screens.stock_movements.title'),
    p('stock_transfers', 'arrow-left-right', 'screens.stock_transfers.title'),
    p('stock_corrections', 'clipboard-check', 'screens.stock_corrections.title'),
  ),
  a(
    'purchasing',
    'clipboard-list',
    'areas.purchasing',
    p('purchase_orders', 'file-text', 'screens.purchase_orders.title'),
    p('new_purchase_order', 'file-plus', 'screens.new_purchase_order.title'),
    p('goods_to_order', 'list-plus', 'screens.goods_to_order.title'),
    p('low_stock', 'trending-down', 'screens.low_stock.title'),
    p('product_supplier', 'building-2', 'screens.product_suppliers.title'),
  ),
  a(
    'sales',
    'shopping-cart',
    'areas.sales',
    p('sales_orders', 'shopping-bag', 'screens.sales_orders.title'),
    p('abandoned_carts', 'shopping-cart', 'screens.abandoned_carts.title'),
    p('arrival_notifications', 'bell', 'screens.arrival_notifications.title'),
    p('arriving_goods', 'package-open', 'screens.arriving_goods.title'),
    p('stock_free_and_reserved', 'scale', 'screens.stock_free_and_reserved.title'),
    p('courier', 'truck', 'screens.courier.title'),
    p('cmr', 'scroll-text', 'screens.cmr.title'),
    // The printed note, opened from a note (?cmr_id=…): a page of its own for its permission, not in the menu.
    { ...p('cmr_print', 'printer', 'screens.cmr_print.title'), menu: false },
    p('newsletter_subscribers', 'mail', 'screens.subscribers.title'),
  ),
  a(
    'shops',
    'store',
    'areas.shops',
    p('frontend_shops', 'store', 'screens.frontend_shops.title'),
    p('frontend_pages', 'file-text', 'screens.frontend_pages.title'),
    p('2frontendPages', 'table', 'screens.frontend_pages2.title', [
      {
        route: 'colDefs',
        icon: 'columns-3',
        title: 'screens.frontend_pages2_col_defs.title',
      },
    ]),
    p('frontend_categories', 'folder-tree', 'screens.frontend_categories.title'),
    p('frontend_shop_products', 'package', 'screens.frontend_shop_products.title'),
    p('published_products', 'globe', 'screens.published_products.title'),
    p('banners', 'image', 'screens.banners.title'),
    p('delivery_methods', 'truck', 'screens.delivery_methods.title'),
    p('payment_methods', 'credit-card', 'screens.payment_methods.title'),
    p('shopper_groups', 'users-round', 'screens.shopper_groups.title'),
    p('store_locations', 'map-pin', 'screens.store_locations.title'),
  ),
  a('partners', 'users', 'areas.partners', p('partner_list', 'handshake', 'screens.partner_list.title'), p('user_list', 'user', 'screens.user_list.title')),
  a(
    'reports',
    'chart-column',
    'areas.reports',
    p('stock_value', 'coins', 'screens.stock_value.title'),
    p('company_stocks', 'building', 'screens.company_stocks.title'),
    p('list_80_percent', 'chart-pie', 'screens.list_80_percent.title'),
    p('sales_detailed', 'chart-line', 'screens.sales_detailed.title'),
    p('product_change_log', 'history', 'screens.product_change_log.title'),
  ),
  a(
    'print',
    'printer',
    'areas.print',
    p('product_labels', 'tag', 'screens.product_labels.title'),
    p('pick_lists_print', 'printer', 'screens.pick_lists_print.title'),
    p('arriving_shipments_print', 'printer', 'screens.arriving_shipments_print.title'),
  ),
  a('finance', 'wallet', 'areas.finance', p('cashflow', 'banknote', 'screens.cashflow.title')),
  a(
    'ai_content',
    'sparkles',
    'areas.ai_content',
    p('ai_catalog', 'book-open', 'screens.ai_catalog.title'),
    p('ai_proposals', 'lightbulb', 'screens.ai_proposals.title'),
    p('ai_analytics', 'activity', 'screens.ai_analytics.title'),
    p('prompts', 'message-square', 'screens.prompts.title'),
    p('email_list', 'mail', 'screens.email_list.title'),
    p('imap_labels', 'tag', 'screens.imap_labels.title'),
    p('recipes', 'chef-hat', 'screens.recipes.title'),
    p('houses', 'house', 'screens.houses.title'),
    p('select_preview', 'scan-eye', 'screens.select_preview.title'),
  ),
  // The news read daily first, then the feeds they come from.
  a('news', 'newspaper', 'areas.news', p('news_list', 'newspaper', 'screens.news_list.title'), p('news_sources', 'rss', 'screens.news_sources.title')),
  a(
    'fsm',
    'workflow',
    'areas.fsm',
    p('fsm_types', 'shapes', 'screens.fsm_types.title'),
    p('fsm_states', 'circle-dot', 'screens.fsm_states.title'),
    p('fsm_events', 'zap', 'screens.fsm_events.title'),
    p('fsm_transitions', 'git-branch', 'screens.fsm_transitions.title'),
  ),
  a(
    'settings',
    'settings',
    'areas.settings',
    p('users', 'user-cog', 'screens.users.title'),
    p('roles', 'shield', 'screens.roles.title'),
    p('backend_pages', 'panel-left', 'screens.backend_pages.title'),
    p('vats', 'percent', 'screens.vats.title'),
    p('packing_templates', 'box', 'screens.packing_templates.title'),
    p('captions', 'type', 'screens.captions.title'),
    p('translation_table', 'languages', 'screens.translation_table.title'),
    p('gtranslate', 'languages', 'screens.gtranslate.title'),
    p('chatgpt', 'message-circle', 'screens.chatgpt.title'),
    p('chatgpt_twin', 'messages-square', 'ai.twin.title'),
    p('gpt_chats', 'message-square-text', 'screens.gpt_chats.title'),
    p('gojs', 'network', 'diagram.title'),
    p('kanban', 'square-kanban', 'kanban.title'),
    p('obd_texts', 'file-type', 'screens.obd_texts.title'),
  ),
];

// Base pages outside any area; '/' and '/login' are deliberately absent.
const basePages: { code: string; url: string; icon: string; title: Title }[] = [{ code: 'ai_query', url: '/ai-query', icon: 'bot', title: 'ai.title' }];

export interface PageRow {
  page_code: string;
  parent_page_code: string | null;
  url: string | null;
  page_title: Ml;
  /** The catalogue key the title was read from (not stored: codegen/menuTitles.ts checks it). */
  title_key: string | null;
  icon: string;
  menu: boolean;
  position: number;
  /** The area the page belongs to ('' for base pages); used to grant roles whole areas. */
  area: string;
}

function flatten(): PageRow[] {
  const rows: PageRow[] = [];
  const addPage = (d: PageDef, area: string, parentCode: string, parentUrl: string, position: number) => {
    const code = `${parentCode}.${d.route}`;
    const url = `${parentUrl}/${d.route}`;
    rows.push({ page_code: code, parent_page_code: parentCode, url, ...titleOf(d.title), icon: d.icon, menu: d.menu ?? true, position, area });
    d.sub?.forEach((s, i) => addPage(s, area, code, url, i + 1));
  };
  areas.forEach((ar, i) => {
    rows.push({ page_code: ar.area, parent_page_code: null, url: null, ...titleOf(ar.title), icon: ar.icon, menu: true, position: i + 1, area: ar.area });
    ar.pages.forEach((d, j) => addPage(d, ar.area, ar.area, `/${ar.area}`, j + 1));
  });
  basePages.forEach((b, i) =>
    rows.push({
      page_code: b.code,
      parent_page_code: null,
      url: b.url,
      ...titleOf(b.title),
      icon: b.icon,
      menu: true,
      position: areas.length + i + 1,
      area: '',
    }),
  );
  return rows;
}

/** Every menu row, parents before children. */
export const menuPages: PageRow[] = flatten();

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
