import type { AnyRoute, AnyRouter } from '@tanstack/react-router';

/**
 * What the menu and the page header read from the router's tree (src/generated/routeTree.ts),
 * so the routes and their titles exist in one place only. Every page is under the one
 * language prefix `/$lang` (routeKinds.tsx `langRoute`): the same set in every language.
 */

const routesOf = (router: AnyRouter) => router.routesByPath as Record<string, AnyRoute | undefined>;
const known = new WeakMap<AnyRouter, ReadonlySet<string>>();
const PREFIX = '/$lang';

/** A page's path as the tree holds it: '/products/brands' → '/$lang/products/brands', '/' → '/$lang'. */
const inTree = (path: string) => (path === '/' ? PREFIX : `${PREFIX}${path.startsWith('/') ? path : `/${path}`}`);

/** Every path the router can show, without the language prefix: menu entries outside it are hidden. */
export function knownPaths(router: AnyRouter): ReadonlySet<string> {
  let paths = known.get(router);
  if (!paths) {
    paths = new Set(Object.keys(routesOf(router)).flatMap((p) => (p === PREFIX ? ['/'] : p.startsWith(`${PREFIX}/`) ? [p.slice(PREFIX.length)] : [])));
    known.set(router, paths);
  }
  return paths;
}

/** The title key of the route at `path` (without the language prefix), undefined where no route is; the same in every language. */
export const routeTitle = (router: AnyRouter, path: string): string | undefined => routesOf(router)[inTree(path)]?.options.staticData?.title;
