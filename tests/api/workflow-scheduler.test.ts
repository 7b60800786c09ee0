/**
 * The workflow scheduler with a fake clock: a due timeout fires its type's timeout event
 * once, a looping type runs on its interval; on the PostgreSQL server two scheduler
 * "processes" (two connection pools on one database) tick at once and every timeout still
 * fires exactly once, and a process that starts later picks up what is due (state lives in
 * the database only). PGlite cannot share its data directory between processes: there the
 * single-process part runs.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDb } from '../../src/server/db/open.ts';
import type { Db } from '../../src/server/db/types.ts';
import { createInstance } from '../../src/server/workflow/instances.ts';
import { startScheduler, tick } from '../../src/server/workflow/scheduler.ts';
import { engines, startTestServer, type Json, type TestServer } from './harness.ts';

type Row = Record<string, Json>;
const DAY = 86_400_000;
const T0 = new Date('2030-01-01T00:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

/** Moves an instance along its type's transition for `event` at a given time (what a user's trigger does, with the clock of the test). */
async function move(db: Db, id: number, event: string, when: Date): Promise<void> {
  await db.query(
    `select app.fsm_move(i.fsm_instance_id, t.transition_id, null, '{}'::jsonb, $3::timestamptz)
     from app.fsm_instances i join app.fsm_transitions t on t.type_code = i.type_code and t.event_code = $2 and t.from_state_id = i.state_id
     where i.fsm_instance_id = $1`,
    [id, event, when.toISOString()],
  );
}

const history = async (db: Db, id: number): Promise<Row[]> =>
  (
    await db.query<Row>(
      `select h.event_code, t.state_code as to_code, h.user_id, h.params, h.at from app.fsm_history h join app.fsm_states t on t.state_id = h.to_state_id
       where fsm_instance_id = $1 order by history_id`,
      [id],
    )
  ).rows;
const instanceRow = async (db: Db, id: number): Promise<Row> =>
  (await db.query<Row>('select s.state_code, i.due_at, i.next_loop_at from app.fsm_instances i join app.fsm_states s using (state_id) where fsm_instance_id = $1', [id])).rows[0]!;

describe.each(engines)('workflow scheduler on %s', (engine) => {
  let s: TestServer;
  beforeAll(async () => void (s = await startTestServer(engine, { env: { DEMO_DATA: '0' }, config: { demoProducts: 0 } })));
  afterAll(() => s?.close());

  const company = async () => {
    await s.db.query(`insert into app.companies (company_code, company_name, currency_code, country_code) values ('WF01', 'Workflows', 'EUR', 'SK') on conflict do nothing`);
    return 'WF01';
  };

  it('fires a due timeout once, at its time and not before, with no user in the history', async () => {
    const id = await createInstance(s.db, 'sales_order', await company(), { at: T0 });
    await move(s.db, id, 'confirm', T0); // waiting_for_payment, due in 14 days
    expect((await instanceRow(s.db, id)).due_at).toBe(at(14 * DAY).toISOString());
    expect(await tick(s.db, at(14 * DAY - 1000))).toMatchObject({ timeouts: 0, cleared: 0 });
    expect((await instanceRow(s.db, id)).state_code).toBe('waiting_for_payment');
    expect(await tick(s.db, at(14 * DAY))).toMatchObject({ timeouts: 1 });
    expect(await instanceRow(s.db, id)).toMatchObject({ state_code: 'cancelled', due_at: null });
    expect((await history(s.db, id)).at(-1)).toEqual({ event_code: 'expire', to_code: 'cancelled', user_id: null, params: { timeout: true }, at: at(14 * DAY).toISOString() });
    expect(await tick(s.db, at(30 * DAY))).toMatchObject({ timeouts: 0 });
    expect(await history(s.db, id)).toHaveLength(3);
  });

  it('clears a timeout the state has no transition for', async () => {
    const id = await createInstance(s.db, 'sales_order', await company(), { at: T0 });
    await s.db.query('update app.fsm_instances set due_at = $2 where fsm_instance_id = $1', [id, at(DAY).toISOString()]); // placed has no `expire`
    expect(await tick(s.db, at(2 * DAY))).toMatchObject({ timeouts: 0, cleared: 1 });
    expect(await instanceRow(s.db, id)).toMatchObject({ state_code: 'placed', due_at: null });
    expect(await history(s.db, id)).toHaveLength(1);
  });

  it('runs a looping type every interval: a move only where the state has the loop event, none after a final state', async () => {
    const id = await createInstance(s.db, 'cashflow', await company(), { at: T0 });
    expect((await instanceRow(s.db, id)).next_loop_at).toBe(at(DAY).toISOString());
    expect(await tick(s.db, at(DAY - 1000))).toMatchObject({ loops: 0 });
    // planned has no `remind`: the loop runs, nothing moves, the next run is a day on.
    expect(await tick(s.db, at(DAY))).toMatchObject({ loops: 1, loopMoves: 0 });
    expect(await instanceRow(s.db, id)).toMatchObject({ state_code: 'planned', next_loop_at: at(2 * DAY).toISOString() });
    expect(await history(s.db, id)).toHaveLength(1);
    await move(s.db, id, 'invoice', at(DAY)); // due, overdue 30 days later
    // Day 31: the timeout makes it overdue, the (late) loop then reminds.
    expect(await tick(s.db, at(31 * DAY))).toMatchObject({ timeouts: 1, loops: 1, loopMoves: 1 });
    expect((await history(s.db, id)).map((h) => [h.event_code, h.to_code, h.user_id, h.params])).toEqual([
      [null, 'planned', null, {}],
      ['invoice', 'due', null, {}],
      ['expire', 'overdue', null, { timeout: true }],
      ['remind', 'reminded', null, { loop: true }],
    ]);
    expect((await instanceRow(s.db, id)).next_loop_at).toBe(at(32 * DAY).toISOString());
    expect(await tick(s.db, at(32 * DAY))).toMatchObject({ loops: 1, loopMoves: 0 });
    await move(s.db, id, 'pay', at(32 * DAY));
    expect(await instanceRow(s.db, id)).toMatchObject({ state_code: 'paid', next_loop_at: null, due_at: null });
    expect(await tick(s.db, at(400 * DAY))).toMatchObject({ loops: 0, timeouts: 0 });
  });

  it('the server’s runner ticks by its clock and stops cleanly', async () => {
    const id = await createInstance(s.db, 'sales_order', await company(), { at: T0 });
    await move(s.db, id, 'require_prepayment', T0); // due in 7 days
    const runner = startScheduler(s.db, { intervalMs: 5, clock: () => at(8 * DAY) });
    await vi.waitFor(async () => expect((await instanceRow(s.db, id)).state_code).toBe('cancelled'), { timeout: 10_000, interval: 10 });
    await runner.stop();
    expect((await instanceRow(s.db, id)).state_code).toBe('cancelled');
    expect((await history(s.db, id)).filter((h) => h.event_code === 'expire')).toHaveLength(1);
  });

  it.runIf(engine === 'postgres')('two processes ticking at once fire each due timeout exactly once; a later process finds what is due', async () => {
    const code = await company();
    const N = 450; // more than one batch for each process
    await s.db.query(
      `select app.fsm_move(id, (select t.transition_id from app.fsm_transitions t join app.fsm_states f on f.state_id = t.from_state_id
                                 where t.type_code = 'sales_order' and t.event_code = 'confirm' and f.state_code = 'placed'), null, '{}'::jsonb, $3::timestamptz)
       from (select app.fsm_create('sales_order', $1, null, $3::timestamptz) as id from generate_series(1, $2)) x`,
      [code, N, T0.toISOString()],
    );
    const [p1, p2] = await Promise.all([openDb({ databaseUrl: s.databaseUrl }), openDb({ databaseUrl: s.databaseUrl })]);
    try {
      const when = at(15 * DAY);
      const results = await Promise.all([tick(p1!, when), tick(p2!, when), tick(p1!, when), tick(p2!, when)]);
      expect(results.reduce((n, r) => n + r.timeouts, 0)).toBe(N);
      expect(results.filter((r) => r.timeouts > 0).length).toBeGreaterThan(1); // both really worked
      const fired = await s.db.query<{ n: number; per: number }>(
        `select count(distinct fsm_instance_id)::int as n, max(c)::int as per from (select fsm_instance_id, count(*) as c from app.fsm_history where event_code = 'expire' and at = $1 group by 1) x`,
        [when.toISOString()],
      );
      expect(fired.rows[0]).toEqual({ n: N, per: 1 });
      // A restart: instances made due while no scheduler ran are fired by the next process to tick.
      const id = await createInstance(p1!, 'sales_order', code, { at: T0 });
      await move(p1!, id, 'confirm', T0);
      await p1!.close();
      const p3 = await openDb({ databaseUrl: s.databaseUrl });
      try {
        expect(await tick(p3, at(20 * DAY))).toMatchObject({ timeouts: 1 });
      } finally {
        await p3.close();
      }
    } finally {
      await p1!.close().catch(() => {});
      await p2!.close();
    }
  });
});
