/**
 * The body of a pool thread (pool.ts): one job at a time, the result or the error sent back.
 * An HttpError crosses as its fields (its code and params reach the answer); anything else as
 * its message only.
 */
import { parentPort, type Transferable } from 'node:worker_threads';
import type { ErrorCode, ErrorParams } from '../../core/errorCodes.ts';
import { HttpError } from '../http/errors.ts';

export type JobReply<Result> =
  | { ok: true; value: Result }
  | { ok: false; http: { status: HttpError['status']; code: ErrorCode; message: string; headers: Record<string, string>; params: ErrorParams | undefined } }
  | { ok: false; failure: string };

/** Answers each job posted to this thread with `handle`'s result; `transfer` names the result's buffers to move (not copy) back. */
export function serveJobs<Job, Result>(handle: (job: Job) => Promise<Result>, transfer: (result: Result) => Transferable[] = () => []): void {
  const port = parentPort!;
  port.on('message', (job: Job) => {
    // A handler that throws before its first await is a refusal like any other.
    Promise.resolve()
      .then(() => handle(job))
      .then(
        (value) => port.postMessage({ ok: true, value } satisfies JobReply<Result>, transfer(value)),
        (e: unknown) =>
          port.postMessage(
            (e instanceof HttpError
              ? { ok: false, http: { status: e.status, code: e.code, message: e.message, headers: e.headers, params: e.params } }
              : { ok: false, failure: e instanceof Error ? e.message : String(e) }) satisfies JobReply<Result>,
          ),
      );
  });
}
