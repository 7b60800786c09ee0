/**
 * The auth cookies' names (spec §9: auth cookie prefix 'auth.', token prefix 'token.'; the
 * strategy is 'local'), shared by the browser and the server.
 */
export const AUTH_PREFIX = 'auth.';
const TOKEN_PREFIX = 'token.';

/**
 * The access token as the server's first paint of a page reads it (issue 42, point 7): set
 * by the server only (login, refresh, logout: src/server/http/pageCookie.ts), HttpOnly,
 * SameSite=Strict, living as long as the token. `__Host-`: only this host, over a secure
 * origin, on Path=/, can set it (a sibling subdomain cannot plant one). The app keeps its
 * access token in memory (src/app/session/session.ts), never in a cookie.
 */
export const PAGE_TOKEN_COOKIE = `__Host-${AUTH_PREFIX}page_${TOKEN_PREFIX}local`;
/**
 * The script-readable cookie an earlier version of the app kept its access token in (Path=/,
 * 180 days): read by nothing any more, removed wherever it is found.
 */
export const LEGACY_TOKEN_COOKIE = `${AUTH_PREFIX}${TOKEN_PREFIX}local`;
/**
 * The refresh token: set by the server only, HttpOnly, and sent only to REFRESH_PATH
 * (src/server/http/refreshCookie.ts). The browser app once wrote a cookie of this name on
 * Path=/ itself; it removes that one when it finds it.
 */
export const REFRESH_COOKIE = `${AUTH_PREFIX}refresh_${TOKEN_PREFIX}local`;
/** The one path the refresh cookie is sent to. */
export const REFRESH_PATH = '/rpc/refresh_token';
