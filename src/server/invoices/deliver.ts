/**
 * Delivering issued invoices and credit notes (issue 47; migration 133): the one function
 * every path that can issue one goes through. The database issues an order's invoice when any
 * move reaches the company's `invoice_on` point (migration 128) — a user's event or payment
 * (workflow/trigger.ts), a payment or a close on the cash flow (the row writes of
 * actions/index.ts and imports of transfer/routes.ts, the cash flow's own events), the
 * workflow scheduler, the stock pass — and a credit note from its action; each issue leaves a
 * row in app.invoices_to_deliver.
 *
 * `deliverIssued(tx)` takes the rows its own transaction left, before it commits: each
 * document's copy is kept on its order's Documents tab (keepIssued, drawn when first opened)
 * and its mail to the customer queued with its PDF and UBL (queueInvoiceMails, drawn when the
 * outbox sends it) — so the copy and the mail commit with the issue or not at all, and no PDF
 * or XML is made while the transaction holds the order. `deliverLeftovers` takes committed
 * rows a writer outside the server left (SQL), for the workflow scheduler.
 */
import type { Db, Queryable } from '../db/types.ts';
import { queueInvoiceMails } from '../mail/enqueue.ts';
import { keepIssued } from '../print/documentStore.ts';

/** Leftover documents taken per scheduler pass. */
const LEFTOVERS = 200;

/** Keeps the copies and queues the mails of these documents (taken from the queue), company by company; their ids. */
async function deliver(tx: Queryable, taken: readonly number[]): Promise<number[]> {
  if (!taken.length) return [];
  const r = await tx.query<{ company_code: string; ids: number[] }>(
    'select company_code, array_agg(invoice_id order by invoice_id) as ids from app.invoices where invoice_id = any($1::int[]) and issued_at is not null group by company_code order by company_code',
    [taken],
  );
  const out: number[] = [];
  for (const { company_code: company, ids } of r.rows) {
    const docs = ids.map(Number);
    await keepIssued(tx, company, docs);
    await queueInvoiceMails(tx, company, docs);
    out.push(...docs);
  }
  return out;
}

/**
 * In the transaction that issued them (a move, a payment, a credit note, a row write): the
 * documents it issued, delivered. Their ids (none: it issued nothing). A transaction that
 * wrote nothing has no id and costs one short query.
 */
export async function deliverIssued(tx: Queryable): Promise<number[]> {
  const taken = await tx.query<{ invoice_id: number }>('delete from app.invoices_to_deliver where xact = pg_current_xact_id_if_assigned() returning invoice_id');
  return deliver(
    tx,
    taken.rows.map((x) => Number(x.invoice_id)),
  );
}

/**
 * Documents issued by transactions that committed without delivering them (a writer outside
 * the server), in one transaction of their own: rows another process is taking are skipped.
 */
export async function deliverLeftovers(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const taken = await tx.query<{ invoice_id: number }>(
      `delete from app.invoices_to_deliver where invoice_id in (
         select invoice_id from app.invoices_to_deliver order by invoice_id limit ${LEFTOVERS} for update skip locked)
       returning invoice_id`,
    );
    return (
      await deliver(
        tx,
        taken.rows.map((x) => Number(x.invoice_id)),
      )
    ).length;
  });
}

/** One wrapper per database: what the engine caches per `db` (permissions, the cascade graph …) stays cached. */
const wrappers = new WeakMap<Db, Db>();

/**
 * `db` whose transactions deliver what they issued before they commit: for the row writes and
 * imports of the forms (a payment added on the cash flow that settles an order invoiced on `pay`).
 */
export function delivering(db: Db): Db {
  let wrapped = wrappers.get(db);
  if (!wrapped) {
    wrapped = Object.create(db) as Db;
    Object.defineProperty(wrapped, 'transaction', {
      value: <T>(fn: (tx: Queryable) => Promise<T>) =>
        db.transaction(async (tx) => {
          const out = await fn(tx);
          await deliverIssued(tx);
          return out;
        }),
    });
    wrappers.set(db, wrapped);
  }
  return wrapped;
}
