// First: the production builds of the libraries (productionMode.ts).
import './productionMode.ts';
import cluster from 'node:cluster';
import { runPrimary } from './cluster.ts';
import { configFromEnv } from './config.ts';
import { startServer } from './server.ts';

try {
  const config = configFromEnv();
  if (config.workers > 1 && cluster.isPrimary) {
    console.log(`database: PostgreSQL server (DATABASE_URL); WORKERS=${config.workers}`);
    runPrimary(config.workers);
  } else {
    if (cluster.isPrimary) console.log(config.databaseUrl ? 'database: PostgreSQL server (DATABASE_URL)' : `database: embedded PGlite in ${config.dataDir}`);
    const running = await startServer(config);
    console.log(`back office: ${running.url}${config.demoData ? '  (demo data: sign in as admin@example.com / demo-password)' : ''}${cluster.isWorker ? ` (worker ${process.env.WORKER_INDEX})` : ''}`);
    let stopping = false;
    // A signal handler's promise is awaited by no one: a failing close is said here, with the exit code.
    const stop = () => {
      if (stopping) return;
      stopping = true;
      running.close().then(
        () => process.exit(0),
        (e: unknown) => {
          console.error(`stopping: ${(e as Error).message}`);
          process.exit(1);
        },
      );
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  }
} catch (e) {
  console.error(`cannot start: ${(e as Error).message}`);
  process.exit(1);
}
