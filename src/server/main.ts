import { configFromEnv } from './config.ts';
import { startServer } from './server.ts';

try {
  const config = configFromEnv();
  console.log(config.databaseUrl ? 'database: PostgreSQL server (DATABASE_URL)' : `database: embedded PGlite in ${config.dataDir}`);
  const running = await startServer(config);
  console.log(`back office: ${running.url}${config.demoData ? '  (demo data: sign in as admin@example.com / demo-password)' : ''}`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await running.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (e) {
  console.error(`cannot start: ${(e as Error).message}`);
  process.exit(1);
}
