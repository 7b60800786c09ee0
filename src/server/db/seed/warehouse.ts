/**
 * Demo warehouse and purchasing (issue 23): per company eight shelves along the pick path
 * with fifteen storages each, a home storage for the products' packs (a few products left
 * without one), suppliers per product, purchase orders over eighteen months in every state
 * (with related costs in other currencies), and the stock ledger that tells how the stock
 * came to be: an opening balance eighteen months ago, the receipts of the received orders,
 * the picks of the shipped sales orders (their pick lists), a few transfers and corrections.
 * The stock each product ends with is the one products.ts drew (`stock`) where
 * the movements allow, and at least what the paid orders will ship. Only products past
 * the first codes (as orders do: tests delete those freely, and a product with stock
 * history is not deleted) take part. Bulk statements throughout; deterministic
 * (seed/prng.ts).
 */
import type { Queryable } from '../types.ts';
import { companies } from './companies.ts';
import { insertRows } from './insert.ts';
import { createRng, type Rng } from './prng.ts';

const SHELVES = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];
const DAY_MIN = 24 * 60;
const HISTORY_DAYS = 548; // eighteen months

interface Product {
  product_code: string;
  stock: number;
  base: number | null;
  currency: string | null;
  original: number | null;
  purchase_time: number | null;
}

const rows = async <T>(tx: Queryable, sql: string, params: unknown[] = []): Promise<T[]> => (await tx.query<T & object>(sql, params)).rows;

/** Demo: shelves, storages, suppliers, purchase orders, pick lists and the stock ledger. */
export async function seedWarehouse(tx: Queryable, stock: ReadonlyMap<string, number>): Promise<void> {
  const rng = createRng(0x57_0c_0047);
  for (const company of companies) await seedCompany(tx, rng, company.code, stock);
}

async function seedCompany(tx: Queryable, rng: Rng, company: string, stock: ReadonlyMap<string, number>): Promise<void> {
  const all = await rows<Omit<Product, 'stock'>>(
    tx,
    `select product_code, purchase_price_base::float8 as base, purchase_price_currency_code as currency,
            purchase_price_original::float8 as original, purchase_time
     from app.products where company_code = $1 order by product_code`,
    [company],
  );
  if (!all.length) return;
  // Past the first codes, and every product an order sold (a small catalogue's orders reach below them).
  const sold = new Set(
    (await rows<{ product_code: string }>(tx, 'select distinct it.product_code from app.sales_order_items it join app.sales_orders o using (order_id) where o.company_code = $1', [company])).map(
      (r) => r.product_code,
    ),
  );
  const skip = Math.min(200, Math.floor(all.length / 2));
  const products: Product[] = all.filter((p, i) => i >= skip || sold.has(p.product_code)).map((p) => ({ ...p, stock: stock.get(p.product_code) ?? 0 }));

  // Shelves and storages: A–H along the path, 5 positions × 3 levels each.
  const shelves = await rows<{ shelf_id: number; shelf_code: string }>(
    tx,
    `insert into app.shelves (company_code, shelf_code, description, walk_order)
     select $1, s.code, s.description, s.n from jsonb_to_recordset($2::jsonb) s(code text, description text, n int) order by s.n returning shelf_id, shelf_code`,
    [company, JSON.stringify(SHELVES.map((code, i) => ({ code, n: (i + 1) * 10, description: i < 2 ? 'Small parts' : i < 6 ? 'Main hall' : 'Bulky goods' })))],
  );
  const storageRows = shelves.flatMap((sh) =>
    [1, 2, 3, 4, 5].flatMap((position) => [1, 2, 3].map((level) => ({ shelf_id: sh.shelf_id, storage_code: `${sh.shelf_code}-${String(position).padStart(2, '0')}-${level}`, position, level }))),
  );
  const storages = await rows<{ storage_id: number; storage_code: string }>(
    tx,
    `insert into app.storages (company_code, shelf_id, storage_code, position, level)
     select $1, s.shelf_id, s.storage_code, s.position, s.level from jsonb_to_recordset($2::jsonb) s(shelf_id int, storage_code text, position int, level int)
     order by s.storage_code returning storage_id, storage_code`,
    [company, JSON.stringify(storageRows)],
  );
  const storageIds = storages.map((s) => s.storage_id);

  // Home storages: most products one pack, some two; about one in twenty none yet.
  const home = new Map<string, number>();
  const packs: { product_code: string; pack_no: number; storage_id: number }[] = [];
  for (const p of products) {
    if (rng.chance(0.05)) continue;
    const storage = rng.pick(storageIds);
    home.set(p.product_code, storage);
    packs.push({ product_code: p.product_code, pack_no: 1, storage_id: storage });
    if (rng.chance(0.08)) packs.push({ product_code: p.product_code, pack_no: 2, storage_id: rng.pick(storageIds.filter((s) => s !== storage)) });
  }
  await insertRows(
    tx,
    'app.product_pack_storages',
    [
      ['company_code', 'text'],
      ['product_code', 'text'],
      ['pack_no', 'int'],
      ['storage_id', 'int'],
    ],
    packs.map((r) => ({ company_code: company, ...r })),
  );
  // Stock lies at home, or for a product without one on the last shelf's floor until it gets one.
  const overflow = storages.find((s) => s.storage_code === 'H-05-1')!.storage_id;
  const whereOf = (code: string) => home.get(code) ?? overflow;

  // Suppliers: the company's supplier partners; each stocked product one or two of them.
  const suppliers = (await rows<{ partner_id: number }>(tx, 'select partner_id from app.partners where company_code = $1 and is_supplier and not deleted order by partner_id', [company])).map(
    (r) => r.partner_id,
  );
  if (!suppliers.length) return;
  const supplied: {
    product_code: string;
    partner_id: number;
    supplier_product_code: string;
    purchase_price: number;
    currency_code: string;
    lead_time_days: number;
    min_order_qty: number;
    is_default: boolean;
  }[] = [];
  const supplierOf = new Map<string, number>();
  for (const p of products) {
    if (p.original === null || p.currency === null) continue;
    const first = rng.pick(suppliers);
    supplierOf.set(p.product_code, first);
    const min = rng.pick([1, 1, 5, 10, 12, 25]);
    supplied.push({
      product_code: p.product_code,
      partner_id: first,
      supplier_product_code: `S${first}-${p.product_code.slice(1)}`,
      purchase_price: p.original,
      currency_code: p.currency,
      lead_time_days: p.purchase_time ?? 14,
      min_order_qty: min,
      is_default: true,
    });
    const second = suppliers.find((s) => s !== first);
    if (second && rng.chance(0.25)) {
      supplied.push({
        product_code: p.product_code,
        partner_id: second,
        supplier_product_code: `S${second}-${p.product_code.slice(1)}`,
        purchase_price: Math.round(p.original * rng.float(1.02, 1.2, 2) * 100) / 100,
        currency_code: p.currency,
        lead_time_days: Math.max(3, Math.round((p.purchase_time ?? 14) * 0.6)),
        min_order_qty: min,
        is_default: false,
      });
    }
  }
  await insertRows(
    tx,
    'app.product_suppliers',
    [
      ['company_code', 'text'],
      ['product_code', 'text'],
      ['partner_id', 'int'],
      ['supplier_product_code', 'text'],
      ['purchase_price', 'numeric'],
      ['currency_code', 'text'],
      ['lead_time_days', 'int'],
      ['min_order_qty', 'numeric'],
      ['is_default', 'boolean'],
    ],
    supplied.map((r) => ({ company_code: company, ...r })),
  );

  // Purchase orders over eighteen months, one supplier each; older ones received (a few
  // cancelled), recent ones on their way or still being written.
  const byProduct = new Map(products.map((p) => [p.product_code, p]));
  const bySupplier = new Map<number, string[]>();
  for (const [code, partner] of supplierOf) bySupplier.set(partner, [...(bySupplier.get(partner) ?? []), code]);
  const pos: { n: number; partner_id: number; ago: number; path: string[]; lines: { product_code: string; quantity: number; unit_price: number }[]; eta: number }[] = [];
  const count = rng.int(70, 90);
  for (let n = 0; n < count; n++) {
    const ageDays = Math.floor(rng.next() ** 0.8 * HISTORY_DAYS);
    const partner = rng.pick([...bySupplier.keys()]);
    const codes = bySupplier.get(partner)!;
    const path =
      ageDays > 45
        ? rng.chance(0.92)
          ? ['order', 'confirm', 'dispatch']
          : ['order', 'cancel']
        : ageDays > 20
          ? rng.pick([
              ['order', 'confirm', 'dispatch'],
              ['order', 'confirm', 'dispatch'],
              ['order', 'confirm'],
            ])
          : rng.pick([[], ['order'], ['order', 'confirm']]);
    const lines = new Map<string, { product_code: string; quantity: number; unit_price: number }>();
    for (let i = rng.int(2, 8); i > 0; i--) {
      const code = rng.pick(codes);
      const p = byProduct.get(code)!;
      lines.set(code, { product_code: code, quantity: rng.pick([10, 20, 24, 50, 100, 120, 200]), unit_price: p.base ?? 1 });
    }
    pos.push({ n, partner_id: partner, ago: ageDays * DAY_MIN + rng.int(0, DAY_MIN - 1), path, lines: [...lines.values()], eta: rng.int(10, 40) });
  }
  pos.sort((a, b) => b.ago - a.ago);
  // The newest few are still being written (drafts on /purchasing/new_purchase_order), the
  // ones before them on their way (the arriving shipments of the coming weeks).
  pos.slice(-3).forEach((po, i) => Object.assign(po, { path: [], ago: Math.min(po.ago, (3 - i) * DAY_MIN) }));
  pos.slice(-7, -3).forEach((po, i) => Object.assign(po, { path: ['order', 'confirm', 'dispatch'], ago: Math.min(po.ago, (30 - i * 5) * DAY_MIN) }));
  // And one sent and one confirmed by its supplier: every state of the workflow in every company.
  pos.slice(-9, -7).forEach((po, i) => Object.assign(po, { path: i ? ['order', 'confirm'] : ['order'], ago: Math.min(po.ago, (40 - i * 3) * DAY_MIN) }));
  pos.sort((a, b) => b.ago - a.ago);
  const madePos = await rows<{ po_id: number; fsm_instance_id: number }>(
    tx,
    `insert into app.purchase_orders (company_code, partner_id, currency_code, opened_on, etd, eta, external_reference, container_no, pol, pod, fsm_instance_id)
     select $1, r.partner_id, c.currency_code, (now() - make_interval(mins => r.ago))::date, (now() - make_interval(mins => r.ago))::date + 5,
            (now() - make_interval(mins => r.ago))::date + r.eta, 'SUP-' || lpad(r.n::text, 5, '0'),
            case when r.eta > 25 then 'MSKU' || lpad((1000000 + r.n * 7919 % 8999999)::text, 7, '0') else '' end,
            case when r.eta > 25 then 'CNSHA' else '' end, case when r.eta > 25 then 'DEHAM' else '' end,
            app.fsm_create('purchase_order', $1, null, now() - make_interval(mins => r.ago))
     from jsonb_to_recordset($2::jsonb) r(n int, partner_id int, ago int, eta int) join app.companies c on c.company_code = $1
     order by r.ago desc returning po_id, fsm_instance_id`,
    [company, JSON.stringify(pos.map(({ n, partner_id, ago, eta }) => ({ n, partner_id, ago, eta })))],
  );
  madePos.sort((a, b) => a.po_id - b.po_id);
  await insertRows(
    tx,
    'app.purchase_order_items',
    [
      ['po_id', 'int'],
      ['product_code', 'text'],
      ['quantity', 'numeric'],
      ['unit_price', 'numeric'],
    ],
    pos.flatMap((po, i) => po.lines.map((l) => ({ po_id: madePos[i]!.po_id, ...l }))),
  );
  await insertRows(
    tx,
    'app.purchase_order_costs',
    [
      ['po_id', 'int'],
      ['cost_name', 'text'],
      ['cost_amount', 'numeric'],
      ['cost_currency_code', 'text'],
    ],
    pos.flatMap((po, i) =>
      po.eta > 25
        ? [
            { po_id: madePos[i]!.po_id, cost_name: 'Sea freight', cost_amount: rng.int(900, 2400), cost_currency_code: 'USD' },
            { po_id: madePos[i]!.po_id, cost_name: 'Customs clearance', cost_amount: rng.int(80, 250), cost_currency_code: 'EUR' },
          ]
        : rng.chance(0.5)
          ? [{ po_id: madePos[i]!.po_id, cost_name: 'Road freight', cost_amount: rng.int(60, 400), cost_currency_code: 'EUR' }]
          : [],
    ),
  );
  const longest = Math.max(...pos.map((p) => p.path.length));
  for (let k = 0; k < longest; k++) {
    const moves = pos.flatMap((po, i) => (po.path[k] ? [{ id: madePos[i]!.fsm_instance_id, event: po.path[k]!, ago: Math.max(po.ago - (k + 1) * 2 * DAY_MIN, 60) }] : []));
    await tx.query(
      `select app.fsm_move(i.fsm_instance_id, t.transition_id, 1, '{}'::jsonb, now() - make_interval(mins => r.ago))
       from jsonb_to_recordset($1::jsonb) as r(id bigint, event text, ago int)
       join app.fsm_instances i on i.fsm_instance_id = r.id
       join app.fsm_transitions t on t.type_code = i.type_code and t.event_code = r.event and t.from_state_id = i.state_id`,
      [JSON.stringify(moves)],
    );
  }

  // What arrived: the dispatched orders older than six weeks in full (which closes them as
  // received), a few recent ones in part.
  const receipts: { po_item_id: number; storage_id: number; quantity: number; ago: number }[] = [];
  const items = await rows<{ po_item_id: number; po_id: number; product_code: string; quantity: number }>(
    tx,
    `select it.po_item_id, it.po_id, it.product_code, it.quantity::float8 as quantity from app.purchase_order_items it
     join app.purchase_orders o on o.po_id = it.po_id where o.company_code = $1 order by it.po_item_id`,
    [company],
  );
  const received = new Map<string, number>();
  pos.forEach((po, i) => {
    const dispatched = po.path.at(-1) === 'dispatch';
    const full = dispatched && po.ago > 45 * DAY_MIN;
    const part = dispatched && !full && rng.chance(0.3);
    if (!full && !part) return;
    const ago = Math.max(po.ago - po.eta * DAY_MIN, 120);
    for (const it of items.filter((x) => x.po_id === madePos[i]!.po_id)) {
      const qty = full ? it.quantity : Math.floor(it.quantity / 2);
      if (qty <= 0) continue;
      receipts.push({ po_item_id: it.po_item_id, storage_id: whereOf(it.product_code), quantity: qty, ago });
      received.set(it.product_code, (received.get(it.product_code) ?? 0) + qty);
    }
  });

  // The picks of shipped orders: one pick list per shipping day, each line from the product's storage.
  const picked = await rows<{ item_id: number; product_code: string; quantity: number; shipped_ago: number }>(
    tx,
    `select it.item_id, it.product_code, it.quantity::float8 as quantity,
            (extract(epoch from now() - h.at) / 60)::int as shipped_ago
     from app.sales_order_items it join app.sales_orders o on o.order_id = it.order_id
     join lateral (select x.at from app.fsm_history x where x.fsm_instance_id = o.fsm_instance_id and x.event_code = 'ship' order by x.history_id desc limit 1) h on true
     where o.company_code = $1 order by h.at, it.item_id`,
    [company],
  );
  const issued = new Map<string, number>();
  for (const p of picked) issued.set(p.product_code, (issued.get(p.product_code) ?? 0) + p.quantity);

  // Paid orders are ready to ship: their goods are in stock (a missing one makes the order wait for goods), with two to spare for a count's loss.
  // Shipping honours earlier orders' reservations (migration 092), so the stock covers every open order placed up to a product's last paid one.
  const paidNeed = new Map(
    (
      await rows<{ product_code: string; quantity: number }>(
        tx,
        `with open_lines as (
           select it.product_code, it.quantity, o.opened_on, o.order_id, s.state_code
           from app.sales_order_items it join app.sales_orders o on o.order_id = it.order_id
           join app.fsm_instances i on i.fsm_instance_id = o.fsm_instance_id join app.fsm_states s on s.state_id = i.state_id
           where o.company_code = $1 and not s.final_state and not o.deleted
         )
         select l.product_code, sum(l.quantity)::float8 as quantity from open_lines l
         where exists (select 1 from open_lines p where p.product_code = l.product_code and p.state_code = 'paid' and (l.opened_on, l.order_id) <= (p.opened_on, p.order_id))
         group by l.product_code`,
        [company],
      )
    ).map((r) => [r.product_code, r.quantity + 2]),
  );
  // Opening balance: what makes the drawn stock the end of the story (never below zero).
  const openings = products
    .map((p) => ({ product_code: p.product_code, stock: Math.max(p.stock, paidNeed.get(p.product_code) ?? 0) }))
    .map((p) => ({ product_code: p.product_code, quantity: Math.max(p.stock - (received.get(p.product_code) ?? 0) + (issued.get(p.product_code) ?? 0), 0) }))
    .filter((o) => o.quantity > 0);
  await tx.query(
    `insert into app.stock_corrections (company_code, product_code, storage_id, quantity, reason, user_id, moved_at)
     select $1, o.product_code, o.storage_id, o.quantity, 'Opening balance', 1, now() - make_interval(days => $3)
     from jsonb_to_recordset($2::jsonb) o(product_code text, storage_id int, quantity numeric) order by o.product_code`,
    [company, JSON.stringify(openings.map((o) => ({ ...o, storage_id: whereOf(o.product_code) }))), HISTORY_DAYS],
  );
  await tx.query(
    `insert into app.purchase_receipts (po_item_id, storage_id, quantity, received_at, user_id)
     select r.po_item_id, r.storage_id, r.quantity, now() - make_interval(mins => r.ago), 1 from jsonb_to_recordset($1::jsonb) r(po_item_id int, storage_id int, quantity numeric, ago int)
     order by r.ago desc, r.po_item_id`,
    [JSON.stringify(receipts)],
  );
  const days = new Map<number, typeof picked>();
  for (const p of picked) {
    const day = Math.floor(p.shipped_ago / DAY_MIN);
    days.set(day, [...(days.get(day) ?? []), p]);
  }
  const lists = [...days.entries()].sort((a, b) => b[0] - a[0]);
  const listIds = await rows<{ pick_list_id: number }>(
    tx,
    `insert into app.pick_lists (company_code, created_by, created_at)
     select $1, 1, now() - make_interval(mins => d.ago) from jsonb_to_recordset($2::jsonb) d(ago int, n int) order by d.n returning pick_list_id`,
    [company, JSON.stringify(lists.map(([, ps], n) => ({ n, ago: Math.max(...ps.map((p) => p.shipped_ago)) + 90 })))],
  );
  listIds.sort((a, b) => a.pick_list_id - b.pick_list_id);
  await tx.query(
    `insert into app.pick_list_items (pick_list_id, item_id, storage_id, quantity, picked_qty, picked_at)
     select l.pick_list_id, l.item_id, l.storage_id, l.quantity, l.quantity, now() - make_interval(mins => l.ago)
     from jsonb_to_recordset($1::jsonb) l(pick_list_id int, item_id int, storage_id int, quantity numeric, ago int) order by l.pick_list_id, l.item_id`,
    [
      JSON.stringify(
        lists.flatMap(([, ps], n) =>
          ps.map((p) => ({ pick_list_id: listIds[n]!.pick_list_id, item_id: p.item_id, storage_id: whereOf(p.product_code), quantity: p.quantity, ago: p.shipped_ago + 30 })),
        ),
      ),
    ],
  );

  // A few transfers to a second storage and counting corrections, lately.
  const stocked = await rows<{ product_code: string; storage_id: number; on_hand: number }>(
    tx,
    'select product_code, storage_id, on_hand::float8 as on_hand from app.stock_levels where company_code = $1 and on_hand >= 4 order by product_code, storage_id',
    [company],
  );
  const transfers = stocked.filter(() => rng.chance(0.06)).map((s) => ({ ...s, to: rng.pick(storageIds.filter((x) => x !== s.storage_id)), quantity: Math.floor(s.on_hand / 2), ago: rng.int(1, 60) }));
  await tx.query(
    `insert into app.stock_transfers (company_code, product_code, from_storage_id, to_storage_id, quantity, reason, user_id, moved_at)
     select $1, t.product_code, t.storage_id, t.to, t.quantity, 'Overflow', 1, now() - make_interval(days => t.ago)
     from jsonb_to_recordset($2::jsonb) t(product_code text, storage_id int, "to" int, quantity numeric, ago int) order by t.product_code`,
    [company, JSON.stringify(transfers)],
  );
  const corrections = stocked
    .filter((s) => !transfers.some((t) => t.product_code === s.product_code) && rng.chance(0.03))
    .map((s) => ({ product_code: s.product_code, storage_id: s.storage_id, quantity: rng.pick([-2, -1, 1]), ago: rng.int(1, 90) }));
  await tx.query(
    `insert into app.stock_corrections (company_code, product_code, storage_id, quantity, reason, user_id, moved_at)
     select $1, c.product_code, c.storage_id, c.quantity, case when c.quantity < 0 then 'Stock count: missing' else 'Stock count: found' end, 1, now() - make_interval(days => c.ago)
     from jsonb_to_recordset($2::jsonb) c(product_code text, storage_id int, quantity numeric, ago int) order by c.product_code`,
    [company, JSON.stringify(corrections)],
  );
}
