/** Barcodes for the PDF: bwip-js encodes (its `raw` symbol; the browser's print page does the same with bwip-js's browser build). */
import bwipjs from 'bwip-js/node';
import { barcodeShape, type Barcode, type BarcodeShape, type RawSymbol } from '../../core/print.ts';

/** The symbol of a barcode, drawn as vectors (no raster: sharp at any resolution, and quick — bwip-js's PNG costs 10–20 ms a code). */
export function barcodeOf(b: Barcode): BarcodeShape {
  const raw = bwipjs.raw(b.symbology, b.value, '') as RawSymbol[];
  return barcodeShape(raw[0]!);
}
