import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './types.ts';

const dir = new URL('./migrations/', import.meta.url).pathname;

/** This version's migrations, in the order they apply. */
export function migrationNames(): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

/**
 * Applies `migrations/NNN_name.sql` in name order, each once, each in its own
 * transaction. An advisory lock keeps two app instances on one server from racing.
 */
export async function migrate(db: Db): Promise<string[]> {
  const files = migrationNames();
  const applied: string[] = [];
  await db.query('select pg_advisory_lock(727274)');
  try {
    await db.exec(`create schema if not exists app;
      create table if not exists app.schema_migrations (
        name text primary key, applied_at timestamptz not null default now())`);
    const done = new Set((await db.query<{ name: string }>('select name from app.schema_migrations')).rows.map((r) => r.name));
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = readFileSync(join(dir, file), 'utf8');
      await db.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query('insert into app.schema_migrations (name) values ($1)', [file]);
      });
      applied.push(file);
    }
  } finally {
    await db.query('select pg_advisory_unlock(727274)');
  }
  return applied;
}
