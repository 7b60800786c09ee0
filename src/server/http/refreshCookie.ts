import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { REFRESH_COOKIE, REFRESH_PATH } from '../../core/authCookies.ts';
import { HttpError } from './errors.ts';

/*
 * The browser's refresh token (issue 21, hardening 6): in a cookie no script can read
 * (HttpOnly), sent over TLS only (Secure: browsers keep it over plain http on localhost
 * and 127.0.0.1 too, so development and the tests need no exception), never with a
 * request another site starts (SameSite=Strict), and only to the refresh call (Path).
 * It lives as long as its family has left.
 */
const ATTRIBUTES = `Path=${REFRESH_PATH}; HttpOnly; Secure; SameSite=Strict`;

/** The Set-Cookie of a refresh token whose family has `lifeSec` seconds left. */
export const refreshCookie = (token: string, lifeSec: number): string => `${REFRESH_COOKIE}=${token}; Max-Age=${Math.max(0, Math.floor(lifeSec))}; ${ATTRIBUTES}`;

/** The Set-Cookie that removes the refresh cookie (it may come from a response of any path). */
export const clearRefreshCookie = (): string => `${REFRESH_COOKIE}=; Max-Age=0; ${ATTRIBUTES}`;

/**
 * The refresh cookie a request carries, if the request comes from this origin's own pages:
 * a browser's Sec-Fetch-Site other than same-origin (a sibling subdomain is same-site, so
 * SameSite alone would let it through) does not get to rotate the token.
 */
export function presentedRefreshCookie(c: Context): string | undefined {
  const site = c.req.header('sec-fetch-site');
  if (site !== undefined && site !== 'same-origin') return undefined;
  return getCookie(c, REFRESH_COOKIE) || undefined;
}

/** The same refusal, also removing the refresh cookie (a refused cookie is dead). */
export const clearingRefreshCookie = (e: HttpError): HttpError => new HttpError(e.status, e.code, e.message, { ...e.headers, 'Set-Cookie': clearRefreshCookie() }, e.rule, e.params);
