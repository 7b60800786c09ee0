import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Db, Listening, Queryable, QueryResult } from './types.ts';
import { lockDataDir } from './lock.ts';
import { OID, parseDate, parseNumber, parseTimestamp } from './types-parse.ts';

const parsers = {
  [OID.int8]: parseNumber,
  [OID.numeric]: parseNumber,
  [OID.date]: parseDate,
  [OID.timestamp]: parseTimestamp,
  [OID.timestamptz]: parseTimestamp,
};

function wrap(q: Pick<PGlite, 'query' | 'exec'>): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const r = await q.query<T>(sql, params as unknown[]);
      // PGlite counts only written rows (0 for a SELECT); pg's rowCount counts a SELECT's rows too.
      return { rows: r.rows, rowCount: r.affectedRows || r.rows.length };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  };
}

/** PGlite's database, which can also be saved whole (a data directory as a tar file). */
export interface PgliteDb extends Db {
  dump(): Promise<Blob>;
}

/**
 * Embedded PostgreSQL persisted to `dir` (or in memory when dir is undefined), started from
 * a saved data directory when `load` is given (the tests' seeded template).
 */
export async function openPglite(dir?: string, opts: { load?: Blob } = {}): Promise<PgliteDb> {
  const release = dir ? lockDataDir(dir) : () => {};
  let pg: PGlite;
  try {
    // pg_trgm: the storefront search's typo tolerance (migration 075).
    pg = await PGlite.create(dir, { extensions: { pg_trgm }, parsers, serializers: { [types.NUMERIC]: (v: unknown) => String(v) }, ...(opts.load ? { loadDataDir: opts.load } : {}) });
  } catch (e) {
    release();
    throw e;
  }
  const base = wrap(pg);
  return {
    engine: 'pglite',
    jsonRows: true,
    ...base,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    dump: () => pg.dumpDataDir('none'),
    /*
     * One process, one connection: a notification comes back in the protocol output of
     * the statement that committed it, and PGlite hands it to the listener in a microtask
     * queued while that output is parsed — before the committing query's promise settles.
     * So whatever committed before sync() is already delivered: sync() is always true.
     */
    async listen(channel, on) {
      const unlisten = await pg.listen(channel, (payload) => on.notify(payload));
      on.reset();
      let open = true;
      const listening: Listening = {
        get live() {
          return open;
        },
        sync: () => open,
        async close() {
          if (!open) return;
          open = false;
          on.reset();
          if (!pg.closed) await unlisten();
        },
      };
      return listening;
    },
    async close() {
      await pg.close();
      release();
    },
  };
}
