/**
 * Timestamps from PostgreSQL's text output become toISOString's form: the quick path for a
 * UTC session's text equals what Date makes of it, and every other text still converts.
 */
import { describe, expect, it } from 'vitest';
import { parseTimestamp } from '../../src/server/db/types-parse.ts';

/** What Date makes of the text (the rule the quick path must equal). */
const viaDate = (v: string) => {
  const iso = v.replace(' ', 'T').replace(/\+00$/, '');
  return new Date(`${iso}Z`).toISOString();
};

const pad = (n: number, w: number) => String(n).padStart(w, '0');

describe('parseTimestamp', () => {
  it('equals Date on 5,000 random UTC texts, with and without fraction and zone', () => {
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let i = 0; i < 5000; i++) {
      const date = `${pad(1 + rnd(9999), 4)}-${pad(1 + rnd(12), 2)}-${pad(1 + rnd(28), 2)}`;
      const time = `${pad(rnd(24), 2)}:${pad(rnd(60), 2)}:${pad(rnd(60), 2)}`;
      const digits = rnd(7);
      const frac = digits ? `.${pad(rnd(10 ** digits), digits)}` : '';
      const text = `${date} ${time}${frac}${rnd(2) ? '+00' : ''}`;
      expect(parseTimestamp(text), text).toBe(viaDate(text));
    }
  });

  it('truncates the fraction to milliseconds, as Date does', () => {
    expect(parseTimestamp('2026-11-22 23:59:59.999999+00')).toBe('2026-11-22T23:59:59.999Z');
    expect(parseTimestamp('2026-11-22 10:00:00.5')).toBe('2026-11-22T10:00:00.500Z');
    expect(parseTimestamp('2026-11-22 10:00:00')).toBe('2026-11-22T10:00:00.000Z');
  });

  it('converts other zones and keeps what is not a time', () => {
    expect(parseTimestamp('2026-11-22 10:00:00.123+02')).toBe('2026-11-22T08:00:00.123Z');
    expect(parseTimestamp('2026-11-22 10:00:00+05:30')).toBe('2026-11-22T04:30:00.000Z');
    expect(parseTimestamp('2026-11-22 10:00:00-03')).toBe('2026-11-22T13:00:00.000Z');
    expect(parseTimestamp('infinity')).toBe('infinity');
    expect(parseTimestamp('-infinity')).toBe('-infinity');
  });
});
