import type { Db } from './types.ts';

export interface DbConfig {
  /** A PostgreSQL server; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; undefined means in memory (tests). */
  dataDir?: string | undefined;
}

/**
 * The handle of the heavy reads (Deps.reads): a pool on the replica at `readUrl` when the
 * primary is a server, else the primary itself (PGlite, or no replica configured). Its
 * connections are named `back-office reads` (pg_stat_activity.application_name).
 */
export async function openReads(primary: Db, readUrl: string | undefined): Promise<Db> {
  if (!readUrl || primary.engine !== 'postgres') return primary;
  const { openPostgres } = await import('./postgres.ts');
  return openPostgres(readUrl, { applicationName: READS_APPLICATION_NAME });
}

export const READS_APPLICATION_NAME = 'back-office reads';

export async function openDb(cfg: DbConfig): Promise<Db> {
  if (cfg.databaseUrl) {
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(cfg.databaseUrl);
  }
  const { openPglite } = await import('./pglite.ts');
  return openPglite(cfg.dataDir);
}
