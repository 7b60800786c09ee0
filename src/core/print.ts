/**
 * Print documents (spec §9: A4 portrait, 210 mm document, 190 mm tables): one typed model
 * that the server builds (src/server/print/documents.ts, a builder per document key) and
 * both renderers draw — the browser's print layout as HTML (src/app/pages/print/) and the
 * server as PDF (src/server/print/pdf.ts). Every text in it is already in the reader's
 * language; the renderers add no words of their own.
 */

export { PRINT_DOCUMENT_KEYS, isPrintDocumentKey, printRoute, printTitle, type PrintDocumentKey } from './printDocuments.ts';
import type { PrintDocumentKey } from './printDocuments.ts';

/** Page geometry shared by both renderers, in millimetres. */
export const A4 = { width: 210, height: 297, margin: 10, content: 190 } as const;

/** Symbologies drawn (bwip-js names): Code 128 for codes, EAN-13 for a GTIN, QR for a code a phone reads. */
type Symbology = 'code128' | 'ean13' | 'qrcode';

export interface Barcode {
  symbology: Symbology;
  /** The encoded value (a scanner reads back exactly this). */
  value: string;
}

/** One label of a label sheet: a heading, lines under it, barcodes, and the code in plain text. */
export interface PrintLabel {
  heading: string;
  lines: string[];
  /** The code as printed under the linear barcode. */
  code: string;
  barcodes: Barcode[];
}

interface PrintColumn {
  key: string;
  title: string;
  /** Share of the 190 mm table width, in millimetres (the widths add up to at most 190). */
  width: number;
  align?: 'left' | 'right';
}

export interface PrintTable {
  columns: PrintColumn[];
  rows: Record<string, string>[];
}

/** Where a document's own text (an obd text, settings/obd_texts) stands: above the body, under it, or as its terms at the end. */
export type TextPlacement = 'header' | 'footer' | 'terms';

/**
 * A box of a printed form (the CMR note's 24): its number, its title (the reader's language,
 * then English where that differs: a note crosses borders) and its text, at a fixed place on
 * the form, in millimetres from the form's top left corner. The PDF wraps the text in the
 * box and shrinks it down to FORM_MIN_SIZE; what does not fit even then is printed whole on
 * the continuation sheet, the box saying so (`PrintForm.continued`).
 */
export interface FormBox {
  no: string;
  titles: string[];
  text: string;
  x: number;
  y: number;
  w: number;
  h: number;
  /** The text's largest size in points (FORM_TEXT_SIZE when absent): a document number reads larger. */
  size?: number;
  bold?: boolean;
}

/** A form's lines of goods: columns that are boxes of their own (the CMR note's 6–12) side by side over one area. */
interface FormLines {
  x: number;
  y: number;
  w: number;
  h: number;
  columns: { key: string; no: string; titles: string[]; width: number; align?: 'left' | 'right' }[];
  rows: Record<string, string>[];
}

/**
 * A form on one page: boxes and an area of lines. What does not fit (a box's text at the
 * smallest size, the lines beyond the area) follows on a continuation sheet titled
 * `continuation.title`; the box or the area's last line says `continued`.
 */
export interface PrintForm {
  /** The form's height in millimetres (its width is the page's 190). */
  height: number;
  boxes: FormBox[];
  lines: FormLines;
  continued: string;
  continuation: { title: string };
}

/** A form box's text sizes, in points: the largest, and the smallest it shrinks to before continuing. */
export const FORM_TEXT_SIZE = 9;
export const FORM_MIN_SIZE = 6;

/** A document's body, in order: label sheets (a grid of fixed-size labels), tables, texts (paragraphs of plain text) and forms. */
export type PrintBlock =
  | { kind: 'labels'; columns: number; labelHeight: number; labels: PrintLabel[] }
  | { kind: 'table'; table: PrintTable }
  | { kind: 'text'; placement: TextPlacement; paragraphs: string[] }
  | { kind: 'form'; form: PrintForm };

/** Where a PDF of a document is kept when it is printed: its order's Documents tab, as a file of this type and number. */
export interface KeptAs {
  on: 'sales_order' | 'purchase_order';
  /** The order's key (order_id, po_id). */
  id: number;
  /** The file's type in the tab (sales_order_documents.doc_type): 'order_confirmation', 'invoice', 'credit_note', 'delivery_note', 'purchase_order'. */
  docType: string;
  /** The document's number (the order's, the invoice's). */
  code: string;
  /** The record it is made from (the order's key, or the invoice's): what a copy is drawn from again. */
  record: number;
}

export interface PrintDocument {
  title: string;
  /** Label–value pairs under the title (a document's number, date, company). */
  meta: { label: string; value: string }[];
  blocks: PrintBlock[];
  /** The document's own language where a batch mixes them (each order in its customer's); else the batch's. */
  lang?: string;
  /** A document whose printed PDF its order keeps (server/print/documentStore.ts). */
  keep?: KeptAs;
}

/** What a print request answers: the documents (a batch prints them one after another, each from a new page). */
export interface PrintBatch {
  key: PrintDocumentKey;
  lang: string;
  /** The PDF's file name without extension, in the reader's language. */
  fileName: string;
  documents: PrintDocument[];
}

/** What bwip-js's `raw` answers for a symbol: a linear code's bar and space widths, or a 2D code's module matrix. */
export type RawSymbol = { sbs: number[] } | { pixs: number[]; pixx: number; pixy: number };

/**
 * A barcode as both renderers draw it (the PDF with rectangles, the page with SVG rects), in
 * modules: a linear code's bars as [start, width], a 2D code's dark runs as [row, column, length].
 */
export type BarcodeShape = { kind: 'bars'; modules: number; bars: [number, number][] } | { kind: 'matrix'; modules: number; runs: [number, number, number][] };

export function barcodeShape(raw: RawSymbol): BarcodeShape {
  if ('sbs' in raw) {
    const bars: [number, number][] = [];
    let x = 0;
    raw.sbs.forEach((w, i) => {
      if (i % 2 === 0) bars.push([x, w]);
      x += w;
    });
    return { kind: 'bars', modules: x, bars };
  }
  const runs: [number, number, number][] = [];
  for (let r = 0; r < raw.pixy; r++) {
    let c = 0;
    while (c < raw.pixx) {
      if (!raw.pixs[r * raw.pixx + c]) {
        c++;
        continue;
      }
      const from = c;
      while (c < raw.pixx && raw.pixs[r * raw.pixx + c]) c++;
      runs.push([r, from, c - from]);
    }
  }
  return { kind: 'matrix', modules: raw.pixx, runs };
}

/**
 * A barcode's printed size in millimetres, from its width in modules (bars and spaces of one
 * unit): linear codes at 0.45 mm a module (up to 58 mm; scanners at 300 dpi read it), 14 mm
 * high; a QR code 16 mm square (0.76 mm a module for a 21-module code).
 */
export function barcodeSizeMm(b: Barcode, modules: number): { width: number; height: number } {
  return b.symbology === 'qrcode' ? { width: 16, height: 16 } : { width: Math.min(58, modules * 0.45), height: 14 };
}

/** A valid EAN-13 (GTIN-13): 13 digits with the right check digit. */
export function isEan13(x: string): boolean {
  if (!/^\d{13}$/.test(x)) return false;
  const sum = [...x.slice(0, 12)].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === Number(x[12]);
}
