/**
 * Both engines return the same JS values: numeric and int8 as numbers, dates as
 * 'yyyy-MM-dd', timestamps as ISO strings, json as parsed values.
 */
export const OID = { int8: 20, numeric: 1700, date: 1082, timestamp: 1114, timestamptz: 1184 } as const;

export const parseNumber = (v: string): number => Number(v);
export const parseDate = (v: string): string => v;
export const parseTimestamp = (v: string): string => {
  // PostgreSQL text output: '2026-11-22 10:00:00.123+00' or without zone.
  const iso = v.replace(' ', 'T');
  const withZone = /([+-]\d\d(:?\d\d)?|Z)$/.test(iso) ? iso : `${iso}Z`;
  const d = new Date(withZone.replace(/([+-]\d\d)$/, '$1:00'));
  return Number.isNaN(d.getTime()) ? v : d.toISOString();
};
