import { AUTH_PREFIX, TOKEN_COOKIE } from '../../core/authCookies.ts';
import { COMPANY_COOKIE, CURRENCY_COOKIE, LANGUAGE_COOKIE } from '../../core/cookieNames.ts';

/** Spec §9: cookies live 180 days on path /; the language cookie 365 days. */
export const COOKIE_MAX_AGE = 15_552_000;
export const LANGUAGE_MAX_AGE = 365 * 24 * 3600;

/**
 * Spec §9: auth cookie prefix 'auth.', token prefix 'token.'; the strategy is 'local'. The
 * refresh token is no cookie of the app's: the server keeps it in an HttpOnly one
 * (core/authCookies.ts) that no script here can read.
 */
export const COOKIES = {
  token: TOKEN_COOKIE,
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
export const readCookies = (): Map<string, string> => (typeof document === 'undefined' ? new Map() : parseCookies(document.cookie));

export const getCookie = (name: string): string | undefined => readCookies().get(name);

export function setCookie(name: string, value: string, maxAge = COOKIE_MAX_AGE): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}

export function removeCookie(name: string): void {
  document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
}
