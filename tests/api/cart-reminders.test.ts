/**
 * Abandoned-cart reminders (issue 48 point 5), both engines: a shop's delay (the shops screen,
 * 0–720 hours, empty or 0: off); the pass mails a cart left longer than its shop's delay once —
 * two passes at once, or again, still once — in the cart's language, with links on the host and
 * prefix of that language, through the outbox to an SMTP server; a cart within the delay, an
 * ordered one, one without items, a shop with reminders off and an unsubscribed address get
 * none. The restore link (followed over HTTP as the shop's host) gives the opening browser that
 * cart, with what its own cart held; the unsubscribe link stops the reminders to the address.
 * Carts are made old by setting their time in SQL, never by waiting.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../src/server/config.ts';
import { deliverDue } from '../../src/server/mail/outbox.ts';
import { smtpTransport } from '../../src/server/mail/transport.ts';
import { sendCartReminders } from '../../src/server/storefront/cartReminders.ts';
import { engines, startSignedIn, type TestServer } from './harness.ts';
import { startSmtpSink, type SmtpSink } from './smtpSink.ts';

const AT = 'shop-at.example.com'; // SK01, German
const SK = 'shop-sk.example.com'; // SK01, Slovak; Hungarian under /hu

interface Reply {
  status: number;
  body: string;
  location: string;
}

/** A browser of one shop host: a cookie jar, Origin on a POST as a browser sends it on a form. */
function browser(base: string, host: string) {
  const jar = new Map<string, string>([['country', 'SK']]);
  const send = (method: string, path: string, form?: Record<string, string>): Promise<Reply> => {
    const u = new URL(base);
    const body = form ? new URLSearchParams(form).toString() : undefined;
    const h: Record<string, string> = { host, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (body !== undefined) Object.assign(h, { origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(body)) });
    return new Promise((resolve, reject) => {
      const req = request({ host: u.hostname, port: u.port, path, method, headers: h }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => {
          for (const c of res.headers['set-cookie'] ?? []) {
            const [kv] = c.split(';');
            const i = kv!.indexOf('=');
            jar.set(kv!.slice(0, i), kv!.slice(i + 1));
          }
          resolve({ status: res.statusCode!, body: text, location: String(res.headers.location ?? '') });
        });
      });
      req.on('error', reject);
      req.end(body);
    });
  };
  return { jar, get: (path: string) => send('GET', path), post: (path: string, form: Record<string, string>) => send('POST', path, form) };
}

/** The lines (product codes) of the cart page a browser sees. */
const linesOf = (html: string) => [...html.matchAll(/data-line="([^"]+)"/g)].map((m) => m[1]).sort();

describe('cart reminder configuration', () => {
  it('reads CART_REMINDER_TICK_MS (every 10 minutes unless set; 0: not in this process)', () => {
    expect(configFromEnv({}).cartReminderTickMs).toBe(600_000);
    expect(configFromEnv({ CART_REMINDER_TICK_MS: '0' }).cartReminderTickMs).toBe(0);
    expect(() => configFromEnv({ CART_REMINDER_TICK_MS: 'soon' })).toThrow(/CART_REMINDER_TICK_MS/);
  });
});

describe.each(engines)('abandoned-cart reminders on %s', (engine) => {
  let s: TestServer;
  let admin: string;
  let sink: SmtpSink;
  let a: string;
  let b: string;
  const shopId = async (host: string) => (await s.db.query<{ id: number }>(`select shop_id as id from app.shops where hostname = $1`, [host])).rows[0]!.id;
  /** A cart made by a browser over HTTP (its items by the storefront's rules), then given an address and an age in SQL. */
  const cartOf = async (host: string, prefix: string, email: string, hoursOld: number, codes = [a]) => {
    const br = browser(s.url, host);
    for (const code of codes) expect((await br.post(`${prefix}/cart/add`, { code, qty: '2' })).location).toBe(`${prefix}/cart?m=added`);
    const id = (await s.db.query<{ id: number }>(`select max(cart_id) as id from app.carts`)).rows[0]!.id;
    await s.db.query(`update app.carts set email = $2, updated_at = now() - make_interval(hours => $3) where cart_id = $1`, [id, email, hoursOld]);
    return { id, br };
  };
  const mailsOf = async (cartId: number) =>
    (
      await s.db.query<{ recipients: string[]; language_code: string; subject: string; body_text: string; status: string }>(
        `select recipients, language_code, subject, body_text, status from app.mail_outbox where source_type = 'cart' and source_id = $1 order by mail_id`,
        [cartId],
      )
    ).rows;
  /** Passes until one finds nothing more (the demo's own due carts go too); a pass that keeps finding carts is a failure, not a hang. */
  const drain = async () => {
    let n = 1;
    for (let i = 0; i < 10 && n > 0; i++) n = await sendCartReminders(s.db);
    expect(n, 'a pass still finds carts to remind').toBe(0);
  };
  const linkIn = (text: string, path: string) => {
    const m = new RegExp(`https://[^\\s]+${path.replace(/\//g, '\\/')}\\?t=[A-Za-z0-9_-]{43}`).exec(text);
    expect(m, `${path} in ${text}`).not.toBeNull();
    const u = new URL(m![0]);
    return { host: u.host, path: u.pathname + u.search };
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    ({ s, admin } = await startSignedIn(engine));
    const rows = await s.db.query<{ c: string }>(
      `select sp.product_code as c from app.shop_products sp join app.products p using (product_code) join app.shops sh using (shop_id)
       where sh.hostname = $1 and sp.published and p.active order by sp.product_code limit 2`,
      [AT],
    );
    [a, b] = rows.rows.map((r) => r.c) as [string, string];
    await s.db.query(`update app.products set selling_price_shop = 10, discount_percent = null, can_order = true where product_code = any ($1)`, [[a, b]]);
    // The demo's carts are someone else's: reminders start with what this suite turns on.
    await s.db.query(`update app.shops set cart_reminder_hours = null`);
  });
  afterAll(async () => {
    await s?.close();
    await sink?.close();
  });

  it('keeps the delay per shop on the shops screen, 0 to 720 hours, and says a value out of range at its field', async () => {
    const id = await shopId(AT);
    const row = async () => (await s.db.query<{ row_version: number; cart_reminder_hours: number | null }>(`select row_version, cart_reminder_hours from app.shops where shop_id = $1`, [id])).rows[0]!;
    const set = async (hours: number) => s.action(admin, 'frontend_shops', 'set', { shop_id: id, row_version: (await row()).row_version, cart_reminder_hours: hours }, 'SK01');
    const refused = await set(721);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('cart_reminder_hours');
    expect((await row()).cart_reminder_hours).toBeNull();
    expect((await set(2)).status).toBe(200);
    expect((await row()).cart_reminder_hours).toBe(2);
    // The database keeps the bound whoever writes (recordRules: said as "between 0 and 720").
    await expect(s.db.query(`update app.shops set cart_reminder_hours = -1 where shop_id = $1`, [id])).rejects.toMatchObject({ constraint: 'shops_cart_reminder_hours_check' });
  });

  it('mails a cart left longer than its shop’s delay exactly once, in its language, to the SMTP server; none for the others', async () => {
    await s.db.query(`update app.shops set cart_reminder_hours = 2 where hostname = $1`, [AT]);
    await s.db.query(`update app.shops set cart_reminder_hours = null where hostname = $1`, [SK]);
    const due = await cartOf(AT, '', 'Anna.Alt@Example.org', 3, [a, b]);
    const fresh = await cartOf(AT, '', 'fresh@example.org', 1);
    const ordered = await cartOf(AT, '', 'ordered@example.org', 5);
    const order = (
      await s.db.query<{ id: number }>(
        `select order_id as id from app.sales_orders where company_code = 'SK01' and order_id not in (select order_id from app.carts where order_id is not null) limit 1`,
      )
    ).rows[0]!.id;
    await s.db.query(`update app.carts set order_id = $2 where cart_id = $1`, [ordered.id, order]);
    const empty = await cartOf(AT, '', 'empty@example.org', 5);
    await s.db.query(`delete from app.cart_items where cart_id = $1`, [empty.id]);
    await s.db.query(`update app.carts set updated_at = now() - interval '5 hours' where cart_id = $1`, [empty.id]);
    const off = await cartOf(SK, '/hu', 'kosar@example.org', 30);

    // Two passes at once (two processes on PostgreSQL), then another: one mail.
    await Promise.all([sendCartReminders(s.db), sendCartReminders(s.db)]);
    await drain();
    const mails = await mailsOf(due.id);
    expect(mails.map((m) => [m.recipients, m.language_code, m.subject])).toEqual([[['anna.alt@example.org'], 'de', 'Sie haben etwas in Ihrem Warenkorb bei Dunaj Shop Österreich vergessen']]);
    expect(mails[0]!.body_text).toContain('Sie haben diese Artikel in Ihrem Warenkorb bei Dunaj Shop Österreich gelassen');
    expect(mails[0]!.body_text).toMatch(/2 × .+: 2[0-9],[0-9]{2}\s€/);
    expect(linkIn(mails[0]!.body_text, '/cart/restore').host).toBe(AT);
    expect(linkIn(mails[0]!.body_text, '/cart/reminders/unsubscribe').host).toBe(AT);
    for (const c of [fresh, ordered, empty, off]) expect(await mailsOf(c.id)).toEqual([]);
    // No cart of any shop was mailed twice (the demo's due carts included).
    expect((await s.db.query(`select source_id from app.mail_outbox where source_type = 'cart' group by source_id having count(*) > 1`)).rows).toEqual([]);

    // What the job did is the grid's "reminder sent", with its time.
    const list = await s.action(admin, 'abandoned_carts', 'list', { startRow: 0, endRow: 500 }, 'SK01');
    expect(list.status).toBe(200);
    const rows = (list.body as { data: { rows: Record<string, unknown>[] } }).data.rows;
    expect(rows.find((r) => r.cart_id === due.id)).toMatchObject({ reminder_sent: true, reminded_at: expect.any(String) });
    expect(rows.find((r) => r.cart_id === ordered.id)).toMatchObject({ reminder_sent: false, reminded_at: null });

    // Delivered by the outbox to the SMTP server.
    await deliverDue(s.db, smtpTransport(`smtp://127.0.0.1:${sink.port}`, 'Shop <shop@example.com>'), new Date());
    const got = sink.messages.find((m) => m.to.includes('anna.alt@example.org'));
    expect(got?.subject).toBe(mails[0]!.subject);
    expect(got?.text).toContain(`https://${AT}/cart/restore?t=`);
    expect((await mailsOf(due.id))[0]!.status).toBe('sent');

    // The shop turns reminders on: the Hungarian cart gets its mail in Hungarian, links under /hu.
    await s.db.query(`update app.shops set cart_reminder_hours = 24 where hostname = $1`, [SK]);
    await drain();
    const hu = await mailsOf(off.id);
    expect(hu.map((m) => [m.language_code, m.subject])).toEqual([['hu', 'Valamit a kosárban hagyott a(z) Dunaj Shop webáruházban']]);
    expect(linkIn(hu[0]!.body_text, '/cart/restore').path).toMatch(/^\/hu\/cart\/restore\?t=/);
    // Off again by 0: a cart of that shop left long ago gets nothing.
    await s.db.query(`update app.shops set cart_reminder_hours = 0 where hostname = $1`, [SK]);
    const zero = await cartOf(SK, '', 'nula@example.org', 30);
    await drain();
    expect(await mailsOf(zero.id)).toEqual([]);
  });

  it('restores the cart in the browser that opens the link, with what its own cart held, on the cart page', async () => {
    await s.db.query(`update app.shops set cart_reminder_hours = 2 where hostname = $1`, [AT]);
    const left = await cartOf(AT, '', 'back@example.org', 4, [a]);
    await drain();
    const restore = linkIn((await mailsOf(left.id))[0]!.body_text, '/cart/restore');

    // Another browser (the customer's phone) with a cart of its own.
    const phone = browser(s.url, restore.host);
    await phone.post('/cart/add', { code: b, qty: '1' });
    expect(linesOf((await phone.get('/cart')).body)).toEqual([b]);
    const phoneCart = (await s.db.query<{ id: number }>(`select max(cart_id) as id from app.carts`)).rows[0]!.id;
    const opened = await phone.get(restore.path);
    expect(opened.status).toBe(303);
    expect(opened.location).toBe('/cart?m=restored');
    const page = await phone.get(opened.location);
    expect(page.body).toContain('Ihr Warenkorb ist wieder da.');
    expect(linesOf(page.body)).toEqual([a, b].sort());
    expect(page.body).toMatch(new RegExp(`id="qty-${a}"[^>]*value="2"`));
    // The phone's own cart went into it (not a second abandoned cart).
    expect((await s.db.query(`select 1 from app.carts where cart_id = $1`, [phoneCart])).rows).toEqual([]);
    // One cart, one holder: the browser that left it has it no more.
    expect(linesOf((await left.br.get('/cart')).body)).toEqual([]);
    // Again, on the same phone: the same cart.
    expect((await phone.get(restore.path)).location).toBe('/cart?m=restored');
    expect(linesOf((await phone.get('/cart')).body)).toEqual([a, b].sort());

    // A made-up token, or the link of a cart since ordered: the cart page says the link does not work.
    const stranger = browser(s.url, AT);
    expect((await stranger.get(`/cart/restore?t=${'x'.repeat(43)}`)).location).toBe('/cart?m=restore_invalid');
    expect((await stranger.get('/cart/restore')).location).toBe('/cart?m=restore_invalid');
    const order = (
      await s.db.query<{ id: number }>(
        `select order_id as id from app.sales_orders where company_code = 'SK01' and order_id not in (select order_id from app.carts where order_id is not null) limit 1`,
      )
    ).rows[0]!.id;
    await s.db.query(`update app.carts set order_id = $2 where cart_id = $1`, [left.id, order]);
    expect((await stranger.get(restore.path)).location).toBe('/cart?m=restore_invalid');
    expect((await stranger.get('/cart?m=restore_invalid')).body).toContain('Dieser Link funktioniert nicht mehr');
    expect(linesOf((await stranger.get('/cart')).body)).toEqual([]);
  });

  it('unsubscribes the address by the mail’s link (a button first): its later carts get no reminder', async () => {
    await s.db.query(`update app.shops set cart_reminder_hours = 2 where hostname = $1`, [AT]);
    const first = await cartOf(AT, '', 'genug@example.org', 3);
    await drain();
    const link = linkIn((await mailsOf(first.id))[0]!.body_text, '/cart/reminders/unsubscribe');
    const br = browser(s.url, link.host);
    const t = new URLSearchParams(link.path.split('?')[1]).get('t')!;

    // The GET only asks (a mail scanner opening links unsubscribes no one).
    const ask = await br.get(link.path);
    expect(ask.status).toBe(200);
    expect(ask.body).toContain('Möchten Sie keine E-Mails mehr zu Artikeln erhalten');
    expect(ask.body).toContain(`value="${t}"`);
    expect((await s.db.query(`select 1 from app.cart_reminder_optouts where email = 'genug@example.org'`)).rows).toHaveLength(0);
    expect((await br.get(`/cart/reminders/unsubscribe?t=${'y'.repeat(43)}`)).status).toBe(400);

    const done = await br.post('/cart/reminders/unsubscribe', { t });
    expect(done.status).toBe(200);
    expect(done.body).toContain('Sie erhalten von diesem Shop keine Warenkorb-Erinnerungen mehr.');
    expect((await br.post('/cart/reminders/unsubscribe', { t })).status).toBe(200); // again: no harm
    expect((await br.post('/cart/reminders/unsubscribe', { t: 'z'.repeat(43) })).status).toBe(400);

    const later = await cartOf(AT, '', 'Genug@Example.org', 3);
    const other = await cartOf(AT, '', 'noch@example.org', 3);
    await drain();
    expect(await mailsOf(later.id)).toEqual([]);
    expect(await mailsOf(other.id)).toHaveLength(1);
  });
});
