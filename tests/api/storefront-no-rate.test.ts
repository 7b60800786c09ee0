/**
 * A shop whose currency its company has no rate for (a company just set up, issue 46) sells in
 * the company currency: the prices it shows, the cart, the checkout's total and the order placed
 * are all in that currency — never amounts of the company's currency booked as another's.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from './harness.ts';

const HOST = 'shop-at.example.com'; // SK01 (EUR), German; delivers to AT

/** Requests to the shop's host with a cookie jar, a form POST with the shop's Origin. */
function visitor(base: string) {
  const jar = new Map<string, string>([['country', 'AT']]);
  const send = (method: string, path: string, form?: Record<string, string>) => {
    const u = new URL(base);
    const body = form ? new URLSearchParams(form).toString() : undefined;
    const headers: Record<string, string> = { host: HOST, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (body !== undefined) Object.assign(headers, { origin: `http://${HOST}`, 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(body)) });
    return new Promise<{ status: number; body: string; location: string }>((resolve, reject) => {
      const req = request({ host: u.hostname, port: u.port, path, method, headers }, (res) => {
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
  return { get: (path: string) => send('GET', path), post: (path: string, form: Record<string, string>) => send('POST', path, form) };
}

describe.each(engines)('a shop in a currency without a company rate on %s', (engine) => {
  let s: TestServer;
  let code: string;
  beforeAll(async () => {
    s = await startTestServer(engine);
    code = (
      await s.db.query<{ c: string }>(
        `select sp.product_code as c from app.shop_products sp join app.shops sh using (shop_id) join app.products p using (product_code)
         where sh.hostname = $1 and sp.published and p.active order by sp.product_code limit 1`,
        [HOST],
      )
    ).rows[0]!.c;
    await s.db.query(`update app.products set selling_price_shop = 10, weight = 1, discount_percent = null, can_order = true where product_code = $1`, [code]);
    await s.db.query(`update app.shop_products set shop_price = null where product_code = $1`, [code]);
    // The shop sells in Polish złoty, for which SK01 has no rate.
    await s.db.query(`update app.shops set currency_code = 'PLN' where hostname = $1`, [HOST]);
    await s.db.query(`delete from app.company_currency_rates where company_code = 'SK01' and currency_code = 'PLN'`);
  });
  afterAll(() => s?.close());

  it('shows, charges and books the company currency', async () => {
    const v = visitor(s.url);
    const page = await v.get(`/product/${code.toLowerCase()}`);
    expect(page.status).toBe(200);
    const price = page.body.match(/data-price="([\d.]+)" data-currency="([A-Z]{3})"/)!;
    expect(price[2]).toBe('EUR');
    expect((await v.post('/cart/add', { code, qty: '2' })).status).toBe(303);
    const form = { name: 'Anna Muster', email: 'anna.pln@example.com', phone: '+43 660 1234567', address: 'Hauptstraße 1', zip: '1010', city: 'Wien', country: 'AT' };
    const checkout = await v.post('/checkout', { ...form, action: 'recalculate' });
    const dm = checkout.body.match(/name="dm" value="(\d+)"/)![1]!;
    const pm = checkout.body.match(/name="pm" value="(\d+)"/)![1]!;
    const again = await v.post('/checkout', { ...form, dm, pm, action: 'recalculate' });
    const total = Number([...again.body.matchAll(/data-total="([\d.]+)"/g)].at(-1)![1]);
    const placed = await v.post('/checkout', { ...form, dm, pm, shown_total: String(total), action: 'place' });
    expect(placed.status, placed.body.slice(0, 300)).toBe(303);
    const order = (
      await s.db.query<{ currency_code: string; grand_total: string; total: string }>(`select currency_code, grand_total, total from app.v_sales_orders where email = 'anna.pln@example.com'`)
    ).rows[0]!;
    expect(order.currency_code).toBe('EUR');
    expect(Number(order.grand_total)).toBeCloseTo(total, 2);
    expect(Number(order.total)).toBeCloseTo(2 * Number(price[1]), 2);
  });
});
