/**
 * WORKERS=N: node:cluster's primary forks N workers, each a whole server (startServer) on one
 * PostgreSQL database; they share the port (the primary hands each new connection to the next
 * worker in turn). What must be one across processes is in the database: sessions and
 * grants are cached per process but invalidated by the database's notifications
 * (http/sessionCache.ts), throttles and rate limits are rows (login failures; app.take_rate),
 * refresh families are rows, and the background passes claim their work with
 * FOR UPDATE SKIP LOCKED (workflow scheduler, outbox, news, arrivals) or an advisory lock
 * (the IMAP sync), so each job runs once whichever worker polls first. Live rows
 * (http/liveRows.ts) fan out from each worker's own LISTEN to its own subscribers.
 *
 * The primary opens no database: the workers migrate and seed under advisory locks, so the
 * first to get there does it and the others find it done. A worker that dies is replaced
 * (not one that dies before it ever listened: a configuration or database error would only
 * repeat — then the whole server stops with its message). SIGINT/SIGTERM stop the workers
 * (each closes its server and pollers) and then the primary.
 */
import cluster, { type Worker } from 'node:cluster';
import { log as logger } from './obs/log.ts';

/** Within this many ms of its start a worker's death counts as a failed start. */
const START_GRACE_MS = 30_000;

export function runPrimary(workers: number, shutdownTimeoutMs = 20_000, log: (line: string) => void = (line) => logger.info(line)): void {
  let stopping = false;
  const started = new Map<number, { at: number; listening: boolean }>();
  let forked = 0;
  const fork = () => {
    const w = cluster.fork({ WORKER_INDEX: String(++forked) });
    started.set(w.id, { at: Date.now(), listening: false });
    w.on('listening', () => {
      const s = started.get(w.id);
      if (s) s.listening = true;
    });
    return w;
  };
  for (let i = 0; i < workers; i++) fork();
  log(
    `cluster: ${workers} workers (pids ${Object.values(cluster.workers ?? {})
      .map((w) => w?.process.pid)
      .join(', ')})`,
  );

  cluster.on('exit', (w: Worker, code, signal) => {
    const s = started.get(w.id);
    started.delete(w.id);
    if (stopping) {
      if (!Object.keys(cluster.workers ?? {}).length) process.exit(0);
      return;
    }
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (!s?.listening && Date.now() - (s?.at ?? 0) < START_GRACE_MS) {
      log(`cluster: worker ${w.process.pid} failed to start (${how}): stopping`);
      stop(1);
      return;
    }
    log(`cluster: worker ${w.process.pid} ended (${how}): starting another`);
    fork();
  });

  const stop = (code = 0) => {
    if (stopping) return;
    stopping = true;
    const left = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    if (!left.length) process.exit(code);
    for (const w of left) w.process.kill('SIGTERM');
    // A worker that does not end in time (its own SHUTDOWN_TIMEOUT_MS, then 5 s) is killed: the primary never hangs.
    setTimeout(() => {
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGKILL');
      process.exit(code);
    }, shutdownTimeoutMs + 10_000).unref();
    if (code) process.exitCode = code;
  };
  process.on('SIGINT', () => stop());
  process.on('SIGTERM', () => stop());
}

/** This process's worker number (1…N) under WORKERS=N; undefined when it serves alone. */
export const workerIndex = (): string | undefined => (cluster.isWorker ? process.env.WORKER_INDEX : undefined);
