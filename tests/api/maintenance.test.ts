/**
 * Database maintenance (src/server/db/maintenance.ts) on both engines: the seed's bulk load is
 * analyzed and vacuumed at once (the planner knows a company's rows; product_list's count is an
 * index-only scan), a table that changed enough is vacuumed and analyzed by PostgreSQL's own
 * autovacuum rules and then left alone, and the embedded server does it on its own every
 * MAINTENANCE_TICK_MS (PGlite has no autovacuum daemon).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../src/server/config.ts';
import { dueMaintenance, maintain } from '../../src/server/db/maintenance.ts';
import { engines, startTestServer, type TestServer } from './harness.ts';

type Plan = { 'Node Type': string; 'Plan Rows': number; Plans?: Plan[] };
const nodes = (p: Plan): Plan[] => [p, ...(p.Plans ?? []).flatMap(nodes)];

describe.each(engines)('database maintenance on %s', (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(engine);
  });
  afterAll(() => s?.close());

  const plan = async (sql: string): Promise<Plan> => (await s.db.query<{ 'QUERY PLAN': [{ Plan: Plan }] }>(`explain (format json) ${sql}`)).rows[0]!['QUERY PLAN'][0]!.Plan;
  const stat = async (table: string) =>
    (
      await s.db.query<{ n_dead_tup: number; last_vacuum: Date | null; last_analyze: Date | null; reltuples: number }>(
        `select s.n_dead_tup::int, coalesce(s.last_vacuum, s.last_autovacuum) as last_vacuum, coalesce(s.last_analyze, s.last_autoanalyze) as last_analyze, c.reltuples
         from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.schemaname = 'public' and s.relname = $1`,
        [table],
      )
    ).rows[0]!;
  /** A scratch table with `rows` rows, `updated` of them updated (dead versions), its statistics flushed with the commit. */
  const scratch = async (table: string, rows: number, updated: number) => {
    await s.db.exec(`drop table if exists public.${table}; create table public.${table} (id int primary key, v text)`);
    await s.db.transaction(async (tx) => {
      await tx.query(`insert into public.${table} select g, md5(g::text) from generate_series(1, $1::int) g`, [rows]);
      await tx.query(`update public.${table} set v = v || 'x' where id <= $1`, [updated]);
      await tx.query('select pg_stat_force_next_flush()');
    });
  };

  it("knows the seeded data: a company's products estimated as many as there are, product_list's count from the index alone", async () => {
    const { n } = (await s.db.query<{ n: number }>("select count(*)::int as n from app.products where company_code = 'SK01'")).rows[0]!;
    expect(n).toBeGreaterThan(1000);
    const estimate = (await plan("select * from app.products where company_code = 'SK01'"))['Plan Rows'];
    expect(estimate / n).toBeGreaterThan(0.8);
    expect(estimate / n).toBeLessThan(1.25);
    // The list's total (engine/list.ts: count(*) over the screen's view under its company).
    const count = nodes(await plan("select count(*)::int as n from app.v_product_list where company_code = 'SK01'")).map((p) => p['Node Type']);
    expect(count).toContain('Index Only Scan');
  });

  it('vacuums and analyzes a table by autovacuum’s rules, then leaves it alone', async () => {
    await scratch('maint_probe', 5000, 3000);
    await expect
      .poll(async () => (await dueMaintenance(s.db)).find((t) => t.table === 'public.maint_probe'), { timeout: 10_000 })
      .toEqual({ table: 'public.maint_probe', vacuum: true, analyze: true });
    const before = await stat('maint_probe');
    expect(before.last_vacuum).toBeNull();
    const done = await maintain(s.db);
    expect(done).toContainEqual({ table: 'public.maint_probe', vacuum: true, analyze: true });
    const after = await stat('maint_probe');
    expect(after.last_vacuum).not.toBeNull();
    expect(after.last_analyze).not.toBeNull();
    expect(after.n_dead_tup).toBe(0);
    expect(after.reltuples).toBe(5000);
    // Nothing changed since: nothing due for it.
    expect((await dueMaintenance(s.db)).some((t) => t.table === 'public.maint_probe')).toBe(false);
    // A few changes stay under the thresholds (50 + 10% of the rows for an analyze).
    await s.db.transaction(async (tx) => {
      await tx.query("update public.maint_probe set v = 'y' where id <= 40");
      await tx.query('select pg_stat_force_next_flush()');
    });
    expect((await dueMaintenance(s.db)).some((t) => t.table === 'public.maint_probe')).toBe(false);
    await s.db.exec('drop table public.maint_probe');
  });

  it('finds a table that was never maintained even when the activity counters are gone (a restart, an earlier version’s database)', async () => {
    await scratch('maint_old', 2000, 0);
    await maintain(s.db);
    await s.db.exec('drop table public.maint_old');
    // Never vacuumed nor analyzed (reltuples −1), its counters reset: the catalogue and the file still tell.
    await s.db.exec("create table public.maint_old (id int primary key, v text); insert into public.maint_old select g, 'v' from generate_series(1, 2000) g");
    await s.db.query('select pg_stat_reset()');
    expect((await stat('maint_old')).reltuples).toBe(-1);
    expect((await dueMaintenance(s.db)).find((t) => t.table === 'public.maint_old')).toEqual({ table: 'public.maint_old', vacuum: true, analyze: true });
    await maintain(s.db);
    expect((await stat('maint_old')).reltuples).toBe(2000);
    expect((await dueMaintenance(s.db)).some((t) => t.table === 'public.maint_old')).toBe(false);
    await s.db.exec('drop table public.maint_old');
  });

  it.runIf(engine === 'pglite')('runs on its own every MAINTENANCE_TICK_MS on the embedded database', async () => {
    expect(configFromEnv({}).maintenanceTickMs).toBe(60_000);
    expect(configFromEnv({ MAINTENANCE_TICK_MS: '0' }).maintenanceTickMs).toBe(0);
    const own = await startTestServer('pglite', { config: { maintenanceTickMs: 100 } });
    try {
      const db = own.db;
      await db.exec('create table public.maint_tick (id int primary key, v text)');
      await db.transaction(async (tx) => {
        await tx.query("insert into public.maint_tick select g, 'v' from generate_series(1, 3000) g");
        await tx.query('select pg_stat_force_next_flush()');
      });
      await expect
        .poll(async () => (await db.query<{ analyzed: boolean }>("select last_analyze is not null as analyzed from pg_stat_user_tables where relname = 'maint_tick'")).rows[0]?.analyzed, {
          timeout: 10_000,
        })
        .toBe(true);
    } finally {
      await own.close();
    }
  });
});
