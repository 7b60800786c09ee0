/**
 * Sales orders (issue 22): the list with its workflow state and totals computed in SQL from
 * the items (VAT, discount, rounding per line in the order's currency: 2 digits for EUR and
 * CZK, none for HUF), checked against an exact computation here; adding an order and its
 * items; stock reserved by open orders and freed when the workflow cancels the order;
 * another company's partner or product refused; the administrator's pages only; bad
 * quantities and discounts refused by the engine and, for other writers, by named rules.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGS } from '../../src/core/langs.ts';
import { scaled } from './exact.ts';
import { engines, serverHelpers, startSignedIn, type Json, type TestServer } from './harness.ts';

type Row = Record<string, Json>;

/** n / d rounded half away from zero (n, d ≥ 0). */
const divRound = (n: bigint, d: bigint) => (n * 2n + d) / (2n * d);
/** An item's net and VAT in units of the currency's last digit: net = q × p × (100 − d) / 100, VAT = net × rate / 100, each rounded once. */
function itemAmounts(it: { quantity: string; unit_price: string; discount_percent: string; vat_rate: string }, digits: number): [bigint, bigint] {
  const raw = scaled(it.quantity, 3) * scaled(it.unit_price, 4) * (10_000n - scaled(it.discount_percent, 2)); // scale 3 + 4 + 4
  const net = divRound(raw, 10n ** BigInt(11 - digits));
  return [net, divRound(net * scaled(it.vat_rate, 2), 10_000n)];
}
const asDecimal = (v: bigint, digits: number) => (digits ? `${v / 10n ** BigInt(digits)}.${String(v % 10n ** BigInt(digits)).padStart(digits, '0')}` : String(v));

describe.each(engines)('sales orders on %s', (engine) => {
  let s: TestServer, admin: string, catalog: string, warehouse: string;
  beforeAll(async () => void ({ s, admin, catalog, warehouse } = await startSignedIn(engine)));
  afterAll(() => s?.close());
  const { ok, rows, one } = serverHelpers(() => s);

  const customerOf = async (company: string) =>
    (await one('select partner_id from app.partners where company_code = $1 and not is_supplier and not deleted order by partner_id limit 1', [company])).partner_id as number;
  /** A product of the company with a price and VAT, not in any order yet (its reservation starts at 0). */
  const productOf = async (company: string, skip = 0) =>
    (await one(
      `select p.product_code, p.selling_price_shop::text as price, v.vat_rate::text as vat_rate, p.stock_qty::text as stock_qty from app.products p join app.vats v using (vat_id)
         where p.company_code = $1 and p.selling_price_shop > 0 and v.vat_rate > 0
           and not exists (select 1 from app.sales_order_items i where i.product_code = p.product_code)
         order by p.product_code offset $2 limit 1`,
      [company, skip],
    )) as { product_code: string; price: string; vat_rate: string; stock_qty: string };
  const stock = async (company: string, code: string) =>
    (await ok(admin, 'stock_free_and_reserved', 'list', { filterModel: { product_code: { filterType: 'text', type: 'equals', filter: code } } }, company)).rows[0] as Row;

  it('lists every order of the company with its workflow state and the totals of its items, rounded per line in its currency', async () => {
    const digits = new Map((await rows('select currency_code, currency_precision from app.currencies')).map((r) => [r.currency_code, r.currency_precision as number]));
    for (const company of ['SK01', 'HU01', 'CZ01']) {
      const listed: Row[] = (await ok(admin, 'sales_orders', 'list', { endRow: 1000 }, company)).rows;
      expect(listed.length).toBeGreaterThanOrEqual(150);
      expect(listed.length).toBeLessThanOrEqual(250);
      expect(listed.length).toBe((await one('select count(*)::int as n from app.sales_orders where company_code = $1', [company])).n);
      const first = listed[0]!;
      for (const f of ['fsm_reference', 'fsm_instance_id', 'fsm_actions', 'state_code', 'state_names', 'partner_id', 'partner_name', 'opened_on', 'total', 'total_net', 'currency_code']) {
        expect(first, f).toHaveProperty(f);
      }
      expect(Object.keys(first.state_names).sort()).toEqual([...LANGS].sort());
      expect(first.fsm_reference).toMatch(/^SO-\d{4}-\d{6}$/);
      // Newest first; the states spread over the type's, and a state offers the actions of its transitions.
      const opened = listed.map((r) => r.opened_on as string);
      expect([...opened].sort().reverse()).toEqual(opened);
      const ids = listed.map((r) => r.order_id as number);
      expect([...ids].sort((a, b) => b - a)).toEqual(ids); // numbers follow the dates
      expect(new Set(listed.map((r) => r.state_code)).size).toBeGreaterThanOrEqual(5);
      const placed = listed.find((r) => r.state_code === 'placed');
      expect(placed?.fsm_actions.map((a: Row) => a.event_code)).toEqual(expect.arrayContaining(['confirm', 'cancel']));
      expect(listed.find((r) => r.state_code === 'delivered')?.fsm_actions).toEqual([]);

      // The totals, computed here exactly from the stored items.
      const items = await rows(
        `select i.order_id, i.quantity::text, i.unit_price::text, i.discount_percent::text, i.vat_rate::text, o.currency_code
         from app.sales_order_items i join app.sales_orders o using (order_id) where o.company_code = $1`,
        [company],
      );
      const sums = new Map<number, [bigint, bigint]>();
      for (const it of items) {
        const [net, vat] = itemAmounts(it as never, digits.get(it.currency_code)!);
        const t = sums.get(it.order_id) ?? [0n, 0n];
        sums.set(it.order_id, [t[0] + net, t[1] + vat]);
      }
      for (const r of listed) {
        const d = digits.get(r.currency_code)!;
        const [net, vat] = sums.get(r.order_id) ?? [0n, 0n];
        expect([r.fsm_reference, Number(r.total_net), Number(r.total)]).toEqual([r.fsm_reference, Number(asDecimal(net, d)), Number(asDecimal(net + vat, d))]);
      }
      expect(sums.size).toBe(listed.length); // every demo order has items
    }
    // CZ01 sells in EUR too (its export shop); HUF amounts are whole forints.
    expect((await rows(`select distinct currency_code from app.sales_orders where company_code = 'CZ01' order by 1`)).map((r) => r.currency_code)).toEqual(['CZK', 'EUR']);
    expect(await one(`select count(*)::int as n from app.v_sales_orders where currency_code = 'HUF' and total <> round(total)`)).toEqual({ n: 0 });
    // Every instance's state is where its history ends, and a history starts at the creation.
    expect(
      await one(
        `select count(*)::int as n from app.sales_orders o join app.fsm_instances i using (fsm_instance_id)
         where i.state_id is distinct from (select h.to_state_id from app.fsm_history h where h.fsm_instance_id = i.fsm_instance_id order by h.history_id desc limit 1)
            or not exists (select 1 from app.fsm_history h where h.fsm_instance_id = i.fsm_instance_id and h.from_state_id is null)`,
      ),
    ).toEqual({ n: 0 });
  });

  it('adds an order with its items (price and VAT from the product), a new quantity changes the total', async () => {
    const p = await productOf('SK01');
    const q = await productOf('SK01', 1);
    const order = (await ok(admin, 'sales_orders', 'add', { partner_id: await customerOf('SK01'), email: 'buyer@example.com' })).row;
    expect(order).toMatchObject({ state_code: 'placed', currency_code: 'EUR', total: 0, deleted: false, row_version: 1 });
    // The company's next number of the year (migration 097: a counter per company, type and year).
    const last = await one(`select last_no from app.document_counters where company_code = 'SK01' and doc_type = 'SO' and year = $1`, [new Date().getFullYear()]);
    expect(order.fsm_reference).toBe(`SO-${new Date().getFullYear()}-${String(last.last_no).padStart(6, '0')}`);
    expect(await one('select company_code, type_code from app.fsm_instances where fsm_instance_id = $1', [order.fsm_instance_id])).toEqual({ company_code: 'SK01', type_code: 'sales_order' });

    const item = (await ok(admin, 'sales_order_items', 'add', { order_id: order.order_id, product_code: p.product_code, quantity: 3 })).row;
    expect(item).toMatchObject({ quantity: 3, discount_percent: 0, unit_price: Number(p.price), vat_rate: Number(p.vat_rate) });
    // 7.5 %: within every demo product's discount limit (at least 10 %, migration 093).
    await ok(admin, 'sales_order_items', 'add', { order_id: order.order_id, product_code: q.product_code, quantity: 1, unit_price: 19.99, discount_percent: 7.5 });
    const total = async () => (await ok(admin, 'sales_orders', 'filter', { order_id: order.order_id })).rows[0].total as number;
    const expected = (quantity: string) => {
      const a = itemAmounts({ quantity, unit_price: p.price, discount_percent: '0', vat_rate: p.vat_rate }, 2);
      const b = itemAmounts({ quantity: '1', unit_price: '19.99', discount_percent: '7.5', vat_rate: q.vat_rate }, 2);
      return Number(asDecimal(a[0] + a[1] + b[0] + b[1], 2));
    };
    expect(await total()).toBe(expected('3'));
    const set = (await ok(admin, 'sales_order_items', 'set', { item_id: item.item_id, row_version: 1, quantity: 5 })).row;
    expect(set).toMatchObject({ quantity: 5, row_version: 2 });
    expect(await total()).toBe(expected('5'));
    expect(await total()).not.toBe(expected('3'));
  });

  it('reserves stock for open orders and frees it when the workflow cancels the order', async () => {
    const p = await productOf('SK01', 5);
    expect(await stock('SK01', p.product_code)).toMatchObject({ reserved_qty: 0, free_qty: Number(p.stock_qty) });
    const order = (await ok(admin, 'sales_orders', 'add', { partner_id: await customerOf('SK01') })).row;
    const item = (await ok(admin, 'sales_order_items', 'add', { order_id: order.order_id, product_code: p.product_code, quantity: 7 })).row;
    expect(await stock('SK01', p.product_code)).toMatchObject({ reserved_qty: 7, free_qty: Number(p.stock_qty) - 7 });
    await ok(admin, 'fsm_trigger', 'set', { event_code: 'confirm', fsm_instance_id: [order.fsm_instance_id] });
    expect((await stock('SK01', p.product_code)).reserved_qty).toBe(7); // still open: waiting for payment
    // A deleted (ticked) order reserves nothing either, unticked it reserves again.
    await ok(admin, 'sales_orders', 'set', { order_id: order.order_id, row_version: 1, deleted: true });
    expect((await stock('SK01', p.product_code)).reserved_qty).toBe(0);
    await ok(admin, 'sales_orders', 'set', { order_id: order.order_id, row_version: 2, deleted: false });
    expect((await stock('SK01', p.product_code)).reserved_qty).toBe(7);

    const cancelled = await ok(admin, 'fsm_trigger', 'set', { event_code: 'cancel', fsm_instance_id: [order.fsm_instance_id] });
    expect(cancelled.rows[0]).toMatchObject({ state_code: 'cancelled', final_state: true });
    expect(await stock('SK01', p.product_code)).toMatchObject({ reserved_qty: 0, free_qty: Number(p.stock_qty) });
    expect((await ok(admin, 'sales_orders', 'filter', { order_id: order.order_id })).rows[0]).toMatchObject({ state_code: 'cancelled', fsm_actions: [] });
    // A closed order keeps its items: the engine refuses by the descriptor's states, other writers meet the rule.
    const r = await s.action(admin, 'sales_order_items', 'set', { item_id: item.item_id, row_version: 1, quantity: 1 });
    expect([r.status, r.body.error, r.body.params?.state]).toEqual([409, 'locked_in_state', 'Cancelled']);
    await expect(s.db.query('update app.sales_order_items set quantity = 1 where item_id = $1', [item.item_id])).rejects.toMatchObject({ constraint: 'sales_order_closed' });
  });

  describe('states govern edits (issue 43): an order’s lines change only while it is placed or confirmed', () => {
    /** An order of SK01 with two lines, each set once by the admin (the log ids an undo takes back), and a third line deleted. */
    const orderWithLines = async (skip: number) => {
      const [p, q, x] = [await productOf('SK01', skip), await productOf('SK01', skip + 1), await productOf('SK01', skip + 2)];
      const order = (await ok(admin, 'sales_orders', 'add', { partner_id: await customerOf('SK01') })).row;
      const add = async (code: string, quantity: number) => (await ok(admin, 'sales_order_items', 'add', { order_id: order.order_id, product_code: code, quantity })).row;
      const [a, b, c] = [await add(p.product_code, 3), await add(q.product_code, 2), await add(x.product_code, 1)];
      const setA = await ok(admin, 'sales_order_items', 'set', { item_id: a.item_id, row_version: 1, quantity: 4 });
      const del = await ok(admin, 'sales_order_items', 'delete', { keys: [c.item_id] });
      return { order, p, q, x, a, b, setLog: setA.log_id as number, deleteLogs: del.log_ids as number[] };
    };
    /** Moves the order's workflow instance to a state (a fixture: the way there — payment, picking, shipping — is not what is tested). */
    const putInState = async (fsmInstanceId: number, state: string) =>
      s.db.query(`update app.fsm_instances set state_id = (select state_id from app.fsm_states where type_code = 'sales_order' and state_code = $2) where fsm_instance_id = $1`, [
        fsmInstanceId,
        state,
      ]);
    const importCsv = async (csv: string) => {
      const fd = new FormData();
      fd.set('file', new Blob([csv]), 'items.csv');
      fd.set('mode', 'commit');
      fd.set('language', 'en');
      fd.set('mapping', JSON.stringify(['item_id', 'order_id', 'product_code', 'quantity']));
      const res = await fetch(`${s.url}/api/import/sales_order_items`, { method: 'POST', body: fd, headers: { authorization: `Bearer ${admin}`, 'x-company': 'SK01' } });
      return { status: res.status, body: (await res.json()) as Row };
    };
    const lines = async (orderId: number) => rows('select item_id, product_code, quantity::text, row_version from app.sales_order_items where order_id = $1 order by item_id', [orderId]);

    it('refuses every write of a shipped order’s lines — set, add, delete, import, bulk set, undo — and nothing changes', async () => {
      const { order, p, x, a, b, setLog, deleteLogs } = await orderWithLines(20);
      await putInState(order.fsm_instance_id, 'shipped');
      const before = await lines(order.order_id);
      const reserved = (await stock('SK01', p.product_code)).reserved_qty;
      expect(reserved).toBe(4); // a shipped order still reserves (the goods leave when delivered)
      const logCount = await one('select count(*)::int as n from app.product_change_log');

      const refusals: [string, string, unknown, string][] = [
        ['set', 'set', { item_id: a.item_id, row_version: 2, quantity: 30 }, 'payload'],
        ['add', 'add', { order_id: order.order_id, product_code: x.product_code, quantity: 5 }, 'payload'],
        ['delete', 'delete', { keys: [b.item_id] }, 'payload.keys.0'],
        [
          'bulk set',
          'set',
          {
            rows: [
              { item_id: b.item_id, row_version: 1, discount_percent: 10 },
              { item_id: a.item_id, row_version: 2, quantity: 30 },
            ],
          },
          'payload.rows.0',
        ],
        ['undo of an edit', 'undo', { log_ids: [setLog] }, 'payload.log_ids.0'],
        ['undo of a delete', 'undo', { log_ids: deleteLogs }, 'payload.log_ids.0'],
      ];
      for (const [what, action, payload, field] of refusals) {
        const r = await s.action(admin, 'sales_order_items', action, payload, 'SK01');
        expect([what, r.status, r.body.error, r.body.params?.state, r.body.params?.field]).toEqual([what, 409, 'locked_in_state', 'Shipped', field]);
      }
      // Import: an update and a new line, both refused, the file as a whole.
      const imported = await importCsv(`Item,Order,Product,Quantity\n${a.item_id},${order.order_id},${p.product_code},30\n,${order.order_id},${x.product_code},5\n`);
      expect([imported.status, imported.body.error, (imported.body.params as Row | undefined)?.state]).toEqual([409, 'locked_in_state', 'Shipped']);
      // A file of new lines only (no update in it to be refused first): refused by the inserts' own check.
      const added = await importCsv(`Item,Order,Product,Quantity\n,${order.order_id},${x.product_code},5\n`);
      expect([added.status, added.body.error, (added.body.params as Row | undefined)?.state]).toEqual([409, 'locked_in_state', 'Shipped']);

      expect(await lines(order.order_id)).toEqual(before);
      expect((await stock('SK01', p.product_code)).reserved_qty).toBe(reserved);
      expect((await stock('SK01', x.product_code)).reserved_qty).toBe(0);
      expect(await one('select count(*)::int as n from app.product_change_log')).toEqual(logCount);
      // The order's own fields still change (its tracking number once shipped).
      await ok(admin, 'sales_orders', 'set', { order_id: order.order_id, row_version: order.row_version, tracking_number: 'TRK-43' });
    });

    it('a placed or confirmed order’s lines still change on every path', async () => {
      for (const [skip, state] of [
        [30, 'placed'],
        [40, 'waiting_for_payment'],
      ] as const) {
        const { order, p, x, a, b, setLog, deleteLogs } = await orderWithLines(skip);
        await putInState(order.fsm_instance_id, state);
        await ok(admin, 'sales_order_items', 'undo', { log_ids: [setLog] }); // quantity 4 → 3, version 3
        await ok(admin, 'sales_order_items', 'undo', { log_ids: deleteLogs }); // the third line is back
        await ok(admin, 'sales_order_items', 'set', {
          rows: [
            { item_id: a.item_id, row_version: 3, quantity: 6 },
            { item_id: b.item_id, row_version: 1, discount_percent: 5 },
          ],
        });
        await ok(admin, 'sales_order_items', 'delete', { keys: [b.item_id] });
        const imported = await importCsv(`Item,Order,Product,Quantity\n${a.item_id},${order.order_id},${p.product_code},8\n`);
        expect([state, imported.status]).toEqual([state, 200]);
        expect((await lines(order.order_id)).map((l) => [l.product_code, l.quantity])).toEqual([
          [p.product_code, '8.000'],
          [x.product_code, '1.000'],
        ]);
        expect((await stock('SK01', p.product_code)).reserved_qty).toBe(8);
      }
    });

    it('a new order starts in the workflow’s first state, today, in the company’s currency; its status flags are not offered on add', async () => {
      const order = (await ok(admin, 'sales_orders', 'add', { partner_id: await customerOf('SK01') })).row;
      const today = (await one(`select to_char(current_date, 'YYYY-MM-DD') as d`)).d;
      expect(order).toMatchObject({ state_code: 'placed', opened_on: today, currency_code: 'EUR', deleted: false, notification_sent: false });
      for (const field of ['deleted', 'notification_sent', 'state_code']) {
        const r = await s.action(admin, 'sales_orders', 'add', { partner_id: await customerOf('SK01'), [field]: field === 'state_code' ? 'shipped' : true }, 'SK01');
        expect([field, r.status, r.body.params?.field]).toEqual([field, 400, `payload.${field}`]);
      }
      // The currency is chosen on add and kept: a set of it is refused.
      const hu = (await ok(admin, 'sales_orders', 'add', { partner_id: await customerOf('SK01'), currency_code: 'HUF' })).row;
      expect(hu.currency_code).toBe('HUF');
      const r = await s.action(admin, 'sales_orders', 'set', { order_id: hu.order_id, row_version: hu.row_version, currency_code: 'EUR' }, 'SK01');
      expect([r.status, r.body.params?.field]).toEqual([400, 'payload.currency_code']);
    });
  });

  it('refuses another company’s partner and product as foreign_reference', async () => {
    const before = await one('select count(*)::int as n from app.sales_orders');
    const r = await s.action(admin, 'sales_orders', 'add', { partner_id: await customerOf('CZ01') }, 'SK01');
    expect([r.status, r.body.error, r.body.params?.field]).toEqual([400, 'foreign_reference', 'payload.partner_id']);
    expect(await one('select count(*)::int as n from app.sales_orders')).toEqual(before);

    const order = (await ok(admin, 'sales_orders', 'add', { partner_id: await customerOf('SK01') }, 'SK01')).row;
    const hu = await productOf('HU01');
    const i = await s.action(admin, 'sales_order_items', 'add', { order_id: order.order_id, product_code: hu.product_code, quantity: 1 }, 'SK01');
    expect([i.status, i.body.error, i.body.params?.field]).toEqual([400, 'foreign_reference', 'payload.product_code']);
    // Another company's order is not there to add to.
    const foreignOrder = await s.action(admin, 'sales_order_items', 'add', { order_id: order.order_id, product_code: hu.product_code, quantity: 1 }, 'HU01');
    expect(foreignOrder.body.error).toBe('foreign_reference');
    // Other writers meet the rule: the schema keeps an order's partner and products in its company.
    await expect(s.db.query('update app.sales_orders set partner_id = $1 where order_id = $2', [await customerOf('CZ01'), order.order_id])).rejects.toMatchObject({
      constraint: 'sales_order_company',
    });
    await expect(s.db.query('insert into app.sales_order_items (order_id, product_code, quantity) values ($1, $2, 1)', [order.order_id, hu.product_code])).rejects.toMatchObject({
      constraint: 'sales_order_company',
    });
    // Other companies' orders are not listed.
    expect((await ok(admin, 'sales_orders', 'filter', { order_id: order.order_id }, 'HU01')).rows).toEqual([]);
  });

  it('grants the sales pages to the administrator only among the demo roles', async () => {
    const order = (await one(`select order_id, row_version from app.sales_orders where company_code = 'SK01' order by order_id limit 1`)) as { order_id: number; row_version: number };
    for (const token of [catalog, warehouse]) {
      for (const [form, action, payload] of [
        ['sales_orders', 'list', {}],
        ['sales_orders', 'add', { partner_id: 1 }],
        ['sales_orders', 'set', { order_id: order.order_id, row_version: order.row_version, email: 'x@example.com' }],
        ['sales_order_items', 'filter', { order_id: order.order_id }],
        ['stock_free_and_reserved', 'list', {}],
      ] as const) {
        const r = await s.action(token, form, action, payload, 'SK01');
        expect([form, action, r.status, r.body.error]).toEqual([form, action, 403, 'forbidden']);
      }
    }
    expect((await ok(admin, 'sales_order_items', 'filter', { order_id: order.order_id }, 'SK01')).rows.length).toBeGreaterThan(0);
    expect((await ok(admin, 'stock_free_and_reserved', 'list', { endRow: 5 }, 'SK01')).rows).toHaveLength(5);
  });

  it('refuses a quantity not above zero and a discount outside 0–100, in the engine and as named rules', async () => {
    const order = (await ok(admin, 'sales_orders', 'add', { partner_id: await customerOf('SK01') })).row;
    const p = await productOf('SK01', 9);
    const base = { order_id: order.order_id, product_code: p.product_code, quantity: 1 };
    for (const [payload, field] of [
      [{ ...base, quantity: 0 }, 'payload.quantity'],
      [{ ...base, quantity: -2 }, 'payload.quantity'],
      [{ ...base, discount_percent: 150 }, 'payload.discount_percent'],
      [{ ...base, discount_percent: -1 }, 'payload.discount_percent'],
      [{ ...base, quantity: 'many' }, 'payload.quantity'],
    ] as const) {
      const r = await s.action(admin, 'sales_order_items', 'add', payload);
      expect([r.status, r.body.error, r.body.params?.field]).toEqual([400, 'invalid_value', field]);
    }
    const item = (await ok(admin, 'sales_order_items', 'add', base)).row;
    const r = await s.action(admin, 'sales_order_items', 'set', { item_id: item.item_id, row_version: 1, quantity: 0 });
    expect([r.status, r.body.error]).toEqual([400, 'invalid_value']);
    for (const [sql, rule] of [
      ['update app.sales_order_items set quantity = 0 where item_id = $1', 'quantity_positive'],
      ['update app.sales_order_items set discount_percent = 101 where item_id = $1', 'discount_range'],
      ['update app.sales_order_items set unit_price = -1 where item_id = $1', 'unit_price_not_negative'],
    ] as const) {
      await expect(s.db.query(sql, [item.item_id])).rejects.toMatchObject({ constraint: rule });
    }
  });
});
