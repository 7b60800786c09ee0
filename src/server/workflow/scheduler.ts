import type { Db, Queryable } from '../db/types.ts';
import { queueMoveMails } from '../mail/enqueue.ts';
import { deliverIssued, deliverLeftovers } from '../invoices/deliver.ts';
import { startPoller, type Poller } from '../poller.ts';
import { errorField, log as logger } from '../obs/log.ts';

/** Instances claimed per transaction: a short lock each, and other processes take the rest meanwhile. */
const BATCH = 200;
/** Batches per kind and tick at most: a backlog is worked off over several ticks, never in one endless one. */
const MAX_BATCHES = 50;

export interface TickResult {
  /** Timeouts that fired their type's timeout event along a transition. */
  timeouts: number;
  /** Due timeouts whose state has no transition for the timeout event: cleared. */
  cleared: number;
  /** Loop runs (every instance whose next loop was due), and those whose loop event moved the state. */
  loops: number;
  loopMoves: number;
  /** Invoices and credit notes issued by a writer outside the server, delivered now (invoices/deliver.ts). */
  leftovers: number;
}

/** Claims up to BATCH instances whose `column` is due: rows another process holds are skipped, not waited for. */
async function claim(tx: Queryable, column: 'due_at' | 'next_loop_at', now: string): Promise<number[]> {
  const r = await tx.query<{ id: number }>(`select fsm_instance_id as id from app.fsm_instances where ${column} <= $1::timestamptz order by ${column} limit ${BATCH} for update skip locked`, [now]);
  return r.rows.map((x) => x.id);
}

/** Fires the type's timeout event on claimed instances; a state the event does not leave just loses its timeout. */
async function fireTimeouts(tx: Queryable, ids: number[], now: string): Promise<{ fired: number; cleared: number }> {
  const r = await tx.query<{ id: number; transition_id: number | null }>(
    `select i.fsm_instance_id as id, t.transition_id
     from app.fsm_instances i join app.fsm_types ty on ty.type_code = i.type_code
     left join app.fsm_live_transitions t on t.type_code = i.type_code and t.event_code = ty.timeout_event_code and t.from_state_id = i.state_id
     where i.fsm_instance_id = any($1::bigint[])`,
    [ids],
  );
  const moves = r.rows.filter((m) => m.transition_id !== null);
  const idle = r.rows.filter((m) => m.transition_id === null).map((m) => m.id);
  if (idle.length) await tx.query('update app.fsm_instances set due_at = null where fsm_instance_id = any($1::bigint[])', [idle]);
  if (moves.length) {
    await tx.query(`select app.fsm_move(m.id, m.transition_id, null, '{"timeout": true}'::jsonb, $3::timestamptz) from unnest($1::bigint[], $2::int[]) as m(id, transition_id)`, [
      moves.map((m) => m.id),
      moves.map((m) => m.transition_id),
      now,
    ]);
    const moved = moves.map((m) => m.id);
    await queueMoveMails(tx, moved);
    // An order a timeout moved to its company's invoicing point (a workflow drawn so): its invoice's copy and mail, as a user's move.
    await deliverIssued(tx);
  }
  return { fired: moves.length, cleared: idle.length };
}

/** Runs the type's loop event on claimed instances: the next run one interval on; a move (to another state) only where the state has the event. */
async function runLoops(tx: Queryable, ids: number[], now: string): Promise<number> {
  await tx.query(
    `update app.fsm_instances i set next_loop_at = $2::timestamptz + make_interval(secs => ty.default_loop_interval)
     from app.fsm_types ty where ty.type_code = i.type_code and i.fsm_instance_id = any($1::bigint[])`,
    [ids, now],
  );
  const r = await tx.query<{ id: number; transition_id: number }>(
    `select i.fsm_instance_id as id, t.transition_id
     from app.fsm_instances i join app.fsm_types ty on ty.type_code = i.type_code
     join app.fsm_live_transitions t on t.type_code = i.type_code and t.event_code = ty.on_loop and t.from_state_id = i.state_id and t.to_state_id <> i.state_id
     where i.fsm_instance_id = any($1::bigint[])`,
    [ids],
  );
  if (r.rows.length) {
    await tx.query(`select app.fsm_move(m.id, m.transition_id, null, '{"loop": true}'::jsonb, $3::timestamptz) from unnest($1::bigint[], $2::int[]) as m(id, transition_id)`, [
      r.rows.map((m) => m.id),
      r.rows.map((m) => m.transition_id),
      now,
    ]);
    const moved = r.rows.map((m) => m.id);
    await queueMoveMails(tx, moved);
    await deliverIssued(tx);
  }
  // A type that stopped looping (on_loop cleared) leaves no instance to be claimed again and again.
  await tx.query(
    `update app.fsm_instances i set next_loop_at = null from app.fsm_types ty
     where ty.type_code = i.type_code and ty.on_loop is null and i.fsm_instance_id = any($1::bigint[])`,
    [ids],
  );
  return r.rows.length;
}

/**
 * One scheduler pass at `now`: fires due timeouts, then runs due loops, in batches of
 * claimed rows (FOR UPDATE SKIP LOCKED), each batch its own transaction. Every fact lives in
 * the database (due_at, next_loop_at), so a restart loses nothing, and any number of
 * processes may tick at once: a claimed row is skipped by the others, and once its batch
 * commits it is no longer due — a timeout fires exactly once. History rows have no user.
 * Last, invoices issued outside the server (SQL) and never delivered are (deliverLeftovers).
 */
export async function tick(db: Db, now: Date): Promise<TickResult> {
  const at = now.toISOString();
  const out: TickResult = { timeouts: 0, cleared: 0, loops: 0, loopMoves: 0, leftovers: 0 };
  for (let i = 0; i < MAX_BATCHES; i++) {
    const n = await db.transaction(async (tx) => {
      const ids = await claim(tx, 'due_at', at);
      if (ids.length) {
        const r = await fireTimeouts(tx, ids, at);
        out.timeouts += r.fired;
        out.cleared += r.cleared;
      }
      return ids.length;
    });
    if (n < BATCH) break;
  }
  for (let i = 0; i < MAX_BATCHES; i++) {
    const n = await db.transaction(async (tx) => {
      const ids = await claim(tx, 'next_loop_at', at);
      if (ids.length) {
        out.loops += ids.length;
        out.loopMoves += await runLoops(tx, ids, at);
      }
      return ids.length;
    });
    if (n < BATCH) break;
  }
  out.leftovers = await deliverLeftovers(db);
  return out;
}

export type SchedulerRunner = Poller;

/**
 * Polls `tick` every `intervalMs` (the server starts it; WORKFLOW_TICK_MS, 0 = not in this
 * process). `clock` is injectable for tests. A failed tick is reported and the next one runs
 * as planned: a database that is briefly away does not stop the workflows for good.
 */
export function startScheduler(db: Db, opts: { intervalMs: number; clock?: () => Date; onError?: (e: unknown) => void }): SchedulerRunner {
  const clock = opts.clock ?? (() => new Date());
  return startPoller(() => tick(db, clock()), { intervalMs: opts.intervalMs, onError: opts.onError ?? ((e) => logger.error({ err: errorField(e) }, 'workflow scheduler: pass failed')) });
}
