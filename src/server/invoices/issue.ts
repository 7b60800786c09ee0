/**
 * Issuing invoices from sales-order moves (issue 47; migrations 113, 128). The company says at
 * which point an order is invoiced (`companies.invoice_on`: confirm, pay or ship); the database
 * issues the invoice when the order's move reaches that point — whatever event, path or writer
 * moved it (app.sales_order_invoice_point, 128) — in the move's transaction: number,
 * snapshot, lines and receivable commit with the move or not at all. app.invoice_issue does
 * the writing; an order invoiced already, or with nothing to invoice, is left as it is.
 */
import type { Queryable } from '../db/types.ts';

/** The invoices the moves of this transaction issued for the sales orders of `instances` (to keep their copies); their ids, in order. */
export async function issueOnEvent(tx: Queryable, type: string, _event: string, instances: readonly number[], _userId: number): Promise<number[]> {
  if (type !== 'sales_order' || !instances.length) return [];
  // issued_at is the issuing transaction's now(): this transaction's issues only.
  const r = await tx.query<{ id: number }>(
    `select i.invoice_id as id
     from app.sales_orders o join app.invoices i on i.order_id = o.order_id and i.kind = 'invoice' and i.issued_at = now()
     where o.fsm_instance_id = any($1::bigint[])
     order by i.invoice_id`,
    [instances],
  );
  return r.rows.map((x) => Number(x.id));
}
