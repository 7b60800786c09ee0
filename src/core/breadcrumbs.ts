/** The parts of a menu node breadcrumbs need (the server's MenuNode has more). */
export interface MenuLike {
  page_title: Record<string, string>;
  url: string | null;
  children: MenuLike[];
}

export interface Crumb {
  text: string;
  /** Path without the language prefix; undefined for group nodes. */
  to: string | undefined;
}

export const titleIn = (titles: Record<string, string>, lang: string): string =>
  titles[lang] || titles.en || Object.values(titles).find(Boolean) || '';

/**
 * Spec §2: breadcrumbs always start with Home and follow the menu tree down to the
 * page at `path`; the title is the last crumb. Landing pages (index*) get only Home.
 */
export function breadcrumbs(menu: MenuLike[], path: string, lang: string, home: string): Crumb[] {
  const trail = findTrail(menu, path.replace(/\/+$/, '') || '/');
  return [{ text: home, to: '/' }, ...(trail ?? []).map((n) => ({ text: titleIn(n.page_title, lang), to: n.url ?? undefined }))];
}

function findTrail(nodes: MenuLike[], path: string): MenuLike[] | undefined {
  for (const n of nodes) {
    if (n.url === path) return [n];
    const below = findTrail(n.children, path);
    if (below) return [n, ...below];
  }
  return undefined;
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
