import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lowerText, textTest } from '../../src/app/grid/rowModel/clientQuery.ts';
import type { FilterItem } from '../../src/app/grid/filters.ts';
import { TEXT_INDEX_CHUNK, buildTextIndex, matchText } from '../../src/app/grid/rowModel/textIndex.ts';

const OPS = ['contains', 'notContains', 'equals', 'notEqual', 'startsWith', 'endsWith', 'blank', 'notBlank', 'inRange'] as const;

/** What textTest keeps, value by value: the reference the index must match. */
const reference = (values: (string | null)[], item: FilterItem) => {
  const t = textTest(item);
  return values.map((v) => (t(lowerText(v)) ? 1 : 0));
};
const viaIndex = (values: (string | null)[], item: FilterItem) => {
  const ix = buildTextIndex(values);
  expect(ix).not.toBeNull();
  return [...matchText(ix!, item)];
};

describe('text index (text filters over one lower-cased string)', () => {
  it('answers as textTest does, value by value, for every operator', () => {
    const values = ['Walnut chair', 'WALNUT', 'walnut', null, '', 'oak walnut', 'nut', 'walnu', 'aaa', 'a\u0000walnut', 'Σίσυφος', 'x'];
    for (const type of OPS)
      for (const filter of ['walnut', 'WalNut', 'nut', 'aa', 'a', '', 'walnut chair', 'σ', '\u0000w']) {
        const item = { filterType: 'text', type, filter } as FilterItem;
        expect(viaIndex(values, item), `${type} ${JSON.stringify(filter)}`).toEqual(reference(values, item));
      }
  });

  it('agrees with textTest on random columns and needles (property)', () => {
    const alphabet = fc.constantFrom('a', 'b', 'A', 'B', ' ', '\u0000', 'é', 'É', 'Σ', 'ς');
    const text = fc.array(alphabet, { maxLength: 6 }).map((cs) => cs.join(''));
    fc.assert(
      fc.property(fc.array(fc.option(text, { nil: null }), { maxLength: 30 }), fc.constantFrom(...OPS), text, (values, type, filter) => {
        const item = { filterType: 'text', type, filter } as FilterItem;
        expect(viaIndex(values, item)).toEqual(reference(values, item));
      }),
      { numRuns: 3000 },
    );
  });

  it('is built in chunks that make the same text, starts and answers as one join (across chunk edges)', () => {
    // 20,000 values: several chunks; a match may sit on either side of a chunk's edge.
    expect(20_000).toBeGreaterThan(3 * TEXT_INDEX_CHUNK);
    const values = Array.from({ length: 20_000 }, (_, i) => (i % 97 === 0 ? null : i % 5 === 0 ? '' : `Row ${i} ${i % 3 ? 'Walnut' : 'OAK'}`));
    const ix = buildTextIndex(values)!;
    expect(ix.text).toBe(
      values
        .map((v) => v ?? '')
        .join('\u0000')
        .toLowerCase(),
    );
    let at = 0;
    for (let i = 0; i < values.length; i++) {
      expect(ix.starts[i]).toBe(at);
      at += (values[i] ?? '').length + 1;
    }
    expect(ix.starts[values.length]).toBe(at);
    for (const type of OPS)
      for (const filter of ['walnut', `row ${TEXT_INDEX_CHUNK - 1} `, `${TEXT_INDEX_CHUNK} oak`, `row ${2 * TEXT_INDEX_CHUNK}`, 'row 16384', '']) {
        const item = { filterType: 'text', type, filter } as FilterItem;
        expect(viaIndex(values, item), `${type} ${JSON.stringify(filter)}`).toEqual(reference(values, item));
      }
    // A value that changes length when lower-cased, in the last chunk only.
    expect(buildTextIndex([...values, 'İ'])).toBeNull();
  });

  it('declines a column whose lower-casing changes a length (the caller tests value by value)', () => {
    expect(buildTextIndex(['İstanbul', 'x'])).toBeNull();
    expect(buildTextIndex([])).not.toBeNull();
  });
});
