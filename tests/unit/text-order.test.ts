/**
 * textOrder.ts (the client row model's fast text sort) orders texts exactly as the
 * language's collator does (core/query/collation.ts `textComparer`), in every UI language,
 * whatever the texts hold: letters with accents and case, Czech ch and Hungarian digraphs
 * (three-letter ones too), ß and ligatures that expand, ignorable and combining characters,
 * Cyrillic, digits, punctuation, astral characters.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortIndexes } from '../../src/app/grid/rowModel/mergeSort.ts';
import { runNow } from '../../src/app/grid/rowModel/scheduler.ts';
import { textOrder } from '../../src/app/grid/rowModel/textOrder.ts';
import { LANGS } from '../../src/core/langs.ts';
import { textComparer } from '../../src/core/query/collation.ts';

const PIECES = [
  'a',
  'A',
  'á',
  'Á',
  'ä',
  'Ä',
  'b',
  'c',
  'C',
  'č',
  'Č',
  'ch',
  'Ch',
  'CH',
  'cH',
  'h',
  'H',
  'i',
  'cs',
  'Cs',
  'ccs',
  'dz',
  'dzs',
  'DZS',
  'ddzs',
  'gy',
  'ggy',
  'o',
  'ö',
  'ő',
  'Ő',
  'ô',
  's',
  'S',
  'sz',
  'ss',
  'ß',
  'ẞ',
  'SS',
  'ș',
  'ş',
  'ț',
  'ă',
  'â',
  'î',
  'z',
  'ž',
  'zs',
  'æ',
  'ae',
  'ĳ',
  'ﬁ',
  'fi',
  'ø',
  'а',
  'б',
  'я',
  'Я',
  'й',
  'ъ',
  'ё',
  'e\u0301',
  '\u0301',
  '\u00ad',
  '\u0000',
  '\t',
  ' ',
  '-',
  '_',
  '.',
  ',',
  "'",
  '1',
  '2',
  '10',
  '\u{1F600}',
  '\uFFFD',
];
const text = fc.array(fc.constantFrom(...PIECES), { minLength: 0, maxLength: 5 }).map((p) => p.join(''));

describe("textOrder: primary keys, the collator's order", () => {
  it.each(LANGS)('sorts random texts as the %s collator does', (lang) => {
    const compare = textComparer(lang);
    fc.assert(
      fc.property(fc.array(fc.option(text, { freq: 12 }), { minLength: 1, maxLength: 300 }), (texts) => {
        const present = Uint32Array.from(texts.flatMap((t, i) => (t === null ? [] : [i])));
        const got = Array.from(runNow(sortIndexes(present.slice(), runNow(textOrder(texts, lang, 0)))), (i) => texts[i]);
        const want = [...present].sort((a, b) => compare(texts[a]!, texts[b]!) || a - b).map((i) => texts[i]);
        expect(got).toEqual(want);
      }),
      { numRuns: 150, seed: 42 },
    );
  });

  it('sorts a large set (keys made: over KEYS_MIN_TEXTS) as the collator does', () => {
    const words = ['Čaj', 'čokoláda', 'Cibule', 'chléb', 'Dýně', 'hrách', 'Straße', 'Ábel', 'gyár', 'Ябълка', 'Item 10', 'item 2'];
    let seed = 3;
    const rnd = (n: number) => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n;
    const texts = Array.from({ length: 20_000 }, () => `${words[rnd(words.length)]} ${words[rnd(words.length)]} ${rnd(1000)}`);
    for (const lang of ['cs', 'hu', 'de', 'bg']) {
      const compare = textComparer(lang);
      const got = Array.from(runNow(sortIndexes(Uint32Array.from(texts.keys()), runNow(textOrder(texts, lang)))), (i) => texts[i]);
      const want = [...texts.keys()].sort((a, b) => compare(texts[a]!, texts[b]!) || a - b).map((i) => texts[i]);
      expect(got).toEqual(want);
    }
  });
});
