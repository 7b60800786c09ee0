/**
 * The body of a sheet parser thread (parsePool.ts): one parse at a time, the file's bytes
 * transferred in, the sheet or the error sent back. An HttpError crosses as its fields.
 */
import { parentPort } from 'node:worker_threads';
import type { ErrorCode, ErrorParams } from '../../core/errorCodes.ts';
import { HttpError } from '../http/errors.ts';
import { readSheet, type Sheet } from './sheet.ts';

export interface ParseJob {
  name: string;
  bytes: ArrayBuffer;
  lang: string;
  unzipped: number;
}

export type ParseReply =
  | { ok: true; sheet: Sheet }
  | { ok: false; http: { status: HttpError['status']; code: ErrorCode; message: string; headers: Record<string, string>; params: ErrorParams | undefined } }
  | { ok: false; failure: string };

parentPort!.on('message', (job: ParseJob) => {
  readSheet(job.name, new Uint8Array(job.bytes), job.lang, job.unzipped).then(
    (sheet) => parentPort!.postMessage({ ok: true, sheet } satisfies ParseReply),
    (e: unknown) =>
      parentPort!.postMessage(
        (e instanceof HttpError
          ? { ok: false, http: { status: e.status, code: e.code, message: e.message, headers: e.headers, params: e.params } }
          : { ok: false, failure: e instanceof Error ? e.message : String(e) }) satisfies ParseReply,
      ),
  );
});
