/**
 * E-invoices are made off the request thread: the library's schema is compiled once per thread
 * (over a second), each document is checked and written (milliseconds), a period's archive
 * zipped. One thread (the other core is the request thread's); up to MAX_WAITING more jobs
 * wait their turn, beyond that 503 `einvoice_busy` with Retry-After; a job is bounded in memory
 * and time (413 `einvoice_too_large`). An archive holds at most MAX_ARCHIVE_DOCUMENTS
 * documents (the route refuses more before any is read).
 */
import { HttpError, refused } from '../http/errors.ts';
import { WorkerPool } from '../threads/pool.ts';
import type { ArchiveJob } from './accountingExport.ts';
import type { EInvoiceJob, EInvoiceResult } from './einvoiceWorker.ts';
import type { InvoiceDocument } from './read.ts';

const MAX_WAITING = 4;
/** Documents in one accounting archive: a busy month of a small shop is a few hundred. */
export const MAX_ARCHIVE_DOCUMENTS = 2_000;
const RETRY_AFTER_S = 10;

const einvoicePool = new WorkerPool<EInvoiceJob, EInvoiceResult>({
  name: 'e-invoice writer',
  module: new URL('./einvoiceWorker.ts', import.meta.url),
  size: 1,
  maxWaiting: MAX_WAITING,
  idleMs: 60_000,
  timeLimitMs: 120_000,
  heapMb: 512,
  busy: () => new HttpError(503, 'einvoice_busy', 'Too many e-invoices are being made; try again shortly', { 'Retry-After': String(RETRY_AFTER_S) }, undefined, { retry_after: RETRY_AFTER_S }),
  tooLarge: (resource) =>
    refused(
      'einvoice_too_large',
      resource === 'memory' ? 'the archive needs more memory than an export may use; choose a shorter period' : 'the archive takes longer than an export may; choose a shorter period',
      { resource },
      413,
    ),
});

/** The UBL XML of `document`, written on the e-invoice thread. */
export async function ublOffThread(document: InvoiceDocument): Promise<string> {
  const r = await einvoicePool.run({ kind: 'xml', document });
  if (r.kind !== 'xml') throw new Error('e-invoice writer: not an XML');
  return r.xml;
}

/** The Factur-X PDF of `document` from its printed `pdf` (einvoice.ts `facturXPdf`), made on the e-invoice thread. */
export async function facturXOffThread(document: InvoiceDocument, pdf: Uint8Array<ArrayBuffer>, fileName: string): Promise<Uint8Array<ArrayBuffer>> {
  const r = await einvoicePool.run({ kind: 'facturx', document, pdf, fileName });
  if (r.kind !== 'facturx') throw new Error('e-invoice writer: not a Factur-X PDF');
  return r.pdf;
}

/** The accounting archive's bytes (accountingExport.ts), made on the e-invoice thread. */
export async function archiveOffThread(job: ArchiveJob): Promise<Uint8Array<ArrayBuffer>> {
  const r = await einvoicePool.run({ kind: 'archive', ...job });
  if (r.kind !== 'archive') throw new Error('e-invoice writer: not an archive');
  return r.zip;
}
