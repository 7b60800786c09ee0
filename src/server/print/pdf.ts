/**
 * The PDF of a print batch (docs/print-and-reports.md "Print documents"): pdfkit draws the model
 * of src/core/print.ts on A4 portrait pages (10 mm margins, 190 mm content), texts as real
 * text in DejaVu Sans (embedded, subset: Latin Extended and Cyrillic), barcodes as vector
 * rectangles of bwip-js's symbols, forms by pdfForm.ts. Each document of the batch starts on a new page.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { A4, barcodeSizeMm, type BarcodeShape, type PrintBatch, type PrintBlock, type PrintDocument, type PrintLabel, type PrintTable } from '../../core/print.ts';
import { refused } from '../http/errors.ts';
import { barcodeOf } from './barcode.ts';
import { drawForm } from './pdfForm.ts';
import { BODY_SIZE, layoutTable, type Measure } from './tableLayout.ts';

const require = createRequire(import.meta.url);
const fontFile = (name: string) => readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}`));
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const FONTS = () => (fonts ??= { regular: fontFile('DejaVuSans.ttf'), bold: fontFile('DejaVuSans-Bold.ttf') });

/** Millimetres to PDF points. */
const mm = (x: number) => (x * 72) / 25.4;
const PAGE_BOTTOM = mm(A4.height - A4.margin);
const LEFT = mm(A4.margin);

type Doc = PDFKit.PDFDocument;

/**
 * The PDF of `batch`, at most `maxPages` pages: the page past them is refused (400
 * `print_too_many_pages`) as it is begun, so the work is bounded whatever the model holds.
 * CPU-heavy (500 labels: about 2 s): the server runs it on a thread of pdfPool.ts.
 */
export async function renderPdf(batch: PrintBatch, maxPages: number): Promise<Uint8Array<ArrayBuffer>> {
  const doc = new PDFDocument({ size: 'A4', layout: 'portrait', margin: mm(A4.margin), autoFirstPage: false, lang: batch.lang, info: { Title: batch.fileName } });
  // Every page, also those pdfkit begins itself for text running past the bottom margin.
  let pages = 0;
  doc.on('pageAdded', () => {
    if (++pages > maxPages) throw refused('print_too_many_pages', `at most ${maxPages} pages in one PDF; print fewer documents at once`, { limit: maxPages });
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const f = FONTS();
  doc.registerFont('Sans', f.regular);
  doc.registerFont('Sans-Bold', f.bold);
  for (const d of batch.documents) drawDocument(doc, d);
  doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}

function drawDocument(doc: Doc, d: PrintDocument): void {
  doc.addPage();
  doc
    .font('Sans-Bold')
    .fontSize(16)
    .fillColor('#000')
    .text(d.title, LEFT, mm(A4.margin), { width: mm(A4.content) });
  doc.font('Sans').fontSize(9);
  for (const m of d.meta) doc.text(`${m.label}: ${m.value}`, LEFT, doc.y, { width: mm(A4.content) });
  doc.y += mm(4);
  for (const b of d.blocks) drawBlock(doc, b);
}

function drawBlock(doc: Doc, b: PrintBlock): void {
  if (b.kind === 'labels') return drawLabels(doc, b.columns, b.labelHeight, b.labels);
  if (b.kind === 'table') return drawTable(doc, b.table);
  if (b.kind === 'form') return drawForm(doc, b.form, LEFT, (t) => drawTable(doc, t));
  drawText(doc, b.paragraphs, b.placement === 'terms' ? 8 : 9);
}

/** Paragraphs across the 190 mm (pdfkit starts a page when one runs past the bottom margin). */
function drawText(doc: Doc, paragraphs: string[], size: number): void {
  doc.font('Sans').fontSize(size).fillColor('#000');
  for (const p of paragraphs) doc.text(p, LEFT, doc.y, { width: mm(A4.content), paragraphGap: mm(1.5) });
  doc.x = LEFT;
  doc.y += mm(3);
}

/** Labels in a grid of `columns` across the 190 mm, `height` mm each, row by row; a row that does not fit starts a page. */
function drawLabels(doc: Doc, columns: number, height: number, labels: PrintLabel[]): void {
  const w = mm(A4.content / columns);
  const h = mm(height);
  let top = doc.y;
  for (let i = 0; i < labels.length; i++) {
    const col = i % columns;
    if (col === 0 && i > 0) top += h;
    if (col === 0 && top + h > PAGE_BOTTOM) {
      doc.addPage();
      top = mm(A4.margin);
    }
    drawLabel(doc, labels[i]!, LEFT + col * w, top, w, h);
  }
  doc.y = top + h + mm(4);
  doc.x = LEFT;
}

function drawLabel(doc: Doc, l: PrintLabel, x: number, y: number, w: number, h: number): void {
  const pad = mm(5);
  doc.save().lineWidth(0.5).dash(2, { space: 2 }).strokeColor('#999').rect(x, y, w, h).stroke().restore();
  const inner = w - 2 * pad;
  doc
    .font('Sans-Bold')
    .fontSize(10)
    .fillColor('#000')
    .text(l.heading, x + pad, y + pad, { width: inner, height: mm(9), ellipsis: true });
  doc.font('Sans').fontSize(9);
  let ty = y + pad + mm(9.5);
  for (const line of l.lines) {
    doc.text(line, x + pad, ty, { width: inner, height: mm(4.5), ellipsis: true });
    ty += mm(4.5);
  }
  // Linear codes from the left at the bottom, with the code under them; a square code at the right.
  const bottom = y + h - pad;
  let right = x + w - pad;
  for (const b of l.barcodes.filter((c) => c.symbology === 'qrcode')) {
    const shape = barcodeOf(b);
    const s = barcodeSizeMm(b, shape.modules);
    drawShape(doc, shape, right - mm(s.width), bottom - mm(s.height), mm(s.width), mm(s.height));
    right -= mm(s.width + 5);
  }
  let bx = x + pad;
  for (const b of l.barcodes.filter((c) => c.symbology !== 'qrcode')) {
    const shape = barcodeOf(b);
    const s = barcodeSizeMm(b, shape.modules);
    const width = Math.min(mm(s.width), right - bx);
    drawShape(doc, shape, bx, bottom - mm(4) - mm(s.height), width, mm(s.height));
    doc
      .font('Sans')
      .fontSize(8)
      .fillColor('#000')
      .text(b.value, bx, bottom - mm(3.2), { width, align: 'center', lineBreak: false });
    bx += width + mm(5);
  }
}

/** A barcode's modules as filled rectangles in the box (x, y, w, h). */
function drawShape(doc: Doc, shape: BarcodeShape, x: number, y: number, w: number, h: number): void {
  const mw = w / shape.modules;
  doc.save();
  if (shape.kind === 'bars') for (const [start, width] of shape.bars) doc.rect(x + start * mw, y, width * mw, h);
  else {
    const mh = h / shape.modules;
    for (const [row, col, len] of shape.runs) doc.rect(x + col * mw, y + row * mh, len * mw, mh);
  }
  doc.fill('#000').restore();
}

/**
 * A table 190 mm wide at most: a bold header row (repeated on each page), rows as tall as
 * their longest cell. Column widths and header sizes from tableLayout.ts: a header never
 * breaks inside a word.
 */
function drawTable(doc: Doc, t: PrintTable): void {
  const pad = mm(1.2);
  const measure: Measure = (s, font, size) => doc.font(font).fontSize(size).widthOfString(s);
  const { widths, headerSizes } = layoutTable(t, measure, mm, pad);
  const cellX = widths.reduce<number[]>((xs, _, i) => [...xs, i === 0 ? LEFT : xs[i - 1]! + widths[i - 1]!], []);
  const total = widths.reduce((s, w) => s + w, 0);
  const header = t.columns.map((c) => c.title);
  /** Each cell's font size: the header's own, the body's 9 pt. */
  const sizesOf = (head: boolean) => (head ? headerSizes : widths.map(() => BODY_SIZE));
  const rowHeight = (cells: string[], head: boolean) => {
    const sizes = sizesOf(head);
    doc.font(head ? 'Sans-Bold' : 'Sans');
    return Math.max(...cells.map((s, i) => doc.fontSize(sizes[i]!).heightOfString(s, { width: widths[i]! - 2 * pad }))) + 2 * pad;
  };
  const drawRow = (cells: string[], head: boolean) => {
    const rh = rowHeight(cells, head);
    if (doc.y + rh > PAGE_BOTTOM) {
      doc.addPage();
      doc.y = mm(A4.margin);
      if (!head) drawRow(header, true);
    }
    const y = doc.y;
    if (head) doc.save().rect(LEFT, y, total, rh).fill('#eee').restore();
    doc
      .save()
      .lineWidth(0.5)
      .strokeColor('#999')
      .moveTo(LEFT, y + rh)
      .lineTo(LEFT + total, y + rh)
      .stroke()
      .restore();
    const sizes = sizesOf(head);
    doc.font(head ? 'Sans-Bold' : 'Sans').fillColor('#000');
    cells.forEach((s, i) => doc.fontSize(sizes[i]!).text(s, cellX[i]! + pad, y + pad, { width: widths[i]! - 2 * pad, align: t.columns[i]!.align ?? 'left' }));
    doc.y = y + rh;
  };
  drawRow(header, true);
  for (const r of t.rows)
    drawRow(
      t.columns.map((c) => r[c.key] ?? ''),
      false,
    );
  doc.x = LEFT;
  doc.y += mm(4);
}
