/**
 * The real server as a child process (`node --import tsx src/server/main.ts`), with WORKERS=N
 * on a PostgreSQL database: what `npm start` runs, so several app processes are tested as
 * they run in production (node:cluster, one port). The harness uses it for the whole API
 * suite with TEST_WORKERS=2 (PostgreSQL only); tests/api/workers.test.ts directly.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { openPostgres } from '../../src/server/db/postgres.ts';
import type { Db } from '../../src/server/db/types.ts';
import { freePort } from './freePort.ts';

const root = join(import.meta.dirname, '..', '..');

export interface ChildServer {
  url: string;
  /** A pool of the test's own on the server's database (for SQL in the tests). */
  db: Db;
  child: ChildProcess;
  /** Everything the child wrote, for a failing test's message. */
  output(): string;
  /** Refused: the after-answer work runs in the child (start such a suite with `inProcess`). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts the server with `env` (DATABASE_URL required) and WORKERS=`workers`, and waits until
 * every worker listens (each says "back office: …").
 */
export async function startChildServer(databaseUrl: string, workers: number, env: Record<string, string | undefined>): Promise<ChildServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR, ...env, DATABASE_URL: databaseUrl, WORKERS: String(workers), PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const ready = new Promise<void>((resolve, reject) => {
    let listening = 0;
    const onData = (b: Buffer) => {
      out += b.toString();
      listening = (out.match(/back office: http/g) ?? []).length;
      if (listening >= workers) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (b: Buffer) => void (out += b.toString()));
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before it listened:\n${out}`)));
  });
  const timer = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`server did not listen in 120 s:\n${out}`)), 120_000).unref());
  try {
    await Promise.race([ready, timer]);
  } catch (e) {
    child.kill('SIGKILL');
    throw e;
  }
  const db = await openPostgres(databaseUrl);
  return {
    url: `http://127.0.0.1:${port}`,
    db,
    child,
    output: () => out,
    settled: () => Promise.reject(new Error('the server runs in a child process: its after-answer work cannot be awaited here (startTestServer with { inProcess: true })')),
    async close() {
      await db.close();
      if (child.exitCode === null) {
        const exited = new Promise<void>((r) => child.once('exit', () => r()));
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(killer);
      }
    },
  };
}
