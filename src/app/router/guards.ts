import { redirect } from '@tanstack/react-router';
import { menuPaths } from '../../core/breadcrumbs.ts';
import { splitLang, withLang, type Lang } from '../../core/langs.ts';
import { isValidRedirectPath } from '../../core/redirect.ts';
import { api } from '../api/client.ts';
import { fetchUser, restoreSession, takeLoggedPage } from '../session/auth.ts';
import { COOKIES, getCookie, removeCookie, setCookie } from '../session/cookies.ts';
import { session } from '../session/session.ts';
import { toast } from '../chrome/toasts.tsx';
import { preloadScreen } from './screenStart.ts';

/** The page of the user's own account; a session held to enrolling its second factor may open no other. */
const PROFILE_PATH = '/profile';

let userLoad: Promise<boolean> | undefined;

/**
 * Pages require login: remember where the user was going (if it is a valid local path) and
 * send them to /login. A user who must enrol TOTP first (the server's `totp_required`
 * setting) is sent to the profile page.
 */
export async function requireUser(lang: Lang, href: string, pathname = href, form?: string) {
  // A page load's token comes from the refresh call (session/auth.ts): the screen's code loads meanwhile.
  if (!session.get().token) {
    if (form && getCookie(COOKIES.strategy)) preloadScreen(form, lang);
    await restoreSession();
  }
  if (!session.get().token) {
    if (isValidRedirectPath(href)) setCookie(COOKIES.redirect, href, 600);
    throw redirect({ href: withLang('/login', lang) });
  }
  if (!session.get().user) {
    // A screen's code and texts load while the session's one call is under way (issue 27), which brings its grid state and lookups.
    if (form) preloadScreen(form, lang);
    // A second check while the first still waits (the router loads again) shares its call: the page's start is read once.
    userLoad ??= fetchUser(form ? { page: pathname, form } : undefined).finally(() => {
      userLoad = undefined;
    });
    if (!(await userLoad)) throw redirect({ href: withLang('/login', lang) });
  }
  if (session.get().user?.totp_enrol_required && splitLang(pathname).path !== PROFILE_PATH) throw redirect({ href: withLang(PROFILE_PATH, lang) });
}

/** Guest-only pages (login) send a logged-in user home (a page load's session restored first). */
export async function guestOnly(lang: Lang) {
  await restoreSession();
  if (session.get().token) throw redirect({ href: withLang('/', lang) });
}

/**
 * Spec §2 page-access check for every non-index route: log the visit, and go to the
 * localized root when the user has no menu or the path is not in the user's menu tree.
 */
export function pageAccess(lang: Lang, path: string) {
  // The bootstrap of a page load logged its page already.
  if (!takeLoggedPage(withLang(path, lang))) void api.rpc('page_log', { _page_name: withLang(path, lang) }).catch(() => {});
  const menu = session.get().user?.menu ?? [];
  if (!menu.length || !menuPaths(menu).has(path)) {
    // Said, not only done: a bookmark or a link to a page of another role lands home with a reason.
    toast({ variant: 'warning', id: 'messages.no_page_access' });
    throw redirect({ href: withLang('/', lang) });
  }
}

/** After login: the remembered path when valid (with the language prefix), else home. */
export function afterLoginPath(lang: Lang): string {
  const remembered = getCookie(COOKIES.redirect);
  removeCookie(COOKIES.redirect);
  return remembered && isValidRedirectPath(remembered) ? withLang(remembered, lang) : withLang('/', lang);
}
