/**
 * The PDF table's layout (src/server/print/tableLayout.ts): every header word fits its
 * column whole — at 9 pt, else smaller down to 7 pt, else in a column widened from others'
 * spare room — the table keeps its width, and a body word never gets less room than it needs.
 * A fixed-pitch measure (0.6 em a character) stands in for pdfkit's.
 */
import { describe, expect, it } from 'vitest';
import type { PrintTable } from '../../src/core/print.ts';
import { BODY_SIZE, HEADER_MIN_SIZE, layoutTable, unbreakable, type Measure } from '../../src/server/print/tableLayout.ts';

const measure: Measure = (text, _font, size) => [...text].length * size * 0.6;
const pt = (mm: number) => (mm * 72) / 25.4;
const pad = pt(1.2);
const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
/** Whether each header word, at the header's size, fits its column (inside the padding). */
const fits = (t: PrintTable, widths: number[], sizes: number[]) => t.columns.every((c, i) => unbreakable(c.title).every((p) => measure(`${p} `, 'Sans-Bold', sizes[i]!) <= widths[i]! - 2 * pad));

describe('PDF table layout', () => {
  it('splits only where pdfkit may break: spaces, a hyphen before a letter', () => {
    expect(unbreakable('Nyitott mennyiség')).toEqual(['Nyitott', 'mennyiség']);
    expect(unbreakable('E-Mail-Adresse')).toEqual(['E-', 'Mail-', 'Adresse']);
    expect(unbreakable('SO-2026-000123')).toEqual(['SO-2026-000123']);
    expect(unbreakable('SK-HAM-00123')).toEqual(['SK-', 'HAM-00123']);
  });

  it('keeps a header at 9 pt when its words fit', () => {
    const t: PrintTable = { columns: [{ key: 'a', title: 'Code', width: 30 }], rows: [{ a: 'X1' }] };
    const { widths, headerSizes } = layoutTable(t, measure, pt, pad);
    expect(headerSizes).toEqual([BODY_SIZE]);
    expect(widths[0]).toBeCloseTo(pt(30), 6);
  });

  it('shrinks a header to fit its widest word, not below 7 pt while another column has room', () => {
    const t: PrintTable = {
      columns: [
        { key: 'q', title: 'Eingegangen', width: 22 },
        { key: 'n', title: 'Produktname', width: 64 },
        { key: 'k', title: 'Kommissioniert', width: 14 },
      ],
      rows: [{ q: '12', n: 'Hammer mit Holzstiel', k: '3' }],
    };
    const { widths, headerSizes } = layoutTable(t, measure, pt, pad);
    expect(sum(widths)).toBeCloseTo(pt(100), 6);
    expect(fits(t, widths, headerSizes)).toBe(true);
    for (const s of headerSizes) expect(s).toBeGreaterThanOrEqual(HEADER_MIN_SIZE);
    // The narrow column was widened from the wide one; the body's longest word still fits.
    expect(widths[2]).toBeGreaterThan(pt(14));
    expect(widths[1]).toBeLessThan(pt(64));
    expect(widths[1]! - 2 * pad).toBeGreaterThanOrEqual(measure('Holzstiel ', 'Sans', BODY_SIZE));
  });

  it('goes below 7 pt only when the columns together cannot hold the words at 7 pt, and still never cuts one', () => {
    const t: PrintTable = {
      columns: [
        { key: 'a', title: 'Kommissioniert', width: 10 },
        { key: 'b', title: 'Eingegangen', width: 10 },
      ],
      rows: [{ a: '1', b: '2' }],
    };
    const { widths, headerSizes } = layoutTable(t, measure, pt, pad);
    expect(sum(widths)).toBeCloseTo(pt(20), 6);
    expect(fits(t, widths, headerSizes)).toBe(true);
    expect(Math.min(...headerSizes)).toBeLessThan(HEADER_MIN_SIZE);
  });
});
