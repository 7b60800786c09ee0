import type { Queryable } from '../db/types.ts';

/** What entering a state does besides the move, in the trigger's transaction (a refusal undoes the move). */
export type OnEnter = (tx: Queryable, instances: readonly number[], userId: number) => Promise<void>;

/**
 * Per workflow type and state: the named behaviours of the states users move instances into.
 * The scheduler's timeouts and loops never enter these states, and the demo data records
 * its history (and its picks) itself.
 */
export const onEnter: Readonly<Record<string, Readonly<Record<string, OnEnter>>>> = {
  sales_order: {
    // The goods leave: what was not picked is picked now (052_ship_stock.sql).
    shipped: async (tx, instances, userId) => {
      await tx.query('select app.sales_orders_ship_stock($1::bigint[], $2)', [instances, userId]);
    },
  },
};
