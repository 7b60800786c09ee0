/**
 * Stock-driven order events (issue 48 point 4, migration 123). What changes an order's
 * availability — a receipt, a correction, a pick, another order cancelled, lines changed, an
 * order paid — queues a row of app.stock_event_queue in its own transaction. A pass claims
 * rows (FOR UPDATE SKIP LOCKED), locks the workflow instances of the sales orders concerned
 * (in id order, as `trigger()` locks them), and only then reads each order's availability
 * (app.sales_order_goods_available: Ship's rule, oldest orders first): available and its state
 * has `goods_arrived` → that move; short and its state has `goods_missing` → that one; else
 * nothing. The history keeps the cause (`{cause: 'receipt', po_id, …, product}`), no user
 * (the system moved it), and the move's mail is queued as for any move, in the same
 * transaction as the move and the claimed rows' removal.
 *
 * Why a queue and not the stock change's transaction: moving an order locks its instance,
 * and Ship locks the instance first and the stock after; a receipt moving orders from inside
 * its stock update would deadlock against a ship of the same goods. Here a pass holds only
 * its claimed rows and then the instances in id order. Two passes over the same order: the
 * second waits for the first's lock and then reads the state it left (no double move), and
 * each change is looked at by a pass that starts after it committed (no missed move).
 */
import type { Db, Queryable } from '../db/types.ts';
import { queueMoveMails } from '../mail/enqueue.ts';
import { deliverIssued } from '../invoices/deliver.ts';
import { startPoller, type Poller } from '../poller.ts';
import { errorField, log as logger } from '../obs/log.ts';

/** Queue rows claimed per transaction. */
const BATCH = 200;
/** Batches per pass at most: a backlog is worked off over several passes, never in one endless one. */
const MAX_BATCHES = 25;

export interface StockEventsResult {
  /** Queue rows worked off. */
  claimed: number;
  /** Orders moved by `goods_arrived` and by `goods_missing`. */
  arrived: number;
  missing: number;
}

interface Move {
  fsm_instance_id: number;
  transition_id: number;
  event_code: 'goods_arrived' | 'goods_missing';
  params: Record<string, unknown>;
}

/** One batch, in the caller's transaction: the number of rows claimed and the moves made. */
async function batch(tx: Queryable, size: number): Promise<{ claimed: number; moves: Move[] }> {
  const claimed = (await tx.query<{ queue_id: number }>('select queue_id from app.stock_event_queue order by queue_id limit $1 for update skip locked', [size])).rows.map((r) => r.queue_id);
  if (!claimed.length) return { claimed: 0, moves: [] };
  // The open orders concerned whose state has one of the two events (a state entered meanwhile queues its own row).
  const candidates = (
    await tx.query<{ id: number }>(
      `select distinct i.fsm_instance_id as id
       from (
         select q.order_id from app.stock_event_queue q where q.queue_id = any($1::bigint[]) and q.order_id is not null
         union
         select it.order_id from app.stock_event_queue q join app.sales_order_items it on it.product_code = q.product_code where q.queue_id = any($1::bigint[])
       ) c
       join app.sales_orders o on o.order_id = c.order_id
       join app.fsm_instances i on i.fsm_instance_id = o.fsm_instance_id
       join app.fsm_states s on s.state_id = i.state_id
       where not o.deleted and not s.final_state
         and exists (select 1 from app.fsm_transitions t where t.type_code = i.type_code and t.from_state_id = i.state_id and t.event_code in ('goods_arrived', 'goods_missing'))`,
      [claimed],
    )
  ).rows.map((r) => r.id);
  let moves: Move[] = [];
  if (candidates.length) {
    // Locked alone, then read by the next statement (its snapshot sees what a parallel pass or trigger committed meanwhile).
    await tx.query('select 1 from app.fsm_instances where fsm_instance_id = any($1::bigint[]) order by fsm_instance_id for update', [candidates]);
    moves = (
      await tx.query<Move>(
        `select i.fsm_instance_id, t.transition_id, t.event_code,
                coalesce(c.cause, '{"cause": "stock"}'::jsonb) as params
         from app.fsm_instances i
         join app.fsm_states s on s.state_id = i.state_id
         join app.sales_orders o on o.fsm_instance_id = i.fsm_instance_id
         join app.fsm_transitions t on t.type_code = i.type_code and t.from_state_id = i.state_id and t.to_state_id <> i.state_id
           and t.event_code = case when app.sales_order_goods_available(o.order_id) then 'goods_arrived' else 'goods_missing' end
         -- The cause: the batch's latest row about the order itself (paid, its lines), else its latest about one of its products.
         left join lateral (
           select q.cause || case when q.product_code is null then '{}'::jsonb else jsonb_build_object('product', q.product_code) end as cause
           from app.stock_event_queue q
           where q.queue_id = any($2::bigint[])
             and (q.order_id = o.order_id or exists (select 1 from app.sales_order_items it where it.order_id = o.order_id and it.product_code = q.product_code))
           order by coalesce(q.order_id, (q.cause ->> 'order_id')::int) = o.order_id desc nulls last, q.queue_id desc limit 1
         ) c on true
         where i.fsm_instance_id = any($1::bigint[]) and not o.deleted and not s.final_state
         order by i.fsm_instance_id`,
        [candidates, claimed],
      )
    ).rows;
    if (moves.length) {
      await tx.query(
        `select app.fsm_move(m.id, m.transition_id, null, m.params, now())
         from jsonb_to_recordset($1::jsonb) as m(id bigint, transition_id int, params jsonb)`,
        [JSON.stringify(moves.map((m) => ({ id: m.fsm_instance_id, transition_id: m.transition_id, params: m.params })))],
      );
      // The mail these events send, if the registry gives them one: the normal path, in this transaction.
      await queueMoveMails(
        tx,
        moves.map((m) => m.fsm_instance_id),
      );
      // An order these moves brought to its company's invoicing point: its invoice's copy and mail, as a user's move.
      await deliverIssued(tx);
    }
  }
  await tx.query('delete from app.stock_event_queue where queue_id = any($1::bigint[])', [claimed]);
  return { claimed: claimed.length, moves };
}

/**
 * One pass: batches of claimed queue rows, each its own transaction, until the queue is empty
 * or MAX_BATCHES ran. Any number of processes may run it at once. `size`: rows per batch.
 */
export async function moveByStock(db: Db, size = BATCH): Promise<StockEventsResult> {
  const out: StockEventsResult = { claimed: 0, arrived: 0, missing: 0 };
  for (let i = 0; i < MAX_BATCHES; i++) {
    const r = await db.transaction((tx) => batch(tx, size));
    out.claimed += r.claimed;
    for (const m of r.moves) out[m.event_code === 'goods_arrived' ? 'arrived' : 'missing']++;
    if (r.claimed < size) break;
  }
  return out;
}

/** Polls `moveByStock` every `intervalMs` (the server starts it; STOCK_EVENTS_TICK_MS, 0 = not in this process). */
export function startStockEvents(db: Db, opts: { intervalMs: number }): Poller {
  return startPoller(() => moveByStock(db), { intervalMs: opts.intervalMs, onError: (e) => logger.error({ err: errorField(e) }, 'stock events: pass failed') });
}
