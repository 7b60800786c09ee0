/**
 * Which text of a multi-language value a language reads, for both sides:
 *
 * - shown (cells, lookup labels, choices; the server's sort by a looked-up text,
 *   engine/lookupSql.ts): its own text, else English (`FALLBACK_LANG`), else the first
 *   language that has one. A text from another language is a fallback and says so
 *   (`lang`): cells mark it, copies and exports never pass it off as the language's own;
 * - queried (filters, sorts, keyset cursors, copies, exports): the language's own text
 *   only (`ownText`; the server's `column ->> language`).
 */
import { DEFAULT_LANG } from '../langs.ts';

/** The language a missing text falls back to before any other. */
export const FALLBACK_LANG = DEFAULT_LANG;

export interface LangText {
  text: string;
  /** The language the text is in. */
  lang: string;
}

const has = (x: unknown): x is string => typeof x === 'string' && x !== '';

/** The text shown for `lang` and the language it is in; null when no language has one. A plain string is taken as it is. */
export function pickText(value: unknown, lang: string): LangText | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object') return { text: String(value), lang };
  const o = value as Record<string, unknown>;
  const own = o[lang];
  if (has(own)) return { text: own, lang };
  const fallback = o[FALLBACK_LANG];
  if (has(fallback)) return { text: fallback, lang: FALLBACK_LANG };
  for (const [l, x] of Object.entries(o)) if (has(x)) return { text: x, lang: l };
  return null;
}

/** The language's own text, null when it has none (NULL to filters and sorts). */
export function ownTextOrNull(value: unknown, lang: string): string | null {
  if (!value || typeof value !== 'object') return null;
  const t = (value as Record<string, unknown>)[lang];
  return typeof t === 'string' ? t : null;
}

/** The language's own text ('' when it has none): what copies and exports read. A plain value is taken as text. */
export function ownText(value: unknown, lang: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return String(value);
  return ownTextOrNull(value, lang) ?? '';
}
