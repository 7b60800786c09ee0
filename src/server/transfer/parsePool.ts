/**
 * Import files are parsed off the request thread. CSV (decoding, papaparse) is read in one
 * synchronous piece, ~30 ms per MB here: on the request thread a third of a second at the
 * 10 MB limit during which nobody else is answered. exceljs yields between chunks, but a
 * large workbook is seconds of CPU the request thread would share with every other request.
 * Up to PARSERS worker threads parse one file each; up to MAX_WAITING more files wait their
 * turn, and beyond that the import is a 503. A thread is kept for the next file and ends
 * after IDLE_MS unused. A parse is bounded in memory (the thread's heap: a file needing more
 * ends its thread, 413) and in time (413).
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { HttpError, refused } from '../http/errors.ts';
import { MAX_UNZIPPED, type Sheet } from './sheet.ts';
import type { ParseJob, ParseReply } from './sheetWorker.ts';

/** Parser threads: one core is left to the request thread. */
export const PARSERS = Math.max(1, Math.min(2, availableParallelism() - 1));
export const MAX_WAITING = 8;
const IDLE_MS = 30_000;
const TIME_LIMIT_MS = 120_000;
/** A parser thread's heap (old generation); the inflated parts (≤ MAX_UNZIPPED) are buffers outside it. */
const HEAP_MB = 1024;
const RETRY_AFTER_S = 10;

/** A parse past its thread's heap or its time: `resource` says which (the browser's text selects on it). */
const tooLarge = (resource: 'memory' | 'time') =>
  refused(
    'sheet_too_large',
    resource === 'memory' ? 'file: reading the file needs more memory than an import may use; split the file' : 'file: reading the file takes longer than an import may; split the file',
    { resource },
    413,
  );

interface Parser {
  worker: Worker;
  idleTimer?: NodeJS.Timeout;
}

const idle: Parser[] = [];
let running = 0;
const waiting: (() => void)[] = [];

/** A parse's turn, or 503 when too many wait. */
async function turn(): Promise<void> {
  if (running < PARSERS) {
    running++;
    return;
  }
  if (waiting.length >= MAX_WAITING) {
    throw new HttpError(503, 'import_busy', 'Too many imports are being read; try again shortly', { 'Retry-After': String(RETRY_AFTER_S) }, undefined, { retry_after: RETRY_AFTER_S });
  }
  await new Promise<void>((resolve) => waiting.push(resolve));
}

/** The turn goes to the next waiting parse, if any (`running` stays counted for it). */
function done(): void {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

function parser(): Parser {
  const p = idle.pop();
  if (p) {
    clearTimeout(p.idleTimer);
    return p;
  }
  const worker = new Worker(new URL('./sheetWorker.mjs', import.meta.url), { resourceLimits: { maxOldGenerationSizeMb: HEAP_MB } });
  worker.unref(); // an idle parser does not keep the process alive
  const made: Parser = { worker };
  worker.once('exit', () => unpark(made)); // ended idle (its time, or a crash): not handed out again
  return made;
}

function unpark(p: Parser): void {
  clearTimeout(p.idleTimer);
  const at = idle.indexOf(p);
  if (at >= 0) idle.splice(at, 1);
}

function park(p: Parser): void {
  p.idleTimer = setTimeout(() => {
    unpark(p);
    void p.worker.terminate();
  }, IDLE_MS);
  p.idleTimer.unref();
  idle.push(p);
}

function run(job: ParseJob): Promise<Sheet> {
  const p = parser();
  const { worker } = p;
  return new Promise<Sheet>((resolve, reject) => {
    const settle = () => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    const onMessage = (reply: ParseReply) => {
      settle();
      park(p);
      if (reply.ok) resolve(reply.sheet);
      else if ('http' in reply) reject(new HttpError(reply.http.status, reply.http.code, reply.http.message, reply.http.headers, undefined, reply.http.params));
      else reject(new Error(`sheet parser: ${reply.failure}`));
    };
    const onError = (e: Error & { code?: string }) => {
      settle();
      void worker.terminate();
      reject(e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooLarge('memory') : new Error(`sheet parser failed: ${e.message}`));
    };
    const onExit = (code: number) => {
      settle();
      reject(new Error(`sheet parser ended (exit code ${code})`));
    };
    const timer = setTimeout(() => {
      settle();
      void worker.terminate();
      reject(tooLarge('time'));
    }, TIME_LIMIT_MS);
    worker.on('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
    worker.postMessage(job, [job.bytes]);
  });
}

/** Reads an uploaded CSV or XLSX (sheet.ts) on a parser thread; `bytes` is transferred there, unusable here afterwards. */
export async function parseSheet(name: string, bytes: ArrayBuffer, lang: string): Promise<Sheet> {
  await turn();
  try {
    return await run({ name, bytes, lang, unzipped: MAX_UNZIPPED });
  } finally {
    done();
  }
}
