import { createRootRoute, createRoute, lazyRouteComponent, notFound, redirect, type AnyRoute, type RouteComponent } from '@tanstack/react-router';
import { isLang, type Lang } from '../../core/langs.ts';
import type { PrintDocumentKey } from '../../core/printDocuments.ts';
import { preloadable } from '../i18n/lazy.tsx';
import { ErrorPage } from '../layouts/ErrorPage.tsx';
import { LoginLayout } from '../layouts/LoginLayout.tsx';
import { MainLayout } from '../layouts/MainLayout.tsx';
import { NotFoundPage } from '../layouts/NotFoundPage.tsx';
import { PlainLayout } from '../layouts/PlainLayout.tsx';
import { PrintLayout } from '../layouts/PrintLayout.tsx';
import { Root } from '../layouts/Root.tsx';
import { applyLanguage } from '../session/language.ts';
import { session } from '../session/session.ts';
import { guestOnly, pageAccess, requireUser } from './guards.ts';
import { prefetchFirstRows, preloadScreen, screenReady, setScreenPageLoader } from './screenStart.ts';

/**
 * The kinds of route the generated tree (src/generated/routeTree.tsx) is made of: one
 * typed factory per kind, so the generated file is a compact table of calls and every
 * path stays a literal type (Link and navigate are checked against the real paths).
 */

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Catalogue key of the page's title (the last breadcrumb, spec §2). */
    title?: string;
    /** A descriptor route's form: a page load starts its screen with the session (screenStart.ts). */
    form?: string;
  }
}

/** Grid, forms and their libraries load with the first screen, not with the login page. */
const ScreenPage = preloadable<{ form: string; path: string }>(() => import('../pages/ScreenPage.tsx').then((m) => ({ default: m.ScreenPage })));
setScreenPageLoader(ScreenPage.preload);
// Pages a screen route never shows load on their own (and on hover, with the route's preload),
// so the list route's JS stays within its budget (tests/unit/route-size.test.ts).
// They paint with the catalogue's first part (core/catalogueParts.ts; the router loads a route's code
// before the root, and so the catalogue, renders: they cannot wait for the later part).
const LoginPage = lazyRouteComponent(() => import('../pages/LoginPage.tsx'), 'LoginPage');
const HomePage = lazyRouteComponent(() => import('../pages/HomePage.tsx'), 'HomePage');
const AiQueryPage = lazyRouteComponent(() => import('../pages/laterPages.tsx'), 'AiQueryRoute');
// The AI and workflow pages speak the later part of the catalogue: loaded with it (pages/laterPages.tsx).
const KanbanPage = lazyRouteComponent(() => import('../pages/laterPages.tsx'), 'KanbanRoute');
const DiagramPage = lazyRouteComponent(() => import('../pages/laterPages.tsx'), 'DiagramRoute');
const ChatgptTwinPage = lazyRouteComponent(() => import('../pages/laterPages.tsx'), 'ChatgptTwinRoute');
const PrintDocumentPage = lazyRouteComponent(() => import('../pages/laterPages.tsx'), 'PrintDocumentRoute');
// The account pages speak the later part (password.*, totp.*, account.*, server.*).
const ForgotPasswordPage = lazyRouteComponent(() => import('../pages/laterPages.tsx'), 'ForgotPasswordRoute');
const SetPasswordPage = lazyRouteComponent(() => import('../pages/laterPages.tsx'), 'SetPasswordRoute');
const ProfilePage = lazyRouteComponent(() => import('../pages/laterPages.tsx'), 'ProfileRoute');

export const root = createRootRoute({ component: Root, notFoundComponent: NotFoundPage, errorComponent: ErrorPage });

/** `/` goes to the language of the session (the `language` cookie). */
export const rootIndex = createRoute({
  getParentRoute: () => root,
  path: '/',
  beforeLoad: () => {
    throw redirect({ href: `/${session.get().lang}` });
  },
});

/**
 * `/$lang`: one subtree for the seven languages (a subtree per language made the router
 * build and match 7 × ~120 routes on every page load). A prefix that is no UI language is
 * no page; entering one sets the UI language (the URL prefix is the truth).
 */
export const langRoute = createRoute({
  getParentRoute: () => root,
  path: '$lang',
  beforeLoad: ({ params }) => {
    if (!isLang(params.lang)) throw notFound();
    return applyLanguage(params.lang, true);
  },
});

/** The page's language, from its path's `$lang` (checked by langRoute, whose check runs before any page's own). */
const langOf = (params: unknown) => (params as { lang: Lang }).lang;

export const login = <P extends AnyRoute>(parent: P) =>
  createRoute({
    getParentRoute: () => parent,
    path: 'login',
    beforeLoad: ({ params }) => guestOnly(langOf(params)),
    component: () => (
      <LoginLayout>
        <LoginPage />
      </LoginLayout>
    ),
  });

/** /forgot_password: asks for a reset link (guest only, like the login page). */
export const forgotPassword = <P extends AnyRoute>(parent: P) =>
  createRoute({
    getParentRoute: () => parent,
    path: 'forgot_password',
    staticData: { title: 'auth.forgot_password' },
    beforeLoad: ({ params }) => guestOnly(langOf(params)),
    component: () => (
      <LoginLayout>
        <ForgotPasswordPage />
      </LoginLayout>
    ),
  });

/**
 * /set_password#token=…: the page of a mailed invitation or reset link. Not guest-only: a
 * link opened in a browser where someone is signed in still sets its own user's password.
 */
export const setPassword = <P extends AnyRoute>(parent: P) =>
  createRoute({
    getParentRoute: () => parent,
    path: 'set_password',
    staticData: { title: 'auth.password' },
    component: () => (
      <LoginLayout>
        <SetPasswordPage />
      </LoginLayout>
    ),
  });

/** /profile: the user's own account (any signed-in user; no menu page, no page-access check). */
export const profile = <P extends AnyRoute>(parent: P) => createRoute({ getParentRoute: () => parent, path: 'profile', staticData: { title: 'auth.profile' }, component: ProfilePage });

const FRAMES = { main: MainLayout, plain: PlainLayout, print: PrintLayout };

/** A pathless page frame (main: header and menus; plain and print: no chrome); every page in it requires a user. */
export const frame = <P extends AnyRoute, const F extends keyof typeof FRAMES>(parent: P, id: F) =>
  createRoute({
    getParentRoute: () => parent,
    id,
    component: FRAMES[id],
    beforeLoad: ({ location, matches, params }) => requireUser(langOf(params), location.href, location.pathname, matches.findLast((m) => m.staticData.form)?.staticData.form),
  });

/** Home: an index page (spec §2: no access check, breadcrumbs reset). */
export const home = <P extends AnyRoute>(parent: P) => createRoute({ getParentRoute: () => parent, path: '/', component: HomePage, staticData: { title: 'chrome.home' } });

export const aiQuery = <P extends AnyRoute>(parent: P) =>
  createRoute({
    getParentRoute: () => parent,
    path: 'ai-query',
    staticData: { title: 'ai.title' },
    beforeLoad: ({ params }) => pageAccess(langOf(params), '/ai-query'),
    component: AiQueryPage,
  });

/** A page of its own (no descriptor): the page-access check of its path, titled by its catalogue key. */
const page = <P extends AnyRoute, const Path extends string>(parent: P, path: Path, title: string, component: RouteComponent) =>
  createRoute({ getParentRoute: () => parent, path, staticData: { title }, beforeLoad: ({ params }) => pageAccess(langOf(params), `/${path}`), component });

/** /settings/kanban: a workflow type's records as cards on its states. */
export const kanban = <P extends AnyRoute>(parent: P) => page(parent, 'settings/kanban', 'kanban.title', KanbanPage);
/** /settings/gojs: a workflow type's diagram (the spec's GoJS route, drawn with elkjs and @xyflow/react). */
export const diagram = <P extends AnyRoute>(parent: P) => page(parent, 'settings/gojs', 'diagram.title', DiagramPage);

/** /settings/chatgpt_twin: the same prompt to two chat engines side by side, both replies streaming in. */
export const chatgptTwin = <P extends AnyRoute>(parent: P) => page(parent, 'settings/chatgpt_twin', 'ai.twin.title', ChatgptTwinPage);

/** A print document's page in the print frame (src/core/printDocuments.ts): `/print/<doc>`, titled `screens.<doc>.title`. */
export const printDocument = <P extends AnyRoute, const Path extends `print/${PrintDocumentKey}`>(parent: P, path: Path, doc: PrintDocumentKey) =>
  page(parent, path, `screens.${doc}.title`, () => <PrintDocumentPage doc={doc} />);

/** A descriptor route: the page-access check, then ScreenPage with the form (by default the path's last part); titled `screens.<form>.title`. */
export const screen = <P extends AnyRoute, const Path extends string>(parent: P, path: Path, form: string = path.slice(path.lastIndexOf('/') + 1)) =>
  createRoute({
    getParentRoute: () => parent,
    path,
    staticData: { title: `screens.${form}.title`, form },
    beforeLoad: ({ params }) => pageAccess(langOf(params), `/${path}`),
    // The first rows are asked for now, while the grid's code loads (or at hover, with the route's preload), not once the grid is there.
    // The page renders once its code, descriptor and labels are in: nothing on its way suspends (screenStart.ts `screenReady`).
    loader: ({ location, params }) => {
      const lang = langOf(params);
      preloadScreen(form, lang);
      void prefetchFirstRows(form, Object.keys(location.search).length > 0);
      return screenReady(form, lang);
    },
    component: () => <ScreenPage form={form} path={`/${path}`} />,
  });
