/**
 * PDFs are drawn off the request thread (issue 42): pdfkit lays out and bwip-js encodes in one
 * synchronous piece — 500 labels are about 2 s of CPU during which, on the request thread,
 * nobody else is answered. Up to RENDERERS threads (threads/pool.ts) draw one PDF each; up to
 * MAX_WAITING more wait their turn, beyond that 503 `print_busy` with Retry-After. A PDF has
 * at most MAX_PDF_PAGES pages (400 `print_too_many_pages`), a heap and a time limit (413
 * `print_too_large`). The request thread never loads pdfkit.
 */
import { availableParallelism } from 'node:os';
import type { PrintBatch } from '../../core/print.ts';
import { HttpError, refused } from '../http/errors.ts';
import { WorkerPool } from '../threads/pool.ts';
import type { PdfJob } from './pdfWorker.ts';

/** Renderer threads: one core is left to the request thread; at most 4 (each holds fonts and a PDF in memory). */
export const RENDERERS = Math.max(1, Math.min(4, availableParallelism() - 1));
export const MAX_WAITING = 8;
/** Pages in one PDF: 500 labels are 50; 50 pick lists or purchase orders of up to 4 pages each. */
export const MAX_PDF_PAGES = 200;
const RETRY_AFTER_S = 5;

export const pdfPool = new WorkerPool<PdfJob, Uint8Array<ArrayBuffer>>({
  name: 'PDF renderer',
  module: new URL('./pdfWorker.ts', import.meta.url),
  size: RENDERERS,
  maxWaiting: MAX_WAITING,
  idleMs: 30_000,
  // 500 labels take about 2 s on an idle core, over 10 s on a crowded one (the thread yields to
  // the request thread): the limit is for a thread that went wrong.
  timeLimitMs: 120_000,
  heapMb: 512,
  busy: () => new HttpError(503, 'print_busy', 'Too many PDFs are being made; try again shortly', { 'Retry-After': String(RETRY_AFTER_S) }, undefined, { retry_after: RETRY_AFTER_S }),
  tooLarge: (resource) =>
    refused(
      'print_too_large',
      resource === 'memory' ? 'the PDF needs more memory than a printout may use; print fewer documents at once' : 'the PDF takes longer than a printout may; print fewer documents at once',
      { resource },
      413,
    ),
});

/** The PDF of `batch` (pdf.ts), drawn on a renderer thread. */
export function renderPdfOffThread(batch: PrintBatch): Promise<Uint8Array<ArrayBuffer>> {
  return pdfPool.run({ batch, maxPages: MAX_PDF_PAGES });
}
