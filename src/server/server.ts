import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { jwtSecret, tokenSigner } from './auth/tokens.ts';
import type { Config } from './config.ts';
import { migrate } from './db/migrate.ts';
import { openDb } from './db/open.ts';
import { seed } from './db/seed/index.ts';
import type { Db } from './db/types.ts';
import { createApp } from './http/app.ts';
import { SessionCache } from './http/sessionCache.ts';

export interface Running {
  url: string;
  db: Db;
  close(): Promise<void>;
}

/** Opens the database, applies migrations, seeds demo data on first start, serves HTTP. */
export async function startServer(config: Config): Promise<Running> {
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let sessions: SessionCache | undefined;
  try {
    const applied = await migrate(db);
    if (applied.length) console.log(`database: applied ${applied.join(', ')}`);
    const t = Date.now();
    if (await seed(db, { products: config.demoProducts })) console.log(`database: demo data loaded in ${Date.now() - t} ms`);
    const signer = tokenSigner(await jwtSecret(db, config.jwtSecret), config.accessTtlSec);
    sessions = await SessionCache.open(db); // after the migrations: 020 sends its notifications
    const app = createApp({ db, signer, config, sessions });
    const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
      const s = serve({ fetch: app.fetch, port: config.port, hostname: '0.0.0.0' }, () => resolve(s));
      s.once('error', reject);
    });
    const { port } = server.address() as AddressInfo;
    return {
      url: `http://localhost:${port}`,
      db,
      async close() {
        await new Promise<void>((r) => server.close(() => r()));
        await sessions!.close();
        await db.close();
      },
    };
  } catch (e) {
    await sessions?.close().catch(() => {});
    await db.close().catch(() => {});
    throw e;
  }
}
