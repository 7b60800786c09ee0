/** The body of a PDF renderer thread (pdfPool.ts): a print batch in, its PDF's bytes moved back. */
import type { PrintBatch } from '../../core/print.ts';
import { serveJobs } from '../threads/serve.ts';
import { renderPdf } from './pdf.ts';

export interface PdfJob {
  batch: PrintBatch;
  maxPages: number;
}

serveJobs(
  (job: PdfJob) => renderPdf(job.batch, job.maxPages),
  (pdf) => [pdf.buffer],
);
