/**
 * How each column type's values sort: the order the queries sort by (core/query/order.ts,
 * the database), NULL after every value. A module apart from the types' parse and format:
 * the list route sorts on the server and in its row model's own keys, so this is weighed by
 * the code that compares values (the tests proving the orders equal), not by every page.
 */
import type { ColumnType } from '../descriptor.ts';
import { LOCALE, type Lang } from '../langs.ts';
import { ownText } from '../query/langText.ts';

type Compare = (a: unknown, b: unknown, lang: Lang) => number;

const none = (x: unknown) => x === null || x === undefined;

/** NULL after every value (a descending sort keeps it last too, core/query/order.ts); else `by` over what `read` takes of a value. */
const nullsLast =
  <T>(read: (x: unknown) => T | null, by: (a: T, b: T) => number) =>
  (a: unknown, b: unknown): number => {
    const x = none(a) ? null : read(a);
    const y = none(b) ? null : read(b);
    if (x === null) return y === null ? 0 : 1;
    if (y === null) return -1;
    return by(x, y);
  };

const byValue = <T extends string | number>(a: T, b: T) => (a < b ? -1 : a > b ? 1 : 0);
const numberOf = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);

const numbers = nullsLast(numberOf, byValue);
/** Days and instants in time order: ISO texts compare as they read. */
const times = nullsLast((x) => (x instanceof Date ? x.toISOString() : String(x)), byValue);

/**
 * Texts in the language's order (its collation, as core/query/collation.ts `textComparer`
 * and the database sort); texts the collation ties by their characters, so two compare
 * equal only when identical.
 */
const texts = (lang: Lang) =>
  nullsLast(
    (x) => String(x),
    (a: string, b: string) => (a === b ? 0 : a.localeCompare(b, LOCALE[lang]) || (a < b ? -1 : 1)),
  );

export const columnOrder: Readonly<Record<ColumnType, Compare>> = {
  text: (a, b, lang) => texts(lang)(a, b),
  int: numbers,
  number: numbers,
  money: numbers,
  bool: nullsLast((x) => (typeof x === 'boolean' ? Number(x) : null), byValue),
  date: times,
  datetime: times,
  // A multi-language text sorts by its text in the language (none: no value).
  multi: (a, b, lang) => texts(lang)(ownText(a, lang) || null, ownText(b, lang) || null),
  json: nullsLast((x) => JSON.stringify(x), byValue),
  // A reference by its key: numbers by value, else as text.
  ref: nullsLast(
    (x) => x as string | number,
    (a, b) => (typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0),
  ),
};
