/**
 * What the column types share on the reading side: the language's number formats, plain
 * text, yes/no words, the NULL-last order, and the limits every writer keeps. No valibot
 * here: a list route formats with these and loads no validation code (schemas.ts has it).
 */
import { LOCALE, type Lang } from '../langs.ts';

/** Longest text (per language for multi) and largest JSON text accepted, whatever the descriptor says. */
export const MAX_TEXT = 100_000;
export const MAX_JSON = 100_000;

export const isEmpty = (x: unknown): x is null | undefined | '' => x === null || x === undefined || x === '';
export const isPlainObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** PostgreSQL text and jsonb cannot hold U+0000. */
export const noNul = (s: string) => !s.includes('\u0000');

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A cached Intl number format of a UI language under a name for its options (one name, one set of options). */
export function numberFormat(lang: Lang, name: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${lang}|${name}`;
  let f = numberFormats.get(key);
  if (!f) numberFormats.set(key, (f = new Intl.NumberFormat(LOCALE[lang] ?? LOCALE.en, options)));
  return f;
}

/** A stored number (a number, or a numeric text), else null. */
export const numberOf = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);

/** Any value as plain text: objects as JSON, no value ''. */
export const plainText = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** The catalogue's word, English without a catalogue. */
export const word = (t: ((id: string) => string) | undefined, id: 'common.yes' | 'common.no'): string => (t ? t(id) : id === 'common.yes' ? 'Yes' : 'No');
