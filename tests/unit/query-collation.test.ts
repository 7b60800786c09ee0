/**
 * The browser's side of "text in the language's order" (core/query/collation.ts): the
 * client row model sorts texts by Intl.Collator of the query's language — multi-language
 * and plain text columns and looked-up texts alike — NULL last ascending and descending,
 * keys by their code points (as the server's index orders them); groups order their texts
 * by the UI language. The server's side: tests/api/collation.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { ClientRowModel } from '../../src/app/grid/rowModel/ClientRowModel.ts';
import { buildGroupTree } from '../../src/app/grid/rowModel/grouping.ts';
import { RadixScratch, radixSortIndexes } from '../../src/app/grid/rowModel/radixSort.ts';
import { runNow } from '../../src/app/grid/rowModel/scheduler.ts';
import type { Row, ValueType } from '../../src/app/grid/types.ts';
import { compareCodePoints, textComparer } from '../../src/core/query/collation.ts';
import { ORDERED } from '../collationCases.ts';

const columns: { field: string; valueType: ValueType }[] = [
  { field: 'code', valueType: 'text' },
  { field: 'name', valueType: 'multi' },
  { field: 'note', valueType: 'text' },
];

/** Rows against the expected order (reversed), two of them without a name in the language. */
function rowsOf(lang: string): Row[] {
  const named = ORDERED[lang]!.map((n, i) => ({ code: `N${String(i).padStart(2, '0')}`, name: { [lang]: n }, note: n }));
  const nameless = [
    { code: 'X1', name: { xx: 'Aaa' }, note: null },
    { code: 'X2', name: null, note: null },
  ];
  return [...named, ...nameless].reverse();
}

const sorted = (m: ClientRowModel, colId: string, sort: 'asc' | 'desc', lang: string, field = colId) =>
  [...m.query({ sortModel: [{ colId, sort }], filterModel: {}, lang })].map((i) => {
    const v = m.rows[i]![field];
    return v && typeof v === 'object' ? ((v as Record<string, string>)[lang] ?? null) : (v ?? null);
  });

describe("client row model: texts in the language's order", () => {
  it.each(Object.keys(ORDERED))('sorts %s names as the language orders them, NULL last both ways', (lang) => {
    const m = new ClientRowModel(rowsOf(lang), { columns, keys: ['code'], rowId: (r) => String(r.code), sync: true });
    expect(sorted(m, 'name', 'asc', lang)).toEqual([...ORDERED[lang]!, null, null]);
    expect(sorted(m, 'name', 'desc', lang)).toEqual([...[...ORDERED[lang]!].reverse(), null, null]);
    // A plain text column too, in the query's language.
    expect(sorted(m, 'note', 'asc', lang)).toEqual([...ORDERED[lang]!, null, null]);
  });

  it('keeps one set of ranks per language: the same text column sorts anew in another language', () => {
    const m = new ClientRowModel(rowsOf('cs'), { columns, keys: ['code'], rowId: (r) => String(r.code), sync: true });
    const cs = sorted(m, 'note', 'asc', 'cs');
    expect(cs.indexOf('chleba')).toBeGreaterThan(cs.indexOf('hrách'));
    const en = sorted(m, 'note', 'asc', 'en');
    expect(en.indexOf('chleba')).toBeLessThan(en.indexOf('hrách'));
    expect(en.indexOf('Čaj')).toBeLessThan(en.indexOf('chleba'));
    expect(sorted(m, 'note', 'asc', 'cs')).toEqual(cs);
  });

  it('sorts English case-insensitively: case only breaks ties, lower case first (as ICU on the server)', () => {
    const words = ['banana', 'Apple', 'cherry', 'apple', 'Banana'];
    const m = new ClientRowModel(
      words.map((w, i) => ({ code: `C${i}`, name: null, note: w })),
      { columns, keys: ['code'], rowId: (r) => String(r.code), sync: true },
    );
    expect(sorted(m, 'note', 'asc', 'en')).toEqual(['apple', 'Apple', 'banana', 'Banana', 'cherry']);
  });

  it("sorts a key column by its code points (the server's index order), not by the collation", () => {
    const codes = ['b1', 'A2', 'a1', 'Č1', 'C1', 'ch1'];
    const m = new ClientRowModel(
      codes.map((code) => ({ code, name: null, note: code })),
      { columns, keys: ['code'], rowId: (r) => String(r.code), sync: true },
    );
    expect(sorted(m, 'code', 'asc', 'cs')).toEqual(['A2', 'C1', 'a1', 'b1', 'ch1', 'Č1']);
    expect(sorted(m, 'note', 'asc', 'cs')).toEqual(['a1', 'A2', 'b1', 'C1', 'Č1', 'ch1']);
  });

  it('sorts a looked-up text (what the cell shows) in the language, NULL last both ways', () => {
    const brands = new Map<unknown, string>([
      [1, 'Hradec'],
      [2, 'chalupa'],
      [3, 'Čajovna'],
      [4, 'Cibulka'],
    ]);
    const cols = [
      { field: 'code', valueType: 'text' as const },
      { field: 'brand', valueType: 'int' as const, sortText: { of: (v: unknown) => brands.get(v) ?? '', version: () => 0 } },
    ];
    const m = new ClientRowModel(
      [1, 2, null, 3, 4].map((brand, i) => ({ code: `B${i}`, brand })),
      { columns: cols, keys: ['code'], rowId: (r) => String(r.code), sync: true },
    );
    const names = (sort: 'asc' | 'desc') => [...m.query({ sortModel: [{ colId: 'brand', sort }], filterModel: {}, lang: 'cs' })].map((i) => brands.get(m.rows[i]!.brand) ?? null);
    expect(names('asc')).toEqual(['Cibulka', 'Čajovna', 'Hradec', 'chalupa', null]);
    expect(names('desc')).toEqual(['chalupa', 'Hradec', 'Čajovna', 'Cibulka', null]);
  });

  it('orders texts the collation finds equal by their code points, as PostgreSQL does', () => {
    const nfd = 'Cafe\u0301';
    const nfc = 'Café';
    const cmp = textComparer('en');
    expect(new Intl.Collator('en').compare(nfd, nfc)).toBe(0);
    expect(cmp(nfd, nfc)).toBeLessThan(0);
    expect(cmp(nfc, nfd)).toBeGreaterThan(0);
    // Astral characters after U+E000–U+FFFF (UTF-8 byte order), unlike UTF-16's.
    expect(compareCodePoints('\u{1F600}', '\uFFFD')).toBeGreaterThan(0);
    expect('\u{1F600}' < '\uFFFD').toBe(true);
  });
});

describe('radix sort: NULL (NaN) last both ways', () => {
  it('puts NaN after every value ascending and descending, ties in base order', () => {
    const k = Float64Array.from([3, Number.NaN, -1, Number.POSITIVE_INFINITY, Number.NaN, 0, Number.NEGATIVE_INFINITY]);
    expect([...runNow(radixSortIndexes(k.length, [k], [1], new RadixScratch()))]).toEqual([6, 2, 5, 0, 3, 1, 4]);
    expect([...runNow(radixSortIndexes(k.length, [k], [-1], new RadixScratch()))]).toEqual([3, 0, 5, 2, 6, 1, 4]);
  });
});

describe("groups: texts in the UI language's order", () => {
  it('orders text group keys by the language given, empty last', () => {
    const groups = ['Hrách', 'chleba', 'Čaj', 'Cibule', null].map((v) => ({ key: { name: v }, count: 1, aggs: {} }));
    const order = (lang: string) => ({ key: (_: string, v: unknown) => v ?? '', desc: () => false, lang });
    expect(buildGroupTree(groups, ['name'], order('cs')).map((n) => n.value)).toEqual(['Cibule', 'Čaj', 'Hrách', 'chleba', null]);
    expect(buildGroupTree(groups, ['name'], order('en')).map((n) => n.value)).toEqual(['Čaj', 'chleba', 'Cibule', 'Hrách', null]);
  });
});
