import type { ScreenDescriptor } from '../schemas/screen.ts';
import { LANGS } from '../src/core/langs.ts';
import { PRINT_DOCUMENT_KEYS, printRoute, printTitle } from '../src/core/printDocuments.ts';
import type { PageRow } from '../src/server/db/seed/menu.ts';

/** Title keys of the routes that exist without a descriptor (codegen/routes.ts baseRoutes; '/' and '/login' have no menu row). */
const BASE_TITLES: Record<string, string> = {
  '/ai-query': 'ai.title',
  '/settings/kanban': 'kanban.title',
  '/settings/gojs': 'diagram.title',
  '/settings/chatgpt_twin': 'ai.twin.title',
  ...Object.fromEntries(PRINT_DOCUMENT_KEYS.map((k) => [printRoute(k), printTitle(k)])),
};

/**
 * The page header and breadcrumbs show the catalogue texts whose keys the route tree
 * carries (`screens.<form>.title`, `areas.<area>`); the menu sidebar shows the titles the
 * database was seeded with (src/server/db/seed/menu.ts). Every built route and area takes
 * its menu title from that same key (one source), and every key a menu title names has a
 * text in every catalogue (a missing one would be seeded as the key itself).
 */
export function checkMenuTitles(screens: ScreenDescriptor[], menuPages: readonly PageRow[], cats: Record<string, Record<string, string>>): string[] {
  const keyOf = new Map<string, string>(Object.entries(BASE_TITLES));
  for (const s of screens) if (s.route) keyOf.set(s.route, `screens.${s.form}.title`);
  const errors: string[] = [];
  for (const page of menuPages) {
    const key = page.url ? keyOf.get(page.url) : page.parent_page_code === null ? `areas.${page.page_code}` : undefined;
    const where = `src/server/db/seed/menu.ts: ${page.url ?? page.page_code}`;
    if (key && page.title_key !== key) errors.push(`${where}: expected the title '${key}' (the page's own), got '${page.title_key}'`);
    for (const lang of LANGS) if (!cats[lang]?.[page.title_key]) errors.push(`${where}: expected a text of '${page.title_key}' in locales/${lang}.json, got none`);
  }
  return errors;
}
