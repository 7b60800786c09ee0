/**
 * Text in the order of the user's language: Czech "ch" after "h" and Č after C, Hungarian
 * Á beside A and "cs" after "c", German Ä with A and ß as ss, Bulgarian Cyrillic before
 * Latin; case only breaks ties (lower case first). One collation per UI language:
 *
 * - the browser: `Intl.Collator` of the language (`textCollator`);
 * - the server: the collation `app.text_<lang>` (migration 028): ICU's collation of the
 *   language — its CLDR tailoring rules over the root collation where the engine lacks
 *   the locale's data (PGlite ships ICU with the root collation only), the locale itself
 *   on a server without ICU rules (PostgreSQL before 16).
 *
 * Texts the collation finds equal but that differ (other Unicode forms) are ordered by
 * their code points on both sides, as PostgreSQL's deterministic collations do.
 */
import { DEFAULT_LANG, LOCALE, isLang, type Lang } from '../langs.ts';

/** The UI language of a request or query; an unknown one sorts as English. */
export const collationLang = (lang: string): Lang => (isLang(lang) ? lang : DEFAULT_LANG);

/** The server's collation of a language, as SQL (an identifier built from a known language only). */
export const collationSql = (lang: string): string => `app."text_${collationLang(lang)}"`;

const collators = new Map<Lang, Intl.Collator>();

/** The browser's collation of a language (cached). */
export function textCollator(lang: string): Intl.Collator {
  const l = collationLang(lang);
  let c = collators.get(l);
  if (!c) collators.set(l, (c = new Intl.Collator(LOCALE[l])));
  return c;
}

/** Code point order (UTF-8 byte order, the "C" collation): UTF-16 order except that astral characters sort after U+E000–U+FFFF. */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const sx = x >= 0xd800 && x <= 0xdfff;
    const sy = y >= 0xd800 && y <= 0xdfff;
    if (sx !== sy) return sx ? 1 : -1;
    return x < y ? -1 : 1;
  }
  return a.length < b.length ? -1 : 1;
}

/** Two texts in the language's order; equal only when identical (ties by code points). */
export function textComparer(lang: string): (a: string, b: string) => number {
  const compare = textCollator(lang).compare;
  return (a, b) => (a === b ? 0 : compare(a, b) || compareCodePoints(a, b));
}
