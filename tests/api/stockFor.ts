import type { Queryable } from '../../src/server/db/types.ts';

/**
 * Stock for these orders' goods, booked as a count on the company's first storage: a test
 * that ships a demo order whatever its goods (shipping takes them off the shelf, 052) has
 * them in stock. Returns nothing; the ledger explains the stock as always.
 */
export async function stockFor(db: Queryable, orderIds: readonly number[]): Promise<void> {
  await db.query(
    `insert into app.stock_corrections (company_code, product_code, storage_id, quantity, reason, user_id)
     select o.company_code, it.product_code, (select s.storage_id from app.storages s where s.company_code = o.company_code order by s.storage_id limit 1),
            sum(it.quantity), 'Test: stock for the orders', 1
     from app.sales_order_items it join app.sales_orders o on o.order_id = it.order_id
     where o.order_id = any ($1::int[]) group by o.company_code, it.product_code`,
    [orderIds],
  );
}
