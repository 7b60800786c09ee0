/** The grid's cached weight formatter gives exactly the spec §9 text of src/core/format.ts. */
import { readFileSync } from 'node:fs';
import { createIntl } from '@formatjs/intl';
import { describe, expect, it } from 'vitest';
import { formatVolume, formatWeight } from '../../src/core/format.ts';
import { LANGS, LOCALE } from '../../src/core/langs.ts';
import { createFormatters, spacedFormat } from '../../src/app/grid/format.ts';

const values = [0, -0, 1, 0.005, 12.345, 999.995, 1000, 1234.5, -1234.5, 1234567.891, -98765432.1, 1e12, 0.1 + 0.2];

describe('weight in the grid', () => {
  it.each(LANGS)('%s: one cached formatter, the same text as formatWeight', (lang) => {
    const locale = LOCALE[lang];
    const weight = spacedFormat(locale, (l, o) => new Intl.NumberFormat(l, o), ' kg');
    for (const v of values) expect(weight(v), `${lang} ${v}`).toBe(formatWeight(v, locale));
    expect(weight(1234.5)).toMatch(/^1 234.50 kg$/);
  });
});

describe('units in the grid', () => {
  it.each(LANGS)("%s: weight and volume in the language's unit symbols (Bulgarian in Cyrillic, as its headers)", (lang) => {
    const catalogue = JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as Record<string, string>;
    const fmt = createFormatters(createIntl({ locale: LOCALE[lang], messages: catalogue }));
    const [kg, m3] = lang === 'bg' ? ['кг', 'м³'] : ['kg', 'm³'];
    expect(fmt.weight(1234.5)).toBe(formatWeight(1234.5, LOCALE[lang], kg));
    expect(fmt.weight(1234.5).endsWith(` ${kg}`)).toBe(true);
    expect(fmt.volume(1.5)).toBe(formatVolume(1.5, LOCALE[lang], m3));
    // A header names the same unit as its cells.
    expect(catalogue['fields.packing_weight']).toContain(`(${kg})`);
  });
});
