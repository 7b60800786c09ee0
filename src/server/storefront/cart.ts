import { createHash, randomBytes } from 'node:crypto';
import { allowedQty, lineAmounts, MAX_CART_LINES, unitNetOf, type CheckoutInput } from '../../core/checkout.ts';
import { convert, roundMoney } from '../../core/money.ts';
import { orderTotals, type OrderTotals } from '../../core/orderCharges.ts';
import { shopPrice } from '../../core/shopPrice.ts';
import type { Db, Queryable } from '../db/types.ts';
import { mailMoney, mailText } from '../mail/render.ts';
import type { CartLine, CartNotice, CartView, DeliveryOption, PaymentOption } from '../../storefront/data.ts';
import { discountCols, rowDiscount, type PriceRow, type Shop } from './queries.ts';

export type { CartNotice, CartView, DeliveryOption, PaymentOption } from '../../storefront/data.ts';

/**
 * The storefront's cart and checkout on app.carts / app.cart_items (migration 042, token hash
 * and checkout details 076). Prices are always the server's: a posted form gives only a
 * product code and a quantity; every view recalculates each line with the price rule.
 */

export const newCartToken = (): string => randomBytes(32).toString('base64url');
/** What is kept of a cart's cookie token (cart reminders' restore link sets a new one: cartReminders.ts). */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

export interface CartRow {
  cart_id: number;
  email: string;
  checkout: Partial<Record<string, string>>;
  order_id: number | null;
  language_code: string;
}

/** The visitor's cart in this shop by the cookie's token (checked out or not), else null. */
export async function cartByToken(db: Queryable, shopId: number, token: string | undefined): Promise<CartRow | null> {
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const r = await db.query<CartRow>(`select cart_id, email, checkout, order_id, language_code from app.carts where token_hash = $1 and shop_id = $2`, [tokenHash(token), shopId]);
  return r.rows[0] ?? null;
}

/** New carts one visitor address may start per hour (in all shops, counted in the database so every app process sees the same). */
export const CARTS_PER_VISITOR_PER_HOUR = 30;
/** A cart's cookie lives 30 days: an open cart without an e-mail untouched for longer can't be reached by anyone. */
const UNREACHABLE_CART_DAYS = 30;

/** A new cart, or null when the visitor started too many within the hour (bots filling app.carts). */
export async function createCart(db: Queryable, shop: Shop, lang: string, visitor: string): Promise<{ token: string; cart: CartRow } | null> {
  const token = newCartToken();
  // One statement: the count and the insert see the same rows (two processes may each let one more in, never many).
  const r = await db.query<CartRow>(
    `insert into app.carts (company_code, shop_id, language_code, token_hash, visitor_hash)
     select $1, $2, $3, $4, $5
     where (select count(*) from app.carts where visitor_hash = $5 and created_at > now() - interval '1 hour') < $6
     returning cart_id, email, checkout, order_id, language_code`,
    [shop.company, shop.id, lang, tokenHash(token), tokenHash(`visitor:${visitor}`), CARTS_PER_VISITOR_PER_HOUR],
  );
  return r.rows[0] ? { token, cart: r.rows[0] } : null;
}

/**
 * Deletes open carts without an e-mail untouched for longer than their cookie lives (nobody can
 * reach them; staff see only carts with an e-mail as abandoned). Returns how many went.
 */
export async function sweepCarts(db: Queryable): Promise<number> {
  const r = await db.query(`delete from app.carts where order_id is null and email = '' and updated_at < now() - make_interval(days => $1)`, [UNREACHABLE_CART_DAYS]);
  return r.rowCount;
}

interface ProductRow extends PriceRow {
  product_code: string;
  name: string;
  free_qty: number;
  can_order: boolean;
  weight: number | null;
}

/** Published products of the shop by code (any case), with what the price rule and the stock rule need. */
async function productsFor(db: Queryable, shopId: number, lang: string, codes: string[]): Promise<Map<string, ProductRow>> {
  if (!codes.length) return new Map();
  const r = await db.query<ProductRow>(
    `select pp.product_code, coalesce(nullif(p.product_name ->> $2, ''), p.product_name ->> 'en', pp.product_code) as name,
            pp.price as net, coalesce(v.vat_rate, 0) as vat_rate, ${discountCols}, pp.free_qty, p.can_order, p.weight
     from app.v_published_products pp join app.products p on p.product_code = pp.product_code left join app.vats v on v.vat_id = p.vat_id
     where pp.shop_id = $1 and lower(pp.product_code) = any ($3::text[])`,
    [shopId, lang, codes.map((c) => c.toLowerCase())],
  );
  return new Map(r.rows.map((x) => [x.product_code.toLowerCase(), x]));
}

/** The shown (gross) unit price of a product by the price rule, in the shop's currency. */
function grossOf(shop: Shop, p: PriceRow, today: string): number {
  return shopPrice({
    net: p.net === null ? null : Number(p.net),
    vatRate: Number(p.vat_rate),
    multiplier: shop.multiplier,
    discountPercent: rowDiscount(p, today),
    from: shop.companyCurrency,
    to: shop.currency,
    rates: shop.rates,
    digits: shop.digits,
  }).price;
}

export type AddResult = 'added' | 'unknown' | 'out_of_stock' | 'limited' | 'full';

/** Adds `qty` of a product (the quantity already validated); the stock rule may cut it. */
export async function addItem(db: Queryable, shop: Shop, cart: CartRow, code: string, qty: number, today: string): Promise<AddResult> {
  const p = (await productsFor(db, shop.id, cart.language_code, [code])).get(code.toLowerCase());
  if (!p || Number(p.net ?? 0) <= 0) return 'unknown';
  const had = await db.query<{ quantity: string; n: number }>(
    `select coalesce((select quantity from app.cart_items where cart_id = $1 and product_code = $2), 0) as quantity, (select count(*)::int from app.cart_items where cart_id = $1) as n`,
    [cart.cart_id, p.product_code],
  );
  const before = Number(had.rows[0]!.quantity);
  if (before === 0 && had.rows[0]!.n >= MAX_CART_LINES) return 'full';
  const wanted = before + qty;
  const allowed = allowedQty(wanted, Number(p.free_qty), p.can_order);
  if (allowed <= before) return before === 0 ? 'out_of_stock' : 'limited';
  const vat = Number(p.vat_rate);
  await db.query(
    `insert into app.cart_items (cart_id, product_code, quantity, unit_price, vat_rate) values ($1, $2, $3, $4, $5)
     on conflict (cart_id, product_code) do update set quantity = excluded.quantity, unit_price = excluded.unit_price, vat_rate = excluded.vat_rate`,
    [cart.cart_id, p.product_code, allowed, unitNetOf(grossOf(shop, p, today), vat), vat],
  );
  return allowed < wanted ? 'limited' : 'added';
}

/** Sets a line's quantity (0 removes it); the stock rule may cut it. */
export async function setQty(db: Queryable, shop: Shop, cart: CartRow, code: string, qty: number): Promise<'changed' | 'limited' | 'removed'> {
  const p = (await productsFor(db, shop.id, cart.language_code, [code])).get(code.toLowerCase());
  const allowed = p ? allowedQty(qty, Number(p.free_qty), p.can_order) : 0;
  if (allowed <= 0) {
    await db.query(`delete from app.cart_items where cart_id = $1 and lower(product_code) = lower($2)`, [cart.cart_id, code]);
    return 'removed';
  }
  await db.query(`update app.cart_items set quantity = $3 where cart_id = $1 and product_code = $2`, [cart.cart_id, p!.product_code, allowed]);
  return allowed < qty ? 'limited' : 'changed';
}

/**
 * The cart as it stands now: each line through the price rule and the stock rule. A line
 * whose price changed since it was added (or last shown) gets the new price stored and a
 * notice; a line over its stock is cut; a product no longer sold is taken out.
 */
export async function viewCart(db: Queryable, shop: Shop, cart: CartRow, today: string): Promise<CartView> {
  const items = await db.query<{ product_code: string; quantity: string; unit_price: string; vat_rate: string }>(
    `select product_code, quantity, unit_price, vat_rate from app.cart_items where cart_id = $1 order by item_id`,
    [cart.cart_id],
  );
  const products = await productsFor(
    db,
    shop.id,
    cart.language_code,
    items.rows.map((i) => i.product_code),
  );
  const lines: CartLine[] = [];
  const notices: CartNotice[] = [];
  const digits = shop.digits;
  for (const it of items.rows) {
    const p = products.get(it.product_code.toLowerCase());
    if (!p || Number(p.net ?? 0) <= 0) {
      await db.query(`delete from app.cart_items where cart_id = $1 and product_code = $2`, [cart.cart_id, it.product_code]);
      notices.push({ kind: 'gone', name: p?.name ?? it.product_code });
      continue;
    }
    const vatRate = Number(p.vat_rate);
    const unitGross = grossOf(shop, p, today);
    const unitNet = unitNetOf(unitGross, vatRate);
    const stored = Number(it.unit_price);
    let qty = Number(it.quantity);
    const allowed = allowedQty(qty, Number(p.free_qty), p.can_order);
    if (allowed <= 0) {
      await db.query(`delete from app.cart_items where cart_id = $1 and product_code = $2`, [cart.cart_id, it.product_code]);
      notices.push({ kind: 'gone', name: p.name });
      continue;
    }
    if (allowed < qty) {
      notices.push({ kind: 'qty', name: p.name, old: qty, now: allowed });
      qty = allowed;
    }
    if (stored !== unitNet || Number(it.vat_rate) !== vatRate || allowed < Number(it.quantity)) {
      if (stored !== unitNet) notices.push({ kind: 'price', name: p.name, old: roundMoney(stored * (1 + Number(it.vat_rate) / 100), digits), now: unitGross });
      await db.query(`update app.cart_items set unit_price = $3, vat_rate = $4, quantity = $5 where cart_id = $1 and product_code = $2`, [cart.cart_id, it.product_code, unitNet, vatRate, qty]);
    }
    const a = lineAmounts(qty, unitNet, vatRate, digits);
    lines.push({ code: p.product_code, name: p.name, qty, unitGross, unitNet, vatRate, ...a, weight: Number(p.weight ?? 0) * qty, freeQty: Number(p.free_qty), canOrder: p.can_order });
  }
  const sum = (f: (l: CartLine) => number) =>
    roundMoney(
      lines.reduce((s, l) => s + f(l), 0),
      digits,
    );
  return { lines, notices, net: sum((l) => l.net), vat: sum((l) => l.vat), gross: sum((l) => l.gross), weight: lines.reduce((s, l) => s + l.weight, 0), count: lines.reduce((s, l) => s + l.qty, 0) };
}

/** The number of items in the visitor's cart (the header's button), without recalculating. */
export async function cartCount(db: Queryable, cartId: number): Promise<number> {
  const r = await db.query<{ n: string | null }>(`select sum(quantity) as n from app.cart_items where cart_id = $1`, [cartId]);
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * The company's active delivery methods that deliver to `country` for the cart's weight:
 * the rate whose band holds it (weight_from ≤ w < weight_to), free when the goods' gross
 * reaches free_from (the rate's, else the method's), amounts in the company currency
 * converted into the shop's.
 */
export async function deliveryOptions(db: Queryable, shop: Shop, lang: string, country: string, weight: number, goodsGross: number): Promise<DeliveryOption[]> {
  const r = await db.query<{ dm_id: number; name: string; price: string; free_from: string | null; delivery_days: number | null }>(
    `select m.dm_id, coalesce(nullif(m.dm_names ->> $3, ''), m.dm_names ->> 'en', m.dm_code) as name, r.price, coalesce(r.free_from, m.free_from) as free_from, r.delivery_days
     from app.delivery_methods m join app.delivery_method_rates r on r.dm_id = m.dm_id and r.active
     where m.company_code = $1 and m.active and r.country_code = $2 and r.weight_from <= $4 and (r.weight_to is null or $4 < r.weight_to)
     order by m.position, m.dm_id`,
    [shop.company, country, lang, weight],
  );
  const goodsInCompany = convert(goodsGross, shop.currency, shop.companyCurrency, shop.rates);
  return r.rows.map((x) => {
    const free = x.free_from !== null && goodsInCompany >= Number(x.free_from);
    return { id: x.dm_id, name: x.name, price: free ? 0 : roundMoney(convert(Number(x.price), shop.companyCurrency, shop.currency, shop.rates), shop.digits), free, days: x.delivery_days };
  });
}

/** The shop's active payment methods, the fee converted into the shop's currency. */
export async function paymentOptions(db: Queryable, shop: Shop, lang: string): Promise<PaymentOption[]> {
  const r = await db.query<{ pm_id: number; name: string; fee: string; prepayment: boolean }>(
    `select m.pm_id, coalesce(nullif(m.pm_names ->> $2, ''), m.pm_names ->> 'en', m.pm_code) as name, m.fee, m.prepayment
     from app.payment_methods m join app.payment_method_shops x on x.pm_id = m.pm_id and x.shop_id = $1
     where m.active order by m.position, m.pm_id`,
    [shop.id, lang],
  );
  return r.rows.map((x) => ({ id: x.pm_id, name: x.name, fee: roundMoney(convert(Number(x.fee), shop.companyCurrency, shop.currency, shop.rates), shop.digits), prepayment: x.prepayment }));
}

/** Keeps what the shopper typed at checkout with the cart (the e-mail makes it a cart staff can follow up). */
export async function saveDetails(db: Queryable, cartId: number, details: Record<string, string>, email: string | null): Promise<void> {
  await db.query(`update app.carts set checkout = $2::jsonb, email = coalesce($3, email) where cart_id = $1 and order_id is null`, [cartId, JSON.stringify(details), email]);
}

/** A cart's totals with a delivery price and payment fee: what the order will be (the charges' VAT by src/core/orderCharges.ts). */
export const cartTotals = (shop: Shop, view: CartView, delivery: number, fee: number): OrderTotals => orderTotals(view.lines, delivery, fee, shop.digits, shop.defaultVat);

export type PlaceResult = { placed: true; orderId: number; reference: string } | { placed: false; reason: 'empty' | 'changed' | 'method'; notices?: CartNotice[] };

/**
 * Places the order in ONE transaction: the cart locked (a second submit waits, then finds it
 * checked out and places nothing), the lines recalculated, a partner of its own created with
 * the address (never one found by the e-mail typed), the sales order (the insert trigger puts it in
 * the workflow's initial state), its items at the server's prices, the costs, the cart marked
 * checked out, the confirmation e-mail queued in the shop language.
 * `shownTotal`: the total the shopper confirmed; when the recalculation differs, nothing is placed.
 */
export async function placeOrder(db: Db, shop: Shop, cartId: number, input: CheckoutInput, shownTotal: number | null, today: string): Promise<PlaceResult | { placed: 'before'; orderId: number }> {
  return db.transaction(async (tx) => {
    const locked = await tx.query<CartRow>(`select cart_id, email, checkout, order_id, language_code from app.carts where cart_id = $1 for update`, [cartId]);
    const cart = locked.rows[0]!;
    if (cart.order_id !== null) return { placed: 'before' as const, orderId: cart.order_id };
    // The cart's products locked (in one order, so two checkouts never deadlock): a second
    // checkout of the last unit waits here, then reads the stock the first one's order reserved.
    await tx.query(`select 1 from app.products where product_code in (select product_code from app.cart_items where cart_id = $1) order by product_code for update`, [cartId]);
    const view = await viewCart(tx, shop, cart, today);
    // Every line gone (the last units taken by another order meanwhile): the notices say why.
    if (!view.lines.length) return { placed: false as const, reason: 'empty' as const, notices: view.notices };
    const lang = cart.language_code;
    const dm = (await deliveryOptions(tx, shop, lang, input.country, view.weight, view.gross)).find((d) => d.id === input.dm);
    const pm = (await paymentOptions(tx, shop, lang)).find((p) => p.id === input.pm);
    if (!dm || !pm) return { placed: false as const, reason: 'method' as const };
    const totals = cartTotals(shop, view, dm.price, pm.fee);
    const total = totals.total;
    if (view.notices.length || shownTotal === null || shownTotal !== total) return { placed: false as const, reason: 'changed' as const, notices: view.notices };

    // A guest's order makes its own partner with the address typed: an e-mail typed proves
    // nothing (the shop has no customer accounts), so the order never joins an existing
    // customer — whose orders and addresses it would ship to and show. The same buyer's
    // partners share the orders' e-mail, for the back office to tell and merge.
    const partnerId = (await tx.query<{ partner_id: number }>(`insert into app.partners (company_code, partner_name) values ($1, $2) returning partner_id`, [shop.company, input.name])).rows[0]!
      .partner_id;
    const [first, ...rest] = input.name.split(/\s+/);
    await tx.query(
      `insert into app.partner_addresses (partner_id, address_name, address_line_1, zip_code, city, country_code, first_name, last_name, phone) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [partnerId, shop.name, input.address, input.zip, input.city, input.country, first ?? '', rest.join(' '), input.phone],
    );
    const order = (
      await tx.query<{ order_id: number; fsm_reference: string }>(
        `insert into app.sales_orders (company_code, partner_id, email, shop_id, pm_id, dm_id, currency_code, language_code, delivery_price, payment_fee)
         values ($1, $2, lower($3), $4, $5, $6, $7, $8, $9, $10) returning order_id, fsm_reference`,
        [shop.company, partnerId, input.email, shop.id, pm.id, dm.id, shop.currency, lang, dm.price, pm.fee],
      )
    ).rows[0]!;
    // The unit price is the discounted one the shopper confirmed: the line's own discount is 0
    // (left out, the line would take the product's discount a second time: migration 121).
    for (const l of view.lines) {
      await tx.query(`insert into app.sales_order_items (order_id, product_code, quantity, unit_price, vat_rate, discount_percent) values ($1, $2, $3, $4, $5, 0)`, [
        order.order_id,
        l.code,
        l.qty,
        l.unitNet,
        l.vatRate,
      ]);
    }
    const details = { name: input.name, email: input.email, phone: input.phone, address: input.address, zip: input.zip, city: input.city, country: input.country };
    await tx.query(`update app.carts set order_id = $2, email = lower($3), checkout = $4::jsonb where cart_id = $1`, [cartId, order.order_id, input.email, JSON.stringify(details)]);

    const money = (x: number) => mailMoney(lang, x, shop.currency, shop.digits);
    const t = (id: string, values?: Record<string, string | number>) => mailText(lang, id, values);
    const body = [
      t('storefront.mail_order_greeting', { name: input.name }),
      '',
      t('storefront.mail_order_intro', { shop: shop.name, reference: order.fsm_reference }),
      '',
      ...view.lines.map((l) => `${l.qty} × ${l.name} (${l.code}): ${money(l.gross)}`),
      '',
      `${t('storefront.delivery')}: ${dm.name} ${money(dm.price)}`,
      `${t('storefront.payment')}: ${pm.name} ${money(pm.fee)}`,
      `${t('storefront.vat')}: ${money(totals.vat)}`,
      `${t('storefront.total')}: ${money(total)}`,
      ...(pm.prepayment ? ['', t('storefront.prepayment_note', { reference: order.fsm_reference })] : []),
      '',
      `${input.name}, ${input.address}, ${input.zip} ${input.city}, ${input.country}, ${input.phone}`,
    ].join('\n');
    await tx.query(`insert into app.mail_outbox (company_code, recipients, language_code, subject, body_text, source_type, source_id) values ($1, $2, $3, $4, $5, 'sales_order', $6)`, [
      shop.company,
      [input.email.toLowerCase()],
      lang,
      t('storefront.mail_order_subject', { shop: shop.name, reference: order.fsm_reference }),
      body,
      order.order_id,
    ]);
    return { placed: true as const, orderId: order.order_id, reference: order.fsm_reference };
  });
}

/** A checked-out cart's order for its confirmation page. */
export async function orderSummary(db: Queryable, orderId: number): Promise<{ reference: string; total: number; email: string; prepayment: boolean } | null> {
  const r = await db.query<{ fsm_reference: string; grand_total: string; email: string; prepayment: boolean | null }>(
    `select o.fsm_reference, o.grand_total, o.email, pm.prepayment from app.v_sales_orders o left join app.payment_methods pm on pm.pm_id = o.pm_id where o.order_id = $1`,
    [orderId],
  );
  const o = r.rows[0];
  return o ? { reference: o.fsm_reference, total: Number(o.grand_total), email: o.email, prepayment: o.prepayment ?? false } : null;
}
