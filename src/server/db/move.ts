import { EXIT, ToolError } from './backup.ts';
import { migrate, migrationNames } from './migrate.ts';
import { openPostgres } from './postgres.ts';
import { appliedMigrations, appSequences, appTables, columnsOf, factsDiffer, factsIn, factsOf } from './tables.ts';
import type { Db, Queryable } from './types.ts';

/**
 * The move from the embedded PGlite to a PostgreSQL server: the target (an empty database)
 * gets this version's migrations, so its tables, views, functions, triggers and indexes are
 * the ones the server would build; then every table's rows are copied in one transaction on
 * the target and checked there, table by table (count and checksum, tables.ts), before it
 * commits. A difference rolls the copy back.
 *
 * Rows travel as JSON text written by the source (`row_to_json`) and read by the target
 * (`json_populate_recordset` into the table's own row type), never parsed in JavaScript:
 * numerics keep every digit, bigints every bit, bytea its bytes, timestamps their instant.
 * (node-postgres has no COPY FROM STDIN without another package, and PGlite's pg_dump
 * package pins another PGlite version.) While rows go in, the target's foreign keys are
 * dropped and its user triggers disabled — the rows are already consistent, and triggers
 * would rewrite them (row versions, timestamps, notifications) — then the triggers come
 * back and the foreign keys are added again, which checks every reference. Sequences take
 * the source's positions (last_value, is_called), so new keys continue where they were.
 */

export interface Moved {
  tables: number;
  rows: number;
  sequences: number;
  /** Migrations the source lacked and got first (as a start of the server would have applied). */
  sourceMigrated: string[];
}

/** Rows per round trip: fewer for tables holding files (bytea), so a batch stays small in memory. */
const batchOf = (types: string[]) => (types.includes('bytea') ? 20 : 1000);

async function isEmpty(db: Db): Promise<boolean> {
  const r = await db.query<{ n: number }>(
    `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`,
  );
  return r.rows[0]!.n === 0;
}

async function shape(q: Queryable, tables: string[]): Promise<string> {
  const parts: string[] = [];
  for (const t of tables) parts.push(`${t}(${(await columnsOf(q, t)).map((c) => `${c.name} ${c.type}`).join(', ')})`);
  return parts.join('\n');
}

async function copyTable(source: Queryable, target: Queryable, table: string): Promise<number> {
  const columns = (await columnsOf(target, table)).filter((c) => !c.generated);
  const list = columns.map((c) => c.name).join(', ');
  const overriding = columns.some((c) => c.identityAlways) ? 'overriding system value' : '';
  const insert = `insert into ${table} (${list}) ${overriding} select ${list} from json_populate_recordset(null::${table}, $1::json)`;
  const size = batchOf(columns.map((c) => c.type));
  await source.exec(`declare move_rows no scroll cursor for select row_to_json(t)::text as j from only ${table} t`);
  let copied = 0;
  try {
    for (;;) {
      const batch = (await source.query<{ j: string }>(`fetch forward ${size} from move_rows`)).rows;
      if (batch.length === 0) break;
      await target.query(insert, [`[${batch.map((r) => r.j).join(',')}]`]);
      copied += batch.length;
    }
  } finally {
    await source.exec('close move_rows');
  }
  return copied;
}

/**
 * Copies the embedded database `source` into the empty PostgreSQL database at `targetUrl`.
 * The source is brought to this version's migrations first when it lacks some.
 */
export async function moveToPostgres(source: Db, targetUrl: string, log: (line: string) => void = () => {}): Promise<Moved> {
  const known = migrationNames();
  const had = await appliedMigrations(source);
  const newer = had.filter((m) => !known.includes(m));
  if (newer.length) throw new ToolError(`The embedded database was migrated by a newer version of the back office (${newer.join(', ')}); move it with that version`, EXIT.invalid);
  const sourceMigrated = await migrate(source);
  if (sourceMigrated.length) log(`the embedded database lacked ${sourceMigrated.length} migrations of this version: applied them first (as starting the server would)`);

  let target: Db;
  try {
    target = await openPostgres(targetUrl);
  } catch (e) {
    throw new ToolError(`Cannot connect to the target database: ${(e as Error).message}`, EXIT.failed);
  }
  try {
    if (!(await isEmpty(target)))
      throw new ToolError('The target database is not empty (it has tables, views or sequences of its own). Move into a new, empty database (CREATE DATABASE …).', EXIT.refused);
    log(`migrating the target (${known.length} migrations)`);
    await migrate(target);
    const tables = await appTables(source);
    const [from, to] = [await shape(source, tables), await shape(target, await appTables(target))];
    if (from !== to) throw new ToolError('The target built other tables or columns than the embedded database has (was the embedded schema changed by hand?); nothing was copied', EXIT.invalid);
    const sequences = await appSequences(source);
    const expected = await factsOf(source, tables);
    let rows = 0;
    await target.transaction(async (tx) => {
      const fks = (
        await tx.query<{ t: string; name: string; def: string }>(
          `select k.conrelid::regclass::text as t, format('%I', k.conname) as name, pg_get_constraintdef(k.oid) as def
             from pg_constraint k join pg_namespace n on n.oid = k.connamespace
            where k.contype = 'f' and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%' order by 1, 2`,
        )
      ).rows;
      for (const fk of fks) await tx.exec(`alter table ${fk.t} drop constraint ${fk.name}`);
      for (const t of tables) await tx.exec(`alter table ${t} disable trigger user`);
      await tx.exec(`truncate ${tables.join(', ')}`); // what migrations inserted: the source has its own copy of it
      await source.transaction(async (stx) => {
        for (const t of tables) {
          const n = await copyTable(stx, tx, t);
          rows += n;
          if (n) log(`  ${t}: ${n} rows`);
        }
        for (const s of sequences) {
          const at = (await stx.query<{ last: string; called: boolean }>(`select last_value::text as last, is_called as called from ${s}`)).rows[0]!;
          await tx.query('select setval($1::regclass, $2::bigint, $3)', [s, at.last, at.called]);
        }
      });
      for (const t of tables) await tx.exec(`alter table ${t} enable trigger user`);
      for (const fk of fks) await tx.exec(`alter table ${fk.t} add constraint ${fk.name} ${fk.def}`);
      const problems = factsDiffer(expected, await factsIn(tx, tables));
      if (problems.length)
        throw new ToolError(
          `The copy differs from the embedded database; it was rolled back (the target keeps the migrated, empty schema: drop and create the database again before another try):\n  ${problems.join('\n  ')}`,
          EXIT.invalid,
        );
    });
    await target.exec('analyze');
    return { tables: tables.length, rows, sequences: sequences.length, sourceMigrated };
  } finally {
    await target.close();
  }
}
