/**
 * The purchase order workflow's "Receive goods" (issue 43, the tester's journey: Confirmed →
 * Receive) takes the goods, as the Arriving shipments toolbar does: every open line onto
 * its product's home storage, the stock on hand up by what was open, the ledger's receipts
 * at landed cost by the user, the order closed as received once, by that user. It closed
 * the order with the stock unchanged before. A product without a home storage refuses the
 * event by name, and a user without the warehouse's add right on Arriving shipments may not
 * receive by it; both leave the order and the stock as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantUserPage } from './grants.ts';
import { engines, serverHelpers, startSignedIn, type TestServer } from './harness.ts';

describe.each(engines)('the workflow’s Receive goods on %s', (engine) => {
  let s: TestServer, admin: string, catalog: string;
  beforeAll(async () => void ({ s, admin, catalog } = await startSignedIn(engine)));
  afterAll(() => s?.close());
  const { ok, rows, one } = serverHelpers(() => s);

  const supplier = async () => (await one("select partner_id from app.partners where company_code = 'SK01' and is_supplier and not deleted order by partner_id limit 1")).partner_id as number;
  /** Products of SK01 in no purchase order, with (or without) a home storage. */
  const products = async (homed: boolean, n: number, skip: number) =>
    (await rows(
      `select p.product_code, p.product_name, (select ps.storage_id from app.product_pack_storages ps where ps.product_code = p.product_code order by ps.pack_no, ps.storage_id limit 1) as storage_id
       from app.products p where p.company_code = 'SK01' and p.active
         and ${homed ? '' : 'not'} exists (select 1 from app.product_pack_storages ps where ps.product_code = p.product_code)
         and not exists (select 1 from app.purchase_order_items i where i.product_code = p.product_code)
       order by p.product_code offset $1 limit $2`,
      [skip, n],
    )) as { product_code: string; product_name: Record<string, string>; storage_id: number | null }[];
  /** A purchase order of SK01 in EUR for the products (quantity, price), sent and confirmed by the supplier. */
  const confirmedOrder = async (lines: [code: string, quantity: number, price: number][]) => {
    const po = (await ok(admin, 'purchase_orders', 'add', { partner_id: await supplier(), currency_code: 'EUR' }, 'SK01')).row as { po_id: number; fsm_instance_id: number };
    for (const [code, quantity, price] of lines) await ok(admin, 'purchase_order_items', 'add', { po_id: po.po_id, product_code: code, quantity, unit_price: price }, 'SK01');
    for (const event of ['order', 'confirm']) await ok(admin, 'fsm_trigger', 'set', { event_code: event, fsm_instance_id: [po.fsm_instance_id], params: {} }, 'SK01');
    return po;
  };
  const receive = (token: string, fsmInstanceId: number) => s.action(token, 'fsm_trigger', 'set', { event_code: 'receive', fsm_instance_id: [fsmInstanceId], params: {} }, 'SK01');
  const stateOf = async (id: number) => (await one('select s.state_code from app.fsm_instances i join app.fsm_states s using (state_id) where i.fsm_instance_id = $1', [id])).state_code as string;
  const onHand = async (code: string) => (await one('select coalesce(sum(on_hand), 0)::float8 as q from app.stock_levels where product_code = $1', [code])).q as number;
  const userId = async (email: string) => (await one('select user_id from app.users where user_email = $1', [email])).user_id as number;
  const receipts = async (poId: number) => (await one('select count(*)::int as n from app.purchase_receipts where po_id = $1', [poId])).n as number;

  it('receives every open line onto its home storage, at landed cost, and closes the order once', async () => {
    const [a, b] = await products(true, 2, 0);
    const po = await confirmedOrder([
      [a!.product_code, 12, 3],
      [b!.product_code, 8, 5],
    ]);
    // One line partly received on the Arriving shipments' detail grid first: the event takes what is still open.
    const lineA = (await one('select po_item_id from app.purchase_order_items where po_id = $1 and product_code = $2', [po.po_id, a!.product_code])).po_item_id;
    await ok(admin, 'purchase_receipts', 'add', { po_id: po.po_id, po_item_id: lineA, storage_id: a!.storage_id, quantity: 2 }, 'SK01');
    const had = [await onHand(a!.product_code), await onHand(b!.product_code)];

    const r = await receive(admin, po.fsm_instance_id);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.rows[0]).toMatchObject({ state_code: 'received', final_state: true });
    expect([await onHand(a!.product_code), await onHand(b!.product_code)]).toEqual([had[0]! + 10, had[1]! + 8]);
    const me = await userId('admin@example.com');
    expect(
      await rows(
        `select m.product_code, m.storage_id, m.quantity::float8 as q, m.unit_cost::float8 as cost, m.user_id from app.stock_movements m
         join app.purchase_receipts r on r.receipt_id = m.doc_id where m.kind = 'receipt' and r.po_id = $1 order by m.movement_id`,
        [po.po_id],
      ),
    ).toEqual([
      { product_code: a!.product_code, storage_id: a!.storage_id, q: 2, cost: 3, user_id: me },
      { product_code: a!.product_code, storage_id: a!.storage_id, q: 10, cost: 3, user_id: me },
      { product_code: b!.product_code, storage_id: b!.storage_id, q: 8, cost: 5, user_id: me },
    ]);
    expect((await rows('select open_qty::float8 as o from app.v_purchase_order_items where po_id = $1', [po.po_id])).map((x) => x.o)).toEqual([0, 0]);
    expect(await rows("select user_id from app.fsm_history h where fsm_instance_id = $1 and event_code = 'receive'", [po.fsm_instance_id])).toEqual([{ user_id: me }]);
    // Received: the event is no longer possible, nothing more arrives.
    const again = await receive(admin, po.fsm_instance_id);
    expect([again.status, again.body.error]).toEqual([409, 'event_not_allowed']);
    expect(await receipts(po.po_id)).toBe(3);
  });

  it('refuses the event for a product without a home storage, by name; the order stays confirmed, nothing arrives', async () => {
    const [homed] = await products(true, 1, 10);
    const [homeless] = await products(false, 1, 0);
    const po = await confirmedOrder([
      [homed!.product_code, 4, 2],
      [homeless!.product_code, 4, 2],
    ]);
    const had = await onHand(homed!.product_code);
    const r = await receive(admin, po.fsm_instance_id);
    const lang = (await one("select language_code from app.users where user_email = 'admin@example.com'")).language_code as string;
    expect([r.status, r.body.error, r.body.params]).toEqual([400, 'receipt_storage_missing', { product: homeless!.product_code, name: homeless!.product_name[lang], rule: 'receipt_storage_missing' }]);
    expect(await stateOf(po.fsm_instance_id)).toBe('confirmed');
    expect(await receipts(po.po_id)).toBe(0);
    expect(await onHand(homed!.product_code)).toBe(had);
  });

  it('refuses a user who may move purchase orders but not receive goods (no add on Arriving shipments)', async () => {
    const [p] = await products(true, 1, 20);
    const po = await confirmedOrder([[p!.product_code, 5, 1]]);
    await grantUserPage(s, await userId('catalog@example.com'), 'purchasing.purchase_orders', { can_list: true, can_set: true });
    const had = await onHand(p!.product_code);
    const r = await receive(catalog, po.fsm_instance_id);
    expect([r.status, r.body.error]).toEqual([403, 'forbidden']);
    expect(await stateOf(po.fsm_instance_id)).toBe('confirmed');
    expect(await receipts(po.po_id)).toBe(0);
    expect(await onHand(p!.product_code)).toBe(had);
    // Other moves of the order stay hers: the supplier dispatched it.
    expect((await s.action(catalog, 'fsm_trigger', 'set', { event_code: 'dispatch', fsm_instance_id: [po.fsm_instance_id], params: {} }, 'SK01')).status).toBe(200);
    expect(await stateOf(po.fsm_instance_id)).toBe('in_transit');
  });
});
