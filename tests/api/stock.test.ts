/**
 * Stock ledger, purchasing and warehouse (issue 23, migrations 047–049) on both engines:
 * the demo ledger explains every product's stock; random receipts, picks, transfers and
 * corrections through the API keep on-hand = Σ movements, never below zero, reserved =
 * what open orders still need (a refused step writes nothing); landed cost and currency
 * conversion exactly; goods to order against an independent computation and turned into
 * draft orders; pick lists in walking order; the bad inputs of the issue refused with their
 * rules; concurrent picks of the last unit; the warehouse user's day and its limits.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { offersButton, type FsmAction } from '../../src/core/workflowActions.ts';
import { openDb } from '../../src/server/db/open.ts';
import { scaled } from './exact.ts';
import { engines, serverHelpers, startSignedIn, type Json, type TestServer } from './harness.ts';

type Row = Record<string, Json>;

describe.each(engines)('stock ledger on %s', (engine) => {
  let s: TestServer, admin: string, catalog: string, warehouse: string;
  beforeAll(async () => {
    ({ s, admin, catalog, warehouse } = await startSignedIn(engine));
    // This suite marks orders paid by the event alone (its subject is what follows): its companies allow orders paid without payment (migration 128).
    await s.db.query('update app.companies set paid_without_payment = true');
  });
  afterAll(() => s?.close());
  const { ok, rows, one } = serverHelpers(() => s);

  /** The ledger's three views of on-hand stock agree, and none is below zero. */
  const checkLedger = async (company: string) => {
    const bad = await rows(
      `select p.product_code, p.stock_qty::text as stock, coalesce(m.q, 0)::text as moved, coalesce(l.q, 0)::text as levels
       from app.products p
       left join (select product_code, sum(quantity) as q from app.stock_movements group by product_code) m on m.product_code = p.product_code
       left join (select product_code, sum(on_hand) as q from app.stock_levels group by product_code) l on l.product_code = p.product_code
       where p.company_code = $1 and (p.stock_qty <> coalesce(m.q, 0) or p.stock_qty <> coalesce(l.q, 0))`,
      [company],
    );
    expect(bad).toEqual([]);
    const perStorage = await rows(
      `select l.product_code, l.storage_id from app.stock_levels l
       where l.company_code = $1 and l.on_hand <> (select coalesce(sum(m.quantity), 0) from app.stock_movements m where m.product_code = l.product_code and m.storage_id = l.storage_id)`,
      [company],
    );
    expect(perStorage).toEqual([]);
    expect((await one('select count(*)::int as n from app.stock_levels where on_hand < 0')).n).toBe(0);
  };
  /** Reserved = open orders' lines less what was picked for them, computed here from the rows. */
  const checkReserved = async (company: string) => {
    const lines = await rows(
      `select it.product_code, it.quantity::text as q, coalesce((select sum(x.picked_qty) from app.pick_list_items x where x.item_id = it.item_id), 0)::text as picked
       from app.sales_order_items it join app.sales_orders o using (order_id) join app.fsm_instances i using (fsm_instance_id) join app.fsm_states st using (state_id)
       where o.company_code = $1 and not st.final_state and not o.deleted`,
      [company],
    );
    const want = new Map<string, bigint>();
    for (const l of lines) {
      const open = scaled(l.q, 3) - scaled(l.picked, 3);
      want.set(l.product_code, (want.get(l.product_code) ?? 0n) + (open > 0n ? open : 0n));
    }
    const got = await rows('select product_code, reserved_qty::text as r from app.v_stock_reserved where company_code = $1', [company]);
    expect(new Map(got.map((g) => [g.product_code as string, scaled(g.r, 3)]))).toEqual(want);
  };

  it('explains the demo stock: movements over eighteen months of every kind, on-hand = Σ movements per storage and product', async () => {
    for (const company of ['SK01', 'HU01', 'CZ01']) {
      await checkLedger(company);
      await checkReserved(company);
      const kinds = await rows('select kind, count(*)::int as n, min(moved_at) as first from app.stock_movements where company_code = $1 group by kind order by kind', [company]);
      expect(kinds.map((k) => k.kind)).toEqual(['correction', 'pick', 'receipt', 'transfer']);
      const first = new Date(Math.min(...kinds.map((k) => Date.parse(k.first))));
      expect(Date.now() - first.getTime()).toBeGreaterThan(500 * 86_400_000);
      const states = await rows(
        `select distinct s.state_code from app.purchase_orders o join app.fsm_instances i using (fsm_instance_id) join app.fsm_states s using (state_id) where o.company_code = $1`,
        [company],
      );
      expect(states.map((r) => r.state_code)).toEqual(expect.arrayContaining(['received', 'cancelled']));
    }
    // Stock is never typed: a write of products.stock_qty is refused, whoever writes it.
    const r = await s.action(admin, 'product_list', 'set', { product_code: 'P000300', stock_qty: 5 });
    expect(r.status).toBe(400);
    await expect(s.db.query("update app.products set stock_qty = stock_qty + 1 where product_code = 'P000300'")).rejects.toMatchObject({ constraint: 'stock_from_ledger' });
    await expect(s.db.query('update app.stock_movements set quantity = quantity + 1 where movement_id = (select min(movement_id) from app.stock_movements)')).rejects.toMatchObject({
      constraint: 'stock_ledger_append_only',
    });
  });

  /** A product of SK01 with stock on a storage, and another storage of SK01. */
  const stocked = async () =>
    (await one(
      `select l.product_code, l.storage_id, l.on_hand::float8 as on_hand,
              (select s.storage_id from app.storages s where s.company_code = 'SK01' and s.storage_id <> l.storage_id order by s.storage_id limit 1) as other
       from app.stock_levels l where l.company_code = 'SK01' and l.on_hand >= 5 order by l.product_code, l.storage_id limit 1`,
    )) as { product_code: string; storage_id: number; on_hand: number; other: number };

  it('refuses negative and excessive quantities, another company’s storage and a correction without reason, writing nothing', async () => {
    const p = await stocked();
    const before = (await one('select count(*)::int as n from app.stock_movements')).n;
    const huStorage = (await one("select storage_id from app.storages where company_code = 'HU01' order by storage_id limit 1")).storage_id;
    const cases: [string, Row, number, string | undefined][] = [
      ['stock_transfers', { product_code: p.product_code, from_storage_id: p.storage_id, to_storage_id: p.other, quantity: p.on_hand + 1 }, 400, 'stock_not_negative'],
      ['stock_transfers', { product_code: p.product_code, from_storage_id: p.storage_id, to_storage_id: p.other, quantity: -1 }, 400, undefined],
      ['stock_transfers', { product_code: p.product_code, from_storage_id: p.storage_id, to_storage_id: p.storage_id, quantity: 1 }, 400, 'transfer_storages_differ'],
      ['stock_corrections', { product_code: p.product_code, storage_id: p.storage_id, quantity: -(p.on_hand + 1), reason: 'count' }, 400, 'stock_not_negative'],
      ['stock_corrections', { product_code: p.product_code, storage_id: p.storage_id, quantity: 1, reason: '   ' }, 400, undefined],
      ['stock_corrections', { product_code: p.product_code, storage_id: huStorage, quantity: 1, reason: 'count' }, 400, undefined],
    ];
    for (const [form, row, status, rule] of cases) {
      const r = await s.action(admin, form, 'add', row);
      expect(r.status, `${form} ${JSON.stringify(row)}: ${JSON.stringify(r.body)}`).toBe(status);
      if (rule) expect(r.body.rule).toBe(rule);
    }
    expect((await one('select count(*)::int as n from app.stock_movements')).n).toBe(before);
    await checkLedger('SK01');
  });

  it('keeps on-hand = Σ movements and never below zero under random receipts, picks, transfers and corrections (property)', async () => {
    // A purchase order confirmed with lines of three products, received bit by bit.
    const products = (await rows("select product_code from app.products where company_code = 'SK01' and active order by product_code offset 400 limit 3")).map((r) => r.product_code as string);
    const storages = (await rows("select storage_id from app.storages where company_code = 'SK01' order by storage_id limit 4")).map((r) => r.storage_id as number);
    const supplier = (await one("select partner_id from app.partners where company_code = 'SK01' and is_supplier and not deleted order by partner_id limit 1")).partner_id;
    const po = (await ok(admin, 'purchase_orders', 'add', { partner_id: supplier })).row;
    const lines: number[] = [];
    for (const code of products) lines.push((await ok(admin, 'purchase_order_items', 'add', { po_id: po.po_id, product_code: code, quantity: 1000, unit_price: 2 })).row.po_item_id);
    for (const event of ['order', 'confirm']) await ok(admin, 'trigger_fsm', 'set', { event_code: event, fsm_instance_id: po.fsm_instance_id, params: {} });

    const step = fc.oneof(
      fc.record({ kind: fc.constant('receipt' as const), line: fc.nat(2), storage: fc.nat(3), qty: fc.integer({ min: -3, max: 40 }) }),
      fc.record({ kind: fc.constant('transfer' as const), product: fc.nat(2), from: fc.nat(3), to: fc.nat(3), qty: fc.integer({ min: -2, max: 30 }) }),
      fc.record({ kind: fc.constant('correction' as const), product: fc.nat(2), storage: fc.nat(3), qty: fc.integer({ min: -30, max: 10 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        for (const st of steps) {
          const moved = (await one('select count(*)::int as n from app.stock_movements')).n;
          const r =
            st.kind === 'receipt'
              ? await s.action(warehouse, 'purchase_receipts', 'add', { po_id: po.po_id, po_item_id: lines[st.line], storage_id: storages[st.storage], quantity: st.qty }, 'SK01')
              : st.kind === 'transfer'
                ? await s.action(
                    warehouse,
                    'stock_transfers',
                    'add',
                    { product_code: products[st.product], from_storage_id: storages[st.from], to_storage_id: storages[st.to], quantity: st.qty },
                    'SK01',
                  )
                : await s.action(warehouse, 'stock_corrections', 'add', { product_code: products[st.product], storage_id: storages[st.storage], quantity: st.qty, reason: 'count' }, 'SK01');
          const after = (await one('select count(*)::int as n from app.stock_movements')).n;
          if (r.status === 200) expect(after).toBeGreaterThan(moved);
          else {
            expect(r.status, JSON.stringify(r.body)).toBe(400);
            expect(after).toBe(moved);
          }
        }
        await checkLedger('SK01');
      }),
      { numRuns: 12 },
    );
  }, 240_000);

  it('converts related costs with the company rates and spreads them onto the landed cost by line value; a receipt books it and averages the purchase price', async () => {
    const supplier = (await one("select partner_id from app.partners where company_code = 'SK01' and is_supplier and not deleted order by partner_id limit 1")).partner_id;
    const po = (await ok(admin, 'purchase_orders', 'add', { partner_id: supplier, currency_code: 'USD' })).row;
    const codes = (await rows("select product_code from app.products where company_code = 'SK01' and active order by product_code offset 450 limit 2")).map((r) => r.product_code as string);
    await ok(admin, 'purchase_order_items', 'add', { po_id: po.po_id, product_code: codes[0], quantity: 10, unit_price: 3 });
    await ok(admin, 'purchase_order_items', 'add', { po_id: po.po_id, product_code: codes[1], quantity: 5, unit_price: 14 });
    await ok(admin, 'purchase_order_costs', 'add', { po_id: po.po_id, cost_name: 'Freight', cost_amount: 50, cost_currency_code: 'EUR' });
    await ok(admin, 'purchase_order_costs', 'add', { po_id: po.po_id, cost_name: 'Duty', cost_amount: 1000, cost_currency_code: 'CZK' });
    const rate = async (c: string) => (await one("select rate::text as r from app.company_currency_rates where company_code = 'SK01' and currency_code = $1", [c])).r as string;
    const [eur, usd, czk] = [await rate('EUR'), await rate('USD'), await rate('CZK')];
    const costs: Row[] = (await ok(admin, 'purchase_order_costs', 'filter', { po_id: po.po_id })).rows;
    // amount × rate(from) / rate(to), in numbers of 10 decimals: compare at 4 decimals.
    const conv = (amount: number, from: string) => Math.round(((amount * Number(from)) / Number(usd)) * 1e4) / 1e4;
    expect(costs.map((c) => c.cost_converted_amount)).toEqual([conv(50, eur), conv(1000, czk)]);
    const total = conv(50, eur) + conv(1000, czk);
    const items: Row[] = (await ok(admin, 'purchase_order_items', 'filter', { po_id: po.po_id })).rows;
    const value = 10 * 3 + 5 * 14;
    expect(items.map((i) => i.landed_unit_cost)).toEqual([3, 14].map((u) => Math.round((u + (total * u) / value) * 1e4) / 1e4));
    expect(items.map((i) => i.cost_share)).toEqual([30, 70].map((v) => Math.round(((total * v) / value) * 1e4) / 1e4));

    // Received through its workflow: ordered, then the toolbar's receive onto one storage.
    const storage = (await one("select storage_id from app.storages where company_code = 'SK01' order by storage_id desc limit 1")).storage_id;
    const before = await rows('select product_code, stock_qty::float8 as q, purchase_price_base::float8 as p from app.products where product_code = any($1) order by product_code', [codes]);
    for (const event of ['order', 'confirm']) await ok(admin, 'trigger_fsm', 'set', { event_code: event, fsm_instance_id: po.fsm_instance_id, params: {} });
    const got = await ok(warehouse, 'receive_purchase_orders', 'add', { po_ids: [po.po_id], storage_id: storage }, 'SK01');
    expect(got).toEqual({ receipts: 2, quantity: 15, received: 1 });
    const moves = await rows(
      `select m.product_code, m.quantity::float8 as q, m.unit_cost::float8 as c, m.storage_id from app.stock_movements m join app.purchase_receipts r on m.kind = 'receipt' and r.receipt_id = m.doc_id
       where r.po_id = $1 order by m.product_code`,
      [po.po_id],
    );
    // Rounded once, in the company currency, from the unrounded landed cost.
    const landedCompany = [3, 14].map((u) => Math.round((u + (total * u) / value) * Number(usd) * 1e4) / 1e4);
    expect(moves.map((m) => [m.q, m.c, m.storage_id])).toEqual([
      [10, landedCompany[0], storage],
      [5, landedCompany[1], storage],
    ]);
    const after = await rows('select product_code, stock_qty::float8 as q, purchase_price_base::float8 as p from app.products where product_code = any($1) order by product_code', [codes]);
    after.forEach((a, i) => {
      const b = before[i]!;
      const qty = [10, 5][i]!;
      expect(a.q).toBe(b.q + qty);
      const avg = (Math.max(b.q, 0) * (b.p ?? landedCompany[i]!) + qty * landedCompany[i]!) / (Math.max(b.q, 0) + qty);
      expect(a.p).toBeCloseTo(avg, 3);
    });
    expect(
      (await one('select s.state_code from app.purchase_orders o join app.fsm_instances i using (fsm_instance_id) join app.fsm_states s using (state_id) where po_id = $1', [po.po_id])).state_code,
    ).toBe('received');
    // Received: its row offers Receive no more, and the toolbar refuses it.
    const again = await s.action(admin, 'receive_purchase_orders', 'add', { po_ids: [po.po_id] });
    expect([again.status, again.body.error]).toEqual([409, 'purchase_order_not_receivable']);
    await checkLedger('SK01');
  });

  it('refuses a receipt over the ordered quantity, on a draft, and a purchase order without a supplier or with a customer', async () => {
    const supplier = (await one("select partner_id from app.partners where company_code = 'SK01' and is_supplier and not deleted order by partner_id limit 1")).partner_id;
    const customer = (await one("select partner_id from app.partners where company_code = 'SK01' and not is_supplier and not deleted order by partner_id limit 1")).partner_id;
    expect((await s.action(admin, 'purchase_orders', 'add', {})).status).toBe(400);
    // A customer is no supplier: the engine refuses it as no row of the lookup, the database as its rule.
    const bad = await s.action(admin, 'purchase_orders', 'add', { partner_id: customer });
    expect([bad.status, bad.body.error]).toEqual([400, 'foreign_reference']);
    await expect(s.db.query("insert into app.purchase_orders (company_code, partner_id) values ('SK01', $1)", [customer])).rejects.toMatchObject({ constraint: 'purchase_order_supplier' });
    const po = (await ok(admin, 'purchase_orders', 'add', { partner_id: supplier })).row;
    const code = (await one("select product_code from app.products where company_code = 'SK01' order by product_code offset 460 limit 1")).product_code;
    const line = (await ok(admin, 'purchase_order_items', 'add', { po_id: po.po_id, product_code: code, quantity: 4 })).row;
    const storage = (await one("select storage_id from app.storages where company_code = 'SK01' order by storage_id limit 1")).storage_id;
    const draft = await s.action(admin, 'purchase_receipts', 'add', { po_id: po.po_id, po_item_id: line.po_item_id, storage_id: storage, quantity: 1 });
    expect([draft.status, draft.body.rule]).toEqual([400, 'purchase_order_not_receivable']);
    // Sent to the supplier, not confirmed: no goods yet (migration 098).
    await ok(admin, 'trigger_fsm', 'set', { event_code: 'order', fsm_instance_id: po.fsm_instance_id, params: {} });
    const early = await s.action(admin, 'purchase_receipts', 'add', { po_id: po.po_id, po_item_id: line.po_item_id, storage_id: storage, quantity: 1 });
    expect([early.status, early.body.rule]).toEqual([400, 'purchase_order_not_receivable']);
    // Confirmed: goods arrive, no more than ordered, and the lines are fixed.
    await ok(admin, 'trigger_fsm', 'set', { event_code: 'confirm', fsm_instance_id: po.fsm_instance_id, params: {} });
    await ok(admin, 'purchase_receipts', 'add', { po_id: po.po_id, po_item_id: line.po_item_id, storage_id: storage, quantity: 3 });
    const over = await s.action(admin, 'purchase_receipts', 'add', { po_id: po.po_id, po_item_id: line.po_item_id, storage_id: storage, quantity: 2 });
    expect([over.status, over.body.rule]).toEqual([400, 'receipt_over_ordered']);
    const late = await s.action(admin, 'purchase_order_items', 'add', { po_id: po.po_id, product_code: code, quantity: 1 });
    expect([late.status, late.body.rule]).toEqual([400, 'purchase_order_closed']);
    // The last unit arrives: the order is received.
    await ok(admin, 'purchase_receipts', 'add', { po_id: po.po_id, po_item_id: line.po_item_id, storage_id: storage, quantity: 1 });
    expect((await ok(admin, 'purchase_orders', 'filter', { po_id: po.po_id })).rows[0].state_code).toBe('received');
  });

  it('suggests goods to order from free stock, open orders, purchase orders and the last 90 days’ picks, and turns them into drafts per supplier', async () => {
    const listed: Row[] = (await ok(admin, 'goods_to_order', 'list', { endRow: 5000 })).rows;
    const facts = await rows(
      `select p.product_code, p.keep_in_stock, p.stock_qty::float8 as stock, coalesce(r.reserved_qty, 0)::float8 as reserved, coalesce(oo.on_order_qty, 0)::float8 as on_order,
              coalesce((select -sum(m.quantity) from app.stock_movements m where m.product_code = p.product_code and m.kind = 'pick' and m.moved_at >= now() - interval '90 days'), 0)::float8 as sold,
              coalesce(ps.lead_time_days, p.purchase_time, 14) as lead, coalesce(ps.min_order_qty, 1)::float8 as moq
       from app.products p left join app.v_stock_reserved r using (product_code) left join app.v_stock_on_order oo using (product_code)
       left join lateral (select * from app.product_suppliers s where s.product_code = p.product_code order by s.is_default desc, s.purchase_price, s.partner_id limit 1) ps on true
       where p.company_code = 'SK01' and p.active and p.keep_in_stock in (1, 2)`,
    );
    const want = new Map<string, number>();
    for (const f of facts) {
      const target = f.keep_in_stock === 1 ? Math.max(Math.ceil((f.sold / 90) * (f.lead + 14)), 1) : 0;
      const short = target - (f.stock - f.reserved) - f.on_order;
      if (short > 0) want.set(f.product_code, Math.ceil(short / f.moq) * f.moq);
    }
    expect(new Map(listed.map((r) => [r.product_code as string, r.suggested_qty as number]))).toEqual(want);
    expect(want.size).toBeGreaterThan(10);

    const withSupplier = listed.filter((r) => r.partner_id !== null).slice(0, 4);
    const made = await ok(admin, 'goods_to_order_create', 'add', { lines: withSupplier.map((r) => ({ product_code: r.product_code, quantity: r.suggested_qty })) });
    expect(made.po_ids.length).toBe(new Set(withSupplier.map((r) => r.partner_id)).size);
    const drafts: Row[] = (await ok(admin, 'new_purchase_order', 'list', { endRow: 500 })).rows;
    for (const id of made.po_ids) expect(drafts.find((d) => d.po_id === id)?.state_code).toBe('draft');
    // On order now: they leave the suggestions.
    const now: Row[] = (await ok(admin, 'goods_to_order', 'list', { endRow: 5000 })).rows;
    for (const r of withSupplier) expect(now.find((n) => n.product_code === r.product_code)).toBeUndefined();
    const none = await s.action(admin, 'goods_to_order_create', 'add', { lines: [{ product_code: 'P000001', quantity: 0 }] });
    expect(none.status).toBe(400);
  });

  it('makes a pick list of paid orders in walking order; picking takes the goods off the storage and out of reserved, no more than the storage holds', async () => {
    const made = await ok(warehouse, 'pick_list_create', 'add', {}, 'SK01');
    expect(made.lines).toBeGreaterThan(0);
    const lines: Row[] = (await ok(warehouse, 'pick_list_items', 'filter', { pick_list_id: made.pick_list_id }, 'SK01')).rows;
    expect(lines.length).toBe(made.lines);
    const walk = lines.map((l) => [l.walk_order, l.shelf_code, l.storage_position]);
    expect(walk).toEqual([...walk].sort((a, b) => a[0] - b[0] || String(a[1]).localeCompare(String(b[1])) || a[2] - b[2]));
    // Every paid order's goods are on a list now: a second list has nothing to pick.
    const twice = await s.action(warehouse, 'pick_list_create', 'add', {}, 'SK01');
    expect([twice.status, twice.body.rule]).toEqual([400, 'nothing_to_pick']);

    const line = lines[0]!;
    const free = async () => (await one("select free_qty::float8 as f from app.v_stock_free_and_reserved where product_code = $1 and company_code = 'SK01'", [line.product_code])).f;
    const freeBefore = await free();
    const onHand = async () => (await one('select on_hand::float8 as q from app.stock_levels where product_code = $1 and storage_id = $2', [line.product_code, line.storage_id])).q;
    const before = await onHand();
    const picked = await ok(warehouse, 'pick_list_items', 'set', { pick_item_id: line.pick_item_id, row_version: line.row_version, picked_qty: line.quantity }, 'SK01');
    expect(await onHand()).toBe(before - line.quantity);
    expect(await free()).toBe(freeBefore); // on hand and reserved both went down
    await checkReserved('SK01');
    // Put back, then more than the line: refused.
    const back = await ok(warehouse, 'pick_list_items', 'set', { pick_item_id: line.pick_item_id, row_version: picked.row.row_version, picked_qty: 0 }, 'SK01');
    expect(await onHand()).toBe(before);
    const over = await s.action(warehouse, 'pick_list_items', 'set', { pick_item_id: line.pick_item_id, row_version: back.row.row_version, picked_qty: line.quantity + 1 }, 'SK01');
    expect(over.status).toBe(400);
    await checkLedger('SK01');
  });

  it('lets one of two concurrent picks of the last unit win; the other is refused and writes nothing', async () => {
    const p = await stocked();
    // Leave exactly one unit on the storage, then two pick lines of one unit each, picked at once.
    await ok(admin, 'stock_corrections', 'add', { product_code: p.product_code, storage_id: p.storage_id, quantity: -(p.on_hand - 1), reason: 'race test' });
    const partner = (await one("select partner_id from app.partners where company_code = 'SK01' and not is_supplier and not deleted order by partner_id limit 1")).partner_id;
    const items: number[] = [];
    for (let i = 0; i < 2; i++) {
      const o = (await ok(admin, 'sales_orders', 'add', { partner_id: partner })).row;
      items.push((await ok(admin, 'sales_order_items', 'add', { order_id: o.order_id, product_code: p.product_code, quantity: 1 })).row.item_id);
    }
    const list = (await one("insert into app.pick_lists (company_code) values ('SK01') returning pick_list_id")).pick_list_id;
    const picks = [];
    for (const item of items)
      picks.push((await one('insert into app.pick_list_items (pick_list_id, item_id, storage_id, quantity) values ($1, $2, $3, 1) returning pick_item_id', [list, item, p.storage_id])).pick_item_id);
    const rs = await Promise.all(picks.map((id) => s.action(warehouse, 'pick_list_items', 'set', { pick_item_id: id, row_version: 1, picked_qty: 1 }, 'SK01')));
    expect(rs.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(rs.find((r) => r.status === 400)!.body.rule).toBe('stock_not_negative');
    expect((await one('select on_hand::float8 as q from app.stock_levels where product_code = $1 and storage_id = $2', [p.product_code, p.storage_id])).q).toBe(0);
    expect((await one('select count(*)::int as n from app.pick_list_items where pick_list_id = $1 and picked_qty > 0', [list])).n).toBe(1);
    await checkLedger('SK01');
  });

  it('ships what was not picked: listed lines are picked in full, the rest from the storages; short stock refuses the move and writes nothing', async () => {
    const p = await stocked();
    const partner = (await one("select partner_id from app.partners where company_code = 'SK01' and not is_supplier and not deleted order by partner_id limit 1")).partner_id;
    const fire = (event: string, id: number) => s.action(admin, 'fsm_trigger', 'set', { event_code: event, fsm_instance_id: [id], params: event === 'pay' ? { checkbox: false } : {} }, 'SK01');
    const paidOrder = async (quantity: number) => {
      const o = (await ok(admin, 'sales_orders', 'add', { partner_id: partner })).row;
      await ok(admin, 'sales_order_items', 'add', { order_id: o.order_id, product_code: p.product_code, quantity });
      for (const e of ['confirm', 'pay']) expect((await fire(e, o.fsm_instance_id)).status).toBe(200);
      return o as { order_id: number; fsm_instance_id: number };
    };
    const total = async () => (await one('select stock_qty::float8 as q from app.products where product_code = $1', [p.product_code])).q;
    const state = async (id: number) => (await one('select s.state_code from app.fsm_instances i join app.fsm_states s using (state_id) where fsm_instance_id = $1', [id])).state_code;
    const freeQty = async () => (await one("select free_qty::float8 as f from app.v_stock_free_and_reserved where product_code = $1 and company_code = 'SK01'", [p.product_code])).f;

    // One unit on a pick list (not marked picked), one not listed at all: shipping takes both.
    const a = await paidOrder(2);
    const listed = await ok(warehouse, 'pick_list_create', 'add', { order_ids: [a.order_id] }, 'SK01');
    const listLine = (await one('select pick_item_id, quantity::float8 as q from app.pick_list_items where pick_list_id = $1', [listed.pick_list_id])) as Row;
    await s.db.query('update app.pick_list_items set quantity = 1 where pick_item_id = $1', [listLine.pick_item_id]);
    const before = await total();
    expect((await fire('ship', a.fsm_instance_id)).status).toBe(200);
    expect(await state(a.fsm_instance_id)).toBe('shipped');
    expect(await total()).toBe(before - 2);
    const picks = await rows(
      'select x.quantity::float8 as q, x.picked_qty::float8 as picked from app.pick_list_items x join app.sales_order_items it using (item_id) where it.order_id = $1 order by x.pick_item_id',
      [a.order_id],
    );
    expect(picks.every((x) => x.q === x.picked)).toBe(true);
    expect(picks.reduce((n, x) => n + x.picked, 0)).toBe(2);
    await checkLedger('SK01');
    await checkReserved('SK01');

    // More than is free: the order stays paid and no movement, pick list or line is written.
    const b = await paidOrder((await freeQty()) + 1);
    const counts = async () =>
      one('select (select count(*) from app.stock_movements)::int as m, (select count(*) from app.pick_lists)::int as l, (select count(*) from app.pick_list_items)::int as i');
    const was = await counts();
    const short = await fire('ship', b.fsm_instance_id);
    expect([short.status, short.body.rule]).toEqual([400, 'ship_short_stock']);
    expect(await state(b.fsm_instance_id)).toBe('paid');
    expect(await counts()).toEqual(was);
    await checkLedger('SK01');
  });

  /** A product of SK01 in no order yet, with a purchase price, whose stock is set to `qty` on one storage by counting corrections. */
  const freshProduct = async (skip: number, qty: number) => {
    const p = (await one(
      `select p.product_code, p.product_name, p.purchase_price_base::float8 as cost from app.products p
       where p.company_code = 'SK01' and p.active and p.purchase_price_base > 0 and not exists (select 1 from app.sales_order_items i where i.product_code = p.product_code)
       order by p.product_code desc offset $1 limit 1`,
      [skip],
    )) as { product_code: string; product_name: Record<string, string>; cost: number };
    for (const l of await rows('select storage_id, on_hand::float8 as q from app.stock_levels where product_code = $1 and on_hand > 0', [p.product_code]))
      await ok(admin, 'stock_corrections', 'add', { product_code: p.product_code, storage_id: l.storage_id, quantity: -l.q, reason: 'test: start from none' });
    const storage = (await one("select storage_id from app.storages where company_code = 'SK01' and active order by storage_id limit 1")).storage_id;
    await ok(admin, 'stock_corrections', 'add', { product_code: p.product_code, storage_id: storage, quantity: qty, reason: 'test: stock' });
    return p;
  };
  const fire = (event: string, id: number) => s.action(admin, 'fsm_trigger', 'set', { event_code: event, fsm_instance_id: [id], params: event === 'pay' ? { checkbox: false } : {} }, 'SK01');
  /** A new order of SK01 for `quantity` of the product, moved through `events` (confirm, pay: paid). */
  const orderOf = async (code: string, quantity: number, events = ['confirm', 'pay']) => {
    const partner = (await one("select partner_id from app.partners where company_code = 'SK01' and not is_supplier and not deleted order by partner_id limit 1")).partner_id;
    const o = (await ok(admin, 'sales_orders', 'add', { partner_id: partner })).row;
    await ok(admin, 'sales_order_items', 'add', { order_id: o.order_id, product_code: code, quantity });
    for (const e of events) expect((await fire(e, o.fsm_instance_id)).status).toBe(200);
    return o as { order_id: number; fsm_instance_id: number; fsm_reference: string };
  };
  const stateOf = async (id: number) => (await one('select s.state_code from app.fsm_instances i join app.fsm_states s using (state_id) where fsm_instance_id = $1', [id])).state_code;
  const onHandOf = async (code: string) => (await one('select stock_qty::float8 as q from app.products where product_code = $1', [code])).q;
  const userOf = async (email: string) => (await one('select user_id from app.users where user_email = $1', [email])).user_id as number;
  const langOf = async (email: string) => (await one('select language_code from app.users where user_email = $1', [email])).language_code as string;
  /** A product's name as the admin reads it (the refusals name it in the user's language). */
  const nameOf = async (name: Record<string, string>) => name[await langOf('admin@example.com')];

  it('ships only what is on hand for the order: earlier open orders keep their reservations; short, the order stays paid and names the product and what it lacks (issue 43)', async () => {
    // The tester's P000230: 12 on hand, three open orders of 5 (free −3).
    const p = await freshProduct(0, 12);
    const a = await orderOf(p.product_code, 5);
    const b = await orderOf(p.product_code, 5);
    const c = await orderOf(p.product_code, 5);
    expect((await one("select free_qty::float8 as f from app.v_stock_free_and_reserved where product_code = $1 and company_code = 'SK01'", [p.product_code])).f).toBe(-3);
    const counts = async () =>
      one('select (select count(*) from app.stock_movements)::int as m, (select count(*) from app.pick_lists)::int as l, (select count(*) from app.pick_list_items)::int as i');
    const shortOf = async (o: { fsm_instance_id: number; fsm_reference: string }, short: number) => {
      const was = await counts();
      const r = await fire('ship', o.fsm_instance_id);
      expect([r.status, r.body.error, r.body.rule]).toEqual([400, 'ship_short_stock', 'ship_short_stock']);
      expect(r.body.params).toMatchObject({ order: o.fsm_reference, product: p.product_code, name: await nameOf(p.product_name), short });
      expect(await stateOf(o.fsm_instance_id)).toBe('paid');
      expect(await counts()).toEqual(was);
    };
    // The last order cannot take what the two before it reserve: 12 − 10 leaves 2 of its 5.
    await shortOf(c, 3);
    expect(await onHandOf(p.product_code)).toBe(12);
    // The second ships before the first: the first's 5 stay on the shelf for it.
    expect((await fire('ship', b.fsm_instance_id)).status).toBe(200);
    expect(await onHandOf(p.product_code)).toBe(7);
    await shortOf(c, 3);
    expect((await fire('ship', a.fsm_instance_id)).status).toBe(200);
    expect(await onHandOf(p.product_code)).toBe(2);
    // What is picked for an order is its own: the last 2 picked for c from a pick list, the other 3 still lacking.
    const list = await ok(warehouse, 'pick_list_create', 'add', { order_ids: [c.order_id] }, 'SK01');
    const line = (await ok(warehouse, 'pick_list_items', 'filter', { pick_list_id: list.pick_list_id }, 'SK01')).rows[0] as Row;
    expect(line.quantity).toBe(2);
    await ok(warehouse, 'pick_list_items', 'set', { pick_item_id: line.pick_item_id, row_version: line.row_version, picked_qty: 2 }, 'SK01');
    await shortOf(c, 3);
    // The ledger's picks say who took the goods and at what cost (the average landed cost then): cost of goods sold.
    const picks = await rows(
      `select it.order_id, m.quantity::float8 as q, m.user_id, m.unit_cost::float8 as cost from app.stock_movements m
       join app.pick_list_items x on m.kind = 'pick' and x.pick_item_id = m.doc_id join app.sales_order_items it on it.item_id = x.item_id
       where it.product_code = $1 order by m.movement_id`,
      [p.product_code],
    );
    const [adminId, warehouseId] = [await userOf('admin@example.com'), await userOf('warehouse@example.com')];
    expect(picks).toEqual([
      { order_id: b.order_id, q: -5, user_id: adminId, cost: p.cost },
      { order_id: a.order_id, q: -5, user_id: adminId, cost: p.cost },
      { order_id: c.order_id, q: -2, user_id: warehouseId, cost: p.cost },
    ]);
    const listed: Row[] = (await ok(admin, 'stock_movements', 'list', { endRow: 10, filterModel: { product_code: { filterType: 'text', type: 'equals', filter: p.product_code } } })).rows;
    expect(listed.filter((m) => m.kind === 'pick').every((m) => m.unit_cost === p.cost && m.user_name)).toBe(true);
    await checkLedger('SK01');
    await checkReserved('SK01');
  });

  it('lets one of two orders shipping the last units at once win: the earlier; the other stays paid, and stock never falls below an earlier order’s reservation (issue 43)', async () => {
    const p = await freshProduct(1, 10);
    // An order placed first (not paid yet) reserves 5; two paid orders of 5 each race for the other 5.
    const first = await orderOf(p.product_code, 5, []);
    const x = await orderOf(p.product_code, 5);
    const y = await orderOf(p.product_code, 5);
    const rs = await Promise.all([y, x].map((o) => fire('ship', o.fsm_instance_id)));
    expect(rs.map((r) => r.status)).toEqual([400, 200]);
    expect(rs[0]!.body).toMatchObject({ error: 'ship_short_stock', params: { order: y.fsm_reference, product: p.product_code, short: 5 } });
    expect([await stateOf(x.fsm_instance_id), await stateOf(y.fsm_instance_id), await stateOf(first.fsm_instance_id)]).toEqual(['shipped', 'paid', 'placed']);
    expect(await onHandOf(p.product_code)).toBe(5);
    expect((await one('select reserved_qty::float8 as r from app.v_stock_reserved where product_code = $1', [p.product_code])).r).toBe(10);
    await checkLedger('SK01');
    await checkReserved('SK01');
  });

  // Two ships of the same goods at once, held together on the product's stock rows: each must plan from what the other
  // left. Two locks order them today: 092 locks the stock rows before planning, and the pick list each ship makes takes
  // its company's number counter (097) before it plans. With neither, both plan from the first storage's 3 units and the
  // second's pick falls below zero (400 stock_not_negative). Only the PostgreSQL server has a second connection to hold them.
  it.runIf(engine === 'postgres')('ships two orders of the last units on two storages at once, one after the other: each takes what the other left (issue 43)', async () => {
    const p = await freshProduct(2, 3);
    const second = (
      await one(
        "select storage_id from app.storages where company_code = 'SK01' and active and storage_id <> (select storage_id from app.stock_levels where product_code = $1 and on_hand > 0) order by storage_id limit 1",
        [p.product_code],
      )
    ).storage_id;
    await ok(admin, 'stock_corrections', 'add', { product_code: p.product_code, storage_id: second, quantity: 3, reason: 'test: second storage' });
    const x = await orderOf(p.product_code, 4);
    const y = await orderOf(p.product_code, 2);
    const holder = await openDb({ databaseUrl: s.databaseUrl });
    let both: Promise<Awaited<ReturnType<typeof fire>>[]> | undefined;
    try {
      await holder.transaction(async (tx) => {
        await tx.query('select 1 from app.stock_levels where product_code = $1 order by storage_id for update', [p.product_code]);
        both = Promise.all([x, y].map((o) => fire('ship', o.fsm_instance_id)));
        // Both ships wait: on the stock rows, or behind the other's counter row.
        // (Read on another connection: a transaction sees pg_stat_activity as it was at its first look.)
        await vi.waitFor(async () => expect((await one("select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'")).n).toBe(2), {
          timeout: 20_000,
          interval: 50,
        });
      });
    } finally {
      await holder.close();
    }
    const rs = await both!;
    expect(rs.map((r) => [r.status, r.body.rule ?? r.body.error])).toEqual([
      [200, undefined],
      [200, undefined],
    ]);
    expect([await stateOf(x.fsm_instance_id), await stateOf(y.fsm_instance_id)]).toEqual(['shipped', 'shipped']);
    expect(await onHandOf(p.product_code)).toBe(0);
    await checkLedger('SK01');
    await checkReserved('SK01');
  });

  it('receives from the toolbar only purchase orders whose row offers Receive, and names the product that has no home storage (issue 43)', async () => {
    const supplier = (await one("select partner_id from app.partners where company_code = 'SK01' and is_supplier and not deleted order by partner_id limit 1")).partner_id;
    const homed = (
      await one(
        "select p.product_code from app.products p where p.company_code = 'SK01' and p.active and exists (select 1 from app.product_pack_storages s where s.product_code = p.product_code) order by p.product_code offset 470 limit 1",
      )
    ).product_code;
    const homeless = (await one(
      "select p.product_code, p.product_name from app.products p where p.company_code = 'SK01' and p.active and not exists (select 1 from app.product_pack_storages s where s.product_code = p.product_code) order by p.product_code desc limit 1",
    )) as Row;
    const poOf = async (code: string) => {
      const po = (await ok(admin, 'purchase_orders', 'add', { partner_id: supplier })).row;
      await ok(admin, 'purchase_order_items', 'add', { po_id: po.po_id, product_code: code, quantity: 3, unit_price: 2 });
      await ok(admin, 'trigger_fsm', 'set', { event_code: 'order', fsm_instance_id: po.fsm_instance_id, params: {} });
      return po as { po_id: number; fsm_instance_id: number; fsm_reference: string };
    };
    const row = async (po: number) => (await ok(warehouse, 'arriving_shipments', 'filter', { po_id: po }, 'SK01')).rows[0] as Row;
    const receipts = async (po: number) => (await one('select count(*)::int as n from app.purchase_receipts where po_id = $1', [po])).n;
    // Ordered, not confirmed: its row offers no Receive, and the toolbar refuses it by name.
    const po = await poOf(homed);
    expect(offersButton((await row(po.po_id)).fsm_actions as FsmAction[], 'receive')).toBe(false);
    const early = await s.action(warehouse, 'receive_purchase_orders', 'add', { po_ids: [po.po_id] }, 'SK01');
    expect([early.status, early.body.error, early.body.params]).toEqual([409, 'purchase_order_not_receivable', { order: po.fsm_reference }]);
    expect(await receipts(po.po_id)).toBe(0);
    // Confirmed by the supplier: the row offers Receive and the toolbar takes it.
    await ok(admin, 'trigger_fsm', 'set', { event_code: 'confirm', fsm_instance_id: po.fsm_instance_id, params: {} });
    expect(offersButton((await row(po.po_id)).fsm_actions as FsmAction[], 'receive')).toBe(true);
    expect(await ok(warehouse, 'receive_purchase_orders', 'add', { po_ids: [po.po_id] }, 'SK01')).toEqual({ receipts: 1, quantity: 3, received: 1 });
    // Onto home storages, a product without one is named (code and name); nothing is received.
    const other = await poOf(homeless.product_code);
    // Not confirmed yet: the order is named first, before its lines' storages are looked at.
    const unconfirmed = await s.action(warehouse, 'receive_purchase_orders', 'add', { po_ids: [other.po_id] }, 'SK01');
    expect([unconfirmed.status, unconfirmed.body.error, unconfirmed.body.params]).toEqual([409, 'purchase_order_not_receivable', { order: other.fsm_reference }]);
    await ok(admin, 'trigger_fsm', 'set', { event_code: 'confirm', fsm_instance_id: other.fsm_instance_id, params: {} });
    const r = await s.action(warehouse, 'receive_purchase_orders', 'add', { po_ids: [other.po_id] }, 'SK01');
    expect([r.status, r.body.error, r.body.params]).toEqual([
      400,
      'receipt_storage_missing',
      { product: homeless.product_code, name: (homeless.product_name as Record<string, string>)[await langOf('warehouse@example.com')], rule: 'receipt_storage_missing' },
    ]);
    expect(await receipts(other.po_id)).toBe(0);
  });

  it('shows reserved and on-order quantities in the product list as the orders give them, never typed', async () => {
    const listed = await rows("select product_code, qty::text as r, order_qty::text as o from app.v_product_list where company_code = 'SK01'");
    const reserved = new Map((await rows("select product_code, reserved_qty::text as r from app.v_stock_reserved where company_code = 'SK01'")).map((x) => [x.product_code, scaled(x.r, 3)]));
    const onOrder = new Map((await rows("select product_code, on_order_qty::text as o from app.v_stock_on_order where company_code = 'SK01'")).map((x) => [x.product_code, scaled(x.o, 3)]));
    expect(listed.filter((x) => scaled(x.r, 3) !== (reserved.get(x.product_code) ?? 0n) || scaled(x.o, 3) !== (onOrder.get(x.product_code) ?? 0n))).toEqual([]);
    expect(listed.some((x) => scaled(x.r, 3) > 0n) && listed.some((x) => scaled(x.o, 3) > 0n)).toBe(true);
    // A new purchase order line is on order at once; the columns cannot be written.
    const p = await stocked();
    const supplier = (await one("select partner_id from app.partners where company_code = 'SK01' and is_supplier and not deleted order by partner_id limit 1")).partner_id;
    const grid = async () => (await ok(admin, 'product_list', 'filter', { product_code: p.product_code })).rows[0] as Row;
    const was = Number((await grid()).order_qty);
    const po = (await ok(admin, 'purchase_orders', 'add', { partner_id: supplier })).row;
    await ok(admin, 'purchase_order_items', 'add', { po_id: po.po_id, product_code: p.product_code, quantity: 7, unit_price: 1 });
    expect(Number((await grid()).order_qty)).toBe(was + 7);
    expect((await s.action(admin, 'product_list', 'set', { product_code: p.product_code, order_qty: 1 })).status).toBe(400);
  });

  it('reports the stock value per product and the company’s stock per shelf from the ledger, and they follow a receipt', async () => {
    const value = async () => {
      const listed: Row[] = (await ok(admin, 'stock_value', 'list', { endRow: 20000 })).rows;
      const want = await rows(
        "select product_code, stock_qty::text as q, coalesce(purchase_price_base, 0)::text as c from app.products where company_code = 'SK01' and stock_qty > 0 order by product_code",
      );
      expect(listed.length).toBe(want.length);
      const byCode = new Map(listed.map((r) => [r.product_code as string, r]));
      for (const w of want) {
        const exact = scaled(w.q, 3) * scaled(w.c, 4); // 7 decimals
        const rounded = (exact + 500n) / 1000n; // to 4, half up (values are positive)
        expect(Math.round(byCode.get(w.product_code)!.stock_value * 1e4), w.product_code).toBe(Number(rounded));
      }
      return listed.reduce((a, r) => a + r.stock_value, 0);
    };
    const shelves = async () => {
      const listed: Row[] = (await ok(admin, 'company_stocks', 'list', { endRow: 100 })).rows;
      const want = await rows(
        `select sh.shelf_code, coalesce(sum(l.on_hand), 0)::text as q,
                coalesce((select sum(m.quantity) from app.stock_movements m join app.storages s2 on s2.storage_id = m.storage_id
                          where s2.shelf_id = sh.shelf_id and m.quantity > 0 and m.moved_at >= now() - interval '12 months'), 0)::text as came
         from app.shelves sh join app.storages s on s.shelf_id = sh.shelf_id left join app.stock_levels l on l.storage_id = s.storage_id
         where sh.company_code = 'SK01' group by sh.shelf_id order by sh.walk_order, sh.shelf_code`,
      );
      expect(listed.map((r) => [r.shelf_code, r.stock_qty, r.received_12m])).toEqual(want.map((w) => [w.shelf_code, Number(w.q), Number(w.came)]));
      return listed;
    };
    const before = await value();
    const shelfBefore = await shelves();
    // A correction adds ten units of a product with a price: both reports move.
    const p = (await one(
      "select product_code, purchase_price_base::float8 as c from app.products where company_code = 'SK01' and purchase_price_base > 0 and stock_qty > 0 order by product_code limit 1",
    )) as Row;
    const storage = (await one("select s.storage_id, sh.shelf_code from app.storages s join app.shelves sh using (shelf_id) where s.company_code = 'SK01' order by s.storage_id limit 1")) as Row;
    await ok(admin, 'stock_corrections', 'add', { product_code: p.product_code, storage_id: storage.storage_id, quantity: 10, reason: 'found' });
    expect(await value()).toBeCloseTo(before + 10 * p.c, 2);
    const shelfAfter = await shelves();
    const at = shelfBefore.findIndex((r) => r.shelf_code === storage.shelf_code);
    expect(shelfAfter[at]!.stock_qty).toBe(shelfBefore[at]!.stock_qty + 10);
    // Grouped as the chart asks: value per brand equals the rows' sums.
    const agg = await ok(admin, 'stock_value', 'aggregate', { groupBy: ['brand_name'], aggregates: { stock_value: ['sum'] } });
    const sums = await rows(
      "select b.brand_name, sum(round(p.stock_qty * coalesce(p.purchase_price_base, 0), 4))::float8 as v from app.products p left join app.brands b using (brand_id) where p.company_code = 'SK01' and p.stock_qty > 0 group by b.brand_name",
    );
    for (const g of agg.groups) expect(g.aggs.stock_value.sum).toBeCloseTo(sums.find((x) => x.brand_name === g.key.brand_name)!.v, 4);
  });

  it('attaches a document to a purchase order, lists it below the order and serves it only to the order’s company', async () => {
    const po = (await one("select po_id from app.purchase_orders where company_code = 'SK01' order by po_id limit 1")).po_id;
    const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const form = new FormData();
    form.set('file', new Blob([pdf]), 'Bill of lading.pdf');
    form.set('po_id', String(po));
    form.set('doc_type', 'bill_of_lading');
    const up = await fetch(`${s.url}/api/files/purchase_order_documents`, { method: 'POST', body: form, headers: { authorization: `Bearer ${admin}`, 'x-company': 'SK01' } });
    expect(up.status, await up.clone().text()).toBe(200);
    const { row } = (await up.json()).data;
    expect(row).toMatchObject({ po_id: po, doc_type: 'bill_of_lading', file_name: 'Bill of lading.pdf', content_type: 'application/pdf', size_bytes: pdf.length });
    expect((await ok(admin, 'purchase_order_documents', 'filter', { po_id: po })).rows.map((r: Row) => r.doc_id)).toEqual([row.doc_id]);
    const back = await fetch(`${s.url}/api/files/purchase_order_documents/${row.doc_id}`, { headers: { authorization: `Bearer ${admin}`, 'x-company': 'SK01' } });
    expect([back.status, Buffer.from(await back.arrayBuffer()).equals(Buffer.from(pdf))]).toEqual([200, true]);
    expect((await fetch(`${s.url}/api/files/purchase_order_documents/${row.doc_id}`, { headers: { authorization: `Bearer ${admin}`, 'x-company': 'HU01' } })).status).toBe(404);
    // Another company's order is no parent: nothing stored.
    const hu = (await one("select po_id from app.purchase_orders where company_code = 'HU01' order by po_id limit 1")).po_id;
    const f2 = new FormData();
    f2.set('file', new Blob([pdf]), 'x.pdf');
    f2.set('po_id', String(hu));
    const refused = await fetch(`${s.url}/api/files/purchase_order_documents`, { method: 'POST', body: f2, headers: { authorization: `Bearer ${admin}`, 'x-company': 'SK01' } });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    // (The purchase orders sent to suppliers above keep their own copies: generated_key, migration 130.)
    expect((await one('select count(*)::int as n from app.purchase_order_documents where generated_key is null')).n).toBe(1);
  });

  it('gives the warehouse user the day’s work (receive, pick, move, count) and nothing else; other companies’ rows stay out', async () => {
    const po = (await rows("select po_id from app.v_arriving_shipments where company_code = 'HU01' limit 1"))[0];
    const arriving: Row[] = (await ok(warehouse, 'arriving_shipments', 'list', { endRow: 500 }, 'HU01')).rows;
    expect(arriving.every((r) => ['ordered', 'confirmed', 'in_transit'].includes(r.state_code))).toBe(true);
    if (po) expect(arriving.some((r) => r.po_id === po.po_id)).toBe(true);
    // Purchasing is read only for the warehouse: no new orders, no supplier prices.
    expect((await s.action(warehouse, 'purchase_orders', 'add', { partner_id: 1 }, 'HU01')).status).toBe(403);
    expect((await s.action(warehouse, 'goods_to_order_create', 'add', { lines: [{ product_code: 'P000001', quantity: 1 }] }, 'HU01')).status).toBe(403);
    // The catalogue user sees none of it; another company's purchase orders are unknown.
    for (const form of ['pick_lists', 'arriving_shipments', 'stock_movements', 'purchase_orders', 'goods_to_order']) expect((await s.action(catalog, form, 'list', { endRow: 5 })).status).toBe(403);
    const czPo = (await one("select po_id from app.purchase_orders where company_code = 'CZ01' order by po_id limit 1")).po_id;
    expect((await s.action(admin, 'receive_purchase_orders', 'add', { po_ids: [czPo] }, 'SK01')).status).toBe(404);
    const sk: Row[] = (await ok(admin, 'stock_movements', 'list', { endRow: 100 }, 'SK01')).rows;
    expect(sk.every((r) => r.product_code && r.kind)).toBe(true);
    expect((await ok(admin, 'stock_movements', 'list', { endRow: 100, filterModel: { product_code: { filterType: 'text', type: 'equals', filter: 'P000002' } } }, 'CZ01')).rows).toEqual([]);
  });
});
