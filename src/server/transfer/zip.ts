/**
 * The ZIP container of an uploaded XLSX, read without trusting what it declares. Entries are
 * found through the central directory; an entry is inflated as a stream and every inflated
 * chunk is counted against one budget for the whole workbook, so inflation stops at the
 * limit however small the headers say the entry is (a ZIP bomb). Only the entries asked for
 * are inflated at all.
 */
import { createInflateRaw } from 'node:zlib';

/** Why a ZIP cannot be read (a stable token: it becomes an error parameter). */
export type ZipProblem = 'no_directory' | 'damaged' | 'zip64' | 'encrypted' | 'compression';

export class ZipError extends Error {
  constructor(readonly problem: ZipProblem) {
    super(`ZIP: ${problem}`);
  }
}

/** Inflating went past the budget. */
export class UnzipLimitError extends Error {
  constructor(readonly limit: number) {
    super(`ZIP: more than ${limit} bytes unpacked`);
  }
}

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  /** Where the entry's local header starts. */
  offset: number;
}

/** Bytes left to inflate, shared by every entry of one archive. */
export interface UnzipBudget {
  readonly limit: number;
  left: number;
}

export const unzipBudget = (limit: number): UnzipBudget => ({ limit, left: limit });

/** The central directory's entries by name (the first of a repeated name). */
export function zipDirectory(bytes: Uint8Array): Map<string, ZipEntry> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipError('no_directory');
  const count = view.getUint16(eocd + 10, true);
  let at = view.getUint32(eocd + 16, true);
  if (count === 0xffff || at === 0xffffffff) throw new ZipError('zip64'); // never needed below the upload limit
  const entries = new Map<string, ZipEntry>();
  const decoder = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) throw new ZipError('damaged');
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const offset = view.getUint32(at + 42, true);
    if (compressedSize === 0xffffffff || offset === 0xffffffff) throw new ZipError('zip64');
    if (flags & 1) throw new ZipError('encrypted');
    if (at + 46 + nameLength > bytes.length) throw new ZipError('damaged');
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)).replace(/^\//, '');
    if (!entries.has(name)) entries.set(name, { name, method, compressedSize, offset });
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return entries;
}

/** An entry's stored bytes, located through its local header (whose own sizes are not read). */
function storedBytes(bytes: Uint8Array, e: ZipEntry): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (e.offset + 30 > bytes.length || view.getUint32(e.offset, true) !== 0x04034b50) throw new ZipError('damaged');
  const start = e.offset + 30 + view.getUint16(e.offset + 26, true) + view.getUint16(e.offset + 28, true);
  if (start + e.compressedSize > bytes.length) throw new ZipError('damaged');
  return bytes.subarray(start, start + e.compressedSize);
}

/** Takes `n` inflated bytes from the budget, or fails once it is spent. */
function spend(budget: UnzipBudget, n: number): void {
  budget.left -= n;
  if (budget.left < 0) throw new UnzipLimitError(budget.limit);
}

/**
 * An entry's content as chunks. Deflate runs as a stream (zlib's 16 KiB output chunks) and is
 * destroyed at the first chunk past the budget: at most one chunk is inflated beyond it.
 */
export async function unzipEntry(bytes: Uint8Array, e: ZipEntry, budget: UnzipBudget): Promise<Buffer[]> {
  const data = storedBytes(bytes, e);
  if (e.method === 0) {
    spend(budget, data.length);
    return [Buffer.from(data.buffer, data.byteOffset, data.byteLength)];
  }
  if (e.method !== 8) throw new ZipError('compression');
  return await new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const inflate = createInflateRaw();
    inflate.on('data', (chunk: Buffer) => {
      try {
        spend(budget, chunk.length);
        chunks.push(chunk);
      } catch (err) {
        inflate.destroy();
        reject(err);
      }
    });
    inflate.once('end', () => resolve(chunks));
    inflate.once('error', () => reject(new ZipError('damaged')));
    inflate.end(data);
  });
}

/**
 * A ZIP of the given parts, stored (not compressed), in the order given: how the inflated
 * parts are handed to exceljs' streaming reader, which then inflates nothing. The CRC
 * fields are 0: the reader (unzipper's Parse) does not check them, and this archive never
 * leaves the process.
 */
export function storedZip(parts: { name: string; chunks: Buffer[] }[]): Buffer[] {
  const out: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const { name, chunks } of parts) {
    const nameBytes = Buffer.from(name, 'utf8');
    const size = chunks.reduce((n, c) => n + c.length, 0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt32LE(size, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    out.push(local, nameBytes, ...chunks);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt32LE(size, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, nameBytes);
    offset += 30 + nameBytes.length + size;
  }
  const centralSize = central.reduce((n, c) => n + c.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return [...out, ...central, end];
}
