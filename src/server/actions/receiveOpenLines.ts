/**
 * Receiving purchase orders in full: every open line (ordered less received) goes onto one
 * storage or each product's home storage (its first pack's). One step for both ways a user
 * receives: the Arriving shipments toolbar (warehouse.ts `receive_purchase_orders`) and the
 * workflow's "Receive goods" event (workflow/onEnter.ts). The receipts' trigger (048) writes
 * the stock movements at landed cost, moves the purchase price to the moving average and
 * closes each order received in full through its workflow's `receive` transition, as the
 * user (`actAs`, the history's user).
 */
import { pickText } from '../../core/query/langText.ts';
import type { Queryable } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import { stockRefusal } from '../http/stockRefusals.ts';

export interface Received {
  /** Receipts written (one per open line). */
  receipts: number;
  /** Units received. */
  quantity: number;
}

/**
 * Receives the open lines of the orders (`po_ids`, already checked to be the company's and
 * receivable). A product without a home storage, when no storage is given, refuses the
 * whole receipt (400 receipt_storage_missing naming it in `language`); nothing is written.
 */
export async function receiveOpenLines(tx: Queryable, poIds: readonly number[], storageId: number | null, userId: number, language: string): Promise<Received> {
  const lines = await tx.query<{ po_item_id: number; product_code: string; product_name: unknown; open_qty: string; storage_id: number | null }>(
    `select i.po_item_id, i.product_code, i.product_name, i.open_qty::text as open_qty,
            coalesce($2::int, (select ps.storage_id from app.product_pack_storages ps where ps.product_code = i.product_code order by ps.pack_no, ps.storage_id limit 1)) as storage_id
     from app.v_purchase_order_items i where i.po_id = any($1::int[]) and i.open_qty > 0 order by i.po_id, i.po_item_id`,
    [poIds, storageId],
  );
  const homeless = lines.rows.find((l) => l.storage_id === null);
  if (homeless) {
    throw new HttpError(400, 'receipt_storage_missing', `payload.storage_id: product ${homeless.product_code} has no home storage: choose one`, {}, 'receipt_storage_missing', {
      product: homeless.product_code,
      name: pickText(homeless.product_name, language)?.text ?? homeless.product_code,
    });
  }
  if (lines.rows.length) {
    await tx
      .query(
        `insert into app.purchase_receipts (po_item_id, storage_id, quantity, user_id)
       select l.po_item_id, l.storage_id, l.quantity, $2 from jsonb_to_recordset($1::jsonb) l(po_item_id int, storage_id int, quantity numeric) order by l.po_item_id`,
        [JSON.stringify(lines.rows.map((l) => ({ po_item_id: l.po_item_id, storage_id: l.storage_id, quantity: l.open_qty }))), userId],
      )
      // A receipt a stock rule refuses (an order not yet confirmed: migration 098), said by name.
      .catch((e: unknown) => {
        throw stockRefusal(e, language) ?? e;
      });
  }
  return { receipts: lines.rows.length, quantity: lines.rows.reduce((a, l) => a + Number(l.open_qty), 0) };
}
