import type { Queryable } from '../types.ts';

/** A target column and the SQL type jsonb_to_recordset reads it as. */
export type Column = readonly [name: string, sqlType: string];

/**
 * Inserts rows as ONE jsonb parameter per batch. The same statement runs on
 * PGlite and on a PostgreSQL server, values are never spliced into SQL, and a
 * round trip per 2,000 rows keeps 24,000 products fast on PGlite too.
 * Table and column names come only from the seed's own constants.
 */
export async function insertRows(tx: Queryable, table: string, columns: readonly Column[], rows: readonly object[], batchSize = 2000): Promise<void> {
  if (rows.length === 0) return;
  const sql = insertSql(table, columns);
  for (let i = 0; i < rows.length; i += batchSize) {
    await tx.query(sql, [JSON.stringify(rows.slice(i, i + batchSize))]);
  }
}

/** The insert of `$1`'s rows (a jsonb array) as `r`, followed by `tail` (a where, on conflict, returning). */
export function insertSql(table: string, columns: readonly Column[], tail = ''): string {
  const names = columns.map(([n]) => `"${n}"`).join(', ');
  const defs = columns.map(([n, t]) => `"${n}" ${t}`).join(', ');
  return `insert into ${table} (${names}) select ${names} from jsonb_to_recordset($1::jsonb) as r(${defs}) ${tail}`.trimEnd();
}

/** Moves a serial's sequence past explicitly inserted ids, so the app's own inserts do not collide. */
export async function syncSerial(tx: Queryable, table: string, idColumn: string): Promise<void> {
  await tx.query(`select setval(pg_get_serial_sequence($1, $2), coalesce((select max("${idColumn}") from ${table}), 0) + 1, false)`, [table, idColumn]);
}
