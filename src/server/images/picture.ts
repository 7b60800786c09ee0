/**
 * What makes a file a product picture (issue 26 point 5): read by sharp (libvips) from its
 * content, never its name — JPEG, PNG, WebP, GIF (its first frame) or AVIF; an SVG, a TIFF or
 * anything else is refused. Only the header is read before the limits are checked, so a
 * small file that unpacks to a huge bitmap (a decompression bomb) is refused unopened; every
 * decode also runs under `limitInputPixels`.
 */
import { createHash } from 'node:crypto';
import type { Metadata } from 'sharp';
import { MAX_PICTURE_BYTES, MAX_PICTURE_PIXELS, PICTURE_TYPE_NAMES } from '../../../schemas/api.ts';
import { HttpError } from '../http/errors.ts';
import { loadSharp } from './sharp.ts';

// The limits and the formats' names are the contract's (schemas/api/images.ts).
export { MAX_PICTURE_BYTES, MAX_PICTURE_PIXELS };

/** The formats taken, by libvips' name, and the content type each is stored under. */
const PICTURE_TYPES: Readonly<Record<string, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  heif: 'image/avif', // libvips reads AVIF as HEIF; the prebuilt binaries decode AVIF only
};

/** Options of every sharp that opens a stored or uploaded picture. */
export const SHARP_INPUT = { limitInputPixels: MAX_PICTURE_PIXELS, failOn: 'error', animated: false } as const;

export interface Picture {
  /** SHA-256 of the bytes, hex: the blob's key and version. */
  hash: string;
  bytes: Uint8Array;
  contentType: string;
  /** As shown: after the EXIF orientation. */
  width: number;
  height: number;
}

const refuseType = (name: string) => new HttpError(415, 'unsupported_type', `${name}: not a picture (allowed: ${PICTURE_TYPE_NAMES})`, {}, undefined, { types: PICTURE_TYPE_NAMES });

/** The picture in `bytes`, checked: a format taken, within the pixel limit, decodable to its end. `name` is for messages. */
export async function readPicture(bytes: Uint8Array, name: string): Promise<Picture> {
  if (bytes.length > MAX_PICTURE_BYTES)
    throw new HttpError(413, 'file_too_large', `${name}: larger than ${MAX_PICTURE_BYTES / 1024 / 1024} MB`, {}, undefined, { limit: MAX_PICTURE_BYTES / 1024 / 1024 });
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    // The header only: no pixel is decoded here.
    meta = await sharp(bytes, { ...SHARP_INPUT, limitInputPixels: false }).metadata();
  } catch {
    throw refuseType(name);
  }
  const contentType = meta.format ? PICTURE_TYPES[meta.format] : undefined;
  // HEIF that is not AVIF (HEIC) has no decoder here.
  if (!contentType || (meta.format === 'heif' && meta.compression !== 'av1') || !meta.width || !meta.height) throw refuseType(name);
  if (meta.width * meta.height > MAX_PICTURE_PIXELS) {
    throw new HttpError(413, 'image_too_many_pixels', `${name}: ${meta.width} × ${meta.height} pixels, more than ${MAX_PICTURE_PIXELS / 1e6} megapixels`, {}, undefined, {
      limit: MAX_PICTURE_PIXELS / 1e6,
    });
  }
  try {
    // Decoded once to its end (to a thumbnail: JPEG's shrink-on-load still reads every
    // scan): a truncated or corrupt file is refused now, not at its first view.
    await sharp(bytes, SHARP_INPUT).resize(32, 32, { fit: 'inside' }).raw().toBuffer();
  } catch {
    throw refuseType(name);
  }
  // EXIF orientations 5–8 turn the picture a quarter: shown, its sides swap.
  const turned = (meta.orientation ?? 1) >= 5;
  return {
    hash: createHash('sha256').update(bytes).digest('hex'),
    bytes,
    contentType,
    width: turned ? meta.height : meta.width,
    height: turned ? meta.width : meta.height,
  };
}
