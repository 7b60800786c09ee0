/** The UI languages (spec §3), English first and the fallback. */
export const LANGS = ['en', 'de', 'hu', 'sk', 'ro', 'cs', 'bg'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en';
export const isLang = (x: unknown): x is Lang => typeof x === 'string' && (LANGS as readonly string[]).includes(x);

/** BCP 47 locale of each UI language, for number, date and currency formats. */
export const LOCALE: Record<Lang, string> = {
  en: 'en-GB',
  de: 'de-DE',
  hu: 'hu-HU',
  sk: 'sk-SK',
  ro: 'ro-RO',
  cs: 'cs-CZ',
  bg: 'bg-BG',
};

/** '/de/products/brands' → { lang: 'de', path: '/products/brands' }; no prefix → lang undefined. */
export function splitLang(pathname: string): { lang: Lang | undefined; path: string } {
  const m = /^\/([a-z]{2})(?=\/|$)(.*)$/.exec(pathname);
  if (m && isLang(m[1])) return { lang: m[1], path: m[2] || '/' };
  return { lang: undefined, path: pathname || '/' };
}

/** Adds the language prefix unless the path already has one (spec §2: redirects get the prefix). */
export function withLang(path: string, lang: Lang): string {
  if (splitLang(path).lang) return path;
  const p = path.startsWith('/') ? path : `/${path}`;
  return p === '/' ? `/${lang}` : `/${lang}${p}`;
}
