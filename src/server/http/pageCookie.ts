import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { LEGACY_TOKEN_COOKIE, PAGE_TOKEN_COOKIE } from '../../core/authCookies.ts';
import { tokenExpiry } from '../../core/refresh.ts';

/*
 * The access token of the server's first paint (issue 42, point 7): a signed-in page load
 * is a plain GET, so the page's start (startData.ts) needs the user from a cookie. No
 * script reads it (HttpOnly; the app keeps its token in memory), it goes over TLS only
 * (Secure: browsers keep it over plain http on localhost and 127.0.0.1 too), never with a
 * request another site starts (SameSite=Strict), and it dies with the token (Max-Age: the
 * token's remaining life). Only the page GET reads it: every other route (rpc, downloads,
 * print, export) takes the Bearer header alone, so a request the browser adds this cookie
 * to by itself can change nothing and read nothing but its own page.
 */
const ATTRIBUTES = 'Path=/; HttpOnly; Secure; SameSite=Strict';

/** The Set-Cookie of an access token (login, refresh, a new token of the session), for as long as it lives. */
export function pageTokenCookie(token: string, nowMs = Date.now()): string {
  const exp = tokenExpiry(token);
  const life = exp === undefined ? 0 : Math.max(0, Math.floor(exp - nowMs / 1000));
  return `${PAGE_TOKEN_COOKIE}=${token}; Max-Age=${life}; ${ATTRIBUTES}`;
}

/** The Set-Cookie that removes it (logout). */
export const clearPageTokenCookie = (): string => `${PAGE_TOKEN_COOKIE}=; Max-Age=0; ${ATTRIBUTES}`;

/** The Set-Cookie that removes the old script-readable token cookie (core/authCookies.ts LEGACY_TOKEN_COOKIE). */
export const clearLegacyTokenCookie = (): string => `${LEGACY_TOKEN_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;

/**
 * The page cookie's token, if the request comes from this origin's own pages or the user
 * (an address typed, a bookmark, a reload: `none`): a sibling subdomain's request is
 * same-site, so SameSite alone would let it through.
 */
export function presentedPageToken(c: Context): string | undefined {
  const site = c.req.header('sec-fetch-site');
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return undefined;
  return getCookie(c, PAGE_TOKEN_COOKIE) || undefined;
}

/** Whether the request still carries the old script-readable token cookie. */
export const hasLegacyTokenCookie = (c: Context): boolean => getCookie(c, LEGACY_TOKEN_COOKIE) !== undefined;
