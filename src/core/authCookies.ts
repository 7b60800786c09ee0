/**
 * The auth cookies' names (spec §9: auth cookie prefix 'auth.', token prefix 'token.'; the
 * strategy is 'local'), shared by the browser and the server.
 */
export const AUTH_PREFIX = 'auth.';
export const TOKEN_PREFIX = 'token.';

/** The access token, kept by the browser app (spec §4: "token stored"). */
export const TOKEN_COOKIE = `${AUTH_PREFIX}${TOKEN_PREFIX}local`;
/**
 * The refresh token: set by the server only, HttpOnly, and sent only to REFRESH_PATH
 * (src/server/http/refreshCookie.ts). The browser app once wrote a cookie of this name on
 * Path=/ itself; it removes that one when it finds it.
 */
export const REFRESH_COOKIE = `${AUTH_PREFIX}refresh_${TOKEN_PREFIX}local`;
/** The one path the refresh cookie is sent to. */
export const REFRESH_PATH = '/rpc/refresh_token';
