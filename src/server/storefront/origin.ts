import type { Context } from 'hono';

/**
 * CSRF for the storefront's POST forms (cart, checkout, newsletter, "notify me", the chat):
 * the browser says where a form came from, and only this origin's own pages may post (the
 * cart cookie is also SameSite=Lax, so a cross-site POST does not carry it).
 * `Sec-Fetch-Site` (every current browser sets it, no page can) decides when present:
 * 'same-origin' only. Without it (an older browser, an API client), the Origin header — else
 * the Referer — must name the host posted to; neither, or `Origin: null`, is refused.
 */
export function sameOrigin(c: Context): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site !== undefined) return site === 'same-origin';
  const host = (c.req.header('host') ?? '').toLowerCase();
  const from = c.req.header('origin') ?? c.req.header('referer');
  if (!host || !from || from === 'null') return false;
  try {
    return new URL(from).host.toLowerCase() === host;
  } catch {
    return false;
  }
}
