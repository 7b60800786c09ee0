import pg from 'pg';
import type { Db, Queryable, QueryResult } from './types.ts';
import { OID, parseDate, parseNumber, parseTimestamp } from './types-parse.ts';

const typeParsers: Record<number, (v: string) => unknown> = {
  [OID.int8]: parseNumber,
  [OID.numeric]: parseNumber,
  [OID.date]: parseDate,
  [OID.timestamp]: parseTimestamp,
  [OID.timestamptz]: parseTimestamp,
};
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    typeParsers[oid] ?? pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

function wrap(c: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const r = await c.query({ text: sql, values: params as unknown[], types });
      return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
    },
    async exec(sql: string) {
      await c.query(sql);
    },
  };
}

/** A PostgreSQL server (15+) reached through DATABASE_URL. */
export async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', (e) => console.error('postgres pool error:', e.message));
  await pool.query('select 1'); // fail at start, not at the first request
  return {
    engine: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (e) {
        await client.query('rollback').catch(() => {});
        throw e;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
