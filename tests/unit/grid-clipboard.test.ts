import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTsv, quoteCell } from '../../src/app/grid/features/clipboard/tsv.ts';
import { blockWidth, parseTsv } from '../../src/app/grid/features/clipboard/tsvParse.ts';

describe('parseTsv (Excel / LibreOffice clipboard text)', () => {
  it('splits rows on \\n and \\r\\n and cells on tabs; one trailing line break is not a row', () => {
    expect(parseTsv('a\tb\nc\td')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(parseTsv('a\tb\r\nc\td\r\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(parseTsv('1\r2\r')).toEqual([['1'], ['2']]);
    expect(parseTsv('x')).toEqual([['x']]);
    expect(parseTsv('')).toEqual([]);
  });

  it('keeps empty cells, including a trailing one and empty rows inside the block', () => {
    expect(parseTsv('a\t\tc')).toEqual([['a', '', 'c']]);
    expect(parseTsv('a\t')).toEqual([['a', '']]);
    expect(parseTsv('\t')).toEqual([['', '']]);
    expect(parseTsv('a\n\nb\n')).toEqual([['a'], [''], ['b']]);
  });

  it('reads quoted cells: tabs, line breaks and doubled quotes inside', () => {
    expect(parseTsv('"a\tb"\tc')).toEqual([['a\tb', 'c']]);
    expect(parseTsv('"line 1\nline 2"\tx\r\ny\tz')).toEqual([
      ['line 1\nline 2', 'x'],
      ['y', 'z'],
    ]);
    expect(parseTsv('"say ""hi"""')).toEqual([['say "hi"']]);
  });

  it('treats a quote inside a cell as a character, and an unterminated quote as plain text', () => {
    expect(parseTsv('5" screen\tx')).toEqual([['5" screen', 'x']]);
    expect(parseTsv('"open\tb')).toEqual([['"open', 'b']]);
    // Text after a closing quote stays in the cell.
    expect(parseTsv('"a"b\tc')).toEqual([['ab', 'c']]);
  });

  it('measures the block width by its longest row', () => {
    expect(blockWidth(parseTsv('a\nb\tc\td\ne'))).toBe(3);
    expect(blockWidth([])).toBe(0);
  });
});

describe('formatTsv', () => {
  it('joins cells with tabs and rows with \\n, quoting what needs it', () => {
    expect(
      formatTsv([
        ['a', 'b'],
        ['c', 'd'],
      ]),
    ).toBe('a\tb\nc\td');
    expect(quoteCell('plain')).toBe('plain');
    expect(quoteCell('a\tb')).toBe('"a\tb"');
    expect(quoteCell('two\nlines')).toBe('"two\nlines"');
    expect(quoteCell('5" screen')).toBe('"5"" screen"');
    // A last row of one empty cell must not read as a trailing line break.
    expect(formatTsv([['a'], ['']])).toBe('a\n""');
    expect(parseTsv(formatTsv([['a'], ['']]))).toEqual([['a'], ['']]);
  });

  it('round-trips any block of cells through parseTsv', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'Z', '1', ' ', '\t', '\n', '\r', '"', 'é', ','), maxLength: 8 });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 4 }), fc.array(cell, { minLength: 20, maxLength: 20 }), (rows, cols, pool) => {
        const block = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => pool[(i * cols + j) % pool.length]!));
        expect(parseTsv(formatTsv(block))).toEqual(block);
      }),
      { numRuns: 300 },
    );
  });
});
