/**
 * The build's hashed files (/assets/…) from memory, compressed once (issue 49, "every round
 * trip as cheap as a bare page's"). Read through the file server, each request of a page's
 * ~15 chunks went through a file stream turned web stream (several event-loop turns per
 * file, on the thread the embedded database shares), and the product list's ~900 KB of code
 * went out uncompressed (260 KiB gzipped) to every browser not behind a compressing proxy.
 * A file's name changes with its content (vite.config.ts), so what is read once stays true:
 * kept up to MAX_BYTES, its gzip and brotli forms made on the thread pool (zlib's async
 * calls) by the first request that asks for them: brotli at quality 5 (the product list's
 * largest chunk: 11 ms, 6 % larger than quality 9's 41 ms) and gzip at zlib's default.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';

/** Memory for the kept files (their plain and compressed forms together): the app's whole build is ~15 MB of code. */
const MAX_BYTES = 64 * 1024 * 1024;
/** Smaller files are sent as they are: a compressed form would save less than its headers cost. */
const MIN_COMPRESS = 1024;
/** A path segment of the build's files (`name-hash.ext`, a folder's name): no dot first (no `..`, no hidden file), no encoded character. */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

type Coding = 'br' | 'gzip';

interface Kept {
  body: Buffer;
  type: string;
  /** Compressed forms, made on first need; null: not worth it (a binary format, or no smaller). */
  coded: Partial<Record<Coding, Promise<Buffer | null>>>;
}

/** Which coding a request takes, by its Accept-Encoding (brotli first: ~15 % smaller than gzip on the app's code). */
export function chooseCoding(accept: string | undefined): Coding | null {
  const offered = new Map<string, number>();
  for (const part of (accept ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((x) => x !== undefined);
    offered.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (c: string) => (offered.get(c) ?? offered.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : null;
}

const compressible = (type: string) => /^(text\/|application\/(javascript|json|xml)|image\/svg\+xml)/.test(type);

/** Serves `<ui>/assets/<name>`; a name it does not hold goes on to the next handler (the not-found answer). */
export function assetFiles(ui: string): MiddlewareHandler {
  const kept = new Map<string, Promise<Kept | null>>();
  let bytes = 0;
  /** Counts `n` bytes as kept when they fit under MAX_BYTES; false: served this once, not kept. */
  const keep = (n: number): boolean => (bytes + n <= MAX_BYTES ? ((bytes += n), true) : false);
  const read = (name: string): Promise<Kept | null> => {
    let k = kept.get(name);
    if (!k) {
      k = readFile(join(ui, 'assets', ...name.split('/'))).then(
        (body) => ({ body, type: getMimeType(name) ?? 'application/octet-stream', coded: {} }),
        () => null,
      );
      // A missing file is asked again next time (a build may be under way); a kept one stays while memory allows.
      void k.then((f) => {
        if (!f || !keep(f.body.length)) kept.delete(name);
      });
      kept.set(name, k);
    }
    return k;
  };
  const coded = (f: Kept, coding: Coding): Promise<Buffer | null> => {
    let p = f.coded[coding];
    if (!p) {
      p =
        !compressible(f.type.split(';')[0]!) || f.body.length < MIN_COMPRESS
          ? Promise.resolve(null)
          : (coding === 'br' ? brotliAsync(f.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: f.body.length } }) : gzipAsync(f.body)).then(
              (z) => {
                if (z.length >= f.body.length) return null;
                // No room left: this answer has it, the next one makes it again.
                if (!keep(z.length)) delete f.coded[coding];
                return z;
              },
              () => null,
            );
      f.coded[coding] = p;
    }
    return p;
  };
  return async (c, next) => {
    const name = c.req.path.slice('/assets/'.length);
    if (!c.req.path.startsWith('/assets/') || !name.split('/').every((s) => SEGMENT.test(s)) || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return next();
    const f = await read(name);
    if (!f) return next();
    const coding = chooseCoding(c.req.header('accept-encoding'));
    const z = coding ? await coded(f, coding) : null;
    const body = z ?? f.body;
    const headers: Record<string, string> = { 'Content-Type': f.type, 'Content-Length': String(body.length), Vary: 'Accept-Encoding' };
    if (z && coding) headers['Content-Encoding'] = coding;
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    return c.body(new Uint8Array(body.buffer, body.byteOffset, body.length) as Uint8Array<ArrayBuffer>, 200, headers);
  };
}
