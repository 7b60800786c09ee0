/** The body of an e-invoice thread (einvoicePool.ts): a document's UBL XML, or a period's accounting archive moved back as bytes. */
import { serveJobs } from '../threads/serve.ts';
import { accountingArchive, type ArchiveJob } from './accountingExport.ts';
import { ublXml } from './einvoice.ts';
import type { InvoiceDocument } from './read.ts';

export type EInvoiceJob = { kind: 'xml'; document: InvoiceDocument } | ({ kind: 'archive' } & ArchiveJob);
export type EInvoiceResult = { kind: 'xml'; xml: string } | { kind: 'archive'; zip: Uint8Array<ArrayBuffer> };

serveJobs<EInvoiceJob, EInvoiceResult>(
  async (job) => (job.kind === 'xml' ? { kind: 'xml', xml: await ublXml(job.document) } : { kind: 'archive', zip: await accountingArchive(job) }),
  (r) => (r.kind === 'archive' ? [r.zip.buffer] : []),
);
