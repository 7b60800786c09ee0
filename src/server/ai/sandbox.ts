/**
 * Ask-AI on PGlite: the statement timeout a PostgreSQL server gives (runner.ts) does not exist
 * in PGlite, which runs a query to its end on the server's own thread — one cross join of the
 * products and nobody else is answered until it ends. So on PGlite the model's query runs in a
 * sandbox thread (sandboxWorker.ts) over copies of only the views it reads, taken in the
 * user's scope (companies, language) in one read-only transaction just before; past the
 * timeout the thread is ended and the next question starts a new one.
 *
 * Copying costs time linear in the rows of the views read (the company's products, its sales
 * lines …), never more than reading them once; the query itself, however it multiplies them,
 * is bounded by the timeout. Queries wait their turn for the one thread (a question at a time;
 * the per-user AI rate limit keeps the queue short); the wait is not counted in the timeout.
 *
 * Memory: the thread's JavaScript heap is bounded (resourceLimits; past it Node ends the
 * thread) and PGlite's WebAssembly memory too (SANDBOX_MEMORY_MB, sandboxWorker.ts: past it
 * the query fails with "out of memory"). That memory never shrinks, so a thread whose memory
 * grew past SANDBOX_KEEP_MB is ended after its answer and the next question starts a new one
 * (starting one takes seconds, so a thread that stayed small is kept for the next question).
 */
import { Worker } from 'node:worker_threads';
import type { Db } from '../db/types.ts';
import type { SandboxData, SandboxJob, SandboxMessage, SandboxTable } from './sandboxWorker.ts';

/** The copy must be loaded within this (a bound, not a rule: loading is linear in the rows). */
const LOAD_LIMIT_MS = 120_000;
/** An idle sandbox thread ends after this. */
const IDLE_MS = 5 * 60_000;
/** The most WebAssembly memory of the sandbox's PGlite (it starts with 128 MB). */
const SANDBOX_MEMORY_MB = 512;
/** A thread whose WebAssembly memory grew past this is ended after its answer. */
const SANDBOX_KEEP_MB = 256;
/** The thread's JavaScript heap: the copies' JSON text and the answer's. */
const SANDBOX_HEAP_MB = 256;

export interface SandboxScope {
  companies: string[];
  lang: string;
}

/**
 * Copies of `views` as the user sees them: columns with their types (a domain as its base
 * type, anything outside pg_catalog as text) and the rows as JSON text PostgreSQL writes.
 */
export async function snapshotViews(db: Db, views: readonly string[], scope: SandboxScope): Promise<SandboxTable[]> {
  return db.transaction(async (tx) => {
    await tx.query('set transaction read only');
    await tx.query(`select set_config('askai.companies', $1, true), set_config('askai.lang', $2, true)`, [scope.companies.join(','), scope.lang]);
    const tables: SandboxTable[] = [];
    for (const name of views) {
      const cols = await tx.query<{ name: string; type: string }>(
        `select a.attname as name,
                case when b.typnamespace = 'pg_catalog'::regnamespace and b.typtype <> 'e'
                     then format_type(b.oid, case when t.typtype = 'd' then t.typtypmod else a.atttypmod end) else 'text' end as type
         from pg_attribute a
         join pg_type t on t.oid = a.atttypid
         join pg_type b on b.oid = case when t.typtype = 'd' then t.typbasetype else t.oid end
         where a.attrelid = format('ai.%I', $1::text)::regclass and a.attnum > 0 and not a.attisdropped
         order by a.attnum`,
        [name],
      );
      // The view's name is one the guard matched against the code's list (views.ts); quoted all the same.
      const rows = await tx.query<{ rows: string }>(`select coalesce(json_agg(v), '[]')::text as rows from ai."${name.replace(/"/g, '""')}" v`);
      tables.push({ name, columns: cols.rows, rowsJson: rows.rows[0]?.rows ?? '[]' });
    }
    return tables;
  });
}

let thread: Worker | undefined;
/** Threads Node ended for their heap's limit. */
const overHeap = new WeakSet<Worker>();
let idleTimer: NodeJS.Timeout | undefined;
let turn: Promise<unknown> = Promise.resolve();
/** A model's query is running in the thread now (loaded, not yet answered). */
let querying = false;

/** Whether a model's query runs in the sandbox at this moment (its copy loaded, its answer not back). */
export const sandboxQuerying = (): boolean => querying;

function sandbox(): Worker {
  clearTimeout(idleTimer);
  if (thread) return thread;
  const w = new Worker(new URL('./sandboxWorker.mjs', import.meta.url), {
    workerData: { memoryMb: SANDBOX_MEMORY_MB } satisfies SandboxData,
    resourceLimits: { maxOldGenerationSizeMb: SANDBOX_HEAP_MB, maxYoungGenerationSizeMb: 32 },
  });
  w.unref(); // an idle sandbox does not keep the process alive
  // A crash: the 'exit' that follows fails the running job, as "out of memory" when the heap's limit ended the thread.
  w.on('error', (e: Error & { code?: string }) => {
    if (e.code === 'ERR_WORKER_OUT_OF_MEMORY') overHeap.add(w);
  });
  w.once('exit', () => {
    if (thread === w) thread = undefined;
  });
  thread = w;
  return w;
}

function end(w: Worker): void {
  if (thread === w) thread = undefined;
  void w.terminate();
}

/** An error as PostgreSQL would give it: `57014` is "canceled by statement timeout". */
const pgError = (code: string | undefined, message: string) => Object.assign(new Error(message), { code });

/**
 * Runs `job` in the sandbox: its answer's JSON text, a PostgreSQL-like error ({code, message}),
 * or `57014` when the query (not the loading) runs longer than `timeoutMs`.
 */
export function runInSandbox(job: SandboxJob, timeoutMs: number): Promise<string> {
  const mine = turn.then(() => runJob(job, timeoutMs));
  turn = mine.catch(() => undefined);
  return mine;
}

function runJob(job: SandboxJob, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const w = sandbox();
    const finish = (settle: () => void) => {
      querying = false;
      clearTimeout(timer);
      w.off('message', onMessage);
      w.off('exit', onExit);
      settle();
    };
    const kill = (code: string, message: string) =>
      finish(() => {
        end(w);
        reject(pgError(code, message));
      });
    let timer = setTimeout(() => kill('57014', 'canceling statement: the sandbox did not load in time'), LOAD_LIMIT_MS);
    const onMessage = (m: SandboxMessage) => {
      if (m.type === 'running') {
        querying = true;
        clearTimeout(timer);
        timer = setTimeout(() => kill('57014', 'canceling statement due to statement timeout'), timeoutMs);
        return;
      }
      finish(() => {
        if (m.memoryBytes > SANDBOX_KEEP_MB * 1024 * 1024) end(w);
        else {
          idleTimer = setTimeout(() => end(w), IDLE_MS);
          idleTimer.unref();
        }
        if (m.type === 'done') resolve(m.rowsJson);
        else reject(pgError(m.code, m.message));
      });
    };
    const onExit = (exitCode: number) =>
      finish(() => reject(overHeap.has(w) ? pgError('53200', 'out of memory: the sandbox thread passed its heap limit') : pgError(undefined, `the sandbox ended (exit code ${exitCode})`)));
    w.on('message', onMessage);
    w.once('exit', onExit);
    w.postMessage(job);
  });
}
