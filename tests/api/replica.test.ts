/**
 * DATABASE_READ_URL (db/open.ts `openReads`): a streaming replica, made here with pg_basebackup of a
 * small primary cluster of the test's own (initdb; the test database copied into it from the local
 * server's seeded template), serves the reports, while the
 * writes and everything else stay on the primary. Proof that a report was read there: the
 * replica's pg_stat_activity shows the report's query as the last one of the app's `reads`
 * connections, and no connection of the primary's to the test database ran it. Correctness:
 * after a write the replica's answer, once its replay passed the primary's WAL position, is the
 * primary's answer (a second server on the same database without the replica).
 *
 * Needs TEST_DATABASE_URL (the local server, where the seeded template is) and PostgreSQL 15's
 * binaries. Its own primary, not the shared server: a base backup of that one would copy every
 * test database of the run (gigabytes), and its pg_hba would need a replication line.
 * PostgreSQL refuses to run as root: as root both clusters run as the `postgres` user (runuser).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READS_APPLICATION_NAME } from '../../src/server/db/open.ts';
import { PRODUCTS, startTestServer, type Json, type TestServer } from './harness.ts';
import { seededDatabase } from './templates.ts';
import { freePort } from './freePort.ts';

const ADMIN = process.env.TEST_DATABASE_URL;
const BIN = '/usr/lib/postgresql/15/bin';
const root = process.getuid?.() === 0;

/** A PostgreSQL tool as the user the cluster belongs to. */
const asPostgres = (tool: string, args: string[]) => {
  const [cmd, argv] = root ? ['runuser', ['-u', 'postgres', '--', join(BIN, tool), ...args]] : [join(BIN, tool), args];
  const r = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${tool} ${args.join(' ')}: ${r.status}\n${r.stdout}\n${r.stderr}`);
};

async function many<T>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql, params)).rows as T[];
  } finally {
    await c.end();
  }
}
const one = async <T>(url: string, sql: string, params: unknown[] = []): Promise<T> => (await many<T>(url, sql, params))[0]!;

/** Resolves once the replica has replayed the primary's WAL up to now (no timer: each poll is one round trip). */
async function caughtUp(primary: string, replica: string): Promise<void> {
  // The insert position: with synchronous_commit off (the test databases') a commit may not be written yet.
  const { lsn } = await one<{ lsn: string }>(primary, 'select pg_current_wal_insert_lsn()::text as lsn');
  // The replica's maintenance database: the test database may not have reached it yet.
  const u = new URL(replica);
  u.pathname = '/postgres';
  const c = new pg.Client({ connectionString: u.toString() });
  await c.connect();
  try {
    for (let i = 0; i < 100_000; i++) {
      const r = await c.query<{ done: boolean }>('select pg_last_wal_replay_lsn() >= $1::pg_lsn as done', [lsn]);
      if (r.rows[0]!.done) return;
      await c.query('select pg_sleep(0.01)'); // a poll's pause: the condition checked is exact (no wait-for-LSN function in PostgreSQL 15)
    }
    throw new Error(`replica never replayed ${lsn}`);
  } finally {
    await c.end();
  }
}

describe.skipIf(!ADMIN)('read replica (DATABASE_READ_URL)', () => {
  let dir: string;
  let port: number;
  let db: { url: string };
  let readUrl: string;
  let replicated: TestServer;
  let primaryOnly: TestServer;
  let admin: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bo-replica-'));
    chmodSync(dir, 0o700);
    if (root) execFileSync('chown', ['postgres:postgres', dir]);
    const [primaryPort, replicaPort] = [await freePort(), await freePort()];
    port = replicaPort;
    const own = (file: string) => root && execFileSync('chown', ['postgres:postgres', file]);
    const conf = (data: string, lines: string[], hba: string) => {
      appendFileSync(join(data, 'postgresql.conf'), lines.join('\n') + '\n');
      writeFileSync(join(data, 'pg_hba.conf'), hba);
      own(join(data, 'pg_hba.conf'));
    };
    const common = [`listen_addresses = '127.0.0.1'`, `unix_socket_directories = '${dir}'`, 'fsync = off', 'synchronous_commit = off', 'full_page_writes = off'];

    // The primary: a cluster of its own, replication allowed from here.
    const primaryData = join(dir, 'primary');
    asPostgres('initdb', ['-D', primaryData, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
    conf(primaryData, [`port = ${primaryPort}`, 'wal_level = replica', ...common], 'local all all trust\nhost all all 127.0.0.1/32 trust\nhost replication all 127.0.0.1/32 trust\n');
    asPostgres('pg_ctl', ['-D', primaryData, '-l', join(dir, 'primary.log'), '-w', 'start']);
    const primaryUrl = (name: string) => `postgres://postgres@127.0.0.1:${primaryPort}/${name}`;

    // The replica: a base backup of it (-R: it follows the primary), on its own port.
    const replicaData = join(dir, 'replica');
    asPostgres('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', replicaData, '-R', '-X', 'stream', '-c', 'fast', '--no-sync']);
    appendFileSync(join(replicaData, 'postgresql.conf'), `port = ${replicaPort}\nhot_standby = on\n`);
    asPostgres('pg_ctl', ['-D', replicaData, '-l', join(dir, 'replica.log'), '-w', 'start']);

    // The test database, made on the primary after the base backup (it reaches the replica by
    // streaming): a copy of the run's seeded template on the local server.
    const seeded = await seededDatabase({ demo: true, products: PRODUCTS });
    const name = new URL(seeded.url).pathname.slice(1);
    try {
      await one(primaryUrl('postgres'), `create database "${name}"`);
      execFileSync('bash', ['-o', 'pipefail', '-c', `${BIN}/pg_dump --no-owner --no-privileges "$1" | ${BIN}/psql -q -X -v ON_ERROR_STOP=1 "$2" >/dev/null`, 'copy', seeded.url, primaryUrl(name)]);
    } finally {
      await seeded.drop();
    }
    db = { url: primaryUrl(name) };
    const r = new URL(db.url);
    r.host = `127.0.0.1:${port}`;
    readUrl = r.toString();
    await caughtUp(db.url, readUrl);
    replicated = await startTestServer('postgres', { existing: { databaseUrl: db.url }, config: { databaseReadUrl: readUrl } });
    primaryOnly = await startTestServer('postgres', { existing: { databaseUrl: db.url } });
    admin = (await replicated.login('admin@example.com')).token;
  }, 300_000);

  afterAll(async () => {
    await replicated?.close();
    await primaryOnly?.close();
    if (dir) {
      for (const data of ['replica', 'primary']) {
        try {
          asPostgres('pg_ctl', ['-D', join(dir, data), '-m', 'immediate', '-w', 'stop']);
        } catch {
          /* never started */
        }
      }
      rmSync(dir, { recursive: true, force: true });
    }
  });

  const report = async (s: TestServer) => {
    const r = await s.action(admin, 'product_change_log', 'list', { endRow: 1000 }, 'CZ01');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as Json;
  };

  /** The last query of each connection to the test database (pg_stat_activity keeps it while idle). */
  const lastQueries = async (url: string, name: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const r = await c.query<{ application_name: string; query: string }>(`select application_name, query from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [name]);
      return r.rows;
    } finally {
      await c.end();
    }
  };

  it('reads a report on the replica, and the primary never runs it', async () => {
    const name = new URL(db.url).pathname.slice(1);
    await report(replicated);
    const onReplica = await lastQueries(readUrl, name);
    expect(onReplica.filter((q) => q.application_name === READS_APPLICATION_NAME && q.query.includes('v_product_change_log')).length).toBeGreaterThan(0);
    const onPrimary = await lastQueries(db.url, name);
    expect(onPrimary.length).toBeGreaterThan(0); // the app's own connections are there …
    expect(onPrimary.filter((q) => q.query.includes('v_product_change_log'))).toEqual([]); // … none ran the report
    // The replica is read-only: nothing the app writes could have gone there.
    expect((await one<{ r: boolean }>(readUrl, 'select pg_is_in_recovery() as r')).r).toBe(true);
  });

  it('writes on the primary; after replay the replica answers the report as the primary does', async () => {
    const code = `RPL-${process.pid}`;
    const add = await replicated.action(admin, 'product_list', 'add', { product_code: code, product_name: { en: 'Replicated' } }, 'CZ01');
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    // The write is on the primary (the replica refuses writes, so it can be nowhere else).
    expect((await one<{ n: number }>(db.url, 'select count(*)::int as n from app.products where product_code = $1', [code])).n).toBe(1);
    await caughtUp(db.url, readUrl);
    const [viaReplica, viaPrimary] = [await report(replicated), await report(primaryOnly)];
    expect(viaReplica).toEqual(viaPrimary);
    expect(JSON.stringify(viaReplica)).toContain(code);
  });
});
