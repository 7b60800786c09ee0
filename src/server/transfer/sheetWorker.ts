/** The body of a sheet parser thread (parsePool.ts): the file's bytes transferred in, the sheet sent back. */
import { serveJobs } from '../threads/serve.ts';
import { readSheet } from './sheet.ts';

export interface ParseJob {
  name: string;
  bytes: ArrayBuffer;
  lang: string;
  unzipped: number;
}

serveJobs((job: ParseJob) => readSheet(job.name, new Uint8Array(job.bytes), job.lang, job.unzipped));
