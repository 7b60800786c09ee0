/**
 * Demo sales orders (150–250 per company) over the last six months: customers of the
 * company (seed/partners.ts), 1–6 items of its products at their selling prices (converted
 * for an export shop's currency), and a workflow history that walks the `sales_order` type
 * (seed/workflows.ts) through app.fsm_move, so every instance's state is the end of its
 * history. Older orders are closed (delivered, a few cancelled or expired); recent ones
 * are spread over the open states, those waiting for a payment entered it less than a week
 * ago (the scheduler would cancel them after the timeout). Times are minutes before the
 * seed runs; everything else is deterministic (seed/prng.ts). Bulk statements: one insert
 * of the orders (each with its instance), one of the items, one per workflow step.
 */
import type { Queryable } from '../types.ts';
import { companies } from './companies.ts';
import { insertRows } from './insert.ts';
import { createRng, type Rng } from './prng.ts';

const DAY_MIN = 24 * 60;

interface Refs {
  customers: { partner_id: number; partner_name: string }[];
  shops: { shop_id: number; currency_code: string; language_code: string }[];
  payments: { pm_id: number; prepayment: boolean }[];
  deliveries: number[];
  /** `limit`: the product's discount limit (app.product_discount_limit), a line's discount stays within it (migration 093). */
  products: { product_code: string; price: number; limit: number | null }[];
  rates: Map<string, number>;
  currency: string;
  precision: Map<string, number>;
}

async function refsOf(tx: Queryable, company: string): Promise<Refs> {
  const q = async <T>(sql: string): Promise<T[]> => (await tx.query<T & object>(sql, [company])).rows;
  const customers = await q<{ partner_id: number; partner_name: string }>(
    'select partner_id, partner_name from app.partners where company_code = $1 and not is_supplier and not deleted order by partner_id',
  );
  const shops = await q<{ shop_id: number; currency_code: string; language_code: string }>(
    'select shop_id, currency_code, language_code from app.shops where company_code = $1 and active order by shop_id',
  );
  const payments = await q<{ pm_id: number; prepayment: boolean }>('select pm_id, prepayment from app.payment_methods where company_code = $1 and active order by position, pm_id');
  const deliveries = (await q<{ dm_id: number }>('select dm_id from app.delivery_methods where company_code = $1 and active order by position, dm_id')).map((r) => r.dm_id);
  // A few hundred goods sell (enough variety): active and priced, past the first 200 codes
  // (half of a small catalogue), which tests take as products free to delete (an item keeps its product).
  const priced = await q<{ product_code: string; price: string; discount_limit: string | null }>(
    `select product_code, selling_price_shop::text as price, app.product_discount_limit(max_discount_limit_percent, max_discount)::text as discount_limit
     from app.products where company_code = $1 and active and selling_price_shop > 0 order by product_code`,
  );
  const skip = Math.min(200, Math.floor(priced.length / 2));
  const products = priced.slice(skip, skip + 300).map((r) => ({ product_code: r.product_code, price: Number(r.price), limit: r.discount_limit === null ? null : Number(r.discount_limit) }));
  const rates = new Map(
    (await q<{ currency_code: string; rate: string }>('select currency_code, rate::text as rate from app.company_currency_rates where company_code = $1')).map((r) => [
      r.currency_code,
      Number(r.rate),
    ]),
  );
  const currency = (await q<{ currency_code: string }>('select currency_code from app.companies where company_code = $1'))[0]!.currency_code;
  const precision = new Map(
    (await tx.query<{ currency_code: string; currency_precision: number }>('select currency_code, currency_precision from app.currencies')).rows.map((r) => [r.currency_code, r.currency_precision]),
  );
  return { customers, shops, payments, deliveries, products, rates, currency, precision };
}

/** The events that lead to a final or open state, by the order's age (days) and payment (prepayment or not). */
function pathOf(rng: Rng, ageDays: number, prepayment: boolean): string[] {
  const request = prepayment ? 'require_prepayment' : 'confirm';
  const paid = [request, 'pay'];
  if (ageDays > 20) {
    return rng.weighted<string[]>([
      [[...paid, 'ship', 'deliver'], 70],
      [[...paid, 'goods_missing', 'goods_arrived', 'ship', 'deliver'], 8],
      [['cancel'], 6],
      [[request, 'cancel'], 5],
      [[request, 'expire'], 7],
      [[...paid, 'cancel'], 4],
    ]);
  }
  if (ageDays > 6) {
    return rng.weighted<string[]>([
      [[...paid], 25],
      [[...paid, 'goods_missing'], 12],
      [[...paid, 'ship'], 33],
      [[...paid, 'ship', 'deliver'], 20],
      [['cancel'], 5],
      [[...paid, 'goods_missing', 'cancel'], 5],
    ]);
  }
  return rng.weighted<string[]>([
    [[], 35],
    [[request], 35],
    [[...paid], 15],
    [['cancel'], 5],
    [[...paid, 'ship'], 10],
  ]);
}

/** A customer's order address: a mailbox at a domain made of its name. */
export const emailOf = (name: string) =>
  `orders@${
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'customer'
  }.example`;

/** An English (export) shop's customers write in several languages: its orders' mail is in theirs (by the order's number, no draw: the other data stay as they were). */
const EXPORT_LANGUAGES = ['en', 'de', 'ro', 'bg'];
const languageOf = (shopLanguage: string, n: number) => (shopLanguage === 'en' ? EXPORT_LANGUAGES[n % EXPORT_LANGUAGES.length]! : shopLanguage);

interface OrderRow {
  n: number;
  company_code: string;
  partner_id: number;
  email: string;
  language_code: string;
  shop_id: number;
  pm_id: number | null;
  dm_id: number | null;
  currency_code: string;
  ago: number;
  valid_days: number;
  tracking_number: string;
  notification_sent: boolean;
  ks_invoice_no: string;
}

/** Demo: the companies' sales orders, their items and workflow histories. */
export async function seedSalesOrders(tx: Queryable): Promise<void> {
  const rng = createRng(0x5a1e_0038);
  const orders: OrderRow[] = [];
  const items: { n: number; product_code: string; quantity: number; unit_price: number; discount_percent: number }[] = [];
  const paths: { n: number; steps: { event: string; ago: number }[] }[] = [];
  for (const company of companies) {
    const refs = await refsOf(tx, company.code);
    if (!refs.customers.length || !refs.shops.length || !refs.products.length) continue;
    const count = rng.int(150, 250);
    for (let k = 0; k < count; k++) {
      const n = orders.length + 1;
      const ageDays = Math.floor(rng.next() ** 1.6 * 180); // more orders lately
      const ago = ageDays * DAY_MIN + rng.int(0, DAY_MIN - 1);
      const partner = rng.pick(refs.customers);
      const shop = rng.chance(0.7) ? refs.shops[0]! : rng.pick(refs.shops);
      const payment = refs.payments.length ? rng.pick(refs.payments) : null;
      const path = pathOf(rng, ageDays, payment?.prepayment ?? false);
      const shipped = path.includes('ship');
      const invoiced = path.includes('pay');
      // Steps spread over the order's age, the last one at least an hour before now.
      const span = Math.max(ago - 60, 1);
      const steps = path.map((event, i) => ({ event, ago: Math.max(ago - Math.round((span * (i + 1)) / (path.length + 1)), 1) }));
      paths.push({ n, steps });
      orders.push({
        n,
        company_code: company.code,
        partner_id: partner.partner_id,
        email: emailOf(partner.partner_name),
        language_code: languageOf(shop.language_code, n),
        shop_id: shop.shop_id,
        pm_id: payment?.pm_id ?? null,
        dm_id: refs.deliveries.length ? rng.pick(refs.deliveries) : null,
        currency_code: shop.currency_code,
        ago,
        valid_days: 14,
        tracking_number: shipped ? `${company.country}${String(rng.int(100_000_000, 999_999_999))}` : '',
        notification_sent: shipped,
        ks_invoice_no: invoiced ? `INV-${company.code}-${String(n).padStart(6, '0')}` : '',
      });
      const rate = shop.currency_code === refs.currency ? 1 : (refs.rates.get(shop.currency_code) ?? 1);
      const digits = refs.precision.get(shop.currency_code) ?? 2;
      const picked = new Set<string>();
      for (let i = rng.int(1, 6); i > 0; i--) {
        const product = rng.pick(refs.products);
        if (picked.has(product.product_code)) continue;
        picked.add(product.product_code);
        items.push({
          n,
          product_code: product.product_code,
          quantity: rng.weighted([
            [1, 50],
            [2, 20],
            [rng.int(3, 10), 20],
            [rng.int(11, 50), 10],
          ]),
          unit_price: Number((product.price / rate).toFixed(digits)),
          // Drawn as before (the rest of the data stays the same), within the product's limit.
          discount_percent: Math.min(
            rng.weighted([
              [0, 70],
              [5, 12],
              [10, 10],
              [rng.float(1, 30, 2), 8],
            ]),
            product.limit ?? Infinity,
          ),
        });
      }
    }
  }
  if (!orders.length) return;

  // Oldest first, so order ids and numbers follow the dates; each with its instance created when the order was opened.
  orders.sort((a, b) => b.ago - a.ago || a.n - b.n);
  const inserted = (
    await tx.query<{ order_id: number; fsm_instance_id: number }>(
      `insert into app.sales_orders (company_code, partner_id, email, language_code, shop_id, pm_id, dm_id, currency_code, opened_on, valid_until,
                                     tracking_number, notification_sent, ks_invoice_no, fsm_instance_id)
       select r.company_code, r.partner_id, r.email, r.language_code, r.shop_id, r.pm_id, r.dm_id, r.currency_code, (now() - make_interval(mins => r.ago))::date,
              (now() - make_interval(mins => r.ago))::date + r.valid_days, r.tracking_number, r.notification_sent, r.ks_invoice_no,
              app.fsm_create('sales_order', r.company_code, null, now() - make_interval(mins => r.ago))
       from jsonb_to_recordset($1::jsonb) as r(company_code text, partner_id int, email text, language_code text, shop_id int, pm_id int, dm_id int,
            currency_code text, ago int, valid_days int, tracking_number text, notification_sent boolean, ks_invoice_no text, n int)
       order by r.n
       returning order_id, fsm_instance_id`,
      [JSON.stringify(orders.map((o, i) => ({ ...o, n: i + 1 })))],
    )
  ).rows.sort((a, b) => a.order_id - b.order_id);
  /** The stored order of a generated one (by its `n`). */
  const ids: { order_id: number; fsm_instance_id: number }[] = [];
  orders.forEach((o, i) => (ids[o.n - 1] = inserted[i]!));

  await insertRows(
    tx,
    'app.sales_order_items',
    [
      ['order_id', 'int'],
      ['product_code', 'text'],
      ['quantity', 'numeric'],
      ['unit_price', 'numeric'],
      ['discount_percent', 'numeric'],
    ],
    items.map(({ n, ...it }) => ({ order_id: ids[n - 1]!.order_id, ...it })),
  );

  // Step k of every path in one statement; the user is the administrator, a timeout's is none (as the scheduler's).
  const longest = Math.max(...paths.map((p) => p.steps.length));
  for (let k = 0; k < longest; k++) {
    const moves = paths.flatMap((p) => (p.steps[k] ? [{ id: ids[p.n - 1]!.fsm_instance_id, event: p.steps[k]!.event, ago: p.steps[k]!.ago }] : []));
    const r = await tx.query(
      `select app.fsm_move(i.fsm_instance_id, t.transition_id, case when r.event = 'expire' then null else 1 end,
                                 case when r.event = 'expire' then '{"timeout": true}'::jsonb else '{}'::jsonb end,
                                 now() - make_interval(mins => r.ago))
       from jsonb_to_recordset($1::jsonb) as r(id bigint, event text, ago int)
       join app.fsm_instances i on i.fsm_instance_id = r.id
       join app.fsm_transitions t on t.type_code = i.type_code and t.event_code = r.event and t.from_state_id = i.state_id`,
      [JSON.stringify(moves)],
    );
    if (r.rows.length !== moves.length) throw new Error(`seed: sales order workflow step ${k}: ${r.rows.length} of ${moves.length} moved`);
  }
}
