/**
 * A form (src/core/print.ts `PrintForm`, the CMR note's boxes) drawn by pdf.ts: each box a
 * frame with its number and titles at the top and its text below, wrapped at the box's width
 * and shrunk from its size down to FORM_MIN_SIZE until it fits the box's height; the lines
 * area as columns with their own numbered titles, every line at one size that lets them all
 * fit. Nothing is cut: a box's text too long even at the smallest size, and the lines beyond
 * the area, are printed whole on a continuation sheet (a new page), the box or the area's
 * last line saying so.
 */
import { FORM_MIN_SIZE, FORM_TEXT_SIZE, type FormBox, type PrintForm, type PrintTable } from '../../core/print.ts';
import { unbreakable } from './tableLayout.ts';

type Doc = PDFKit.PDFDocument;
type Font = 'Sans' | 'Sans-Bold';

/** Millimetres to PDF points. */
const mm = (x: number) => (x * 72) / 25.4;
const PAD = mm(1);
const TITLE_SIZE = 5.5;
const TITLE_MIN_SIZE = 3.5;
const NUMBER_SIZE = 7;
/** Steps of the shrinking, in points. */
const STEP = 0.5;
/** The lines' largest size: a line of goods is one of many. */
const LINE_SIZE = 8;

/** The sizes tried, largest first. */
const sizes = (from: number) => Array.from({ length: Math.floor((from - FORM_MIN_SIZE) / STEP) + 1 }, (_, i) => from - i * STEP);

const heightOf = (doc: Doc, s: string, font: Font, size: number, width: number) => (s ? doc.font(font).fontSize(size).heightOfString(s, { width }) : 0);

/** The largest size at which `s` fits `width` × `height`, or null when not even at FORM_MIN_SIZE. */
function fitSize(doc: Doc, s: string, font: Font, from: number, width: number, height: number): number | null {
  return sizes(from).find((size) => heightOf(doc, s, font, size, width) <= height) ?? null;
}

/** A box's or column's heading: its number in bold, its titles (the reader's language, English) beside it; answers its height. */
function drawHeading(doc: Doc, no: string, titles: string[], x: number, y: number, width: number): number {
  let left = x;
  let height = 0;
  if (no) {
    doc.font('Sans-Bold').fontSize(NUMBER_SIZE).fillColor('#000').text(no, x, y, { lineBreak: false });
    left += doc.widthOfString(no) + mm(1);
    height = doc.currentLineHeight();
  }
  const [own, ...others] = titles;
  const room = x + width - left;
  // Smaller where a title's longest word is wider than the box (a narrow goods column): words are never broken.
  const widest = Math.max(0, ...titles.flatMap((t) => unbreakable(t)).map((w) => doc.font('Sans-Bold').fontSize(TITLE_SIZE).widthOfString(`${w} `)));
  const size = widest > room ? Math.max(TITLE_MIN_SIZE, Math.floor(((TITLE_SIZE * room) / widest) * 4) / 4) : TITLE_SIZE;
  let ty = y;
  if (own) {
    doc.font('Sans-Bold').fontSize(size).fillColor('#000').text(own, left, ty, { width: room });
    ty = doc.y;
  }
  for (const t of others) {
    doc.font('Sans').fontSize(size).fillColor('#444').text(t, left, ty, { width: room });
    ty = doc.y;
  }
  doc.fillColor('#000');
  return Math.max(height, ty - y);
}

/** What a drawn form left for the continuation sheet. */
interface Overflow {
  boxes: FormBox[];
  rows: Record<string, string>[];
}

function drawBox(doc: Doc, b: FormBox, left: number, top: number, continued: string): boolean {
  const x = left + mm(b.x);
  const y = top + mm(b.y);
  const w = mm(b.w);
  const h = mm(b.h);
  doc.save().lineWidth(0.6).strokeColor('#000').rect(x, y, w, h).stroke().restore();
  const head = b.no || b.titles.length ? drawHeading(doc, b.no, b.titles, x + PAD, y + PAD, w - 2 * PAD) + mm(0.6) : 0;
  if (!b.text) return true;
  const font: Font = b.bold ? 'Sans-Bold' : 'Sans';
  const width = w - 2 * PAD;
  const height = h - head - 2 * PAD;
  const size = fitSize(doc, b.text, font, b.size ?? FORM_TEXT_SIZE, width, height);
  if (size === null) {
    doc
      .font('Sans')
      .fontSize(FORM_MIN_SIZE)
      .fillColor('#000')
      .text(continued, x + PAD, y + PAD + head, { width });
    return false;
  }
  doc
    .font(font)
    .fontSize(size)
    .fillColor('#000')
    .text(b.text, x + PAD, y + PAD + head, { width });
  return true;
}

/** The lines area: its frame, the columns' rules and headings, the lines that fit; answers the lines that do not. */
function drawLines(doc: Doc, f: PrintForm, left: number, top: number): Record<string, string>[] {
  const a = f.lines;
  const x0 = left + mm(a.x);
  const y0 = top + mm(a.y);
  const h = mm(a.h);
  const xs = a.columns.reduce<number[]>((acc, c) => [...acc, acc[acc.length - 1]! + mm(c.width)], [x0]);
  doc.save().lineWidth(0.6).strokeColor('#000').rect(x0, y0, mm(a.w), h).stroke();
  for (const x of xs.slice(1, -1))
    doc
      .moveTo(x, y0)
      .lineTo(x, y0 + h)
      .stroke();
  doc.restore();
  const head = Math.max(...a.columns.map((c, i) => drawHeading(doc, c.no, c.titles, xs[i]! + PAD, y0 + PAD, mm(c.width) - 2 * PAD))) + 2 * PAD;
  doc
    .save()
    .lineWidth(0.4)
    .strokeColor('#000')
    .moveTo(x0, y0 + head)
    .lineTo(x0 + mm(a.w), y0 + head)
    .stroke()
    .restore();
  const room = h - head - PAD;
  const rowHeight = (r: Record<string, string>, size: number) => Math.max(0, ...a.columns.map((c) => heightOf(doc, r[c.key] ?? '', 'Sans', size, mm(c.width) - 2 * PAD))) + mm(0.8);
  const heights = (size: number) => a.rows.map((r) => rowHeight(r, size));
  const sum = (xs: number[]) => xs.reduce((s, v) => s + v, 0);
  let size = sizes(LINE_SIZE).find((s) => sum(heights(s)) <= room);
  let shown = a.rows.length;
  if (size === undefined) {
    // At the smallest size, the lines that fit above a line saying where the rest is.
    size = FORM_MIN_SIZE;
    const hs = heights(size);
    const marker = heightOf(doc, f.continued, 'Sans-Bold', size, mm(a.w) - 2 * PAD) + mm(0.8);
    shown = 0;
    for (let used = 0; shown < hs.length && used + hs[shown]! + marker <= room; shown++) used += hs[shown]!;
  }
  let y = y0 + head + PAD / 2;
  for (const r of a.rows.slice(0, shown)) {
    a.columns.forEach((c, i) => {
      const v = r[c.key] ?? '';
      if (v)
        doc
          .font('Sans')
          .fontSize(size)
          .fillColor('#000')
          .text(v, xs[i]! + PAD, y, { width: mm(c.width) - 2 * PAD, align: c.align ?? 'left' });
    });
    y += rowHeight(r, size);
  }
  if (shown < a.rows.length)
    doc
      .font('Sans-Bold')
      .fontSize(size)
      .text(f.continued, x0 + PAD, y, { width: mm(a.w) - 2 * PAD });
  return a.rows.slice(shown);
}

/**
 * The form from the current position (its height fits under a document's title), then its
 * continuation sheet when something did not fit. `drawTable` draws the lines left over.
 */
export function drawForm(doc: Doc, f: PrintForm, left: number, drawTable: (t: PrintTable) => void): void {
  const top = doc.y;
  const over: Overflow = { boxes: [], rows: [] };
  for (const b of f.boxes) if (!drawBox(doc, b, left, top, f.continued)) over.boxes.push(b);
  over.rows = drawLines(doc, f, left, top);
  doc.x = left;
  doc.y = top + mm(f.height) + mm(2);
  if (!over.boxes.length && !over.rows.length) return;
  doc.addPage();
  const width = mm(190);
  doc.font('Sans-Bold').fontSize(12).fillColor('#000').text(f.continuation.title, left, doc.y, { width });
  doc.y += mm(3);
  for (const b of over.boxes) {
    doc
      .font('Sans-Bold')
      .fontSize(9)
      .text([b.no, b.titles.join(' / ')].filter(Boolean).join('  '), left, doc.y, { width });
    doc
      .font('Sans')
      .fontSize(FORM_TEXT_SIZE)
      .text(b.text, left, doc.y, { width, paragraphGap: mm(1) });
    doc.y += mm(3);
  }
  if (over.rows.length) {
    // The columns the lines left over fill, the widest taking the width of those they leave empty.
    const used = f.lines.columns.filter((c) => over.rows.some((r) => r[c.key]));
    const widest = used.reduce((a, c) => (c.width > a.width ? c : a), used[0]!);
    const spare = f.lines.w - used.reduce((sum, c) => sum + c.width, 0);
    const columns = used.map((c) => ({ key: c.key, title: `${c.no} ${c.titles[0] ?? ''}`, width: c === widest ? c.width + spare : c.width, ...(c.align ? { align: c.align } : {}) }));
    drawTable({ columns, rows: over.rows });
  }
}
