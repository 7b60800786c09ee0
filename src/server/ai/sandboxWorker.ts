/**
 * The Ask-AI sandbox's thread (sandbox.ts): an in-memory PGlite holding copies of the `ai.*`
 * views the query reads, as plain tables with the rows of the asking user's scope. The query
 * runs here, read-only; when it runs too long the server ends this whole thread — the only
 * way to stop a query in PGlite, which has no statement timeout and no cancel.
 *
 * PGlite's WebAssembly memory lies outside the thread's JavaScript heap (which resourceLimits
 * bounds) and may grow to 2 GB, never shrinking: one `string_agg` of long texts took the
 * server to 3 GB. PGlite takes no maximum, so the memories this thread creates get the
 * sandbox's (workerData.memoryMb): past it PostgreSQL's allocations fail and the query ends
 * with its own "out of memory" (53200). Every answer says how large the memory grew, so the
 * server can end a thread that grew.
 */
import { PGlite } from '@electric-sql/pglite';
import { parentPort, workerData } from 'node:worker_threads';

/** What the server starts the thread with. */
export interface SandboxData {
  /** The most MB of WebAssembly memory PGlite may have. */
  memoryMb: number;
}

const WASM_PAGE = 65_536;
const maxPages = Math.floor(((workerData as SandboxData).memoryMb * 1024 * 1024) / WASM_PAGE);
/** Weakly: initdb's memory is dropped once the database exists. */
const memories: WeakRef<WebAssembly.Memory>[] = [];
const NativeMemory = WebAssembly.Memory;
WebAssembly.Memory = class CappedMemory extends NativeMemory {
  constructor(d: WebAssembly.MemoryDescriptor) {
    super({ ...d, maximum: Math.max(d.initial, Math.min(d.maximum ?? maxPages, maxPages)) });
    memories.push(new WeakRef(this));
  }
};
/** The largest memory (initdb's and PostgreSQL's are two instances, each under the cap). */
const memoryBytes = () => Math.max(0, ...memories.map((m) => m.deref()?.buffer.byteLength ?? 0));

/** A view's copy: its columns (name, SQL type) and its rows as PostgreSQL's JSON text. */
export interface SandboxTable {
  name: string;
  columns: { name: string; type: string }[];
  rowsJson: string;
}

export interface SandboxJob {
  tables: SandboxTable[];
  /** The guarded, wrapped query: one row, one column `rows` holding the answer as JSON text. */
  sql: string;
}

/** `memoryBytes`: PGlite's WebAssembly memory after the job (it never shrinks). */
export type SandboxMessage = { type: 'running' } | { type: 'done'; rowsJson: string; memoryBytes: number } | { type: 'failed'; code?: string; message: string; memoryBytes: number };

/** A quoted identifier (names come from pg_attribute of the server's own views). */
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

let db: Promise<PGlite> | undefined;

async function run(job: SandboxJob): Promise<string> {
  const pg = await (db ??= PGlite.create());
  await pg.exec('drop schema if exists ai cascade; create schema ai');
  for (const t of job.tables) {
    await pg.exec(`create table ai.${ident(t.name)} (${t.columns.map((c) => `${ident(c.name)} ${c.type}`).join(', ')})`);
    await pg.query(`insert into ai.${ident(t.name)} select * from json_populate_recordset(null::ai.${ident(t.name)}, $1::json)`, [t.rowsJson]);
  }
  parentPort!.postMessage({ type: 'running' } satisfies SandboxMessage);
  return pg.transaction(async (tx) => {
    await tx.query('set transaction read only');
    await tx.query(`select set_config('search_path', 'ai', true)`);
    const r = await tx.query<{ rows: string }>(job.sql);
    return r.rows[0]?.rows ?? '[]';
  });
}

parentPort!.on('message', (job: SandboxJob) => {
  run(job).then(
    (rowsJson) => parentPort!.postMessage({ type: 'done', rowsJson, memoryBytes: memoryBytes() } satisfies SandboxMessage),
    (e: unknown) => {
      const err = e as { code?: unknown; message?: unknown };
      parentPort!.postMessage({ type: 'failed', code: typeof err.code === 'string' ? err.code : undefined, message: String(err.message ?? e), memoryBytes: memoryBytes() } satisfies SandboxMessage);
    },
  );
});
