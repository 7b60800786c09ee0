import { createRootRoute, createRoute, createRouter, lazyRouteComponent, redirect, type AnyRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { LANGS, type Lang } from '../../core/langs.ts';
import { screenRoutes } from '../../generated/routes.ts';
import { ErrorPage } from '../layouts/ErrorPage.tsx';
import { LoginLayout } from '../layouts/LoginLayout.tsx';
import { MainLayout } from '../layouts/MainLayout.tsx';
import { NotFoundPage } from '../layouts/NotFoundPage.tsx';
import { PlainLayout } from '../layouts/PlainLayout.tsx';
import { PrintLayout } from '../layouts/PrintLayout.tsx';
import { Root } from '../layouts/Root.tsx';
import { setNavigate } from '../session/auth.ts';
import { applyLanguage } from '../session/language.ts';
import { session } from '../session/session.ts';
import { guestOnly, pageAccess, requireUser } from './guards.ts';

/** Grid, forms and their libraries load with the first screen, not with the login page. */
const ScreenPage = lazy(() => import('../pages/ScreenPage.tsx').then((m) => ({ default: m.ScreenPage })));
// Pages a screen route never shows load on their own (and on hover, with the route's preload),
// so the list route's JS stays within its budget (tests/unit/route-size.test.ts).
const LoginPage = lazyRouteComponent(() => import('../pages/LoginPage.tsx'), 'LoginPage');
const HomePage = lazyRouteComponent(() => import('../pages/HomePage.tsx'), 'HomePage');
const AiQueryPage = lazyRouteComponent(() => import('../pages/AiQueryPage.tsx'), 'AiQueryPage');

/**
 * The route tree: under each of the seven language prefixes the login page, and a main
 * layout holding home (an index page: no access check, breadcrumbs reset), /ai-query and
 * every descriptor route from codegen (src/generated/routes.ts). No path parameters.
 */
const root = createRootRoute({ component: Root, notFoundComponent: NotFoundPage, errorComponent: ErrorPage });

const rootIndex = createRoute({
  getParentRoute: () => root,
  path: '/',
  beforeLoad: () => {
    throw redirect({ href: `/${session.get().lang}` });
  },
});

function langTree(lang: Lang): AnyRoute {
  const langRoute = createRoute({
    getParentRoute: () => root,
    path: lang,
    beforeLoad: () => applyLanguage(lang, true),
  });
  const login = createRoute({
    getParentRoute: () => langRoute,
    path: 'login',
    beforeLoad: () => guestOnly(lang),
    component: () => (
      <LoginLayout>
        <LoginPage />
      </LoginLayout>
    ),
  });
  const main = createRoute({
    getParentRoute: () => langRoute,
    id: 'main',
    component: MainLayout,
    beforeLoad: ({ location }) => requireUser(lang, location.href),
  });
  const home = createRoute({ getParentRoute: () => main, path: '/', component: HomePage });
  const aiQuery = createRoute({
    getParentRoute: () => main,
    path: 'ai-query',
    beforeLoad: () => pageAccess(lang, '/ai-query'),
    component: AiQueryPage,
  });
  // Plain and print frames: no chrome; the user and page checks are the same.
  const plain = createRoute({ getParentRoute: () => langRoute, id: 'plain', component: PlainLayout, beforeLoad: ({ location }) => requireUser(lang, location.href) });
  const print = createRoute({ getParentRoute: () => langRoute, id: 'print', component: PrintLayout, beforeLoad: ({ location }) => requireUser(lang, location.href) });
  const frames = { main, plain, print };
  const screens = screenRoutes.map(({ path, form, layout }) =>
    createRoute({
      getParentRoute: () => frames[layout],
      path: path.slice(1),
      beforeLoad: () => pageAccess(lang, path),
      component: () => <ScreenPage form={form} path={path} />,
    }),
  );
  const under = (frame: AnyRoute) => screens.filter((r) => r.options.getParentRoute?.() === frame);
  return langRoute.addChildren([
    login,
    main.addChildren([home, aiQuery, ...under(main)]),
    plain.addChildren(under(plain)),
    print.addChildren(under(print)),
  ]);
}

const routeTree = root.addChildren([rootIndex, ...LANGS.map(langTree)]);

export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  defaultNotFoundComponent: NotFoundPage,
  defaultErrorComponent: ErrorPage,
});

setNavigate((to) => {
  const href = to === '/' ? `/${session.get().lang}` : `/${session.get().lang}${to}`;
  void router.navigate({ href });
});
