/**
 * Demo invoices (migration 113): every delivered demo order with lines gets its invoice, issued
 * on the day it was confirmed (else opened), in that order, so each company's numbers run per
 * year as if issued then. The demo cash flow has the orders' receivables already
 * (seed/cashflow.ts): they take the invoice's number instead of writing a second item.
 */
import type { Queryable } from '../types.ts';

export async function seedInvoices(tx: Queryable): Promise<void> {
  await tx.query(
    `select app.invoice_issue(x.order_id, null, x.day, false)
     from (
       select o.order_id,
              coalesce((select min(h.at)::date from app.fsm_history h where h.fsm_instance_id = o.fsm_instance_id and h.event_code = 'confirm'), o.opened_on) as day
       from app.sales_orders o
       join app.fsm_instances i on i.fsm_instance_id = o.fsm_instance_id
       join app.fsm_states s on s.state_id = i.state_id
       where s.state_code = 'delivered' and exists (select 1 from app.sales_order_items it where it.order_id = o.order_id)
     ) x
     order by x.day, x.order_id`,
  );
  await tx.query(
    `update app.cashflow_items c set invoice_number = i.invoice_number
     from app.invoices i
     where i.kind = 'invoice' and c.order_id = i.order_id and c.company_code = i.company_code and c.type_code = 'customer_invoice'`,
  );
}
