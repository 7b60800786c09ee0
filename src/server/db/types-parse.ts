/**
 * Both engines return the same JS values: numeric and int8 as numbers (beyond the safe
 * integers as their exact text), dates as 'yyyy-MM-dd', timestamps as ISO strings, json as
 * parsed values.
 */
export const OID = { int8: 20, numeric: 1700, date: 1082, timestamp: 1114, timestamptz: 1184 } as const;

/** |value| below this is a JS number; rowsJson.ts writes the same rule in SQL. */
export const SAFE_LIMIT = Number.MAX_SAFE_INTEGER;
const SAFE_BIG = BigInt(SAFE_LIMIT);

/**
 * A numeric or int8 as a number; one whose magnitude reaches Number.MAX_SAFE_INTEGER (a sum
 * of amounts, quantity × price on a large line, a bigint) as its exact decimal text — as a
 * number it would silently be another value. Aggregates and rows carry numbers or text
 * (schemas/api.ts), and the client formats either.
 */
export const parseNumber = (v: string): number | string => {
  const n = Number(v);
  if (!Number.isFinite(n) || Math.abs(n) < 9e15) return n;
  const int = BigInt(v.split('.')[0]!);
  return (int < 0n ? -int : int) < SAFE_BIG ? n : v;
};
export const parseDate = (v: string): string => v;
/** The usual text of a UTC session: 'yyyy-MM-dd hh:mm:ss[.ffffff][+00]'. */
const UTC_TEXT = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?(?:\+00)?$/;

export const parseTimestamp = (v: string): string => {
  // toISOString's form without a Date (a page holds a hundred of them): the milliseconds
  // truncated, as Date's parser does. Any other text (another zone, BC, infinity) goes below.
  const m = UTC_TEXT.exec(v);
  if (m) return `${m[1]}T${m[2]}.${((m[3] ?? '') + '000').slice(0, 3)}Z`;
  // PostgreSQL text output: '2026-11-22 10:00:00.123+00' or without zone.
  const iso = v.replace(' ', 'T');
  const withZone = /([+-]\d\d(:?\d\d)?|Z)$/.test(iso) ? iso : `${iso}Z`;
  const d = new Date(withZone.replace(/([+-]\d\d)$/, '$1:00'));
  return Number.isNaN(d.getTime()) ? v : d.toISOString();
};
