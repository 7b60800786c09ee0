/**
 * Import files are parsed off the request thread. CSV (decoding, papaparse) is read in one
 * synchronous piece, ~30 ms per MB here: on the request thread a third of a second at the
 * 10 MB limit during which nobody else is answered. exceljs yields between chunks, but a
 * large workbook is seconds of CPU the request thread would share with every other request.
 * Up to PARSERS worker threads (threads/pool.ts) parse one file each; up to MAX_WAITING more
 * files wait their turn, and beyond that the import is a 503. A parse is bounded in memory
 * (the thread's heap: a file needing more ends its thread, 413) and in time (413).
 */
import { availableParallelism } from 'node:os';
import { HttpError, refused } from '../http/errors.ts';
import { WorkerPool } from '../threads/pool.ts';
import { MAX_UNZIPPED, type Sheet } from './sheet.ts';
import type { ParseJob } from './sheetWorker.ts';

/** Parser threads: one core is left to the request thread. */
export const PARSERS = Math.max(1, Math.min(2, availableParallelism() - 1));
export const MAX_WAITING = 8;
const RETRY_AFTER_S = 10;

const pool = new WorkerPool<ParseJob, Sheet>({
  name: 'sheet parser',
  module: new URL('./sheetWorker.ts', import.meta.url),
  size: PARSERS,
  maxWaiting: MAX_WAITING,
  idleMs: 30_000,
  timeLimitMs: 120_000,
  // The thread's heap (old generation); the inflated parts (≤ MAX_UNZIPPED) are buffers outside it.
  heapMb: 1024,
  busy: () => new HttpError(503, 'import_busy', 'Too many imports are being read; try again shortly', { 'Retry-After': String(RETRY_AFTER_S) }, undefined, { retry_after: RETRY_AFTER_S }),
  // `resource` says which limit (the browser's text selects on it).
  tooLarge: (resource) =>
    refused(
      'sheet_too_large',
      resource === 'memory' ? 'file: reading the file needs more memory than an import may use; split the file' : 'file: reading the file takes longer than an import may; split the file',
      { resource },
      413,
    ),
});

/** Reads an uploaded CSV or XLSX (sheet.ts) on a parser thread; `bytes` is transferred there, unusable here afterwards. */
export function parseSheet(name: string, bytes: ArrayBuffer, lang: string): Promise<Sheet> {
  return pool.run({ name, bytes, lang, unzipped: MAX_UNZIPPED }, [bytes]);
}
