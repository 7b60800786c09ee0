import type { Context } from 'hono';

/**
 * CSRF for the storefront's POST forms: the browser's Origin header (sent with every
 * cross-origin and same-origin POST) must name the host the form was posted to. A missing
 * or foreign Origin is refused; no cookie or token is needed because the check is the
 * browser's own statement of where the form came from.
 */
export function sameOrigin(c: Context): boolean {
  const origin = c.req.header('origin');
  const host = c.req.header('host');
  if (!origin || !host || origin === 'null') return false;
  try {
    return new URL(origin).host.toLowerCase() === host.toLowerCase();
  } catch {
    return false;
  }
}
