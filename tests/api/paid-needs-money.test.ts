/**
 * Paid means money (issue 48 point 4, migration 128), on both engines: a sales order enters
 * `paid` only when its receivable is settled — not by a bulk `pay` (trigger_fsms, the grid's
 * menu and the board's drag), not by the event API over one order (fsm_trigger, trigger_fsm
 * without a payment), not by SQL — answered 409 `order_not_settled` naming the order and what is
 * open, nothing moved. A payment that settles the receivable moves it; an order with nothing to
 * pay needs none; a company that allows orders paid without payment (companies.paid_without_payment) may.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, serverHelpers, startSignedIn, type Json, type TestServer } from './harness.ts';

type Row = Record<string, Json>;

describe.each(engines)('paid needs money on %s', (engine) => {
  let s: TestServer, admin: string, today: string;
  beforeAll(async () => {
    ({ s, admin } = await startSignedIn(engine));
    today = (await one('select current_date::text as d')).d as string;
  });
  afterAll(() => s?.close());
  const { ok, one } = serverHelpers(() => s);

  /** A confirmed sales order of SK01 with one line (2 × 50 at 20 %: 120 gross), or none. */
  const order = async (lines = true) => {
    const partner = (await one("select partner_id from app.partners where company_code = 'SK01' and not is_supplier and not deleted order by partner_id limit 1")).partner_id;
    const o = (await ok(admin, 'sales_orders', 'add', { partner_id: partner }, 'SK01')).row as Row;
    if (lines) {
      const product = (await one("select product_code from app.products where company_code = 'SK01' order by product_code offset 30 limit 1")).product_code;
      const item = (await ok(admin, 'sales_order_items', 'add', { order_id: o.order_id, product_code: product, quantity: 2, unit_price: 50, discount_percent: 0 }, 'SK01')).row as Row;
      await s.db.query('update app.sales_order_items set vat_rate = 20 where item_id = $1', [item.item_id]);
    }
    await ok(admin, 'fsm_trigger', 'set', { event_code: 'confirm', fsm_instance_id: [o.fsm_instance_id], params: {} }, 'SK01');
    return o as { order_id: number; fsm_instance_id: number; fsm_reference: string };
  };
  const state = async (o: { fsm_instance_id: number }) =>
    (await one('select s.state_code from app.fsm_instances i join app.fsm_states s using (state_id) where i.fsm_instance_id = $1', [o.fsm_instance_id])).state_code as string;
  const bulkPay = (...os: { fsm_instance_id: number }[]) =>
    s.action(admin, 'trigger_fsms', 'set', { event_code: 'pay', fsm_instance_id: os.map((o) => o.fsm_instance_id), params: { checkbox: false } }, 'SK01');
  const refused = (r: { status: number; body: Row }, o: { fsm_reference: string }, open: number) =>
    expect([r.status, r.body.error, r.body.params]).toEqual([409, 'order_not_settled', { order: o.fsm_reference, open, currency: 'EUR' }]);
  const setCompany = async (values: Row) => {
    const c = await one("select row_version from app.companies where company_code = 'SK01'");
    await ok(admin, 'companies', 'set', { company_code: 'SK01', row_version: c.row_version, ...values }, 'SK01');
  };

  it('refuses pay without a settled receivable on every path: bulk (the grid, the board), the event API over one order, SQL', async () => {
    const [a, b] = [await order(), await order()];
    // Bulk (the grid's menu; the board's drag fires the same call): nothing of the batch moves.
    refused(await bulkPay(a, b), a, 120);
    expect([await state(a), await state(b)]).toEqual(['waiting_for_payment', 'waiting_for_payment']);
    // The event API over one order: fsm_trigger, and trigger_fsm without a payment.
    refused(await s.action(admin, 'fsm_trigger', 'set', { event_code: 'pay', fsm_instance_id: [b.fsm_instance_id], params: {} }, 'SK01'), b, 120);
    refused(await s.action(admin, 'trigger_fsm', 'set', { event_code: 'pay', fsm_instance_id: b.fsm_instance_id, params: { checkbox: true } }, 'SK01'), b, 120);
    // SQL: the rule is the database's.
    await expect(
      s.db.query(
        `select app.fsm_move(i.fsm_instance_id, t.transition_id, null, '{}'::jsonb, now())
         from app.fsm_instances i join app.fsm_transitions t on t.type_code = i.type_code and t.from_state_id = i.state_id and t.event_code = 'pay'
         where i.fsm_instance_id = $1`,
        [b.fsm_instance_id],
      ),
    ).rejects.toMatchObject({ constraint: 'sales_order_not_settled' });
    expect(await state(b)).toBe('waiting_for_payment');

    // Part of the money: still open, and said so.
    const part = await s.action(
      admin,
      'trigger_fsm',
      'set',
      { event_code: 'pay', fsm_instance_id: a.fsm_instance_id, params: { checkbox: false, payment: { amount: 20, paid_on: today, pay_method: 'card' } } },
      'SK01',
    );
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(await state(a)).toBe('waiting_for_payment');
    refused(await bulkPay(a), a, 100);
    // The rest settles the receivable: the payment moves the order itself.
    const rest = await s.action(
      admin,
      'trigger_fsm',
      'set',
      { event_code: 'pay', fsm_instance_id: a.fsm_instance_id, params: { checkbox: false, payment: { amount: 100, paid_on: today, pay_method: 'card' } } },
      'SK01',
    );
    expect(rest.body.data.rows).toMatchObject([{ state_code: 'paid' }]);
  });

  it('lets an order with nothing to pay, and every order of a company that allows it, be paid without money', async () => {
    const free = await order(false);
    expect((await bulkPay(free)).status).toBe(200);
    expect(await state(free)).toBe('paid');

    const o = await order();
    await setCompany({ paid_without_payment: true });
    try {
      const r = await bulkPay(o);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(await state(o)).toBe('paid');
    } finally {
      await setCompany({ paid_without_payment: false });
    }
    refused(await bulkPay(await order()), { fsm_reference: expect.any(String) as unknown as string }, 120);
  });
});
