import { startPoller, type Poller } from '../poller.ts';
import type { Queryable } from './types.ts';
import { errorField, log as logger } from '../obs/log.ts';

/*
 * VACUUM and ANALYZE where PostgreSQL's autovacuum would run them. PGlite has no autovacuum
 * daemon: without this its tables were never analyzed (the planner guessed 447 rows for a
 * company of 20,000, and estimated counts answered nothing useful) and never vacuumed (every
 * updated row left its old version behind for good; no page was ever all-visible, so no
 * index-only scan). A server runs autovacuum itself; both run this once after the seed's bulk load.
 */

/** What one table needs now. */
export interface TableWork {
  /** The table's qualified name as PostgreSQL quotes it (from the catalogue, never typed in). */
  table: string;
  vacuum: boolean;
  analyze: boolean;
}

/**
 * PostgreSQL's own defaults (autovacuum_vacuum_threshold 50, _scale_factor 0.2; the insert
 * variants 1000 and 0.2; autovacuum_analyze_threshold 50, _scale_factor 0.1), and a table with
 * data that was never vacuumed or analyzed (reltuples −1): read from the catalogue and the
 * file's size, not from the activity counters, which a restart may have lost — so a database
 * of an earlier version, never maintained, is found on the first pass.
 */
const DUE = `
  select format('%I.%I', s.schemaname, s.relname) as table,
         (s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
           or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0)
           or (c.reltuples < 0 and pg_relation_size(c.oid) > 0)) as vacuum,
         (s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
           or (c.reltuples < 0 and pg_relation_size(c.oid) > 0)) as analyze
  from pg_stat_user_tables s
  join pg_class c on c.oid = s.relid
  order by s.schemaname, s.relname`;

/** The tables that need a VACUUM or an ANALYZE now, by the activity counted since the last ones. */
export async function dueMaintenance(db: Queryable): Promise<TableWork[]> {
  return (await db.query<TableWork>(DUE)).rows.filter((t) => t.vacuum || t.analyze);
}

/**
 * Does what is due, one table at a time (each a statement of its own: requests wait for one
 * table, not for the whole database); answers what it did.
 */
export async function maintain(db: Queryable): Promise<TableWork[]> {
  const due = await dueMaintenance(db);
  for (const t of due) await db.exec(t.vacuum ? `vacuum (analyze) ${t.table}` : `analyze ${t.table}`);
  return due;
}

/** PGlite's stand-in for autovacuum: a pass every `intervalMs` (config MAINTENANCE_TICK_MS). */
export function startMaintenance(db: Queryable, opts: { intervalMs: number; onError?: (e: unknown) => void }): Poller {
  return startPoller(() => maintain(db), { intervalMs: opts.intervalMs, onError: opts.onError ?? ((e) => logger.warn({ err: errorField(e) }, 'database maintenance: pass failed')) });
}
