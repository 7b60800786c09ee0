/**
 * Which text of a multi-language value is shown in a language: its own, else English,
 * else the first language that has one. A text from another language than the one asked
 * for is a fallback, and says so (`lang`): cells mark it, copies and exports never pass it
 * off as the language's own text. Pure; browser and server.
 */
import { LOCALE, isLang, type Lang } from './langs.ts';

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
  if (has(o[lang])) return { text: o[lang], lang };
  if (has(o.en)) return { text: o.en, lang: 'en' };
  for (const [l, x] of Object.entries(o)) if (has(x)) return { text: x, lang: l };
  return null;
}

/** The language's own text ('' when it has none): what copies, filters, sorts and exports read. */
export function ownText(value: unknown, lang: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return String(value);
  const x = (value as Record<string, unknown>)[lang];
  return typeof x === 'string' ? x : '';
}

const names = new Map<Lang, Intl.DisplayNames | null>();

/** A language's name in the UI language as it reads inside a sentence ('Bulgarian', 'bolgár', 'bulharčina'); the code when unknown. */
export function languageNameIn(code: string, uiLang: string): string {
  if (!isLang(uiLang)) return code;
  let n = names.get(uiLang);
  if (n === undefined) {
    try {
      n = new Intl.DisplayNames([LOCALE[uiLang]], { type: 'language', fallback: 'none' });
    } catch {
      n = null;
    }
    names.set(uiLang, n);
  }
  try {
    return n?.of(code) || code;
  } catch {
    return code;
  }
}
