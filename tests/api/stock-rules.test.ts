/**
 * Stock rules on every path (issue 43, migration 098), on both engines:
 *
 * - A pick list honours reservations like Ship (092): an order's lines are listed only
 *   within what is available to it (on hand less what earlier open orders still need), paid
 *   or not; what could not be listed is answered per order and product, and a list that can
 *   take nothing is refused naming the order, the product (in the user's language) and what
 *   it lacks. Two orders racing for the last units: the earlier one gets them, whichever
 *   asks first.
 * - Goods arrive only on a purchase order confirmed or in transit (app.po_receivable): a
 *   receipt of part of a line (the detail grid, SQL), the toolbar's Receive and the
 *   workflow's "Receive goods" (even on a transition an administrator added) refuse an
 *   ordered one, naming it, and write nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, serverHelpers, startSignedIn, type Json, type TestServer } from './harness.ts';

type Row = Record<string, Json>;

describe.each(engines)('stock rules on %s', (engine) => {
  let s: TestServer, admin: string, warehouse: string;
  beforeAll(async () => {
    ({ s, admin, warehouse } = await startSignedIn(engine));
    // This suite marks orders paid by the event alone (its subject is what follows): its companies allow orders paid without payment (migration 128).
    await s.db.query('update app.companies set paid_without_payment = true');
  });
  afterAll(() => s?.close());
  const { ok, rows, one } = serverHelpers(() => s);

  const langOf = async (email: string) => (await one('select language_code from app.users where user_email = $1', [email])).language_code as string;
  const stateOf = async (instance: number) => (await one('select s.state_code from app.fsm_instances i join app.fsm_states s using (state_id) where fsm_instance_id = $1', [instance])).state_code;
  const fire = (token: string, event: string, instance: number) =>
    s.action(token, 'fsm_trigger', 'set', { event_code: event, fsm_instance_id: [instance], params: event === 'pay' ? { checkbox: false } : {} }, 'SK01');

  describe('pick lists honour reservations', () => {
    /** A product of SK01 in no order yet whose whole stock is `qty`, on one storage. */
    const productWith = async (skip: number, qty: number) => {
      const p = (await one(
        `select p.product_code, p.product_name from app.products p
         where p.company_code = 'SK01' and p.active and not exists (select 1 from app.sales_order_items i where i.product_code = p.product_code)
         order by p.product_code desc offset $1 limit 1`,
        [skip],
      )) as { product_code: string; product_name: Record<string, string> };
      for (const l of await rows('select storage_id, on_hand::float8 as q from app.stock_levels where product_code = $1 and on_hand > 0', [p.product_code]))
        await ok(admin, 'stock_corrections', 'add', { product_code: p.product_code, storage_id: l.storage_id, quantity: -l.q, reason: 'test: start from none' });
      const storage = (await one("select storage_id from app.storages where company_code = 'SK01' and active order by storage_id limit 1")).storage_id;
      await ok(admin, 'stock_corrections', 'add', { product_code: p.product_code, storage_id: storage, quantity: qty, reason: 'test: stock' });
      return p;
    };
    /** A new order of SK01 for `quantity` of the product, moved through `events` (confirm, pay: paid). */
    const orderOf = async (code: string, quantity: number, events = ['confirm', 'pay']) => {
      const partner = (await one("select partner_id from app.partners where company_code = 'SK01' and not is_supplier and not deleted order by partner_id limit 1")).partner_id;
      const o = (await ok(admin, 'sales_orders', 'add', { partner_id: partner })).row;
      await ok(admin, 'sales_order_items', 'add', { order_id: o.order_id, product_code: code, quantity });
      for (const e of events) expect((await fire(admin, e, o.fsm_instance_id)).status).toBe(200);
      return o as { order_id: number; fsm_instance_id: number; fsm_reference: string };
    };
    const listedFor = async (order: number) =>
      Number((await one('select coalesce(sum(x.quantity), 0)::float8 as q from app.pick_list_items x join app.sales_order_items it using (item_id) where it.order_id = $1', [order])).q);
    const counts = async () => one('select (select count(*) from app.pick_lists)::int as l, (select count(*) from app.pick_list_items)::int as i');

    it('lists an order only within what is available to it: an earlier unpaid order keeps its reservation; short, it names the product (issue 43)', async () => {
      const p = await productWith(4, 10);
      const name = p.product_name[await langOf('warehouse@example.com')];
      // Placed first and not paid: it reserves 8 of the 10; the paid order after it may take 2 of its 5.
      const earlier = await orderOf(p.product_code, 8, []);
      const later = await orderOf(p.product_code, 5);
      const made = await ok(warehouse, 'pick_list_create', 'add', { order_ids: [later.order_id] }, 'SK01');
      expect(made.lines).toBe(1);
      expect(await listedFor(later.order_id)).toBe(2);
      expect(made.short).toEqual([{ order: later.fsm_reference, product: p.product_code, name, short: 3 }]);
      // Nothing more is available to it: refused by name, and no empty list is left behind.
      const was = await counts();
      const again = await s.action(warehouse, 'pick_list_create', 'add', { order_ids: [later.order_id] }, 'SK01');
      expect([again.status, again.body.error]).toEqual([400, 'pick_short_stock']);
      expect(again.body.params).toEqual({ order: later.fsm_reference, product: p.product_code, name, short: 3, rule: 'pick_short_stock' });
      expect(await counts()).toEqual(was);
      // The toolbar's list of every paid order takes no more for it either.
      const all = await s.action(warehouse, 'pick_list_create', 'add', {}, 'SK01');
      expect(all.status, JSON.stringify(all.body)).toBeLessThan(500);
      expect(await listedFor(later.order_id)).toBe(2);
      // Once the earlier order is cancelled its reservation is free: the rest is listed.
      expect((await fire(admin, 'cancel', earlier.fsm_instance_id)).status).toBe(200);
      const rest = await ok(warehouse, 'pick_list_create', 'add', { order_ids: [later.order_id] }, 'SK01');
      expect([rest.lines, rest.short]).toEqual([1, []]);
      expect(await listedFor(later.order_id)).toBe(5);
    });

    it('gives the last units to the earlier of two orders making pick lists at once; the later is refused by name (issue 43)', async () => {
      const p = await productWith(5, 5);
      const first = await orderOf(p.product_code, 5);
      const second = await orderOf(p.product_code, 5);
      const was = await counts();
      // The later order asks first.
      const [late, early] = await Promise.all([second, first].map((o) => s.action(warehouse, 'pick_list_create', 'add', { order_ids: [o.order_id] }, 'SK01')));
      expect([early!.status, late!.status]).toEqual([200, 400]);
      expect(late!.body).toMatchObject({ error: 'pick_short_stock', params: { order: second.fsm_reference, product: p.product_code, short: 5 } });
      expect(await listedFor(first.order_id)).toBe(5);
      expect(await listedFor(second.order_id)).toBe(0);
      expect((await counts()).l).toBe(was.l + 1);
      // Picked and shipped, the earlier order's goods are gone; the later one still cannot take any.
      expect((await fire(admin, 'ship', first.fsm_instance_id)).status).toBe(200);
      const after = await s.action(warehouse, 'pick_list_create', 'add', { order_ids: [second.order_id] }, 'SK01');
      expect(after.body).toMatchObject({ error: 'pick_short_stock', params: { short: 5 } });
    });
  });

  describe('goods arrive only on a confirmed purchase order or one in transit', () => {
    const supplier = async () => (await one("select partner_id from app.partners where company_code = 'SK01' and is_supplier and not deleted order by partner_id limit 1")).partner_id;
    /** An ordered (sent, not confirmed) purchase order of 4 of a product, with its line. */
    const orderedPo = async (skip: number) => {
      const po = (await ok(admin, 'purchase_orders', 'add', { partner_id: await supplier() })).row as { po_id: number; fsm_instance_id: number; fsm_reference: string };
      const code = (await one("select product_code from app.products where company_code = 'SK01' and active order by product_code offset $1 limit 1", [skip])).product_code;
      const line = (await ok(admin, 'purchase_order_items', 'add', { po_id: po.po_id, product_code: code, quantity: 4, unit_price: 2 })).row;
      expect((await fire(admin, 'order', po.fsm_instance_id)).status).toBe(200);
      return { ...po, line: line.po_item_id as number, code: code as string };
    };
    const storage = async () => (await one("select storage_id from app.storages where company_code = 'SK01' and active order by storage_id limit 1")).storage_id;
    const written = async (po: number) => one('select (select count(*) from app.purchase_receipts where po_id = $1)::int as r, (select count(*) from app.stock_movements)::int as m', [po]);

    it('refuses a receipt of part of a line on an ordered purchase order (detail grid, SQL), then takes it once confirmed', async () => {
      const po = await orderedPo(480);
      const before = await written(po.po_id);
      const part = await s.action(warehouse, 'purchase_receipts', 'add', { po_id: po.po_id, po_item_id: po.line, storage_id: await storage(), quantity: 1 }, 'SK01');
      expect([part.status, part.body.rule]).toEqual([400, 'purchase_order_not_receivable']);
      await expect(s.db.query('insert into app.purchase_receipts (po_item_id, storage_id, quantity) values ($1, $2, 1)', [po.line, await storage()])).rejects.toMatchObject({
        constraint: 'purchase_order_not_receivable',
      });
      expect(await written(po.po_id)).toEqual(before);
      expect(await stateOf(po.fsm_instance_id)).toBe('ordered');
      expect((await fire(admin, 'confirm', po.fsm_instance_id)).status).toBe(200);
      await ok(warehouse, 'purchase_receipts', 'add', { po_id: po.po_id, po_item_id: po.line, storage_id: await storage(), quantity: 1 }, 'SK01');
      expect((await written(po.po_id)).r).toBe(1);
    });

    it('refuses the toolbar’s Receive on an ordered purchase order by name', async () => {
      const po = await orderedPo(481);
      const before = await written(po.po_id);
      const r = await s.action(warehouse, 'receive_purchase_orders', 'add', { po_ids: [po.po_id], storage_id: await storage() }, 'SK01');
      expect([r.status, r.body.error, r.body.params]).toEqual([409, 'purchase_order_not_receivable', { order: po.fsm_reference }]);
      expect(await written(po.po_id)).toEqual(before);
    });

    it('offers no "Receive goods" on an ordered purchase order, and refuses it by name where a transition leads there anyway', async () => {
      const po = await orderedPo(482);
      const actions = (await ok(admin, 'purchase_orders', 'filter', { po_id: po.po_id })).rows[0].fsm_actions as Row[];
      expect(actions.map((a) => a.event_code)).not.toContain('receive');
      const plain = await fire(admin, 'receive', po.fsm_instance_id);
      expect([plain.status, plain.body.error]).toEqual([409, 'event_not_allowed']);
      expect(await stateOf(po.fsm_instance_id)).toBe('ordered');
      // An administrator adds the transition back (the workflow diagram): the rule still refuses the move, naming the order.
      const state = async (code: string) => (await one("select state_id from app.fsm_states where type_code = 'purchase_order' and state_code = $1", [code])).state_id;
      const added = (
        await one("insert into app.fsm_transitions (type_code, event_code, from_state_id, to_state_id) values ('purchase_order', 'receive', $1, $2) returning transition_id", [
          await state('ordered'),
          await state('received'),
        ])
      ).transition_id;
      try {
        const before = await written(po.po_id);
        const r = await fire(admin, 'receive', po.fsm_instance_id);
        expect([r.status, r.body.error, r.body.params]).toEqual([409, 'purchase_order_not_receivable', { order: po.fsm_reference }]);
        expect(await stateOf(po.fsm_instance_id)).toBe('ordered');
        expect(await written(po.po_id)).toEqual(before);
        expect((await one('select count(*)::int as n from app.fsm_history where fsm_instance_id = $1 and event_code = $2', [po.fsm_instance_id, 'receive'])).n).toBe(0);
      } finally {
        await s.db.query('delete from app.fsm_transitions where transition_id = $1', [added]);
      }
      // Any other writer moving it there (SQL, not the event: no receipt is tried first) meets the rule on the instance itself.
      await expect(s.db.query('update app.fsm_instances set state_id = $1 where fsm_instance_id = $2', [await state('received'), po.fsm_instance_id])).rejects.toMatchObject({
        constraint: 'purchase_order_not_receivable',
      });
      expect(await stateOf(po.fsm_instance_id)).toBe('ordered');
      // Confirmed, "Receive goods" moves it.
      expect((await fire(admin, 'confirm', po.fsm_instance_id)).status).toBe(200);
      expect((await fire(admin, 'receive', po.fsm_instance_id)).status).toBe(200);
      expect(await stateOf(po.fsm_instance_id)).toBe('received');
    });
  });
});
