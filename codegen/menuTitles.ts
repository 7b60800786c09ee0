import type { ScreenDescriptor } from '../schemas/screen.ts';
import { LANGS } from '../src/core/langs.ts';
import { menuPages } from '../src/server/db/seed/menu.ts';

/** Title keys of the routes that exist without a descriptor (codegen/routes.ts baseRoutes; '/' and '/login' have no menu row). */
const BASE_TITLES: Record<string, string> = { '/ai-query': 'ai.title' };

/**
 * The page header and breadcrumbs show the catalogue texts whose keys the route tree
 * carries (`screens.<form>.title`, `areas.<area>`); the menu sidebar shows the menu the
 * database was seeded with (src/server/db/seed/menu.ts). Until the seed takes its titles
 * from the catalogues, this keeps the two reading the same for every built route and area.
 */
export function checkMenuTitles(screens: ScreenDescriptor[], cats: Record<string, Record<string, string>>): string[] {
  const keyOf = new Map<string, string>(Object.entries(BASE_TITLES));
  for (const s of screens) if (s.route) keyOf.set(s.route, `screens.${s.form}.title`);
  const errors: string[] = [];
  for (const page of menuPages) {
    const key = page.url ? keyOf.get(page.url) : page.parent_page_code === null ? `areas.${page.page_code}` : undefined;
    if (!key) continue; // a page not built yet
    for (const lang of LANGS) {
      const menu = page.page_title[lang];
      const text = cats[lang]?.[key];
      if (text !== menu) {
        errors.push(`locales/${lang}.json: ${key}: expected ${JSON.stringify(menu)} (the menu's title of ${page.url ?? page.page_code}), got ${JSON.stringify(text)}`);
      }
    }
  }
  return errors;
}
