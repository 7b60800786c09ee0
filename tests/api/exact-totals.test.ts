/**
 * Amounts beyond Number.MAX_SAFE_INTEGER stay exact (issue 42 point 9a): a sales order line of
 * a million units at 9,999,999,999.9999 nets about 10^16, past what a JS number holds, and so
 * do its order's total and the sum of such lines. Every numeric and bigint the database gives
 * (db/types-parse.ts) and every row the database writes as JSON (engine/rowsJson.ts) carries
 * such a value as its exact decimal text; smaller values stay numbers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, serverHelpers, startSignedIn, type TestServer } from './harness.ts';

describe.each(engines)('totals beyond the safe integers on %s', (engine) => {
  let s: TestServer, admin: string;
  beforeAll(async () => void ({ s, admin } = await startSignedIn(engine)));
  afterAll(() => s?.close());
  const { ok, one } = serverHelpers(() => s);

  it('group totals, list totals and an order’s total are exact: text beyond the safe integers, numbers below', async () => {
    const partner = await one(`select partner_id from app.partners where company_code = 'SK01' and not is_supplier and not deleted order by partner_id limit 1`);
    const order = (await ok(admin, 'sales_orders', 'add', { partner_id: partner.partner_id }, 'SK01')).row; // open: its items may change
    const product = await one(`select product_code from app.products where company_code = 'SK01' order by product_code limit 1`);
    for (let i = 0; i < 2; i++) {
      await one(`insert into app.sales_order_items (order_id, product_code, quantity, unit_price, vat_rate) values ($1, $2, 1000000, 9999999999.9999, 20) returning item_id`, [
        order.order_id,
        product.product_code,
      ]);
    }
    // And a line of 1.01: the sum's last digits, which a JS number (spaced by 4 there) drops.
    await one(`insert into app.sales_order_items (order_id, product_code, quantity, unit_price, vat_rate) values ($1, $2, 1, 1.01, 20) returning item_id`, [order.order_id, product.product_code]);
    const exact = await one(
      `select sum(net_amount)::text as net, (select total::text from app.v_sales_orders where order_id = $1) as total, count(*)::int as n from app.v_sales_order_items where order_id = $1`,
      [order.order_id],
    );
    expect(exact.net).toBe('19999999999999801.01');
    expect(String(Number(exact.net))).not.toBe('19999999999999801.01'); // what a number would say
    const byOrder = { order_id: { filterType: 'number', type: 'equals', filter: order.order_id } };

    // Group and list totals (engine/aggregate.ts): the sum as its exact text, the count a number.
    const agg = await ok(admin, 'sales_order_items', 'aggregate', { filterModel: byOrder, groupBy: ['order_id'], aggregates: { net_amount: ['sum'], vat_rate: ['avg'] } }, 'SK01');
    expect(agg.totals.aggs.net_amount.sum).toBe(exact.net);
    expect(agg.groups[0].aggs.net_amount.sum).toBe(exact.net);
    expect(agg.totals.count).toBe(exact.n);
    expect(agg.totals.aggs.vat_rate.avg).toBeTypeOf('number');

    // Rows (JSON written by the database, engine/rowsJson.ts): the order's total, each line's net.
    const orders = await ok(admin, 'sales_orders', 'list', { filterModel: byOrder, endRow: 1 }, 'SK01');
    expect(orders.rows[0].total).toBe(exact.total);
    const lines = await ok(admin, 'sales_order_items', 'list', { filterModel: byOrder, endRow: 100 }, 'SK01');
    const big = lines.rows.filter((r: { quantity: number }) => r.quantity === 1000000);
    expect(big).toHaveLength(2);
    const net = await one(`select net_amount::text as net from app.v_sales_order_items where order_id = $1 and quantity = 1000000 limit 1`, [order.order_id]);
    for (const r of big) {
      expect(r.net_amount).toBe(net.net);
      expect(r.unit_price).toBe(9999999999.9999); // a stored price is a number
    }

    // The driver's parse (both engines) agrees with the JSON the database writes.
    const parsed = await one(`select total from app.v_sales_orders where order_id = $1`, [order.order_id]);
    expect(parsed.total).toBe(exact.total);
    const bigint = await one(`select 9007199254740993::bigint as b, 9007199254740990::bigint as s, (-9007199254740991)::numeric as m`);
    expect(bigint).toEqual({ b: '9007199254740993', s: 9007199254740990, m: '-9007199254740991' });
  });
});
