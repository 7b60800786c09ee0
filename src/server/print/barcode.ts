/** Barcodes for the PDF: bwip-js draws each as a PNG (the browser draws the same options as SVG: src/app/pages/print/). */
import bwipjs from 'bwip-js/node';
import { barcodeOptions, type Barcode } from '../../core/print.ts';

/** Pixels per module of the PNG (its width in modules is its pixel width divided by this). */
export const PNG_SCALE = 4;

export interface BarcodePng {
  png: Buffer;
  /** Width in modules (bwip-js units), for the printed size (core/print.ts barcodeSizeMm). */
  modules: number;
}

export async function barcodePng(b: Barcode): Promise<BarcodePng> {
  const png = await bwipjs.toBuffer({ ...barcodeOptions(b), scale: PNG_SCALE });
  // PNG header: the width is the big-endian int at byte 16.
  return { png, modules: png.readUInt32BE(16) / PNG_SCALE };
}
