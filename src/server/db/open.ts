import type { Db } from './types.ts';

export interface DbConfig {
  /** A PostgreSQL server; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; undefined means in memory (tests). */
  dataDir?: string | undefined;
}

export async function openDb(cfg: DbConfig): Promise<Db> {
  if (cfg.databaseUrl) {
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(cfg.databaseUrl);
  }
  const { openPglite } = await import('./pglite.ts');
  return openPglite(cfg.dataDir);
}
