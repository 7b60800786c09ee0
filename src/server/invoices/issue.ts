/**
 * Issuing invoices from sales-order events (issue 47; migration 113). The company says which
 * event issues (`companies.invoice_on`: confirm, pay or ship); when a user fires it, the
 * invoice of each order it moved is issued in the trigger's own transaction
 * (workflow/trigger.ts): number, snapshot, lines and receivable commit with the move or not
 * at all. app.invoice_issue does the writing, so every writer keeps the same rules; an order
 * invoiced already, or with nothing to invoice, is left as it is.
 */
import type { Queryable } from '../db/types.ts';

/** Issues the invoices the event `event` of workflow `type` calls for on the instances moved; their ids, in order. */
export async function issueOnEvent(tx: Queryable, type: string, event: string, instances: readonly number[], userId: number): Promise<number[]> {
  if (type !== 'sales_order' || !instances.length) return [];
  // In order id order: numbers follow the orders, and parallel issues lock in one order.
  const r = await tx.query<{ id: number | null }>(
    `select app.invoice_issue(o.order_id, $3) as id
     from app.sales_orders o join app.companies c on c.company_code = o.company_code
     where o.fsm_instance_id = any($1::bigint[]) and c.invoice_on = $2
     order by o.order_id`,
    [instances, event, userId],
  );
  return r.rows.flatMap((x) => (x.id === null ? [] : [Number(x.id)]));
}
