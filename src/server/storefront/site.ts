import { canonicalUrl } from '../../core/seo.ts';
import type { Shop, ShopLanguage } from './queries.ts';

/**
 * Where a storefront request points: the host it is for, the shop's languages served on
 * that host, and the path within a language. `localBase` is '/storefront/<host>' when the
 * page is opened through the local path (README), '' on the shop's own host.
 */
export interface Place {
  host: string;
  localBase: string;
  lang: ShopLanguage;
  /** The path within the language: '/', '/c/tools' … */
  path: string;
}

/** The host a language is served on. */
export const hostOf = (shop: Shop, l: ShopLanguage): string => (l.domain ?? shop.hostname).toLowerCase();

/** The language whose URL prefix starts `rest` (the longest), on this host; null when none does. */
export function placeOf(shop: Shop, host: string, rest: string, localBase: string): Place | null {
  let best: ShopLanguage | null = null;
  for (const l of shop.languages) {
    if (hostOf(shop, l) !== host) continue;
    if (rest === l.prefix || rest.startsWith(`${l.prefix}/`) || l.prefix === '') {
      if (!best || l.prefix.length > best.prefix.length) best = l;
    }
  }
  if (!best) return null;
  return { host, localBase, lang: best, path: rest.slice(best.prefix.length) || '/' };
}

/** A path of the shop in a language, as a link from a page of `from` (local path, same host, or the language's own host). */
export function linkTo(shop: Shop, from: Place, l: ShopLanguage, path: string): string {
  const host = hostOf(shop, l);
  const tail = `${l.prefix}${path === '/' ? '' : path}` || '/';
  if (from.localBase) return `/storefront/${host}${tail === '/' ? '' : tail}`;
  return host === from.host ? tail : `https://${host}${tail}`;
}

/** The absolute canonical URL of a path in a language (spec §9: lowercase, no trailing slash, no www). */
export const absoluteUrl = (shop: Shop, l: ShopLanguage, path: string): string => canonicalUrl(`https://${hostOf(shop, l)}${l.prefix}${path === '/' ? '' : path}`);

/** An absolute link to a path (with its query, as given) in a language on its own host: the links of the shop's mails. */
export const absoluteLink = (shop: Shop, l: ShopLanguage, path: string): string => `https://${hostOf(shop, l)}${l.prefix}${path}`;
