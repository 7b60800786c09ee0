/**
 * How a PDF table (pdf.ts) fits its texts: no header breaks inside a word (issue 43, finding
 * 10: "Eingegangen" split as "Eingegan-gen" in a 22 mm column). pdfkit wraps at spaces and
 * after hyphens, and cuts a word wider than its cell anywhere; a title is one or two short
 * words, so a title's words must each fit the column's width:
 *
 *   1. A header is drawn at the body's 9 pt when its widest word fits, else smaller, down
 *      to 7 pt.
 *   2. A column whose widest header word does not fit even at 7 pt (or whose widest body
 *      word does not fit at 9 pt) is widened, the width taken from columns with room to
 *      spare (their words fitting, headers at 9 pt first), in proportion to that room. The
 *      table keeps its total width.
 *   3. What room is left widens headers back towards 9 pt.
 *
 * Only when the columns together cannot hold the words does a header go below 7 pt — still
 * whole words, never cut. Widths and sizes in PDF points.
 */
import type { PrintTable } from '../../core/print.ts';

/** A text's width in points in a font at a size (pdfkit's widthOfString). */
export type Measure = (text: string, font: 'Sans' | 'Sans-Bold', size: number) => number;

export const BODY_SIZE = 9;
export const HEADER_MIN_SIZE = 7;
/** Room for pdfkit's rounding of a word's width (PDFNumber), so a word that fits is never cut by a hair. */
const EPSILON = 0.5;

/**
 * The pieces of a text pdfkit never breaks inside: the words between spaces, split after a
 * hyphen followed by a letter (Unicode line breaking: "Lager-Nr." may break after the
 * hyphen, "SO-2026-000123" nowhere). Other break chances (after a slash…) are not taken:
 * a piece is never smaller than what pdfkit keeps together. Each is measured with a space
 * after it: pdfkit measures a word together with the space that follows it.
 */
export const unbreakable = (text: string): string[] =>
  text
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((w) => w.split(/(?<=[-\u2010])(?=\p{L})/u));

const widest = (text: string, measure: Measure, font: 'Sans' | 'Sans-Bold', size: number): number => Math.max(0, ...unbreakable(text).map((p) => measure(`${p} `, font, size)));

export interface TableLayout {
  /** Each column's width. */
  widths: number[];
  /** Each header's font size. */
  headerSizes: number[];
}

/**
 * Moves width into the columns below their `target` from the others' room above their
 * `floor`, in proportion to that room and to each one's need; as much as there is.
 */
function grow(widths: number[], target: number[], floor: number[]): number[] {
  const need = widths.map((w, i) => Math.max(0, target[i]! - w));
  const room = widths.map((w, i) => (need[i]! > 0 ? 0 : Math.max(0, w - floor[i]!)));
  const needed = need.reduce((s, x) => s + x, 0);
  const spare = room.reduce((s, x) => s + x, 0);
  const moved = Math.min(needed, spare);
  if (moved <= 0) return widths;
  return widths.map((w, i) => w + (need[i]! * moved) / needed - (room[i]! * moved) / spare);
}

/** The table's column widths (`width` mm → `pt` points each) and header sizes, the cells padded by `pad` on each side. */
export function layoutTable(t: PrintTable, measure: Measure, pt: (mm: number) => number, pad: number): TableLayout {
  const outside = 2 * pad + EPSILON;
  const head9 = t.columns.map((c) => widest(c.title, measure, 'Sans-Bold', BODY_SIZE));
  const body = t.columns.map((c) => Math.max(0, ...t.rows.map((r) => widest(r[c.key] ?? '', measure, 'Sans', BODY_SIZE))));
  // Each column's least width (its header at 7 pt) and the width it is comfortable at (its header at 9 pt).
  const least = t.columns.map((_, i) => Math.max((head9[i]! * HEADER_MIN_SIZE) / BODY_SIZE, body[i]!) + outside);
  const comfortable = t.columns.map((_, i) => Math.max(head9[i]!, body[i]!) + outside);
  let widths = t.columns.map((c) => pt(c.width));
  widths = grow(widths, least, comfortable);
  widths = grow(widths, least, least);
  widths = grow(widths, comfortable, comfortable);
  const headerSizes = widths.map((w, i) => (head9[i]! > 0 ? Math.min(BODY_SIZE, (BODY_SIZE * Math.max(0, w - outside)) / head9[i]!) : BODY_SIZE));
  return { widths, headerSizes };
}
