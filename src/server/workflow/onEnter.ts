import type { Queryable } from '../db/types.ts';
import { stockRefusal } from '../http/stockRefusals.ts';

/** Who moves the instances: the ledger records the user, a refusal is said in the user's language. */
export interface Actor {
  userId: number;
  languageCode: string;
}
/** What entering a state does besides the move, in the trigger's transaction (a refusal undoes the move). */
export type OnEnter = (tx: Queryable, instances: readonly number[], actor: Actor) => Promise<void>;

/**
 * Per workflow type and state: the named behaviours of the states users move instances into.
 * The scheduler's timeouts and loops never enter these states, and the demo data records
 * its history (and its picks) itself.
 */
export const onEnter: Readonly<Record<string, Readonly<Record<string, OnEnter>>>> = {
  sales_order: {
    // The goods leave: what was not picked is picked now, within what is on hand for the order (092_ship_reservations.sql).
    shipped: async (tx, instances, actor) => {
      try {
        await tx.query('select app.sales_orders_ship_stock($1::bigint[], $2)', [instances, actor.userId]);
      } catch (e) {
        throw stockRefusal(e, actor.languageCode) ?? e;
      }
    },
  },
};
