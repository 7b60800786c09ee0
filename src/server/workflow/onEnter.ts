import type { Queryable } from '../db/types.ts';
import { requirePagePermission } from '../actions/engine/permissions.ts';
import { receiveOpenLines } from '../actions/receiveOpenLines.ts';
import { actAs } from '../actions/engine/rows.ts';
import type { Session } from '../rpc/context.ts';
import { stockRefusal } from '../http/stockRefusals.ts';

/** Who moves the instances: the ledger records the user, a refusal is said in the user's language. */
interface Actor {
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

/**
 * What entering a state needs done first, while the instances are still in the state they
 * leave (a step whose own rules read that state), in the trigger's transaction. The step
 * may move an instance itself: the trigger then does not move it again.
 */
export type BeforeEnter = (tx: Queryable, instances: readonly number[], session: Session) => Promise<void>;

export const beforeEnter: Readonly<Record<string, Readonly<Record<string, BeforeEnter>>>> = {
  purchase_order: {
    // "Receive goods" takes the goods: every open line onto its product's home storage, as the
    // Arriving shipments toolbar does (the warehouse page's add right). The receipts close
    // each order received in full through its `receive` transition (048); a receipt needs an
    // order goods may still arrive on, so it comes before the move. A product without a home
    // storage refuses the event (receive it on Arriving shipments with a storage chosen).
    received: async (tx, instances, session) => {
      await requirePagePermission(tx, session, '/warehouse/arriving_shipments', 'add', 'receiving goods');
      const orders = await tx.query<{ po_id: number }>('select po_id from app.purchase_orders where fsm_instance_id = any($1::bigint[]) order by po_id for update', [instances]);
      await actAs(tx, session.userId);
      await receiveOpenLines(
        tx,
        orders.rows.map((o) => o.po_id),
        null,
        session.userId,
        session.languageCode,
      );
    },
  },
};
