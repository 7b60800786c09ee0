/** The parts of a menu node the menu, the page-access check and pruning need (the server's MenuNode has more). */
export interface MenuLike {
  page_title: Record<string, string>;
  url: string | null;
  children: MenuLike[];
}

export interface Crumb {
  /** Catalogue key of the crumb's text. */
  id: string;
  /** Path without the language prefix; undefined for an area (a menu group, not a page). */
  to: string | undefined;
}

export const titleIn = (titles: Record<string, string>, lang: string): string => titles[lang] || titles.en || Object.values(titles).find(Boolean) || '';

/**
 * Spec §2: breadcrumbs start with Home, then the page's area (`areas.<first segment>`),
 * then every route above the page (/shops/2frontendPages above its colDefs), then the
 * page itself: the title is the last crumb. The landing page (/) has only Home.
 * `titleOf(path)` is the title key a route of the generated tree carries, undefined where
 * no route is: routes and titles have one source, so this needs no list of its own.
 */
export function breadcrumbs(path: string, titleOf: (path: string) => string | undefined): Crumb[] {
  const segments = path.split('/').filter(Boolean);
  const crumbs: Crumb[] = [{ id: 'chrome.home', to: '/' }];
  segments.forEach((segment, i) => {
    const to = `/${segments.slice(0, i + 1).join('/')}`;
    const id = titleOf(to);
    if (id) crumbs.push({ id, to });
    else if (i === 0) crumbs.push({ id: `areas.${segment}`, to: undefined });
  });
  return crumbs;
}

/** Every url of a menu tree: the pages the user may open. */
export function menuPaths(menu: MenuLike[], into = new Set<string>()): Set<string> {
  for (const n of menu) {
    if (n.url) into.add(n.url);
    menuPaths(n.children, into);
  }
  return into;
}

/** url → title in `lang`, for every page of a menu tree (bookmarks show titles). */
export function titlesByUrl(menu: MenuLike[], lang: string, into = new Map<string, string>()): Map<string, string> {
  for (const n of menu) {
    if (n.url) into.set(n.url, titleIn(n.page_title, lang));
    titlesByUrl(n.children, lang, into);
  }
  return into;
}

/** The menu without pages outside `paths` (not built yet) and without groups left empty. */
export function pruneMenu<T extends MenuLike>(menu: T[], paths: ReadonlySet<string>): T[] {
  return menu.flatMap((n) => {
    const children = pruneMenu(n.children as T[], paths);
    if (n.url ? !paths.has(n.url) && !children.length : !children.length) return [];
    return [{ ...n, children }];
  });
}
