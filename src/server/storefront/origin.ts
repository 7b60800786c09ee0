import type { Context } from 'hono';

/**
 * CSRF for the storefront's POST forms: the browser says where a form came from, and only
 * this origin's own pages may post. `Sec-Fetch-Site` (every current browser sets it, no page
 * can) decides when present: 'same-origin' only. Without it (an older browser), the Origin
 * header must name the host posted to. The pages' `Referrer-Policy: no-referrer` makes
 * Chromium send `Origin: null` even on a same-origin POST, which is why Origin alone would not do.
 */
export function sameOrigin(c: Context): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site !== undefined) return site === 'same-origin';
  const origin = c.req.header('origin');
  const host = c.req.header('host');
  if (!origin || !host || origin === 'null') return false;
  try {
    return new URL(origin).host.toLowerCase() === host.toLowerCase();
  } catch {
    return false;
  }
}
