import { AUTH_PREFIX } from '../../core/authCookies.ts';
import { COMPANY_COOKIE, CURRENCY_COOKIE, LANGUAGE_COOKIE } from '../../core/cookieNames.ts';

/** Spec §9: cookies live 180 days on path /; the language cookie 365 days. */
const COOKIE_MAX_AGE = 15_552_000;
export const LANGUAGE_MAX_AGE = 365 * 24 * 3600;

/**
 * Spec §9: auth cookie prefix 'auth.'; the strategy is 'local'. No token is a cookie of the
 * app's (issue 42, point 7): the access token lives in memory (session.ts), and the server
 * keeps the refresh token and the page's copy of the access token in HttpOnly cookies
 * (core/authCookies.ts) that no script here can read. `strategy` holds no secret: it says
 * that this browser signed in, so a page load asks the refresh call for a token (auth.ts
 * `restoreSession`) instead of sending a signed-out visitor's every page to a call that fails.
 */
export const COOKIES = {
  strategy: `${AUTH_PREFIX}strategy`,
  redirect: `${AUTH_PREFIX}redirect`,
  company: COMPANY_COOKIE,
  currency: CURRENCY_COOKIE,
  language: LANGUAGE_COOKIE,
} as const;

/** The cookies of a `document.cookie` string by name (the first of a repeated name, as browsers send it first). */
export function parseCookies(header: string): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of header.split('; ')) {
    const i = part.indexOf('=');
    if (i <= 0) continue;
    const name = part.slice(0, i);
    if (jar.has(name)) continue;
    try {
      jar.set(name, decodeURIComponent(part.slice(i + 1)));
    } catch {
      // A value someone else wrote, not URI-encoded: ours never are; leave it out.
    }
  }
  return jar;
}

/**
 * All cookies at once: each `document.cookie` read asks the browser's cookie store (in
 * Chromium a synchronous call to another process, ~0.5 ms), so start-up reads them once.
 */
export const readCookies = (): Map<string, string> => (typeof document === 'undefined' ? new Map() : parseCookies(cookieText()));

export const getCookie = (name: string): string | undefined => readCookies().get(name);

/**
 * The store's text, read once for the reads of a moment: a page load reads it in the entry,
 * the session and the route checks within a few hundred ms, while the browser process is
 * busiest (each read then took up to ~10 ms). Another tab's change is seen after READ_MS;
 * this tab's own writes are seen at once.
 */
const READ_MS = 1000;
let read: { text: string; at: number } | undefined;
function cookieText(): string {
  const now = performance.now();
  if (!read || now - read.at > READ_MS) read = { text: document.cookie, at: now };
  return read.text;
}

export function setCookie(name: string, value: string, maxAge = COOKIE_MAX_AGE): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
  read = undefined;
}

export function removeCookie(name: string): void {
  document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
  read = undefined;
}
