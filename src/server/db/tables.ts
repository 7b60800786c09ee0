import type { Db, Queryable } from './types.ts';

/**
 * What a database holds, told the same way on both engines: its tables (every ordinary table
 * outside PostgreSQL's own schemas: the app's are `app`, and any schema a migration adds is
 * covered without a list to keep), and per table a row count and a checksum. Backup, restore
 * and the move to a PostgreSQL server compare these.
 */

/** Schemas that are PostgreSQL's, not the app's. */
const SYSTEM = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`;

/** Tables as quoted, schema-qualified names (from the catalogue, never from input), in name order. */
export async function appTables(q: Queryable): Promise<string[]> {
  const r = await q.query<{ t: string }>(
    `select format('%I.%I', n.nspname, c.relname) as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and ${SYSTEM} order by n.nspname, c.relname`,
  );
  return r.rows.map((x) => x.t);
}

/** Sequences (serial and identity columns' too), quoted and schema-qualified. */
export async function appSequences(q: Queryable): Promise<string[]> {
  const r = await q.query<{ t: string }>(
    `select format('%I.%I', n.nspname, c.relname) as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'S' and ${SYSTEM} order by n.nspname, c.relname`,
  );
  return r.rows.map((x) => x.t);
}

export interface Column {
  /** Quoted name. */
  name: string;
  type: string;
  /** GENERATED ALWAYS AS IDENTITY: an insert that gives it needs OVERRIDING SYSTEM VALUE. */
  identityAlways: boolean;
  /** A stored generated column: computed by the database, never inserted. */
  generated: boolean;
}

export async function columnsOf(q: Queryable, table: string): Promise<Column[]> {
  const r = await q.query<{ name: string; type: string; identity: string; generated: string }>(
    `select format('%I', attname) as name, format_type(atttypid, atttypmod) as type, attidentity::text as identity, attgenerated::text as generated
       from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped order by attnum`,
    [table],
  );
  return r.rows.map((c) => ({ name: c.name, type: c.type, identityAlways: c.identity === 'a', generated: c.generated !== '' }));
}

/** Applied migrations (app.schema_migrations), in name order; none on a database never migrated. */
export async function appliedMigrations(q: Queryable): Promise<string[]> {
  const exists = await q.query<{ t: string | null }>(`select to_regclass('app.schema_migrations')::text as t`);
  if (!exists.rows[0]?.t) return [];
  return (await q.query<{ name: string }>('select name from app.schema_migrations order by name')).rows.map((r) => r.name);
}

export interface TableFacts {
  rows: number;
  /**
   * md5 over the md5s of the rows' text (`t::text`), sorted in the "C" collation: the same
   * rows give the same sum on either engine and in any physical order; memory stays at 32
   * bytes a row however large the rows (bytea files).
   */
  md5: string;
}

/**
 * Row counts and checksums of every table, read in one transaction (one snapshot) with the
 * settings that a row's text depends on fixed (time zone, date style, float digits, bytea),
 * so both engines write every value alike.
 */
export async function factsIn(tx: Queryable, tables?: string[]): Promise<Record<string, TableFacts>> {
  await tx.exec(`set local timezone to 'UTC'; set local datestyle to 'ISO, YMD'; set local intervalstyle to 'postgres'; set local extra_float_digits to 1; set local bytea_output to 'hex'`);
  const out: Record<string, TableFacts> = {};
  for (const t of tables ?? (await appTables(tx))) {
    const r = await tx.query<{ rows: number; md5: string }>(
      `select count(*)::int as rows, md5(coalesce(string_agg(h, '' order by h collate "C"), '')) as md5 from (select md5(t::text) as h from only ${t} t) s`,
    );
    out[t] = r.rows[0]!;
  }
  return out;
}

export const factsOf = (db: Db, tables?: string[]) => db.transaction((tx) => factsIn(tx, tables));

/** The tables whose facts differ between two readings (missing on one side included), as lines for a message. */
export function factsDiffer(a: Record<string, TableFacts>, b: Record<string, TableFacts>): string[] {
  const names = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  return names.flatMap((t) => {
    const x = a[t];
    const y = b[t];
    if (!x || !y) return [`${t}: only in the ${x ? 'first' : 'second'}`];
    if (x.rows !== y.rows) return [`${t}: ${x.rows} rows against ${y.rows}`];
    if (x.md5 !== y.md5) return [`${t}: same ${x.rows} rows but different contents`];
    return [];
  });
}
