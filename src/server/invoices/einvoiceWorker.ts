/** The body of an e-invoice thread (einvoicePool.ts): a document's UBL XML or Factur-X PDF, or a period's accounting archive moved back as bytes. */
import { serveJobs } from '../threads/serve.ts';
import { accountingArchive, type ArchiveJob } from './accountingExport.ts';
import { facturXPdf, ublXml } from './einvoice.ts';
import type { InvoiceDocument } from './read.ts';

export type EInvoiceJob =
  { kind: 'xml'; document: InvoiceDocument } | { kind: 'facturx'; document: InvoiceDocument; pdf: Uint8Array<ArrayBuffer>; fileName: string } | ({ kind: 'archive' } & ArchiveJob);
export type EInvoiceResult = { kind: 'xml'; xml: string } | { kind: 'facturx'; pdf: Uint8Array<ArrayBuffer> } | { kind: 'archive'; zip: Uint8Array<ArrayBuffer> };

async function work(job: EInvoiceJob): Promise<EInvoiceResult> {
  if (job.kind === 'xml') return { kind: 'xml', xml: await ublXml(job.document) };
  // The library answers a view of its own buffer: copied into one the thread can hand over whole.
  if (job.kind === 'facturx') return { kind: 'facturx', pdf: new Uint8Array(await facturXPdf(job.document, job.pdf, job.fileName)) };
  return { kind: 'archive', zip: await accountingArchive(job) };
}

serveJobs<EInvoiceJob, EInvoiceResult>(work, (r) => (r.kind === 'archive' ? [r.zip.buffer] : r.kind === 'facturx' ? [r.pdf.buffer] : []));
