import type { AnyRoute, AnyRouter } from '@tanstack/react-router';
import { DEFAULT_LANG, splitLang, withLang, type Lang } from '../../core/langs.ts';

/**
 * What the menu and the page header read from the router's tree (src/generated/routeTree.ts),
 * so the routes and their titles exist in one place only.
 */

const routesOf = (router: AnyRouter) => router.routesByPath as Record<string, AnyRoute | undefined>;
const known = new WeakMap<AnyRouter, ReadonlySet<string>>();

/** Every path the router can show, without the language prefix (each language has the same set): menu entries outside it are hidden. */
export function knownPaths(router: AnyRouter): ReadonlySet<string> {
  let paths = known.get(router);
  if (!paths) {
    paths = new Set(Object.keys(routesOf(router)).flatMap((p) => (splitLang(p).lang === DEFAULT_LANG ? [splitLang(p).path] : [])));
    known.set(router, paths);
  }
  return paths;
}

/** The title key of the route at `path` (without the language prefix), undefined where no route is. */
export const routeTitle = (router: AnyRouter, lang: Lang, path: string): string | undefined => routesOf(router)[withLang(path, lang)]?.options.staticData?.title;
