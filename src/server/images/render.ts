/**
 * The image server's renderings: a stored picture at an offered size, quality and format
 * (src/core/images.ts OFFERED_IMAGE_SIZES, OFFERED_IMAGE_QUALITIES), made by sharp and
 * kept on disk under the picture's hash and the variant, so a picture renders once per
 * variant whichever image rows share it, and a replaced picture (a new hash) never meets
 * an old rendering. libvips works on its own threads; at most `RENDER_CONCURRENCY`
 * renderings run at once, and requests for a rendering under way wait for it.
 *
 * Fit: `contain` on white. A product card shows the whole product — a crop (`cover`) cuts
 * off a bottle's cap or a chair's legs when the photo is not square — and every card of a
 * grid still gets the same box. Transparency is flattened onto the same white.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { CDN_QUALITY } from '../../core/images.ts';
import { SHARP_INPUT } from './picture.ts';
import { loadSharp } from './sharp.ts';

export interface Variant {
  /** Both or neither: no size → the original's size. */
  width?: number;
  height?: number;
  quality: number;
  format: 'jpeg' | 'webp';
}

export const CONTENT_TYPES = { jpeg: 'image/jpeg', webp: 'image/webp' } as const;

/** The variant's name in cache file names and ETags: `500x500-q70.webp`, `orig-q80.jpeg`. */
export const variantName = (v: Variant): string => `${v.width ? `${v.width}x${v.height}` : 'orig'}-q${v.quality}.${v.format}`;

/** The variant a request without parameters gets: the original, re-encoded as JPEG. */
export const ORIGINAL: Variant = { quality: CDN_QUALITY, format: 'jpeg' };

const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };

/** Renders a variant of a picture: EXIF orientation applied, every metadata block (EXIF, XMP, ICC after conversion to sRGB) left out. */
async function renderPicture(bytes: Uint8Array, v: Variant): Promise<Buffer> {
  const sharp = await loadSharp();
  let img = sharp(bytes, SHARP_INPUT).rotate();
  if (v.width && v.height) img = img.resize(v.width, v.height, { fit: 'contain', background: WHITE });
  img = img.flatten({ background: WHITE });
  return v.format === 'webp' ? img.webp({ quality: v.quality }).toBuffer() : img.jpeg({ quality: v.quality }).toBuffer();
}

/** At most this many renderings at once (each uses libvips' threads). */
const RENDER_CONCURRENCY = Math.max(1, Math.min(4, availableParallelism()));

/** Where a rendering came from: the disk cache, made for this request, or made for another one under way. */
type RenderSource = 'hit' | 'miss' | 'joined';

export interface Renderer {
  /** The rendering, from the disk cache or made now (`load` gives the picture's bytes on a miss). */
  get(hash: string, v: Variant, load: () => Promise<Uint8Array | undefined>): Promise<{ body: Buffer; source: RenderSource } | undefined>;
}

/** `dirOf`: the cache directory, asked for at the first rendering (a server that renders nothing makes none). */
export function createRenderer(dirOf: () => string): Renderer {
  const pending = new Map<string, Promise<{ body: Buffer; source: RenderSource } | undefined>>();
  const waiting: (() => void)[] = [];
  let running = 0;
  let made = 0;
  const slot = async () => {
    if (running >= RENDER_CONCURRENCY) await new Promise<void>((r) => waiting.push(r));
    running++;
  };
  const release = () => {
    running--;
    waiting.shift()?.();
  };
  let dir: string | undefined;
  const dirOfHash = (hash: string) => join((dir ??= dirOf()), hash.slice(0, 2));
  const fileOf = (hash: string, v: Variant) => join(dirOfHash(hash), `${hash}-${variantName(v)}`);

  async function produce(hash: string, v: Variant, load: () => Promise<Uint8Array | undefined>): Promise<{ body: Buffer; source: RenderSource } | undefined> {
    const file = fileOf(hash, v);
    try {
      return { body: await readFile(file), source: 'hit' };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    const bytes = await load();
    if (!bytes) return undefined;
    await slot();
    let body: Buffer;
    try {
      body = await renderPicture(bytes, v);
      made++;
    } finally {
      release();
    }
    // Written whole, then renamed: a reader never sees half a file.
    await mkdir(dirOfHash(hash), { recursive: true });
    const tmp = `${file}.${process.pid}.${made}.tmp`;
    await writeFile(tmp, body);
    await rename(tmp, file);
    return { body, source: 'miss' };
  }

  return {
    get(hash, v, load) {
      const key = `${hash}-${variantName(v)}`;
      const under = pending.get(key);
      if (under) return under.then((r) => r && { body: r.body, source: 'joined' });
      const p = produce(hash, v, load).finally(() => pending.delete(key));
      pending.set(key, p);
      return p;
    },
  };
}
