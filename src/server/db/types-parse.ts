/**
 * Both engines return the same JS values: numeric and int8 as numbers, dates as
 * 'yyyy-MM-dd', timestamps as ISO strings, json as parsed values.
 */
export const OID = { int8: 20, numeric: 1700, date: 1082, timestamp: 1114, timestamptz: 1184 } as const;

export const parseNumber = (v: string): number => Number(v);
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
