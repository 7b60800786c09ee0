import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { API_CSP } from './csp.ts';
import { HttpError } from './errors.ts';
import { jsonText } from './rawJson.ts';

/*
 * The app's own versions of hono's secureHeaders and bodyLimit, with the same effect, made
 * cheap for the JSON answers of /rpc and /api (the list path):
 *
 * - hono's secureHeaders sets its headers on `c.res.headers` after the handler, which on
 *   @hono/node-server turns the light response into a full WHATWG Response with a Headers
 *   object (and a Cache-Control set the same way afterwards turns its body into a stream).
 *   A JSON answer built by `jsonAnswer` carries every header from the start, in one plain
 *   object that node-server hands to `writeHead` as it is; the middlewares leave it alone.
 *   Every other response gets the headers set afterwards, as before.
 * - hono's bodyLimit reads `c.req.raw.body`, which builds the full Request (a web stream
 *   over the socket) before the handler has read a byte. With a Content-Length (every
 *   request but a chunked one) the limit is a comparison; only a body without one is
 *   counted as it streams, by hono's bodyLimit itself.
 */

/**
 * What `secureHeaders({ crossOriginEmbedderPolicy: false })` (hono 4) sets on every
 * response, in its order; tests/api/headers.test.ts checks the two agree.
 */
export const SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=15552000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

/** Responses that already carry every header the middlewares below would set. */
const complete = new WeakSet<Response>();

/** The headers of a JSON answer of /rpc and /api: content type, no-store, security headers, the API's CSP. */
const JSON_HEADERS: Record<string, string> = Object.freeze({
  'content-type': 'application/json',
  'cache-control': 'no-store',
  ...Object.fromEntries(SECURITY_HEADERS),
  'content-security-policy': API_CSP,
});

/** A 200 JSON answer of /rpc or /api, complete with its headers (see above); `cookies`: its Set-Cookie headers (the auth calls'). */
export function jsonAnswer(value: unknown, cookies?: readonly string[]): Response {
  let headers: HeadersInit = JSON_HEADERS;
  if (cookies?.length) {
    const h = new Headers(JSON_HEADERS);
    for (const cookie of cookies) h.append('set-cookie', cookie);
    headers = h;
  }
  const res = new Response(jsonText(value), { status: 200, headers });
  complete.add(res);
  return res;
}

/**
 * secureHeaders: the security headers on every response, X-Powered-By removed; a JSON
 * answer (an error's, the not-found's) gets the API's CSP. Pages and downloads set their
 * own CSP (csp.ts); the static files (scripts, styles, icons) need none.
 */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  if (complete.has(c.res)) return;
  const headers = c.res.headers;
  // A resource meant for other sites says so itself (the image server's pictures: the storefront's hosts);
  // a storefront page its referrer policy (its forms' Origin check needs the origin sent).
  for (const [name, value] of SECURITY_HEADERS) if (!((name === 'Cross-Origin-Resource-Policy' || name === 'Referrer-Policy') && headers.has(name))) headers.set(name, value);
  headers.delete('X-Powered-By');
  if (!headers.has('content-security-policy') && headers.get('content-type')?.startsWith('application/json')) headers.set('content-security-policy', API_CSP);
};

/** Cache-Control: no-store on every answer of the API. */
export const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  if (complete.has(c.res)) return;
  c.header('Cache-Control', 'no-store');
};

/** bodyLimit: a body over `maxSize` bytes answers 413 too_large. */
export function limitBody(maxSize: number): MiddlewareHandler {
  const tooLarge = (): never => {
    throw new HttpError(413, 'too_large', 'The request body is too large', {}, undefined, { limit: maxSize });
  };
  const streaming = bodyLimit({ maxSize, onError: tooLarge });
  return (c: Context, next) => {
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      // As hono's bodyLimit: a request without a body (GET, HEAD) passes whatever it declares.
      if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
      return parseInt(length || '0', 10) > maxSize ? tooLarge() : next();
    }
    return streaming(c, next);
  };
}
