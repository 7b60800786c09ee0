/** Spec §4/§9: refresh at 80 % of the remaining token life. */
const REFRESH_SHARE = 0.8;
/** Used when the token has no usable expiry (10 hours). */
export const DEFAULT_REFRESH_MS = 36_000_000;

/** The `exp` claim (seconds) of a JWT, or undefined when absent or unreadable. */
export function tokenExpiry(token: string | undefined): number | undefined {
  const part = token?.split('.')[1];
  if (!part) return undefined;
  try {
    const json = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof json.exp === 'number' && Number.isFinite(json.exp) ? json.exp : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Milliseconds until the refresh should run: 80 % of the remaining life;
 * DEFAULT_REFRESH_MS without a usable expiry; null (schedule nothing) when past.
 */
export function refreshDelay(token: string | undefined, nowMs: number): number | null {
  const exp = tokenExpiry(token);
  if (exp === undefined) return DEFAULT_REFRESH_MS;
  const remaining = exp * 1000 - nowMs;
  if (remaining <= 0) return null;
  return Math.floor(remaining * REFRESH_SHARE);
}
