import { PGlite, types } from '@electric-sql/pglite';
import type { Db, Queryable, QueryResult } from './types.ts';
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
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  };
}

/** Embedded PostgreSQL persisted to `dir` (or in memory when dir is undefined). */
export async function openPglite(dir?: string): Promise<Db> {
  const release = dir ? lockDataDir(dir) : () => {};
  let pg: PGlite;
  try {
    pg = await PGlite.create(dir, { parsers, serializers: { [types.NUMERIC]: (v: unknown) => String(v) } });
  } catch (e) {
    release();
    throw e;
  }
  const base = wrap(pg);
  return {
    engine: 'pglite',
    ...base,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    async close() {
      await pg.close();
      release();
    },
  };
}
