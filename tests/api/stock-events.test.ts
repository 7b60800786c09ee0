/**
 * Stock-driven order events (issue 48 point 4, migration 123), on both engines. A stock
 * change queues itself in its own transaction; a pass (`moveByStock`, the server's
 * STOCK_EVENTS_TICK_MS poller — here run by the test) moves each open order whose goods became
 * all available by `goods_arrived` and each one that became short by `goods_missing`, only
 * where its state has that event, with the cause in the history. Short stock goes to the
 * oldest order first (Ship's rule). Two receipts and two passes at once move an order once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../src/server/config.ts';
import { moveByStock } from '../../src/server/workflow/stockEvents.ts';
import { engines, serverHelpers, startSignedIn, type TestServer } from './harness.ts';

interface Order {
  order_id: number;
  fsm_instance_id: number;
  fsm_reference: string;
}

it('reads STOCK_EVENTS_TICK_MS (every 5 s unless set; 0: not in this process)', () => {
  expect(configFromEnv({}).stockEventsTickMs).toBe(5_000);
  expect(configFromEnv({ STOCK_EVENTS_TICK_MS: '0' }).stockEventsTickMs).toBe(0);
  expect(() => configFromEnv({ STOCK_EVENTS_TICK_MS: 'soon' })).toThrow(/STOCK_EVENTS_TICK_MS/);
});

describe.each(engines)('stock-driven order events on %s', (engine) => {
  let s: TestServer, admin: string, warehouse: string;
  beforeAll(async () => void ({ s, admin, warehouse } = await startSignedIn(engine)));
  afterAll(() => s?.close());
  const { ok, rows, one } = serverHelpers(() => s);

  const storage = async () => (await one("select storage_id from app.storages where company_code = 'SK01' and active order by storage_id limit 1")).storage_id as number;
  const fire = async (event: string, o: Order) => {
    // `pay` is its payment (Record payment of the order's total: the settled receivable moves it, migration 128).
    const payment = async () => ({
      checkbox: false,
      payment: {
        amount: Number((await one('select grand_total from app.v_sales_orders where order_id = $1', [o.order_id])).grand_total),
        paid_on: (await one('select current_date::text as d')).d,
        pay_method: 'card',
      },
    });
    const r =
      event === 'pay'
        ? await s.action(admin, 'trigger_fsm', 'set', { event_code: event, fsm_instance_id: o.fsm_instance_id, params: await payment() }, 'SK01')
        : await s.action(admin, 'fsm_trigger', 'set', { event_code: event, fsm_instance_id: [o.fsm_instance_id], params: {} }, 'SK01');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  };
  const correct = async (code: string, quantity: number) =>
    (await ok(warehouse, 'stock_corrections', 'add', { product_code: code, storage_id: await storage(), quantity, reason: 'test: count' }, 'SK01')).row.correction_id as number;
  /** A product of SK01 in no order, whose whole stock is `qty`. */
  const product = async (skip: number, qty: number) => {
    const code = (
      await one(
        `select p.product_code from app.products p where p.company_code = 'SK01' and p.active
         and not exists (select 1 from app.sales_order_items i where i.product_code = p.product_code)
         order by p.product_code offset $1 limit 1`,
        [skip],
      )
    ).product_code as string;
    await s.db.query(
      "insert into app.stock_corrections (company_code, product_code, storage_id, quantity, reason) select company_code, product_code, storage_id, -on_hand, 'test: none' from app.stock_levels where product_code = $1 and on_hand > 0",
      [code],
    );
    if (qty) await correct(code, qty);
    return code;
  };
  /** A new sales order of SK01 with these lines, moved by `events`. */
  const order = async (lines: [code: string, quantity: number][], events: string[]): Promise<Order> => {
    const partner = (await one("select partner_id from app.partners where company_code = 'SK01' and not is_supplier and not deleted order by partner_id limit 1")).partner_id;
    const o = (await ok(admin, 'sales_orders', 'add', { partner_id: partner }, 'SK01')).row as Order;
    for (const [code, quantity] of lines) await ok(admin, 'sales_order_items', 'add', { order_id: o.order_id, product_code: code, quantity }, 'SK01');
    for (const e of events) await fire(e, o);
    return o;
  };
  /** A confirmed purchase order of SK01 for `quantity` of the product, and its line. */
  const purchase = async (code: string, quantity: number) => {
    const supplier = (await one("select partner_id from app.partners where company_code = 'SK01' and is_supplier and not deleted order by partner_id limit 1")).partner_id;
    const po = (await ok(admin, 'purchase_orders', 'add', { partner_id: supplier }, 'SK01')).row as { po_id: number; fsm_instance_id: number; fsm_reference: string };
    const line = (await ok(admin, 'purchase_order_items', 'add', { po_id: po.po_id, product_code: code, quantity, unit_price: 2 }, 'SK01')).row.po_item_id as number;
    for (const event of ['order', 'confirm']) await ok(admin, 'fsm_trigger', 'set', { event_code: event, fsm_instance_id: [po.fsm_instance_id], params: {} }, 'SK01');
    return { ...po, line };
  };
  const receive = async (po: { po_id: number; line: number }, quantity: number) =>
    (await ok(warehouse, 'purchase_receipts', 'add', { po_id: po.po_id, po_item_id: po.line, storage_id: await storage(), quantity }, 'SK01')).row.receipt_id as number;
  const states = async (...orders: Order[]) =>
    (
      await rows('select s.state_code from unnest($1::bigint[]) with ordinality x(id, n) join app.fsm_instances i on i.fsm_instance_id = x.id join app.fsm_states s using (state_id) order by x.n', [
        orders.map((o) => o.fsm_instance_id),
      ])
    ).map((r) => r.state_code as string);
  /** The stock events in the order's history: event, cause, user. */
  const moves = (o: Order) =>
    rows("select event_code, params, user_id from app.fsm_history where fsm_instance_id = $1 and event_code in ('goods_arrived', 'goods_missing') order by history_id", [o.fsm_instance_id]);
  const pass = () => moveByStock(s.db);
  const paidBy = (o: Order) => ({ cause: 'order_event', event: 'pay', order_id: o.order_id, order: o.fsm_reference });

  it('a receipt makes the oldest waiting order goods_arrived, with the receipt as its cause; the later one waits', async () => {
    const p = await product(0, 0);
    const older = await order([[p, 3]], ['confirm', 'pay']);
    const newer = await order([[p, 3]], ['confirm', 'pay']);
    // Paid without goods: each goes to waiting for goods, its own payment the cause.
    expect(await pass()).toMatchObject({ arrived: 0, missing: 2 });
    expect(await states(older, newer)).toEqual(['waiting_for_goods', 'waiting_for_goods']);
    expect(await moves(older)).toEqual([{ event_code: 'goods_missing', params: paidBy(older), user_id: null }]);

    // 4 arrive: enough for the older order only.
    const po = await purchase(p, 4);
    const receipt = await receive(po, 4);
    expect(await states(older, newer)).toEqual(['waiting_for_goods', 'waiting_for_goods']); // moved by the pass, not the receipt
    expect(await pass()).toMatchObject({ arrived: 1, missing: 0 });
    expect(await states(older, newer)).toEqual(['paid', 'waiting_for_goods']);
    expect((await moves(older))[1]).toEqual({
      event_code: 'goods_arrived',
      params: { cause: 'receipt', po_id: po.po_id, po: po.fsm_reference, receipt_id: receipt, product: p },
      user_id: null,
    });
    expect(await moves(newer)).toHaveLength(1);
    // The queue is worked off: another pass moves nothing.
    expect(await pass()).toEqual({ claimed: 0, arrived: 0, missing: 0 });
  });

  it('a correction makes a ready order goods_missing, a cancellation gives it the goods back; orders whose state has no such event stay', async () => {
    const q = await product(1, 5);
    const unpaid = await order([[q, 2]], ['confirm']); // earliest: waiting for payment, it holds 2
    const ready = await order([[q, 3]], ['confirm', 'pay']);
    const placed = await order([[q, 1]], []);
    expect(await pass()).toMatchObject({ arrived: 0, missing: 0 }); // 5: enough for the first two
    expect(await states(unpaid, ready, placed)).toEqual(['waiting_for_payment', 'paid', 'placed']);

    // Two counted away: 3 left, the earlier unpaid order's 2 come first — the paid one is short, the placed one too.
    const correction = await correct(q, -2);
    expect(await pass()).toMatchObject({ arrived: 0, missing: 1 });
    expect(await states(unpaid, ready, placed)).toEqual(['waiting_for_payment', 'waiting_for_goods', 'placed']);
    expect(await moves(ready)).toEqual([{ event_code: 'goods_missing', params: { cause: 'correction', correction_id: correction, product: q }, user_id: null }]);

    // The unpaid order is cancelled: its 2 are free, the waiting order has its 3.
    await fire('cancel', unpaid);
    expect(await pass()).toMatchObject({ arrived: 1, missing: 0 });
    expect(await states(unpaid, ready, placed)).toEqual(['cancelled', 'paid', 'placed']);
    expect((await moves(ready))[1]).toEqual({
      event_code: 'goods_arrived',
      params: { cause: 'order_event', event: 'cancel', order_id: unpaid.order_id, order: unpaid.fsm_reference, product: q },
      user_id: null,
    });
    expect([...(await moves(unpaid)), ...(await moves(placed))]).toEqual([]);
  });

  it('a transfer between storages is a stock event: an order left waiting for goods that are there moves by goods_arrived (migration 127)', async () => {
    const t = await product(4, 0);
    const o = await order([[t, 2]], ['confirm', 'pay']);
    await pass();
    expect(await states(o)).toEqual(['waiting_for_goods']);
    // The goods came while no pass looked (a database before 123, the queue lost): the order still waits.
    await correct(t, 3);
    await s.db.query('delete from app.stock_event_queue where product_code = $1', [t]);
    expect(await pass()).toMatchObject({ arrived: 0, missing: 0 });
    expect(await states(o)).toEqual(['waiting_for_goods']);
    // Moving them to another storage queues the product like a receipt does; the pass moves the order.
    const [from, to] = (await rows("select storage_id from app.storages where company_code = 'SK01' and active order by storage_id limit 2")).map((r) => r.storage_id as number);
    const transfer = (await ok(warehouse, 'stock_transfers', 'add', { product_code: t, from_storage_id: from, to_storage_id: to, quantity: 1 }, 'SK01')).row.transfer_id as number;
    expect(await rows('select cause from app.stock_event_queue where product_code = $1', [t])).toEqual([{ cause: { cause: 'transfer', transfer_id: transfer } }]);
    expect(await pass()).toMatchObject({ arrived: 1, missing: 0 });
    expect(await states(o)).toEqual(['paid']);
    expect((await moves(o))[1]).toEqual({ event_code: 'goods_arrived', params: { cause: 'transfer', transfer_id: transfer, product: t }, user_id: null });
  });

  it('two receipts and two passes at once move an order that needed both exactly once', async () => {
    const [a, b] = [await product(2, 0), await product(3, 0)];
    const o = await order(
      [
        [a, 2],
        [b, 2],
      ],
      ['confirm', 'pay'],
    );
    await pass();
    expect(await states(o)).toEqual(['waiting_for_goods']);
    const [poA, poB] = [await purchase(a, 2), await purchase(b, 2)];
    await Promise.all([receive(poA, 2), receive(poB, 2)]);
    // One row per pass and batch: each pass claims one receipt's row, both look at the order.
    const both = await Promise.all([moveByStock(s.db, 1), moveByStock(s.db, 1)]);
    expect(both.reduce((n, r) => n + r.arrived, 0)).toBe(1);
    expect(both.reduce((n, r) => n + r.claimed, 0)).toBe(2);
    expect(await states(o)).toEqual(['paid']);
    expect((await moves(o)).map((m) => m.event_code)).toEqual(['goods_missing', 'goods_arrived']);
  });
});
