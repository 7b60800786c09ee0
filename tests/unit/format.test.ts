import { describe, expect, it } from 'vitest';
import {
  compactJson,
  formatDate,
  formatDateTime,
  formatMoney,
  formatTags,
  formatVolume,
  formatWeight,
  isoDate,
  localDate,
  normalizeHex,
  parseDateInput,
  parseDateTimeInput,
  parseJsonInput,
  parseTags,
  prettyJson,
  safeHref,
  tagList,
} from '../../src/core/format.ts';

describe('formatDate (yyyy-MM-dd)', () => {
  it('shows dates as they travel', () => {
    expect(formatDate('2024-03-05')).toBe('2024-03-05');
    expect(formatDate('1999-12-31')).toBe('1999-12-31');
  });

  it('shows a timestamp as its local day', () => {
    const d = new Date(2024, 2, 5, 23, 30);
    expect(formatDate(d)).toBe('2024-03-05');
    expect(formatDate(d.toISOString())).toBe('2024-03-05');
    expect(formatDate(d.getTime())).toBe('2024-03-05');
  });

  it('pads months, days and years', () => {
    expect(formatDate(new Date(5, 0, 1).setFullYear(5))).toBe('0005-01-01');
  });

  it('empty → blank, unreadable → as is', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('soon')).toBe('soon');
  });
});

describe('formatDateTime (yyyy-MM-dd HH:mm, 24 h)', () => {
  it('formats an instant in a time zone, 24-hour', () => {
    expect(formatDateTime('2024-03-05T13:07:09Z', 'UTC')).toBe('2024-03-05 13:07');
    expect(formatDateTime('2024-03-05T23:59:00Z', 'Europe/Budapest')).toBe('2024-03-06 00:59');
    expect(formatDateTime('2024-07-01T00:05:00Z', 'UTC')).toBe('2024-07-01 00:05');
    expect(formatDateTime(new Date(Date.UTC(2024, 0, 2, 18, 45)), 'America/New_York')).toBe('2024-01-02 13:45');
  });

  it('uses the local time zone by default', () => {
    const d = new Date(2024, 10, 9, 8, 4);
    expect(formatDateTime(d)).toBe('2024-11-09 08:04');
    expect(formatDateTime(d.toISOString())).toBe('2024-11-09 08:04');
  });

  it('midnight is 00, not 24', () => {
    expect(formatDateTime('2024-03-05T00:00:00Z', 'UTC')).toBe('2024-03-05 00:00');
  });

  it('keeps a date alone, blanks empty values, shows unreadable text as is', () => {
    expect(formatDateTime('2024-03-05')).toBe('2024-03-05');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('later')).toBe('later');
  });
});

describe('date input', () => {
  it('reads yyyy-MM-dd and common separators, padding one digit', () => {
    expect(parseDateInput('2024-03-05')).toBe('2024-03-05');
    expect(parseDateInput(' 2024-3-5 ')).toBe('2024-03-05');
    expect(parseDateInput('2024.03.05.')).toBe('2024-03-05');
    expect(parseDateInput('2024. 03. 05.')).toBe('2024-03-05');
    expect(parseDateInput('2024/03/05')).toBe('2024-03-05');
  });

  it('refuses days that do not exist and other orders', () => {
    expect(parseDateInput('2023-02-29')).toBeNull();
    expect(parseDateInput('2024-02-29')).toBe('2024-02-29');
    expect(parseDateInput('2024-13-01')).toBeNull();
    expect(parseDateInput('2024-04-31')).toBeNull();
    expect(parseDateInput('')).toBeNull();
    expect(parseDateInput('2024-03-05x')).toBeNull();
  });

  it('reads day-first dates as the UI locales write them, never month first (en is en-GB)', () => {
    expect(parseDateInput('31.12.2026')).toBe('2026-12-31'); // de, ro, bg
    expect(parseDateInput('5. 3. 2026')).toBe('2026-03-05'); // sk, cs
    expect(parseDateInput('05/03/2026')).toBe('2026-03-05'); // en-GB
    expect(parseDateInput('05.03.2026 г.')).toBe('2026-03-05'); // bg
    expect(parseDateInput('12/31/2026')).toBeNull();
    expect(parseDateInput('31.02.2026')).toBeNull();
    expect(parseDateInput('03/2026')).toBeNull();
    expect(parseDateTimeInput('31.12.2026 14:05')?.toString()).toBe(new Date(2026, 11, 31, 14, 5).toString());
    expect(parseDateTimeInput('2026-12-31T14:05:09')?.toString()).toBe(new Date(2026, 11, 31, 14, 5, 9).toString());
    expect(parseDateTimeInput('31.12.2026 24:00')).toBeNull();
  });

  it('isoDate and localDate are inverse on local days', () => {
    const d = localDate('2024-10-27')!;
    expect(d.getFullYear()).toBe(2024);
    expect(d.getMonth()).toBe(9);
    expect(d.getDate()).toBe(27);
    expect(d.getHours()).toBe(0);
    expect(isoDate(d)).toBe('2024-10-27');
    expect(localDate('2024-02-30')).toBeNull();
    expect(localDate('24-02-03')).toBeNull();
  });
});

describe('date-time input (local)', () => {
  it('reads yyyy-MM-dd HH:mm as local time', () => {
    expect(parseDateTimeInput('2024-03-05 14:30')?.getTime()).toBe(new Date(2024, 2, 5, 14, 30).getTime());
    expect(parseDateTimeInput('2024-03-05T07:05:09')?.getTime()).toBe(new Date(2024, 2, 5, 7, 5, 9).getTime());
    expect(parseDateTimeInput(' 2024-3-5  9:05 ')?.getTime()).toBe(new Date(2024, 2, 5, 9, 5).getTime());
    expect(parseDateTimeInput('2024. 03. 05. 23:59')?.getTime()).toBe(new Date(2024, 2, 5, 23, 59).getTime());
  });

  it('a date alone is its midnight', () => {
    expect(parseDateTimeInput('2024-03-05')?.getTime()).toBe(new Date(2024, 2, 5).getTime());
  });

  it('refuses impossible times and days', () => {
    expect(parseDateTimeInput('2024-03-05 24:00')).toBeNull();
    expect(parseDateTimeInput('2024-03-05 12:60')).toBeNull();
    expect(parseDateTimeInput('2024-02-30 12:00')).toBeNull();
    expect(parseDateTimeInput('2024-03-05 12')).toBeNull();
    expect(parseDateTimeInput('noon')).toBeNull();
  });

  it('round-trips with formatDateTime', () => {
    const d = parseDateTimeInput('2024-06-15 18:20')!;
    expect(formatDateTime(d.toISOString())).toBe('2024-06-15 18:20');
  });
});

describe('weight (spec §9)', () => {
  it('2 decimals, space thousands separators, kg', () => {
    expect(formatWeight(1234.5, 'en-GB')).toBe('1 234.50 kg');
    expect(formatWeight(0, 'en-GB')).toBe('0.00 kg');
    expect(formatWeight(1234567.891, 'en-GB')).toBe('1 234 567.89 kg');
    expect(formatWeight(0.005, 'en-GB')).toBe('0.01 kg');
  });

  it("keeps the locale's decimal separator; groups are always a plain space", () => {
    expect(formatWeight(1234.5, 'de-DE')).toBe('1 234,50 kg');
    expect(formatWeight(1234.5, 'hu-HU')).toBe('1 234,50 kg');
    // bg and pl group only from 5 digits by default; the rule groups always.
    expect(formatWeight(1234.5, 'bg-BG')).toBe('1 234,50 kg');
    expect(formatWeight(-1500, 'en-GB')).toBe('-1 500.00 kg');
  });
});

describe('volume', () => {
  it('up to 3 decimals, m³', () => {
    expect(formatVolume(1.5, 'en-GB')).toBe('1.5 m³');
    expect(formatVolume(0.12345, 'en-GB')).toBe('0.123 m³');
    expect(formatVolume(2, 'en-GB')).toBe('2 m³');
    expect(formatVolume(12345.6789, 'de-DE')).toBe('12 345,679 m³');
  });
});

describe('money', () => {
  const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

  it('formats with the currency the locale way', () => {
    expect(formatMoney(1234.5, 'EUR', 'en-GB')).toBe('€1,234.50');
    expect(nbsp(formatMoney(1234.5, 'EUR', 'de-DE'))).toBe('1.234,50 €');
    expect(nbsp(formatMoney(12345.5, 'HUF', 'hu-HU', 0))).toBe('12 346 Ft');
  });

  it('uses the given digits (currency_precision)', () => {
    expect(formatMoney(1.23456, 'EUR', 'en-GB', 3)).toBe('€1.235');
    expect(formatMoney(12, 'USD', 'en-GB', 0)).toBe('US$12');
  });

  it('falls back to number and code for an invalid currency code', () => {
    expect(formatMoney(5, 'EURO', 'en-GB')).toBe('5.00 EURO');
    expect(formatMoney(5, '', 'en-GB', 1)).toBe('5.0');
  });
});

describe('safeHref (links: http, https, relative only)', () => {
  it('allows http(s), protocol-relative and relative URLs', () => {
    expect(safeHref('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeHref('HTTP://example.com')).toBe('HTTP://example.com');
    expect(safeHref('//cdn.example.com/x')).toBe('//cdn.example.com/x');
    expect(safeHref('/products/brands')).toBe('/products/brands');
    expect(safeHref('docs/a.pdf')).toBe('docs/a.pdf');
    expect(safeHref('  /x  ')).toBe('/x');
  });

  it('refuses other schemes, also when obfuscated', () => {
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('JavaScript:alert(1)')).toBeNull();
    expect(safeHref(' java\tscript:alert(1)')).toBeNull();
    expect(safeHref('java\nscript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,<b>x</b>')).toBeNull();
    expect(safeHref('vbscript:x')).toBeNull();
    expect(safeHref('mailto:a@b.c')).toBeNull();
    expect(safeHref('ftp://x')).toBeNull();
  });

  it('refuses empty and non-text values', () => {
    expect(safeHref('')).toBeNull();
    expect(safeHref('   ')).toBeNull();
    expect(safeHref(null)).toBeNull();
    expect(safeHref(42)).toBeNull();
  });
});

describe('normalizeHex', () => {
  it('normalises hex colours', () => {
    expect(normalizeHex('#FF8800')).toBe('#ff8800');
    expect(normalizeHex('ff8800')).toBe('#ff8800');
    expect(normalizeHex('#abc')).toBe('#aabbcc');
    expect(normalizeHex(' #ABCD ')).toBe('#aabbccdd');
    expect(normalizeHex('#11223344')).toBe('#11223344');
  });

  it('refuses anything else', () => {
    for (const v of ['', '#12', '#12345', '#ggg', 'red', 'rgb(0,0,0)', '#1234567', null, 7]) expect(normalizeHex(v)).toBeNull();
  });
});

describe('tags', () => {
  it('splits on commas, trims, drops empty and repeated ones', () => {
    expect(parseTags('a, b ,c')).toEqual(['a', 'b', 'c']);
    expect(parseTags('a,,a, b')).toEqual(['a', 'b']);
    expect(parseTags(' red wine , white ')).toEqual(['red wine', 'white']);
  });

  it('nothing → null', () => {
    expect(parseTags('')).toBeNull();
    expect(parseTags(' , ,')).toBeNull();
  });

  it('formats arrays, JSON array text and comma text alike', () => {
    expect(formatTags(['a', 'b'])).toBe('a, b');
    expect(formatTags('["x","y"]')).toBe('x, y');
    expect(formatTags('x,y')).toBe('x, y');
    expect(formatTags(null)).toBe('');
    expect(tagList([1, null, 2, ''])).toEqual(['1', '2']);
    expect(tagList(7)).toEqual(['7']);
    expect(tagList('[not json')).toEqual(['[not json']);
  });
});

describe('JSON', () => {
  it('compact for cells, indented for tooltips', () => {
    expect(compactJson({ a: 1, b: [1, 2] })).toBe('{"a":1,"b":[1,2]}');
    expect(prettyJson({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(compactJson(null)).toBe('');
    expect(compactJson('text')).toBe('text');
    expect(compactJson(false)).toBe('false');
  });

  it('parses editor input; blank is null, invalid is refused', () => {
    expect(parseJsonInput('{"a": [1, 2]}')).toEqual({ ok: true, value: { a: [1, 2] } });
    expect(parseJsonInput('"x"')).toEqual({ ok: true, value: 'x' });
    expect(parseJsonInput('  ')).toEqual({ ok: true, value: null });
    expect(parseJsonInput('{a: 1}')).toEqual({ ok: false });
    expect(parseJsonInput('[1,')).toEqual({ ok: false });
  });
});
