// First: the production builds of the libraries (productionMode.ts).
import './productionMode.ts';
import cluster from 'node:cluster';
import { runPrimary } from './cluster.ts';
import { configFromEnv } from './config.ts';
import { errorField, log } from './obs/log.ts';
import { startServer } from './server.ts';

try {
  const config = configFromEnv();
  if (config.workers > 1 && cluster.isPrimary) {
    log.info(`database: PostgreSQL server (DATABASE_URL); WORKERS=${config.workers}`);
    runPrimary(config.workers, config.shutdownTimeoutMs);
  } else {
    if (cluster.isPrimary) log.info(config.databaseUrl ? 'database: PostgreSQL server (DATABASE_URL)' : `database: embedded PGlite in ${config.dataDir}`);
    const running = await startServer(config);
    log.info(
      { url: running.url },
      `back office: ${running.url}${config.demoData ? '  (demo data: sign in as admin@example.com / demo-password)' : ''}${cluster.isWorker ? ` (worker ${process.env.WORKER_INDEX})` : ''}`,
    );
    let stopping = false;
    // SIGTERM/SIGINT: readyz turns 503, the listener closes, the requests under way are answered,
    // the background passes end, the pool closes; then exit 0. Bounded: SHUTDOWN_TIMEOUT_MS cuts the
    // connections left, and 5 s later the process ends with 1 whatever still runs.
    // A signal handler's promise is awaited by no one: a failing close is said here, with the exit code.
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      const t = Date.now();
      log.info({ signal }, 'shutdown: stopping (no new connections; answering those under way)');
      setTimeout(() => {
        log.error({ ms: Date.now() - t }, 'shutdown: timed out');
        process.exit(1);
      }, config.shutdownTimeoutMs + 5_000).unref();
      running.close().then(
        () => {
          log.info({ ms: Date.now() - t }, 'shutdown: done');
          process.exit(0);
        },
        (e: unknown) => {
          log.error({ err: errorField(e) }, 'shutdown: failed');
          process.exit(1);
        },
      );
    };
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));
  }
} catch (e) {
  // Said on stderr as a sentence: a refused start is read by a person (and by tests/api/workers.test.ts).
  console.error(`cannot start: ${(e as Error).message}`);
  process.exit(1);
}
