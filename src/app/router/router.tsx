import { createRouter } from '@tanstack/react-router';
import { routeTree } from '../../generated/routeTree.ts';
import { ErrorPage } from '../layouts/ErrorPage.tsx';
import { NotFoundPage } from '../layouts/NotFoundPage.tsx';
import { setNavigate } from '../session/auth.ts';
import { session } from '../session/session.ts';

/**
 * The router over the tree codegen emits (src/generated/routeTree.ts: every base and
 * descriptor route under all seven language prefixes, built from the kinds in routeKinds.tsx).
 */
export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  defaultNotFoundComponent: NotFoundPage,
  defaultErrorComponent: ErrorPage,
});

// Link, navigate and redirect are checked against the tree's paths ('/de/products/brands').
declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

setNavigate((to) => {
  const href = to === '/' ? `/${session.get().lang}` : `/${session.get().lang}${to}`;
  void router.navigate({ href });
});
