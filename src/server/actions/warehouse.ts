/**
 * Warehouse and purchasing steps a descriptor cannot state (issue 23), each one
 * transaction in SQL whose rules live in the database (migrations 047–049), so a refusal
 * (rule_violated + the rule's name) writes nothing:
 *
 * - `pick_list_create` (add on /warehouse/pick_lists): a pick list of paid orders, lines on
 *   the storages that hold the goods in walking order, each order within what is available
 *   to it (app.pick_list_create, 098: earlier open orders keep their reservations). The
 *   answer names what could not be listed (`short`); a list that could take nothing is
 *   refused naming the first order and product short (pick_short_stock).
 * - `receive_purchase_orders` (add on /warehouse/arriving_shipments): the open lines of
 *   purchase orders received in full onto a storage or each product's home storage; the
 *   receipts write the stock movements at landed cost and close the orders as received.
 *   Only orders where goods may arrive (app.po_receivable: confirmed, in transit — the rule
 *   the receipts themselves keep), else 409 purchase_order_not_receivable naming the order.
 * - `goods_to_order_create` (add on /purchasing/goods_to_order): draft purchase orders from
 *   the suggestions picked, one per supplier.
 */
import { actionContracts } from '../../../schemas/api.ts';
import { pickText } from '../../core/query/langText.ts';
import { HttpError, refused } from '../http/errors.ts';
import { stockRefusal } from '../http/stockRefusals.ts';
import { implement } from './implement.ts';
import { actAs } from './engine/rows.ts';
import { receiveOpenLines } from './receiveOpenLines.ts';

export const pickListCreate = implement(actionContracts.pick_list_create, async ({ db, session }, input) => {
  const orders = input.order_ids ?? null;
  return db.transaction(async (tx) => {
    await actAs(tx, session.userId);
    let id: number;
    try {
      id = (await tx.query<{ id: number }>('select app.pick_list_create($1, $2::int[], $3) as id', [session.company, orders, session.userId])).rows[0]!.id;
    } catch (e) {
      throw stockRefusal(e, session.languageCode) ?? e;
    }
    const r = await tx.query<{ pick_list_no: string; lines: number }>(
      'select pick_list_no, (select count(*)::int from app.pick_list_items i where i.pick_list_id = l.pick_list_id) as lines from app.pick_lists l where pick_list_id = $1',
      [id],
    );
    // What the list could not take, per order and product (the first hundred, in placement order).
    const short = await tx.query<{ fsm_reference: string; product_code: string; product_name: unknown; short: string }>(
      'select fsm_reference, product_code, product_name, short::text as short from app.pick_list_short($1, $2::int[]) limit 100',
      [session.company, orders],
    );
    return {
      pick_list_id: id,
      pick_list_no: r.rows[0]!.pick_list_no,
      lines: r.rows[0]!.lines,
      short: short.rows.map((x) => ({ order: x.fsm_reference, product: x.product_code, name: pickText(x.product_name, session.languageCode)?.text ?? x.product_code, short: Number(x.short) })),
    };
  });
});

export const receivePurchaseOrders = implement(actionContracts.receive_purchase_orders, async ({ db, session }, input) => {
  const ids = [...new Set(input.po_ids)];
  return db.transaction(async (tx) => {
    await actAs(tx, session.userId);
    // The orders locked and checked: the company's (another company's is as unknown as a missing one).
    await tx.query('select po_id from app.purchase_orders where company_code = $1 and po_id = any($2::int[]) order by po_id for update', [session.company, ids]);
    const found = await tx.query<{ po_id: number; fsm_reference: string; receivable: boolean }>(
      `select o.po_id, o.fsm_reference, app.po_receivable(s.state_code) as receivable
         from app.purchase_orders o join app.fsm_instances i on i.fsm_instance_id = o.fsm_instance_id join app.fsm_states s on s.state_id = i.state_id
         where o.company_code = $1 and o.po_id = any($2::int[]) order by o.po_id`,
      [session.company, ids],
    );
    if (found.rows.length !== ids.length) {
      const have = new Set(found.rows.map((r) => r.po_id));
      throw new HttpError(404, 'not_found', `payload.po_ids: purchase order ${ids.find((id) => !have.has(id))} is not in this company`);
    }
    // The receipts' own rule (app.po_receivable), asked first so that the order is named before its lines are looked at.
    const notYet = found.rows.find((r) => !r.receivable);
    if (notYet)
      throw refused(
        'purchase_order_not_receivable',
        `payload.po_ids: purchase order ${notYet.fsm_reference} cannot receive goods: only a confirmed order or one in transit does`,
        { order: notYet.fsm_reference },
        409,
      );
    if (input.storage_id !== undefined) {
      const st = await tx.query('select 1 from app.storages where storage_id = $1 and company_code = $2 and active', [input.storage_id, session.company]);
      if (!st.rows.length) throw new HttpError(404, 'not_found', `payload.storage_id: storage ${input.storage_id} is not in this company`);
    }
    const got = await receiveOpenLines(tx, ids, input.storage_id ?? null, session.userId, session.languageCode);
    if (!got.receipts) throw new HttpError(400, 'rule_violated', 'payload.po_ids: nothing is left to receive', {}, 'receipt_over_ordered');
    const closed = await tx.query<{ n: number }>(
      `select count(*)::int as n from app.purchase_orders o join app.fsm_instances i on i.fsm_instance_id = o.fsm_instance_id
         join app.fsm_states s on s.state_id = i.state_id where o.po_id = any($1::int[]) and s.state_code = 'received'`,
      [ids],
    );
    return { ...got, received: closed.rows[0]!.n };
  });
});

export const goodsToOrderCreate = implement(actionContracts.goods_to_order_create, async ({ db, session }, input) => {
  return db.transaction(async (tx) => {
    await actAs(tx, session.userId);
    const made = await tx.query<{ ids: number[] }>('select app.purchase_orders_from_suggestions($1, $2::jsonb) as ids', [session.company, JSON.stringify(input.lines)]);
    const ids = made.rows[0]!.ids;
    const refs = await tx.query<{ fsm_reference: string }>('select fsm_reference from app.purchase_orders where po_id = any($1::int[]) order by po_id', [ids]);
    return { po_ids: ids, references: refs.rows.map((r) => r.fsm_reference) };
  });
});
