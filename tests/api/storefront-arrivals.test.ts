/**
 * "Notify me when in stock" (issue 26), both engines: the form on the page of a product that
 * cannot be ordered (only there), the request recorded once in the page's language, the
 * same answer for a product in stock or a repeated request, and the pass that mails the
 * waiting customers in their languages once the product is in stock again — once per row.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendArrivals } from '../../src/server/storefront/arrivals.ts';
import { engines, startTestServer, type TestServer } from './harness.ts';

function send(base: string, method: 'GET' | 'POST', path: string, form?: Record<string, string>, site = 'same-origin'): Promise<{ status: number; body: string; location?: string }> {
  const u = new URL(base);
  const body = form ? new URLSearchParams(form).toString() : undefined;
  const headers: Record<string, string> = { host: u.host, accept: 'text/html', 'sec-fetch-site': site };
  if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path, method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, body: text, location: res.headers.location }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe.each(engines)('storefront arrival notifications on %s', (engine) => {
  let s: TestServer;
  let out: string;
  let inStock: string;
  const at = '/storefront/shop-at.example.com';
  const sk = '/storefront/shop-sk.example.com';
  const waiting = (email: string) =>
    s.db.query<{ product_code: string; language_code: string; notification_sent: boolean; notified: boolean; host: string }>(
      `select a.product_code, a.language_code, a.notification_sent, a.notified_on = current_date as notified, sh.hostname as host
       from app.arrival_notifications a join app.shops sh using (shop_id) where a.email = $1 order by a.notification_id`,
      [email],
    );

  beforeAll(async () => {
    s = await startTestServer(engine);
    const pick = async (where: string) =>
      (
        await s.db.query<{ code: string }>(
          `select pp.product_code as code from app.v_published_products pp join app.products p using (product_code) join app.shops sh using (shop_id)
           where sh.hostname = 'shop-at.example.com' and ${where} order by pp.product_code limit 1`,
        )
      ).rows[0]!.code;
    out = await pick('pp.free_qty <= 0 and not p.can_order');
    inStock = await pick('pp.free_qty > 0');
  });
  afterAll(() => s?.close());

  it('offers the form only on the page of a product that cannot be ordered now', async () => {
    const page = await send(s.url, 'GET', `${at}/product/${out.toLowerCase()}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<form id="notify" class="notify" action="${at}/notify" method="post">`);
    expect(page.body).toContain(`<input type="hidden" name="product" value="${out}"/>`);
    expect(page.body).toContain('Benachrichtigen');
    expect((await send(s.url, 'GET', `${at}/product/${inStock.toLowerCase()}`)).body).not.toContain('id="notify"');
  });

  it('records a request once in the page’s language; the same answer for a product in stock, a bad address, another origin refused', async () => {
    const email = 'wait.for.it@example.org';
    const r = await send(s.url, 'POST', `${at}/notify`, { email: 'Wait.For.It@Example.org', product: out });
    expect(r.status).toBe(303);
    expect(r.location).toBe(`${at}/product/${out.toLowerCase()}?notify=sent#notify`);
    expect((await send(s.url, 'GET', r.location!.replace(/#.*/, ''))).body).toContain('Vielen Dank. Wir schicken Ihnen eine E-Mail');
    expect((await send(s.url, 'POST', `${at}/notify`, { email, product: out })).location).toBe(r.location);
    expect((await send(s.url, 'POST', `${at}/notify`, { email, product: inStock })).location).toBe(`${at}/product/${inStock.toLowerCase()}?notify=sent#notify`);
    expect((await waiting(email)).rows).toEqual([{ product_code: out, language_code: 'de', notification_sent: false, notified: null, host: 'shop-at.example.com' }]);

    expect((await send(s.url, 'POST', `${at}/notify`, { email: 'nope', product: out })).location).toBe(`${at}/product/${out.toLowerCase()}?notify=invalid#notify`);
    expect((await send(s.url, 'POST', `${at}/notify`, { email: 'x@example.org', product: out }, 'cross-site')).status).toBe(403);
    expect((await waiting('x@example.org')).rows).toHaveLength(0);
    expect((await send(s.url, 'GET', `${at}/notify`)).status).toBe(404);
  });

  it('mails the waiting customers in their languages once the product is in stock, once per row', async () => {
    await send(s.url, 'POST', `${sk}/hu/notify`, { email: 'varok@example.org', product: out });
    expect((await waiting('varok@example.org')).rows[0]).toMatchObject({ language_code: 'hu', host: 'shop-sk.example.com', notification_sent: false });
    // Still out of stock: nothing to tell them (the demo's waiting requests for goods in stock are told now).
    const ours = () => s.db.query(`select 1 from app.mail_outbox where source_type = 'arrival_notification' and recipients && array['wait.for.it@example.org', 'varok@example.org']`);
    await sendArrivals(s.db);
    expect((await ours()).rows).toHaveLength(0);
    expect((await waiting('wait.for.it@example.org')).rows[0]!.notification_sent).toBe(false);

    await s.db.query(
      `insert into app.stock_corrections (company_code, product_code, storage_id, quantity, reason, user_id)
       select p.company_code, p.product_code, (select st.storage_id from app.storages st where st.company_code = p.company_code order by st.storage_id limit 1), 5, 'Test: back in stock', 1
       from app.products p where p.product_code = $1`,
      [out],
    );
    let sent = 0;
    for (let n = await sendArrivals(s.db); n > 0; n = await sendArrivals(s.db)) sent += n;
    expect(sent).toBeGreaterThanOrEqual(2);
    const mails = await s.db.query<{ recipients: string[]; language_code: string; subject: string; body_text: string }>(
      `select recipients, language_code, subject, body_text from app.mail_outbox
       where source_type = 'arrival_notification' and recipients && array['wait.for.it@example.org', 'varok@example.org'] order by recipients[1]`,
    );
    expect(mails.rows.map((m) => [m.recipients, m.language_code])).toEqual([
      [['varok@example.org'], 'hu'],
      [['wait.for.it@example.org'], 'de'],
    ]);
    expect(mails.rows[0]!.subject).toMatch(/^Újra készleten – Dunaj Shop: /);
    expect(mails.rows[0]!.body_text).toContain(`https://shop-sk.example.com/hu/product/${out.toLowerCase()}`);
    expect(mails.rows[1]!.subject).toMatch(/^Wieder vorrätig bei Dunaj Shop Österreich: /);
    expect(mails.rows[1]!.body_text).toContain(`https://shop-at.example.com/product/${out.toLowerCase()}`);
    for (const e of ['wait.for.it@example.org', 'varok@example.org']) expect((await waiting(e)).rows[0]).toMatchObject({ notification_sent: true, notified: true });
    // Once per row: another pass sends nothing more to them.
    await sendArrivals(s.db);
    expect((await ours()).rows).toHaveLength(2);
    // The product page no longer offers the form.
    expect((await send(s.url, 'GET', `${at}/product/${out.toLowerCase()}`)).body).not.toContain('id="notify"');
  });
});
