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
    const stop = async () => {
      if (stopping) return;
      stopping = true;
      await running.close();
      process.exit(0);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  }
} catch (e) {
  console.error(`cannot start: ${(e as Error).message}`);
  process.exit(1);
}
