/**
 * Demo data of the storefront's sales lists (migration 042), for each company and shop in
 * the languages its shops sell in (seven over the three companies):
 * - arrival notifications: requests crowd on a few sold-out products (free stock ≤ 0 after
 *   the demo orders' reservations); products back in stock have their older requests
 *   notified and the newer ones still to send;
 * - newsletter subscribers over two years, most confirmed, some unsubscribed;
 * - carts: abandoned ones (guests, signed-in customers, anonymous), some reminded; some
 *   recovered (checked out as a demo order after the reminder, with that order's goods);
 *   and carts that do not count as abandoned (still active, or checked out within the hour).
 * Products are past the first 200 codes (tests delete the first ones freely), as the demo orders'. Times are
 * minutes before the seed runs, everything else deterministic (seed/prng.ts).
 */
import type { Queryable } from '../types.ts';
import { companies } from './companies.ts';
import { insertRows } from './insert.ts';
import type { Lang } from './languages.ts';
import { createRng, type Rng } from './prng.ts';
import { emailOf } from './salesOrders.ts';

const DAY = 24 * 60;

// First names, then surnames (Slavic and Romanian/Bulgarian surnames in their feminine form follow the first name's gender: index parity).
const people: Record<Lang, [first: string[], last: string[]]> = {
  en: [
    ['Oliver', 'Emma', 'George', 'Amelia', 'Harry', 'Olivia', 'Jack', 'Isla'],
    ['Smith', 'Smith', 'Brown', 'Brown', 'Taylor', 'Taylor', 'Walker', 'Walker'],
  ],
  de: [
    ['Lukas', 'Anna', 'Felix', 'Lena', 'Jonas', 'Laura', 'Paul', 'Sophie'],
    ['Müller', 'Müller', 'Schneider', 'Schneider', 'Fischer', 'Fischer', 'Weber', 'Weber'],
  ],
  hu: [
    ['Bence', 'Anna', 'Máté', 'Réka', 'Levente', 'Zsófia', 'Gergő', 'Eszter'],
    ['Nagy', 'Nagy', 'Kovács', 'Kovács', 'Tóth', 'Tóth', 'Szabó', 'Szabó'],
  ],
  sk: [
    ['Martin', 'Jana', 'Peter', 'Zuzana', 'Tomáš', 'Lucia', 'Marek', 'Katarína'],
    ['Horváth', 'Horváthová', 'Kováč', 'Kováčová', 'Varga', 'Vargová', 'Tóth', 'Tóthová'],
  ],
  ro: [
    ['Andrei', 'Maria', 'Mihai', 'Elena', 'Alexandru', 'Ioana', 'Stefan', 'Ana'],
    ['Popescu', 'Popescu', 'Ionescu', 'Ionescu', 'Popa', 'Popa', 'Dumitru', 'Dumitru'],
  ],
  cs: [
    ['Jakub', 'Tereza', 'Jan', 'Eliška', 'Tomáš', 'Anna', 'Vojtěch', 'Karolína'],
    ['Novák', 'Nováková', 'Svoboda', 'Svobodová', 'Dvořák', 'Dvořáková', 'Černý', 'Černá'],
  ],
  bg: [
    ['Георги', 'Мария', 'Иван', 'Елена', 'Димитър', 'Десислава', 'Николай', 'Гергана'],
    ['Иванов', 'Иванова', 'Петров', 'Петрова', 'Георгиев', 'Георгиева', 'Димитров', 'Димитрова'],
  ],
};

const CYRILLIC: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'h',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'sht',
  ъ: 'a',
  ь: 'y',
  ю: 'yu',
  я: 'ya',
};
/** A name as the local part of an address: Latin letters only (Bulgarian transliterated, accents dropped). */
const ascii = (s: string) =>
  [...s.toLowerCase()]
    .map((ch) => CYRILLIC[ch] ?? ch)
    .join('')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '');

const MAILBOXES = ['mailbox.example', 'post.example', 'inbox.example'];

interface Person {
  first_name: string;
  last_name: string;
  email: string;
}
function personOf(rng: Rng, lang: Lang): Person {
  const [firsts, lasts] = people[lang];
  const i = rng.int(0, firsts.length - 1);
  // The surname of the first name's gender (same parity), one of four.
  const j = (rng.int(0, lasts.length / 2 - 1) * 2 + (i % 2)) % lasts.length;
  const first_name = firsts[i]!;
  const last_name = lasts[j]!;
  const email = `${ascii(first_name)}.${ascii(last_name)}${rng.chance(0.6) ? rng.int(1, 99) : ''}@${rng.pick(MAILBOXES)}`;
  return { first_name, last_name, email };
}

interface Shop {
  shop_id: number;
  language_code: Lang;
  /** The shop's default language first, then the others it sells in (enabled or not). */
  languages: Lang[];
}

/** The shop's language for a visitor: mostly its default. */
const languageOf = (rng: Rng, shop: Shop): Lang => (rng.chance(0.65) || shop.languages.length === 1 ? shop.language_code : rng.pick(shop.languages.slice(1)));

async function shopsOf(tx: Queryable, company: string): Promise<Shop[]> {
  const rows = (
    await tx.query<{ shop_id: number; language_code: Lang; others: Lang[] }>(
      `select s.shop_id, s.language_code, coalesce(array_agg(l.language_code order by l.position) filter (where l.language_code <> s.language_code), '{}') as others
       from app.shops s left join app.shop_languages l on l.shop_id = s.shop_id
       where s.company_code = $1 and s.active group by s.shop_id, s.language_code order by s.shop_id`,
      [company],
    )
  ).rows;
  return rows.map((r) => ({ shop_id: r.shop_id, language_code: r.language_code, languages: [r.language_code, ...r.others] }));
}

const pickShop = (rng: Rng, shops: Shop[]) => (rng.chance(0.6) ? shops[0]! : rng.pick(shops));

/** Demo: arrival notifications, newsletter subscribers and carts of every company. */
export async function seedSalesLists(tx: Queryable): Promise<void> {
  const rng = createRng(0x5a1e_0042);
  const notifications: object[] = [];
  const subscribers: object[] = [];
  const carts: CartRow[] = [];
  const cartItems: CartItemRow[] = [];
  for (const company of companies) {
    const shops = await shopsOf(tx, company.code);
    if (!shops.length) continue;
    // Past the first 200 codes, or half of a small catalogue (as the demo orders: tests delete the first products freely).
    const priced = (
      await tx.query<{ product_code: string; free_qty: string }>(
        `select f.product_code, f.free_qty::text as free_qty from app.v_stock_free_and_reserved f join app.products p using (product_code)
         where f.company_code = $1 and p.active and p.selling_price_shop > 0 order by f.product_code`,
        [company.code],
      )
    ).rows;
    const skip = Math.min(200, Math.floor(priced.length / 2));
    const products = priced.slice(skip, skip + 600);
    if (!products.length) continue;
    seedNotifications(rng, company.code, shops, products, notifications);
    seedSubscribers(rng, company.code, shops, subscribers);
    await seedCarts(tx, rng, company.code, shops, products, carts, cartItems);
  }

  await tx.query(
    `insert into app.arrival_notifications (company_code, email, product_code, shop_id, language_code, requested_on, notification_sent, notified_on)
     select r.company_code, r.email, r.product_code, r.shop_id, r.language_code, current_date - r.requested_ago, r.notified_ago is not null, current_date - r.notified_ago
     from jsonb_to_recordset($1::jsonb) as r(company_code text, email text, product_code text, shop_id int, language_code text, requested_ago int, notified_ago int)`,
    [JSON.stringify(notifications)],
  );
  await tx.query(
    `insert into app.newsletter_subscribers (company_code, email, shop_id, first_name, last_name, language_code, subscribed_on, confirmed, unsubscribed_on)
     select r.company_code, r.email, r.shop_id, r.first_name, r.last_name, r.language_code, current_date - r.subscribed_ago, r.confirmed, current_date - r.unsubscribed_ago
     from jsonb_to_recordset($1::jsonb) as r(company_code text, email text, shop_id int, first_name text, last_name text, language_code text,
          subscribed_ago int, confirmed boolean, unsubscribed_ago int)`,
    [JSON.stringify(subscribers)],
  );

  if (!carts.length) return;
  const at = (col: string) => `case when r.${col} is null then null else now() - make_interval(mins => r.${col}) end`;
  const ids = (
    await tx.query<{ cart_id: number }>(
      `insert into app.carts (company_code, shop_id, language_code, partner_id, email, created_at, updated_at, reminder_sent, reminded_at, order_id, checked_out_at)
       select r.company_code, r.shop_id, r.language_code, r.partner_id, r.email, ${at('created_ago')}, ${at('updated_ago')}, r.reminded_ago is not null,
              ${at('reminded_ago')}, r.order_id, ${at('checked_out_ago')}
       from jsonb_to_recordset($1::jsonb) as r(n int, company_code text, shop_id int, language_code text, partner_id int, email text, created_ago int,
            updated_ago int, reminded_ago int, order_id int, checked_out_ago int)
       order by r.n
       returning cart_id`,
      [JSON.stringify(carts.map((c, n) => ({ ...c, n })))],
    )
  ).rows.map((r) => r.cart_id);
  await insertRows(
    tx,
    'app.cart_items',
    [
      ['cart_id', 'int'],
      ['product_code', 'text'],
      ['quantity', 'numeric'],
      ['unit_price', 'numeric'],
      ['vat_rate', 'numeric'],
    ],
    cartItems.map(({ n, ...it }) => ({ cart_id: ids[n], ...it })),
  );
  // The items' trigger stamped the carts now: their demo times are when the customers left them.
  await tx.query(
    `update app.cart_items it set added_at = now() - make_interval(mins => r.added_ago)
     from jsonb_to_recordset($1::jsonb) as r(cart_id int, product_code text, added_ago int)
     where it.cart_id = r.cart_id and it.product_code = r.product_code`,
    [JSON.stringify(cartItems.map((it) => ({ cart_id: ids[it.n], product_code: it.product_code, added_ago: it.added_ago })))],
  );
  await tx.query(
    `update app.carts c set updated_at = now() - make_interval(mins => r.updated_ago)
     from jsonb_to_recordset($1::jsonb) as r(cart_id int, updated_ago int) where c.cart_id = r.cart_id`,
    [JSON.stringify(carts.map((c, n) => ({ cart_id: ids[n], updated_ago: c.updated_ago })))],
  );
}

function seedNotifications(rng: Rng, company: string, shops: Shop[], products: { product_code: string; free_qty: string }[], out: object[]): void {
  const soldOut = products.filter((p) => Number(p.free_qty) <= 0);
  const inStock = products.filter((p) => Number(p.free_qty) > 0);
  // A few popular products draw most requests.
  const wanted = [...soldOut.slice(0, 12).map((p) => ({ ...p, back: false })), ...inStock.slice(0, 8).map((p) => ({ ...p, back: true }))];
  if (!wanted.length) return;
  const taken = new Set<string>();
  for (let k = rng.int(45, 75); k > 0; k--) {
    const product = rng.pick(wanted);
    const shop = pickShop(rng, shops);
    const language_code = languageOf(rng, shop);
    const { email } = personOf(rng, language_code);
    const key = `${email} ${product.product_code} ${shop.shop_id}`;
    if (taken.has(key)) continue;
    taken.add(key);
    const requested_ago = Math.floor(rng.next() ** 1.3 * 90);
    // Back in stock: the older requests were told (a few days after the goods came), the newest still wait for the e-mail.
    const notified_ago = product.back && requested_ago > 10 ? rng.int(1, Math.min(requested_ago - 1, 10)) : null;
    out.push({ company_code: company, email, product_code: product.product_code, shop_id: shop.shop_id, language_code, requested_ago, notified_ago });
  }
}

function seedSubscribers(rng: Rng, company: string, shops: Shop[], out: object[]): void {
  for (const shop of shops) {
    const taken = new Set<string>();
    for (let k = rng.int(20, 45); k > 0; k--) {
      const language_code = languageOf(rng, shop);
      const person = personOf(rng, language_code);
      if (taken.has(person.email)) continue;
      taken.add(person.email);
      const subscribed_ago = Math.floor(rng.next() ** 1.5 * 730);
      // A new subscriber may not have clicked the confirmation link yet; older ones mostly did.
      const confirmed = subscribed_ago > 3 ? rng.chance(0.9) : rng.chance(0.3);
      const unsubscribed_ago = confirmed && subscribed_ago > 30 && rng.chance(0.12) ? rng.int(0, subscribed_ago - 20) : null;
      out.push({ company_code: company, ...person, shop_id: shop.shop_id, language_code, subscribed_ago, confirmed, unsubscribed_ago });
    }
  }
}

interface CartRow {
  company_code: string;
  shop_id: number;
  language_code: Lang;
  partner_id: number | null;
  email: string;
  created_ago: number;
  updated_ago: number;
  reminded_ago: number | null;
  order_id: number | null;
  checked_out_ago: number | null;
}
interface CartItemRow {
  n: number;
  product_code: string;
  quantity: number;
  unit_price: number | null;
  vat_rate: number | null;
  added_ago: number;
}

async function seedCarts(tx: Queryable, rng: Rng, company: string, shops: Shop[], products: { product_code: string }[], carts: CartRow[], items: CartItemRow[]): Promise<void> {
  const customers = (
    await tx.query<{ partner_id: number; partner_name: string }>('select partner_id, partner_name from app.partners where company_code = $1 and not is_supplier and not deleted order by partner_id', [
      company,
    ])
  ).rows;
  // Orders a cart became: opened 3–60 days ago (recovered after a reminder) or in the last two days (checked out at once); not cancelled.
  const orders = (
    await tx.query<{ order_id: number; partner_id: number; email: string; shop_id: number; since: number }>(
      `select o.order_id, o.partner_id, o.email, o.shop_id, floor(extract(epoch from now() - o.opened_on::timestamptz) / 60)::int as since
       from app.v_sales_orders o where o.company_code = $1 and o.state_code <> 'cancelled' and not o.deleted order by o.order_id`,
      [company],
    )
  ).rows;
  const orderItems = async (orderId: number) =>
    (
      await tx.query<{ product_code: string; quantity: string; unit_price: string; vat_rate: string }>(
        'select product_code, quantity::text, unit_price::text, vat_rate::text from app.sales_order_items where order_id = $1 order by item_id',
        [orderId],
      )
    ).rows;
  const shopOf = new Map(shops.map((s) => [s.shop_id, s]));
  const push = (cart: CartRow, goods: Omit<CartItemRow, 'n' | 'added_ago'>[]) => {
    const n = carts.length;
    carts.push(cart);
    goods.forEach((g, i) => items.push({ ...g, n, added_ago: cart.created_ago - Math.round(((cart.created_ago - cart.updated_ago) * i) / Math.max(goods.length - 1, 1)) }));
  };
  const freshGoods = () => {
    const picked = new Map<string, Omit<CartItemRow, 'n' | 'added_ago'>>();
    for (
      let i = rng.weighted([
        [1, 40],
        [2, 30],
        [rng.int(3, 6), 30],
      ]);
      i > 0;
      i--
    ) {
      const p = rng.pick(products);
      picked.set(p.product_code, {
        product_code: p.product_code,
        quantity: rng.weighted([
          [1, 70],
          [2, 20],
          [rng.int(3, 5), 10],
        ]),
        unit_price: null,
        vat_rate: null,
      });
    }
    return [...picked.values()];
  };

  // Abandoned and still open: a guest's e-mail, a signed-in customer's, or nobody's.
  for (let k = rng.int(40, 60); k > 0; k--) {
    const shop = pickShop(rng, shops);
    const language_code = languageOf(rng, shop);
    const who = rng.weighted<'guest' | 'customer' | 'anonymous'>([
      ['guest', 55],
      ['customer', 25],
      ['anonymous', 20],
    ]);
    const customer = who === 'customer' && customers.length ? rng.pick(customers) : null;
    const email = customer ? emailOf(customer.partner_name) : who === 'guest' ? personOf(rng, language_code).email : '';
    const updated_ago = rng.int(90, 30 * DAY);
    const created_ago =
      updated_ago +
      rng.weighted([
        [rng.int(2, 45), 70],
        [rng.int(60, 3 * DAY), 30],
      ]);
    // Reminded the day after (only those we can write to, left more than a day ago).
    const reminded_ago = email && updated_ago > 2 * DAY && rng.chance(0.45) ? updated_ago - rng.int(18 * 60, 30 * 60) : null;
    push(
      { company_code: company, shop_id: shop.shop_id, language_code, partner_id: customer?.partner_id ?? null, email, created_ago, updated_ago, reminded_ago, order_id: null, checked_out_ago: null },
      freshGoods(),
    );
  }

  // Recovered: left, reminded, then checked out as one of the demo orders (its customer and goods).
  const older = orders.filter((o) => o.since > 3 * DAY && o.since < 60 * DAY && shopOf.has(o.shop_id));
  const recovered = new Set<number>();
  for (let k = Math.min(rng.int(8, 12), older.length); k > 0; k--) {
    const o = rng.pick(older);
    if (recovered.has(o.order_id)) continue;
    recovered.add(o.order_id);
    const shop = shopOf.get(o.shop_id)!;
    const checked_out_ago = o.since - rng.int(9 * 60, 20 * 60); // during the order's day
    const reminded_ago = checked_out_ago + rng.int(60, 20 * 60);
    const updated_ago = reminded_ago + rng.int(20 * 60, 2 * DAY);
    const created_ago = updated_ago + rng.int(3, 50);
    const goods = (await orderItems(o.order_id)).map((it) => ({ product_code: it.product_code, quantity: Number(it.quantity), unit_price: Number(it.unit_price), vat_rate: Number(it.vat_rate) }));
    push(
      {
        company_code: company,
        shop_id: o.shop_id,
        language_code: shop.language_code,
        partner_id: o.partner_id,
        email: o.email,
        created_ago,
        updated_ago,
        reminded_ago,
        order_id: o.order_id,
        checked_out_ago,
      },
      goods,
    );
  }

  // Not abandoned: carts in use right now, and carts checked out within the hour.
  for (let k = 4; k > 0; k--) {
    const shop = pickShop(rng, shops);
    const language_code = languageOf(rng, shop);
    const updated_ago = rng.int(1, 50);
    push(
      {
        company_code: company,
        shop_id: shop.shop_id,
        language_code,
        partner_id: null,
        email: personOf(rng, language_code).email,
        created_ago: updated_ago + rng.int(1, 30),
        updated_ago,
        reminded_ago: null,
        order_id: null,
        checked_out_ago: null,
      },
      freshGoods(),
    );
  }
  const recent = orders.filter((o) => o.since < 2 * DAY && shopOf.has(o.shop_id) && !recovered.has(o.order_id)).slice(-4);
  for (const o of recent) {
    const checked_out_ago = Math.max(o.since - rng.int(8 * 60, 12 * 60), 5);
    const updated_ago = checked_out_ago + rng.int(2, 40);
    const goods = (await orderItems(o.order_id)).map((it) => ({ product_code: it.product_code, quantity: Number(it.quantity), unit_price: Number(it.unit_price), vat_rate: Number(it.vat_rate) }));
    push(
      {
        company_code: company,
        shop_id: o.shop_id,
        language_code: shopOf.get(o.shop_id)!.language_code,
        partner_id: o.partner_id,
        email: o.email,
        created_ago: updated_ago + rng.int(5, 30),
        updated_ago,
        reminded_ago: null,
        order_id: o.order_id,
        checked_out_ago,
      },
      goods,
    );
  }
}
