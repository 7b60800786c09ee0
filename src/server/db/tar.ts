/**
 * The few tar (ustar) operations the backup needs: write a small archive of named files,
 * and list an archive's entries with their raw bytes, so PGlite's own data-directory
 * tarball can be filtered by copying entries verbatim (nothing re-encoded). No dependency:
 * the format is 512-byte blocks.
 */

const BLOCK = 512;

export interface TarEntry {
  /** The path as written (prefix + name), without a leading slash. */
  name: string;
  /** '0' a file, '5' a directory, others as found. */
  type: string;
  data: Uint8Array;
  /** The entry's whole record (header and padded data), to copy as it is. */
  raw: Uint8Array;
}

const text = (b: Uint8Array, from: number, len: number) => {
  const slice = b.subarray(from, from + len);
  const end = slice.indexOf(0);
  return new TextDecoder().decode(end === -1 ? slice : slice.subarray(0, end));
};

const octal = (b: Uint8Array, from: number, len: number) => {
  const s = text(b, from, len).trim();
  return s === '' ? 0 : parseInt(s, 8);
};

const padded = (n: number) => Math.ceil(n / BLOCK) * BLOCK;

/** The entries of a tar archive, in order; throws on a damaged header (checksum) or a truncated archive. */
export function readTar(tar: Uint8Array): TarEntry[] {
  const entries: TarEntry[] = [];
  let at = 0;
  while (at + BLOCK <= tar.length) {
    const h = tar.subarray(at, at + BLOCK);
    if (h.every((x) => x === 0)) break; // the end-of-archive blocks
    const sum = octal(h, 148, 8);
    let check = 0;
    for (let i = 0; i < BLOCK; i++) check += i >= 148 && i < 156 ? 32 : h[i]!;
    if (sum !== check) throw new Error(`tar: damaged header at byte ${at}`);
    const size = octal(h, 124, 12);
    const prefix = text(h, 345, 155);
    const name = (prefix ? `${prefix}/` : '') + text(h, 0, 100);
    const end = at + BLOCK + padded(size);
    if (end > tar.length) throw new Error(`tar: ${name} is cut off`);
    entries.push({ name: name.replace(/^\/+/, ''), type: String.fromCharCode(h[156] || 48), data: tar.subarray(at + BLOCK, at + BLOCK + size), raw: tar.subarray(at, end) });
    at = end;
  }
  return entries;
}

function header(name: string, size: number, mtime: Date): Uint8Array {
  const h = new Uint8Array(BLOCK);
  const put = (s: string, from: number) => h.set(new TextEncoder().encode(s), from);
  if (new TextEncoder().encode(name).length > 100) throw new Error(`tar: name too long: ${name}`);
  put(name, 0);
  put('0000644\0', 100);
  put('0000000\0', 108);
  put('0000000\0', 116);
  put(size.toString(8).padStart(11, '0') + '\0', 124);
  put(
    Math.floor(mtime.getTime() / 1000)
      .toString(8)
      .padStart(11, '0') + '\0',
    136,
  );
  put('        ', 148);
  put('0', 156);
  put('ustar\0' + '00', 257);
  let sum = 0;
  for (const x of h) sum += x;
  put(sum.toString(8).padStart(6, '0') + '\0 ', 148);
  return h;
}

/** A tar archive of these files (short names), then the two zero blocks. */
export function writeTar(files: { name: string; data: Uint8Array }[], mtime = new Date()): Uint8Array {
  return joinRecords([...files.map((f) => record(header(f.name, f.data.length, mtime), f.data)), new Uint8Array(2 * BLOCK)]);
}

function record(h: Uint8Array, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(BLOCK + padded(data.length));
  out.set(h, 0);
  out.set(data, BLOCK);
  return out;
}

/** Records (entries' `raw`, or whole archives' parts) one after another, closed by the end-of-archive blocks when `close`. */
export function joinRecords(parts: Uint8Array[], close = false): Uint8Array {
  const all = close ? [...parts, new Uint8Array(2 * BLOCK)] : parts;
  const out = new Uint8Array(all.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of all) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
