import { countryFromAnswer, ipCountryRequestUrl } from '../../core/ipCountry.ts';

/** How long an address's answer is kept, and how many addresses at most (oldest dropped first). */
const COUNTRY_TTL_MS = 6 * 3600_000;
export const COUNTRY_CACHE_MAX = 10_000;

export interface CountryDetector {
  /** The visitor's country ('' when unknown, on failure or timeout). */
  detect(ip: string): Promise<string>;
}

/**
 * Spec §7 country detection: one GET to the configured text service per address, cached
 * (TTL, bounded: a Map in insertion order drops its oldest entry), failures cached as ''
 * too so a down service is not asked on every page. Calls for the same address share one request.
 */
export function countryDetector(url: string | undefined, timeoutMs: number, now: () => number = Date.now): CountryDetector {
  const cache = new Map<string, { country: string; until: number }>();
  const pending = new Map<string, Promise<string>>();
  async function ask(ip: string): Promise<string> {
    try {
      const r = await fetch(ipCountryRequestUrl(url!, ip), { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'text/plain' } });
      if (!r.ok) return '';
      return countryFromAnswer((await r.text()).slice(0, 200));
    } catch {
      return '';
    }
  }
  return {
    async detect(ip) {
      if (!url || !ip) return '';
      const hit = cache.get(ip);
      if (hit && hit.until > now()) return hit.country;
      let p = pending.get(ip);
      if (!p) {
        p = ask(ip).then((country) => {
          cache.delete(ip);
          cache.set(ip, { country, until: now() + COUNTRY_TTL_MS });
          while (cache.size > COUNTRY_CACHE_MAX) cache.delete(cache.keys().next().value!);
          pending.delete(ip);
          return country;
        });
        pending.set(ip, p);
      }
      return p;
    },
  };
}

/** The visitor's address: the socket's peer, or with TRUST_PROXY the last X-Forwarded-For entry (the one our proxy added). */
export function visitorAddress(peer: string, forwardedFor: string | undefined, trustProxy: boolean): string {
  if (trustProxy && forwardedFor) {
    const last = forwardedFor.split(',').pop()!.trim();
    if (last) return last;
  }
  return peer.replace(/^::ffff:/, '');
}
