/** The delete question in words (grid/deleteQuestion.tsx) over the real catalogues: plurals per language, "and N more", fallbacks. */
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { LANGS, LOCALE, type Lang } from '../../src/core/langs.ts';
import { deleteQuestionText } from '../../src/app/grid/deleteQuestion.tsx';
import type { DeletePreview } from '../../src/app/grid/gridApi.ts';

const catalogue = async (lang: Lang) => (await import(`../../locales/${lang}.json`)).default as Record<string, string>;
const intlOf = async (lang: Lang) =>
  createIntl({
    locale: LOCALE[lang],
    messages: await catalogue(lang),
    onError: (e) => {
      throw e;
    },
  });
const product = (n: number): DeletePreview => ({
  count: 1,
  rows: [{ key: 'P5', name: { en: 'Dumbbell', de: 'Hantel' } }],
  dependents: [
    { form: 'product_images', count: n },
    { form: 'product_shops', count: 1 },
  ],
});

describe('deleteQuestionText', () => {
  it('names a product and its dependents with the plural each language needs', async () => {
    const en = await intlOf('en');
    expect(deleteQuestionText(en, product(4), 'en')).toBe('Delete P5 Dumbbell and its 4 images and 1 shop listing?');
    expect(deleteQuestionText(en, product(1), 'en')).toBe('Delete P5 Dumbbell and its 1 image and 1 shop listing?');
    const de = await intlOf('de');
    expect(deleteQuestionText(de, product(4), 'de')).toBe('P5 Hantel samt 4 Bildern und 1 Shop-Eintrag löschen?');
    // Czech and Slovak: one, few (2–4), other (5+); Czech lists keep 'a' with the next word (no-break space).
    const cs = await intlOf('cs');
    expect([1, 3, 5].map((n) => deleteQuestionText(cs, product(n), 'cs'))).toEqual([
      'Smazat P5 Dumbbell? Smažou se i: 1 obrázek a\u00a01 zápis v obchodě.',
      'Smazat P5 Dumbbell? Smažou se i: 3 obrázky a\u00a01 zápis v obchodě.',
      'Smazat P5 Dumbbell? Smažou se i: 5 obrázků a\u00a01 zápis v obchodě.',
    ]);
    const sk = await intlOf('sk');
    expect(deleteQuestionText(sk, product(5), 'sk')).toContain('5 obrázkov');
    // Romanian: 20 and more take "de".
    const ro = await intlOf('ro');
    expect(deleteQuestionText(ro, product(2), 'ro')).toContain('2 imagini');
    expect(deleteQuestionText(ro, product(20), 'ro')).toContain('20 de imagini');
  });

  it('names a few rows, then "and N more"; counts a screen without a noun by its title, a table no screen shows as other records', async () => {
    const p: DeletePreview = {
      count: 12,
      rows: ['A', 'B', 'C'].map((k) => ({ key: k, name: `Name ${k}` })),
      dependents: [
        { form: 'banners', count: 2 },
        { form: null, count: 1 },
      ],
    };
    const en = await intlOf('en');
    expect(deleteQuestionText(en, p, 'en')).toBe('Delete A Name A, B Name B, C Name C and 9 more and their Banners: 2 records and 1 other record?');
    expect(deleteQuestionText(en, { count: 2, rows: p.rows.slice(0, 2), dependents: [] }, 'en')).toBe('Delete A Name A and B Name B?');
  });

  it('has every message it uses in all seven catalogues', async () => {
    for (const lang of LANGS) {
      const intl = await intlOf(lang);
      const text = deleteQuestionText(
        intl,
        {
          count: 5,
          rows: [{ key: 'K', name: null }],
          dependents: [
            { form: 'product_alternatives', count: 2 },
            { form: 'banners', count: 3 },
            { form: null, count: 4 },
          ],
        },
        lang,
      );
      expect(text, lang).toContain('K');
      expect(text, lang).not.toMatch(/[{}]/);
    }
  });
});
