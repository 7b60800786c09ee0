/** The grid's cached weight formatter gives exactly the spec §9 text of src/core/format.ts. */
import { describe, expect, it } from 'vitest';
import { formatWeight } from '../../src/core/format.ts';
import { LANGS, LOCALE } from '../../src/core/langs.ts';
import { spacedFormat } from '../../src/app/grid/format.ts';

const values = [0, -0, 1, 0.005, 12.345, 999.995, 1000, 1234.5, -1234.5, 1234567.891, -98765432.1, 1e12, 0.1 + 0.2];

describe('weight in the grid', () => {
  it.each(LANGS)('%s: one cached formatter, the same text as formatWeight', (lang) => {
    const locale = LOCALE[lang];
    const weight = spacedFormat(locale, (l, o) => new Intl.NumberFormat(l, o), ' kg');
    for (const v of values) expect(weight(v), `${lang} ${v}`).toBe(formatWeight(v, locale));
    expect(weight(1234.5)).toMatch(/^1 234.50 kg$/);
  });
});
