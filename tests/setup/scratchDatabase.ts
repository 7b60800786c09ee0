import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A new, empty database on a PostgreSQL server (its admin URL), named `<prefix>_<pid>_<random>`,
 * and how to drop it: the tests' fresh databases and the benchmarks' scratch ones. `settings`:
 * an `alter database … <settings>` for it (the tests' `set synchronous_commit = off`).
 */
export async function scratchDatabase(adminUrl: string, prefix: string, settings?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(`create database ${name}`);
    if (settings) await c.query(`alter database ${name} ${settings}`);
  } finally {
    await c.end();
  }
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const d = new pg.Client({ connectionString: adminUrl });
      await d.connect();
      try {
        await d.query(`drop database if exists ${name} with (force)`);
      } finally {
        await d.end();
      }
    },
  };
}
