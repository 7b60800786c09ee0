import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderTotals } from '../../src/core/orderCharges.ts';
import { deliverDue } from '../../src/server/mail/outbox.ts';
import { mailMoney } from '../../src/server/mail/render.ts';
import { CARTS_PER_VISITOR_PER_HOUR, sweepCarts } from '../../src/server/storefront/cart.ts';
import { smtpTransport } from '../../src/server/mail/transport.ts';
import { engines, startTestServer, type TestServer } from './harness.ts';
import { startSmtpSink, type SmtpSink } from './smtpSink.ts';

const HOST = 'shop-at.example.com'; // SK01, EUR, German by default: delivers to AT, CZ, HU, SK

interface Reply {
  status: number;
  body: string;
  location: string;
  cookies: string[];
}

/** A request to the shop's host with our cookies (a tiny cookie jar), Origin as a browser sends it on a form POST. */
function client(base: string) {
  const jar = new Map<string, string>([['country', 'SK']]);
  const send = (method: string, path: string, form?: Record<string, string>, headers: Record<string, string> = {}): Promise<Reply> => {
    const u = new URL(base);
    const body = form ? new URLSearchParams(form).toString() : undefined;
    const h: Record<string, string> = { host: HOST, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), ...headers };
    if (body !== undefined) Object.assign(h, { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(body)) });
    return new Promise((resolve, reject) => {
      const req = request({ host: u.hostname, port: u.port, path, method, headers: h }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => {
          const cookies = res.headers['set-cookie'] ?? [];
          for (const c of cookies) {
            const [kv] = c.split(';');
            const i = kv!.indexOf('=');
            jar.set(kv!.slice(0, i), kv!.slice(i + 1));
          }
          resolve({ status: res.statusCode!, body: text, location: String(res.headers.location ?? ''), cookies });
        });
      });
      req.on('error', reject);
      req.end(body);
    });
  };
  const origin = { origin: `http://${HOST}` };
  return {
    jar,
    get: (path: string) => send('GET', path),
    post: (path: string, form: Record<string, string>, headers: Record<string, string> = origin) => send('POST', path, form, headers),
  };
}

const nums = (html: string, re: RegExp) => [...html.matchAll(re)].map((m) => Number(m[1]));
const totalOf = (html: string) => nums(html, /data-total="([\d.]+)"/g).at(-1)!;

describe.each(engines)('storefront cart and checkout on %s', (engine) => {
  let s: TestServer;
  let sink: SmtpSink;
  // Two products the tests set up: 10 € net, 2 kg each; another shop's product.
  let a: string;
  let b: string;
  let foreign: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    s = await startTestServer(engine);
    const db = s.db;
    // A cash-on-delivery order is marked paid for the carrier to collect: the company allows orders paid without payment (migration 128).
    await db.query('update app.companies set paid_without_payment = true');
    const rows = await db.query<{ c: string }>(
      `select sp.product_code as c from app.shop_products sp join app.products p using (product_code)
       where sp.shop_id = 2 and sp.published and p.active order by sp.product_code limit 2`,
    );
    [a, b] = rows.rows.map((r) => r.c) as [string, string];
    await db.query(`update app.products set selling_price_shop = 10, weight = 2, discount_percent = null, can_order = true where product_code = any ($1)`, [[a, b]]);
    await db.query(`update app.shop_products set shop_price = null where shop_id = 2 and product_code = any ($1)`, [[a, b]]);
    foreign = (await db.query<{ c: string }>(`select sp.product_code as c from app.shop_products sp join app.shops s using (shop_id) where s.company_code <> 'SK01' and sp.published limit 1`)).rows[0]!
      .c;
  });
  afterAll(async () => {
    await s?.close();
    await sink?.close();
  });

  it('adds, changes and removes lines at the server prices; forged price fields are ignored; a POST from another site is refused', async () => {
    const v = client(s.url);
    const product = await v.get(`/product/${a.toLowerCase()}`);
    expect(product.body).toContain('action="/cart/add"');
    const shown = nums(product.body, /data-price="([\d.]+)"/g)[0]!;

    expect((await v.post('/cart/add', { code: a, qty: '1' }, {})).status).toBe(403);
    const crossSite = await v.post('/cart/add', { code: a, qty: '1' }, { origin: 'https://evil.example.com' });
    // Said in the shop's language (German), not as the server's English.
    expect([crossSite.status, crossSite.body.includes('Das Formular konnte nicht gesendet werden')]).toEqual([403, true]);

    const added = await v.post('/cart/add', { code: a, qty: '2', price: '0.01', unit_price: '0.01', total: '0.02' });
    expect(added.status).toBe(303);
    expect(added.location).toBe('/cart?m=added');
    const cookie = added.cookies.find((c) => c.startsWith('cart_2='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // Only the token's hash is stored.
    const token = v.jar.get('cart_2')!;
    expect((await s.db.query(`select 1 from app.carts where token_hash = $1`, [token])).rowCount).toBe(0);

    await v.post('/cart/add', { code: b.toLowerCase() });
    expect((await v.post('/cart/add', { code: foreign })).location).toBe('/cart?m=unknown');
    expect((await v.post('/cart/add', { code: a, qty: '-5' })).location).toBe('/cart?m=bad_qty');
    let cart = await v.get('/cart');
    expect(cart.body).toContain(`data-line="${a}"`);
    expect(nums(cart.body, /data-unit="([\d.]+)"/g)).toEqual([shown, shown]);
    expect(cart.body).toContain('data-cart-count="3"');
    expect(totalOf(cart.body)).toBeCloseTo(3 * shown, 1);

    await v.post('/cart/update', { code: a, qty: '4', unit_price: '0' });
    await v.post('/cart/remove', { code: b });
    cart = await v.get('/cart');
    expect(cart.body).not.toContain(`data-line="${b}"`);
    expect(cart.body).toContain('data-cart-count="4"');
    const items = await s.db.query<{ quantity: string; unit_price: string }>(
      `select quantity, unit_price from app.cart_items it join app.carts c using (cart_id) where c.shop_id = 2 and it.product_code = $1`,
      [a],
    );
    expect(Number(items.rows[0]!.quantity)).toBe(4);
    expect(Number(items.rows[0]!.unit_price)).toBeGreaterThan(5);

    // A product that cannot be ordered without stock: the quantity is cut to the free stock.
    await s.db.query(`update app.products set can_order = false where product_code = $1`, [a]);
    const free = (await s.db.query<{ f: string }>(`select free_qty as f from app.v_published_products where shop_id = 2 and product_code = $1`, [a])).rows[0]!.f;
    cart = await v.get('/cart');
    if (Number(free) > 0 && Number(free) < 4) expect(cart.body).toContain('data-notice="qty"');
    if (Number(free) <= 0) expect(cart.body).toContain('data-notice="gone"');
    await s.db.query(`update app.products set can_order = true where product_code = $1`, [a]);
  });

  it('says a price changed since the product was added, in the shop language, and stores the new one', async () => {
    const v = client(s.url);
    await v.post('/cart/add', { code: b, qty: '1' });
    const before = nums((await v.get('/cart')).body, /data-unit="([\d.]+)"/g)[0]!;
    await s.db.query(`update app.products set selling_price_shop = 12 where product_code = $1`, [b]);
    const cart = await v.get('/cart');
    expect(cart.body).toContain('data-notice="price"');
    expect(cart.body).toMatch(/Der Preis von .* hat sich von .* auf .* geändert/);
    const now = nums(cart.body, /data-unit="([\d.]+)"/g)[0]!;
    expect(now).toBeGreaterThan(before);
    // Said once: the stored price is the new one.
    expect((await v.get('/cart')).body).not.toContain('data-notice="price"');
    await s.db.query(`update app.products set selling_price_shop = 10 where product_code = $1`, [b]);
  });

  it('prices delivery per country and weight band, free from the threshold, and validates each field in German', async () => {
    const v = client(s.url);
    await v.post('/cart/add', { code: a, qty: '1' }); // 2 kg, goods well below 80 €
    let page = await v.get('/checkout');
    expect(page.status).toBe(200);
    // SK courier 0–5 kg 4.90; pickup point 2.90; pallet 39.
    expect(nums(page.body, /data-dm-price="([\d.]+)"/g)).toEqual([4.9, 2.9, 39]);
    // The country chosen at checkout: Hungary's rates.
    page = await v.post('/checkout', { country: 'HU', action: 'recalculate' });
    expect(nums(page.body, /data-dm-price="([\d.]+)"/g)).toEqual([6.37, 3.77, 50.7]);
    // 3 × 2 kg = 6 kg: the 5–20 kg band.
    await v.post('/cart/update', { code: a, qty: '3' });
    page = await v.post('/checkout', { country: 'SK', action: 'recalculate' });
    expect(nums(page.body, /data-dm-price="([\d.]+)"/g)).toEqual([7.9, 4.5, 39]);
    // Above free_from (80 €, the method's): courier and pickup point free.
    await v.post('/cart/update', { code: a, qty: '9' });
    page = await v.post('/checkout', { country: 'SK', action: 'recalculate' });
    expect(nums(page.body, /data-dm-price="([\d.]+)"/g)).toEqual([0, 39]);

    const bad = await v.post('/checkout', { name: '', email: 'nicht-gültig', phone: 'x', address: 'Hauptstraße 1', zip: '1010', city: 'Wien', country: 'SK', dm: '1', pm: '3', action: 'place' });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatch(/data-error="name"[^>]*>Dieses Feld ist ein Pflichtfeld/);
    expect(bad.body).toMatch(/data-error="email"[^>]*>Bitte geben Sie eine gültige E-Mail-Adresse ein/);
    expect(bad.body).toMatch(/data-error="phone"[^>]*>Das Format ist ungültig/);
    expect(bad.body).not.toContain('data-error="city"');
    // The form's attributes come from the same rule.
    expect(bad.body).toMatch(/id="f-name" type="text" required="" maxLength="120"/);
  });

  it('places one order in the initial state with the server prices, queues the confirmation and sends it; the cart is checked out once', async () => {
    const v = client(s.url);
    await v.post('/cart/add', { code: a, qty: '2' });
    await v.post('/cart/add', { code: b, qty: '1' });
    const form = { name: 'Anna Muster', email: 'Anna.Muster@example.com', phone: '+43 660 1234567', address: 'Hauptstraße 1', zip: '1010', city: 'Wien', country: 'AT', dm: '1', pm: '3' };
    const page = await v.post('/checkout', { ...form, action: 'recalculate' });
    const total = totalOf(page.body);
    // A total that is not the one shown (a price changed meanwhile) places nothing.
    const stale = await v.post('/checkout', { ...form, shown_total: String(total + 1), action: 'place' });
    expect(stale.status).toBe(409);
    expect(stale.body).toContain('data-flash="changed"');

    const [first, second] = await Promise.all([
      v.post('/checkout', { ...form, shown_total: String(total), action: 'place' }),
      v.post('/checkout', { ...form, shown_total: String(total), action: 'place' }),
    ]);
    expect(first.status).toBe(303);
    expect(second.status).toBe(303);
    expect(first.location).toBe('/checkout/done');
    const orders = await s.db.query<{
      order_id: number;
      fsm_reference: string;
      state_code: string;
      shop_id: number;
      currency_code: string;
      grand_total: string;
      total: string;
      delivery_price: string;
      payment_fee: string;
      dm_id: number;
      pm_id: number;
      partner_id: number;
    }>(`select * from app.v_sales_orders where email = 'anna.muster@example.com'`);
    expect(orders.rows).toHaveLength(1);
    const o = orders.rows[0]!;
    expect(o.state_code).toBe('placed');
    expect([o.shop_id, o.currency_code, o.dm_id, o.pm_id]).toEqual([2, 'EUR', 1, 3]);
    expect(Number(o.delivery_price)).toBe(11.85); // AT courier, 3 × 2 kg = 6 kg: the 5–20 kg band
    expect(Number(o.payment_fee)).toBe(1.5);
    expect(Number(o.grand_total)).toBeCloseTo(total, 2);
    const lines = await s.db.query<{ product_code: string; quantity: string }>(`select product_code, quantity from app.sales_order_items where order_id = $1 order by product_code`, [o.order_id]);
    expect(lines.rows.map((r) => [r.product_code, Number(r.quantity)])).toEqual([
      [a, 2],
      [b, 1],
    ]);
    const done = await v.get('/checkout/done');
    expect(done.body).toContain(`data-reference="${o.fsm_reference}"`);
    // The cart is checked out: the header's count is 0, the abandoned-carts view knows it as a sale.
    expect(done.body).toContain('data-cart-count="0"');
    const cartRow = await s.db.query<{ order_id: number; email: string }>(`select order_id, email from app.carts where order_id = $1`, [o.order_id]);
    expect(cartRow.rows[0]!.email).toBe('anna.muster@example.com');

    const mail = await s.db.query<{ subject: string; body_text: string; language_code: string; recipients: string[] }>(
      `select * from app.mail_outbox where source_type = 'sales_order' and source_id = $1`,
      [o.order_id],
    );
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0]!.language_code).toBe('de');
    expect(mail.rows[0]!.subject).toContain(o.fsm_reference);
    expect(mail.rows[0]!.body_text).toContain('vielen Dank für Ihre Bestellung');
    await deliverDue(s.db, smtpTransport(`smtp://127.0.0.1:${sink.port}`, 'Shop <shop@example.com>'), new Date());
    const got = sink.messages.find((m) => m.subject.includes(o.fsm_reference));
    expect(got?.to).toEqual(['anna.muster@example.com']);
    expect(got?.text).toContain('Gesamtsumme');

    // The next add starts a new cart.
    await v.post('/cart/add', { code: a });
    expect((await v.get('/cart')).body).toContain('data-cart-count="1"');
  });

  it('takes the VAT out of the delivery price and the cash-on-delivery fee at the goods’ rates: the page, the order, its e-mail and the courier’s COD amount agree', async () => {
    const db = s.db;
    // The two products at two VAT rates of the company: the charges are apportioned (src/core/orderCharges.ts).
    const vats = (await db.query<{ vat_id: number }>(`select distinct on (vat_rate) vat_id from app.vats where company_code = 'SK01' and vat_rate > 0 order by vat_rate desc, vat_id`)).rows;
    expect(vats.length).toBeGreaterThanOrEqual(2);
    const kept = (await db.query<{ product_code: string; vat_id: number }>(`select product_code, vat_id from app.products where product_code = any ($1)`, [[a, b]])).rows;
    await db.query(`update app.products set vat_id = $2 where product_code = $1`, [a, vats[0]!.vat_id]);
    await db.query(`update app.products set vat_id = $2 where product_code = $1`, [b, vats[1]!.vat_id]);
    try {
      const cod = (await db.query<{ pm_id: number }>(`select m.pm_id from app.payment_methods m join app.payment_method_shops x using (pm_id) where x.shop_id = 2 and m.pm_code = 'cod'`)).rows[0]!
        .pm_id;
      const defaultRate = Number((await db.query<{ r: string }>(`select vat_rate as r from app.vats where company_code = 'SK01' and vat_default`)).rows[0]!.r);
      const v = client(s.url);
      await v.post('/cart/add', { code: a, qty: '2' });
      await v.post('/cart/add', { code: b, qty: '1' });
      const form = { name: 'Vera Steuer', email: 'vera.steuer@example.com', phone: '+43 660 7654321', address: 'Ring 2', zip: '1010', city: 'Wien', country: 'AT', dm: '1', pm: String(cod) };
      const page = await v.post('/checkout', { ...form, action: 'recalculate' });
      // The summary: goods, delivery, fee, of which VAT; then the total.
      const [goods, delivery, fee, vat] = nums(page.body, /data-amount="([\d.]+)"/g) as [number, number, number, number];
      const total = totalOf(page.body);
      expect(fee).toBe(1.5);
      expect((await v.post('/checkout', { ...form, shown_total: String(total), action: 'place' })).status).toBe(303);

      const placed = (await db.query<{ order_id: number; fsm_instance_id: number }>(`select order_id, fsm_instance_id from app.sales_orders where email = 'vera.steuer@example.com'`)).rows[0]!;
      const lines = (
        await db.query<{ net_amount: string; vat_amount: string; vat_rate: string }>(`select net_amount, vat_amount, vat_rate from app.v_sales_order_items where order_id = $1`, [placed.order_id])
      ).rows;
      expect(new Set(lines.map((l) => Number(l.vat_rate))).size).toBe(2);
      const rule = orderTotals(
        lines.map((l) => ({ net: Number(l.net_amount), vat: Number(l.vat_amount), vatRate: Number(l.vat_rate) })),
        delivery,
        fee,
        2,
        defaultRate,
      );
      expect(rule.feeVat).toBeGreaterThan(0);
      // What the page showed: the VAT of the goods and of both charges.
      expect([goods, vat, total]).toEqual([rule.goodsGross, rule.vat, rule.total]);
      // What the order holds is the same.
      const o = (
        await db.query<{ order_id: number; fsm_instance_id: number; total_vat: number; delivery_vat: number; payment_fee_vat: number; grand_net: number; grand_vat: number; grand_total: number }>(
          `select order_id, fsm_instance_id, total_vat, delivery_vat, payment_fee_vat, grand_net, grand_vat, grand_total from app.v_sales_orders where order_id = $1`,
          [placed.order_id],
        )
      ).rows[0]!;
      expect([o.total_vat, o.delivery_vat, o.payment_fee_vat, o.grand_net, o.grand_vat, o.grand_total].map(Number)).toEqual([
        rule.goodsVat,
        rule.deliveryVat,
        rule.feeVat,
        rule.net,
        rule.vat,
        rule.total,
      ]);
      const mail = (await db.query<{ body_text: string }>(`select body_text from app.mail_outbox where source_type = 'sales_order' and source_id = $1`, [o.order_id])).rows[0]!;
      expect(mail.body_text).toContain(`MwSt.: ${mailMoney('de', rule.vat, 'EUR', 2)}`);
      expect(mail.body_text).toContain(`Gesamtsumme: ${mailMoney('de', rule.total, 'EUR', 2)}`);

      // Paid, it is the carrier's to collect: all of it, the fee included.
      const admin = (await s.login('admin@example.com')).token;
      for (const event_code of ['confirm', 'pay']) expect((await s.action(admin, 'fsm_trigger', 'set', { event_code, fsm_instance_id: [o.fsm_instance_id] }, 'SK01')).status).toBe(200);
      const courier = (await db.query<{ cod_amount: string }>(`select cod_amount from app.v_courier_orders where order_id = $1`, [o.order_id])).rows;
      expect(courier.map((r) => Number(r.cod_amount))).toEqual([rule.total]);
    } finally {
      for (const k of kept) await db.query(`update app.products set vat_id = $2 where product_code = $1`, [k.product_code, k.vat_id]);
    }
  });

  it('never joins an existing customer by the e-mail typed: a checkout with it makes a partner of its own, the customer’s orders and addresses untouched and not shown', async () => {
    // An existing customer of SK01 with an order under their e-mail and an address.
    const db = s.db;
    const victim = (
      await db.query<{ partner_id: number; order_id: number; email: string }>(
        `select o.partner_id, o.order_id, o.email from app.sales_orders o join app.partners p using (partner_id)
       where o.company_code = 'SK01' and not p.deleted and o.email <> '' and exists (select 1 from app.partner_addresses a where a.partner_id = o.partner_id)
       order by o.order_id limit 1`,
      )
    ).rows[0]!;
    const snapshot = async () => ({
      partner: (await db.query(`select * from app.partners where partner_id = $1`, [victim.partner_id])).rows,
      addresses: (await db.query(`select * from app.partner_addresses where partner_id = $1 order by address_id`, [victim.partner_id])).rows,
      orders: (await db.query(`select order_id, partner_id, email, row_version from app.sales_orders where partner_id = $1 order by order_id`, [victim.partner_id])).rows,
    });
    const before = await snapshot();
    const street = before.addresses[0]!.address_line_1 as string;

    const v = client(s.url);
    await v.post('/cart/add', { code: a, qty: '1' });
    const form = { name: 'Eve Intruder', email: victim.email.toUpperCase(), phone: '+421 900 000 000', address: 'Elsewhere 9', zip: '81101', city: 'Bratislava', country: 'SK', dm: '1', pm: '3' };
    const total = totalOf((await v.post('/checkout', { ...form, action: 'recalculate' })).body);
    const placed = await v.post('/checkout', { ...form, shown_total: String(total), action: 'place' });
    expect(placed.status).toBe(303);
    const done = await v.get('/checkout/done');

    const order = (await db.query<{ order_id: number; partner_id: number }>(`select order_id, partner_id from app.sales_orders where email = lower($1) order by order_id desc limit 1`, [form.email]))
      .rows[0]!;
    expect(order.partner_id).not.toBe(victim.partner_id);
    const own = await db.query<{ partner_name: string; company_code: string; address_line_1: string; city: string; first_name: string; last_name: string }>(
      `select p.partner_name, p.company_code, a.address_line_1, a.city, a.first_name, a.last_name from app.partners p join app.partner_addresses a using (partner_id) where p.partner_id = $1`,
      [order.partner_id],
    );
    expect(own.rows).toEqual([{ partner_name: 'Eve Intruder', company_code: 'SK01', address_line_1: 'Elsewhere 9', city: 'Bratislava', first_name: 'Eve', last_name: 'Intruder' }]);
    // The customer as they were: no order joined them, nothing of theirs changed.
    expect(await snapshot()).toEqual(before);
    // Nothing of theirs shown to the shopper, nor shipped to: the page, the mail, the courier's address are the typed ones.
    const mail = (await db.query<{ body_text: string }>(`select body_text from app.mail_outbox where source_type = 'sales_order' and source_id = $1`, [order.order_id])).rows[0]!;
    for (const text of [done.body, mail.body_text]) expect(text).not.toContain(street);
    const shipTo = (
      await db.query<{ address_line_1: string }>(`select a.address_line_1 from app.sales_orders o join app.partner_addresses a using (partner_id) where o.order_id = $1`, [order.order_id])
    ).rows;
    expect(shipTo).toEqual([{ address_line_1: 'Elsewhere 9' }]);
  });

  it('refuses a form body over 16 KiB unread, also when it comes chunked without a length', async () => {
    const u = new URL(s.url);
    const [status, body] = await new Promise<[number, string]>((resolve, reject) => {
      const req = request(
        {
          host: u.hostname,
          port: u.port,
          path: '/cart/add',
          method: 'POST',
          headers: { host: HOST, origin: `http://${HOST}`, 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked' },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (text += d));
          res.on('end', () => resolve([res.statusCode!, text]));
        },
      );
      req.on('error', reject);
      req.write(`code=${a}&qty=1&pad=`);
      for (let i = 0; i < 20; i++) req.write('x'.repeat(1024));
      req.end();
    });
    expect([status, body.includes('Es war größer, als ein Formular dieses Shops sein kann')]).toEqual([413, true]);
  });

  it('two checkouts of the last units: one order takes them, the other is told and places nothing', async () => {
    // A product that cannot be ordered beyond stock, with its whole free stock in each of two carts.
    const c = (
      await s.db.query<{ c: string; free: string }>(
        `select pp.product_code as c, pp.free_qty as free from app.v_published_products pp where pp.shop_id = 2 and pp.free_qty between 1 and 50 and pp.product_code <> all ($1) order by pp.product_code limit 1`,
        [[a, b]],
      )
    ).rows[0]!;
    await s.db.query(`update app.products set can_order = false, discount_percent = null where product_code = $1`, [c.c]);
    const free = Number(c.free);
    const form = { name: 'Cleo Last', phone: '+421 900 111222', address: 'Hlavná 1', zip: '81101', city: 'Bratislava', country: 'SK', dm: '1', pm: '3' };
    const buyers = [client(s.url), client(s.url)];
    const shown: number[] = [];
    for (const [i, v] of buyers.entries()) {
      expect((await v.post('/cart/add', { code: c.c, qty: String(free) })).location).toBe('/cart?m=added');
      shown.push(totalOf((await v.post('/checkout', { ...form, email: `cleo${i}@example.com`, action: 'recalculate' })).body));
    }
    const placed = await Promise.all(buyers.map((v, i) => v.post('/checkout', { ...form, email: `cleo${i}@example.com`, shown_total: String(shown[i]), action: 'place' })));
    expect(placed.map((r) => r.status).sort()).toEqual([303, 409]);
    const lost = placed.find((r) => r.status === 409)!;
    // Told in the shop's language that the product went; the line is gone, nothing placed.
    expect(lost.body).toMatch(/data-notice="gone"/);
    expect(lost.body).toContain('data-cart-count="0"');
    const orders = await s.db.query(`select 1 from app.sales_orders where email like 'cleo_@example.com'`);
    expect(orders.rowCount).toBe(1);
    const left = await s.db.query<{ free: string }>(`select free_qty as free from app.v_published_products where shop_id = 2 and product_code = $1`, [c.c]);
    expect(Number(left.rows[0]!.free)).toBe(0);
  });

  it('limits the carts one address starts per hour, keeps its open cart working, and sweeps carts nobody can reach', async () => {
    const first = client(s.url);
    await first.post('/cart/add', { code: a });
    const mine = (await s.db.query<{ visitor_hash: string; cart_id: number }>(`select visitor_hash, cart_id from app.carts order by cart_id desc limit 1`)).rows[0]!;
    expect(mine.visitor_hash).toMatch(/^[0-9a-f]{64}$/);
    const made = Number((await s.db.query<{ n: string }>(`select count(*) as n from app.carts where visitor_hash = $1 and created_at > now() - interval '1 hour'`, [mine.visitor_hash])).rows[0]!.n);
    await s.db.query(`insert into app.carts (company_code, shop_id, language_code, token_hash, visitor_hash) select 'SK01', 2, 'de', md5(g::text || 'x'), $1 from generate_series(1, $2) g`, [
      mine.visitor_hash,
      CARTS_PER_VISITOR_PER_HOUR - made,
    ]);
    const before = (await s.db.query(`select 1 from app.carts`)).rowCount;
    const bot = client(s.url);
    const refused = await bot.post('/cart/add', { code: a });
    expect(refused.location).toBe('/cart?m=busy');
    expect(refused.cookies.some((x) => x.startsWith('cart_2='))).toBe(false);
    expect((await s.db.query(`select 1 from app.carts`)).rowCount).toBe(before);
    expect((await bot.get('/cart?m=busy')).body).toContain('Von Ihrer Adresse wurden zu viele Warenkörbe angelegt');
    // The visitor's own open cart still takes products.
    expect((await first.post('/cart/add', { code: b })).location).toBe('/cart?m=added');
    // An hour later the address may start carts again.
    await s.db.query(`update app.carts set created_at = created_at - interval '61 minutes' where visitor_hash = $1`, [mine.visitor_hash]);
    expect((await bot.post('/cart/add', { code: a })).location).toBe('/cart?m=added');

    // The sweep: an open cart without an e-mail untouched for over 30 days goes; one with an e-mail (abandoned, for staff) and a checked-out one stay.
    const ids = (await s.db.query<{ cart_id: number }>(`select cart_id from app.carts where visitor_hash = $1 order by cart_id limit 3`, [mine.visitor_hash])).rows.map((r) => r.cart_id);
    await s.db.query(`update app.carts set updated_at = now() - interval '31 days' where cart_id = any ($1)`, [ids]);
    await s.db.query(`update app.carts set email = 'kept@example.com' where cart_id = $1`, [ids[1]]);
    const order = (
      await s.db.query<{ order_id: number }>(
        `select order_id from app.sales_orders where company_code = 'SK01' and order_id not in (select order_id from app.carts where order_id is not null) limit 1`,
      )
    ).rows[0]!;
    await s.db.query(`update app.carts set order_id = $2 where cart_id = $1`, [ids[2], order.order_id]);
    expect(await sweepCarts(s.db)).toBeGreaterThanOrEqual(1);
    const kept = await s.db.query<{ cart_id: number }>(`select cart_id from app.carts where cart_id = any ($1) order by cart_id`, [ids]);
    expect(kept.rows.map((r) => r.cart_id)).toEqual([ids[1], ids[2]]);
  });

  it('lists a cart left with an e-mail as abandoned', async () => {
    const v = client(s.url);
    await v.post('/cart/add', { code: b, qty: '2' });
    await v.post('/checkout', { name: 'Bert', email: 'bert@example.com', country: 'SK', action: 'recalculate' });
    const cart = await s.db.query<{ cart_id: number }>(`select cart_id from app.carts where email = 'bert@example.com'`);
    expect(cart.rows).toHaveLength(1);
    await s.db.query(`update app.carts set updated_at = now() - interval '2 hours' where cart_id = $1`, [cart.rows[0]!.cart_id]);
    const listed = await s.db.query<{ item_count: number; cart_value: string; recovered: boolean }>(`select * from app.v_abandoned_carts where cart_id = $1`, [cart.rows[0]!.cart_id]);
    expect(listed.rows[0]).toMatchObject({ item_count: 1, recovered: false });
    expect(Number(listed.rows[0]!.cart_value)).toBeGreaterThan(0);
  });
});
