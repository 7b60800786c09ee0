/**
 * Prices and discounts that act (issue 48, points 1 and 2), on both engines: the database's
 * twins of the rules in src/core agree with them; a selling price under the minimum margin is
 * taken only when confirmed (set, bulk set, add, import; undo and redo restore without asking;
 * other writers are not asked); Reprice previews old → new by the price rule, asks for prices
 * under the minimum margin, applies in one transaction and is undone by the margins grid's
 * undo; a product's discount and staged discount stay within its limit on every path (API,
 * bulk, import, any writer), and the discount of the day — the current one through its end
 * date, then the staged one, capped — is the storefront's price and a new order line's discount.
 */
import { request } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountOnDay } from '../../src/core/discountLimit.ts';
import { minimumPrice, sellingPrice } from '../../src/core/prices.ts';
import { shopPrice } from '../../src/core/shopPrice.ts';
import { engines, serverHelpers, startSignedIn, type Json, type TestServer } from './harness.ts';

type Row = Record<string, Json>;

/** A storefront page of shop-at.example.com (SK01, EUR), as a browser asks for it (node:http: fetch cannot set Host). */
const shopPage = (base: string, path: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const u = new URL(base);
    const req = request({ host: u.hostname, port: u.port, path, headers: { host: 'shop-at.example.com', cookie: 'country=SK' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve(text));
    });
    req.on('error', reject);
    req.end();
  });

describe.each(engines)('the price and discount rules on %s', (engine) => {
  let s: TestServer, admin: string, warehouse: string;
  beforeAll(async () => void ({ s, admin, warehouse } = await startSignedIn(engine)));
  afterAll(() => s?.close());
  const { ok, rows, one } = serverHelpers(() => s);

  /** An api_action with what the user confirmed. */
  const confirmed = (entity: string, action: string, payload: unknown) => s.post('/rpc/api_action', { entity, action, payload, confirm: ['below_min_margin'] }, { token: admin, company: 'SK01' });
  const version = async (code: string) => (await one('select row_version from app.products where product_code = $1', [code])).row_version as number;
  const price = async (code: string) => Number((await one('select selling_price_shop from app.products where product_code = $1', [code])).selling_price_shop);

  let skip = 0;
  /** Products of SK01 listed and published in shop 2 (shop-at.example.com), no discount, purchase 10, minimum margin 15 %, price 20. */
  const products = async (n: number): Promise<string[]> => {
    const codes = (
      await rows(
        `select p.product_code as c from app.products p join app.shop_products sp on sp.product_code = p.product_code and sp.shop_id = 2 and sp.published
         where p.company_code = 'SK01' and p.active and p.vat_id is not null order by p.product_code offset $1 limit $2`,
        [skip, n],
      )
    ).map((r) => r.c as string);
    skip += n;
    await s.db.query(
      `update app.products set purchase_price_base = 10, min_margin = 15, exp_margin = 40, selling_price_shop = 20, discount_percent = null, new_discount = null,
              discount_end_date = null, max_discount = null, max_discount_limit_percent = 30 where product_code = any($1)`,
      [codes],
    );
    await s.db.query('update app.shop_products set shop_price = null where shop_id = 2 and product_code = any($1)', [codes]);
    return codes;
  };
  const asksAt = (r: { status: number; body: Row }, field: string) =>
    expect([r.status, r.body.error, r.body.params]).toEqual([409, 'confirm_required', expect.objectContaining({ field, reason: 'validation.below_min_margin', min_margin: 15 })]);
  const refusedAt = (r: { status: number; body: Row }, field: string, limit: number) =>
    expect([r.status, r.body.error, r.body.params]).toEqual([400, 'invalid_value', expect.objectContaining({ field, reason: 'validation.discount_limit', limit })]);
  const upload = async (form: string, csv: string, mapping: (string | null)[], mode: 'preview' | 'commit', confirm?: string) => {
    const fd = new FormData();
    fd.set('file', new File([csv], 'prices.csv', { type: 'text/csv' }));
    fd.set('mode', mode);
    fd.set('language', 'en');
    fd.set('mapping', JSON.stringify(mapping));
    if (confirm) fd.set('confirm', confirm);
    const res = await fetch(`${s.url}/api/import/${form}`, { method: 'POST', body: fd, headers: { authorization: `Bearer ${admin}`, 'x-company': 'SK01' } });
    return { status: res.status, body: (await res.json()) as Row };
  };

  it('holds the database twins equal to src/core: the minimum price, and the discount of a day', async () => {
    const purchase = fc.oneof(
      fc.constant(null),
      fc.integer({ min: -10, max: 10_000_000 }).map((n) => n / 10_000),
    );
    const margin = fc.oneof(
      fc.constant(null),
      fc.integer({ min: 0, max: 100_000 }).map((n) => n / 100),
    );
    const cases = fc.sample(fc.tuple(purchase, margin), 300);
    const got = await rows('select app.min_selling_price(p, m)::float8 as v from unnest($1::numeric[], $2::numeric[]) with ordinality u(p, m, n) order by n', [
      cases.map((c) => c[0]),
      cases.map((c) => c[1]),
    ]);
    expect(got.map((r) => r.v)).toEqual(cases.map(([p, m]) => minimumPrice(p, m)));

    const pct = fc.oneof(
      fc.constant(null),
      fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100),
    );
    const day = fc.constantFrom('2026-03-01', '2026-03-02', '2026-03-03');
    const ps = fc.sample(fc.record({ discount_percent: pct, discount_end_date: fc.option(day, { nil: null }), new_discount: pct, max_discount: pct, max_discount_limit_percent: pct }), 300);
    const on = await rows(
      `select app.product_discount_on(d, e, nd, l, mx, '2026-03-02')::float8 as v
       from unnest($1::numeric[], $2::date[], $3::numeric[], $4::numeric[], $5::numeric[]) with ordinality u(d, e, nd, l, mx, n) order by n`,
      [ps.map((p) => p.discount_percent), ps.map((p) => p.discount_end_date), ps.map((p) => p.new_discount), ps.map((p) => p.max_discount_limit_percent), ps.map((p) => p.max_discount)],
    );
    expect(on.map((r) => r.v)).toEqual(ps.map((p) => discountOnDay(p, '2026-03-02')));
  });

  it('takes a price under the minimum margin only when confirmed: set, bulk set, add; undo and redo restore without asking; other writers are not asked', async () => {
    const [a, b] = (await products(2)) as [string, string];
    // 11 € on 10 € purchase is a 10 % margin: under 15 %, asked at the price, nothing written.
    const low = await s.action(admin, 'product_list', 'set', { product_code: a, row_version: await version(a), selling_price_shop: 11 });
    asksAt(low, 'payload.selling_price_shop');
    expect(low.body.params).toMatchObject({ margin: 10, label: 'fields.selling_price_shop' });
    expect(await price(a)).toBe(20);
    // At the minimum price (11.50) it is taken; confirmed, under it too.
    await ok(admin, 'product_list', 'set', { product_code: a, row_version: await version(a), selling_price_shop: 11.5 });
    const yes = await confirmed('product_list', 'set', { product_code: a, row_version: await version(a), selling_price_shop: 11 });
    expect(yes.status, JSON.stringify(yes.body)).toBe(200);
    expect(await price(a)).toBe(11);
    // The margins screen says the same: the margin on the purchase price, the lowest price keeping the minimum, the grid's marker.
    expect((await ok(admin, 'frontend_product_margins', 'filter', { product_code: a })).rows[0]).toMatchObject({ margin_percent: 10, min_price: 11.5, selling_price_shop: 11, below_min_margin: true });

    // Undo puts the confirmed edit back, redo writes it again: neither asks a second time.
    const undone = await ok(admin, 'product_list', 'undo', { log_ids: [yes.body.data.log_id] });
    expect(await price(a)).toBe(11.5);
    await ok(admin, 'product_list', 'redo', { log_ids: undone.log_ids });
    expect(await price(a)).toBe(11);

    // A paste (bulk set): the row asked about is named, nothing of the batch written.
    const bulk = await s.action(admin, 'product_list', 'set', {
      rows: [
        { product_code: b, row_version: await version(b), selling_price_shop: 30 },
        { product_code: a, row_version: await version(a), selling_price_shop: 10.5 },
      ],
    });
    asksAt(bulk, 'payload.rows.1.selling_price_shop');
    expect(bulk.body.params.row).toBe(1);
    expect([await price(a), await price(b)]).toEqual([11, 20]);

    // A new product under its minimum margin.
    const add = { product_code: `PR-${engine}`, product_name: { en: 'Priced low' }, purchase_price_base: 10, min_margin: 15, selling_price_shop: 10 };
    asksAt(await s.action(admin, 'product_list', 'add', add), 'payload.selling_price_shop');
    expect((await confirmed('product_list', 'add', add)).status).toBe(200);

    // Writers outside the app (psql, the seed) are not asked.
    await s.db.query('update app.products set selling_price_shop = 9 where product_code = $1', [b]);
    expect(await price(b)).toBe(9);
  });

  it("takes a shop's own price under the minimum margin only when confirmed — the shop's grid, the product's tab, import — and the storefront sells at it only then (migration 129)", async () => {
    const [a, b] = (await products(2)) as [string, string];
    const shopPrice = async (code: string) => (await one('select shop_price from app.shop_products where shop_id = 2 and product_code = $1', [code])).shop_price;
    const spVersion = async (code: string) => (await one('select row_version from app.shop_products where shop_id = 2 and product_code = $1', [code])).row_version as number;
    for (const form of ['frontend_shop_products', 'product_shops']) {
      const low = await s.action(admin, form, 'set', { shop_id: 2, product_code: a, row_version: await spVersion(a), shop_price: 11 });
      asksAt(low, 'payload.shop_price');
      expect(await shopPrice(a)).toBeNull();
    }
    // At the minimum price it is taken; under it only confirmed.
    await ok(admin, 'frontend_shop_products', 'set', { shop_id: 2, product_code: a, row_version: await spVersion(a), shop_price: 11.5 });
    const yes = await confirmed('frontend_shop_products', 'set', { shop_id: 2, product_code: a, row_version: await spVersion(a), shop_price: 11 });
    expect(yes.status, JSON.stringify(yes.body)).toBe(200);
    expect(Number(await shopPrice(a))).toBe(11);
    // The storefront's price is that confirmed one.
    expect(Number((await one('select price from app.v_published_products where shop_id = 2 and product_code = $1', [a])).price)).toBe(11);
    // Import: the row under the minimum is reported unless the file's confirmation is given.
    const csv = `shop_id,product_code,shop_price\n2,${b},10\n`;
    const plain = await upload('frontend_shop_products', csv, ['shop_id', 'product_code', 'shop_price'], 'commit');
    expect([plain.body.errorRows, await shopPrice(b)]).toEqual([1, null]);
    expect(plain.body.errors).toEqual([expect.objectContaining({ line: 2, field: 'shop_price', message: expect.stringMatching(/^server\.confirm_required\?.*reason=validation\.below_min_margin/) })]);
    const taken = await upload('frontend_shop_products', csv, ['shop_id', 'product_code', 'shop_price'], 'commit', 'below_min_margin');
    expect([taken.status, taken.body.errorRows, Number(await shopPrice(b))]).toEqual([200, 0, 10]);
    // Writers outside the app are not asked; an empty shop price (the product's) is never.
    await s.db.query('update app.shop_products set shop_price = 5 where shop_id = 2 and product_code = $1', [b]);
    await ok(admin, 'frontend_shop_products', 'set', { shop_id: 2, product_code: b, row_version: await spVersion(b), shop_price: null });
  });

  it('imports a price under the minimum margin only when confirmed: the preview and the commit report its row', async () => {
    const [a, b] = (await products(2)) as [string, string];
    const csv = `product_code,selling_price_shop\n${a},11\n${b},25\n`;
    const preview = await upload('product_list', csv, ['product_code', 'selling_price_shop'], 'preview');
    expect([preview.status, preview.body.updates, preview.body.errorRows]).toEqual([200, 1, 1]);
    expect(preview.body.errors).toEqual([
      { line: 2, key: { product_code: a }, field: 'selling_price_shop', value: '11', message: expect.stringMatching(/^server\.confirm_required\?.*reason=validation\.below_min_margin/) },
    ]);
    const plain = await upload('product_list', csv, ['product_code', 'selling_price_shop'], 'commit');
    expect([plain.body.errorRows, await price(a), await price(b)]).toEqual([1, 20, 25]);
    const yes = await upload('product_list', csv, ['product_code', 'selling_price_shop'], 'commit', 'below_min_margin');
    expect([yes.status, yes.body.errorRows, await price(a)]).toEqual([200, 0, 11]);
  });

  it('reprices by the rule: preview old → new, asks for prices under the minimum margin, applies in one transaction, undone by the margins grid', async () => {
    const codes = await products(3);
    const [a, b, c] = codes as [string, string, string];
    await s.db.query('update app.products set exp_margin = 25 where product_code = $1', [c]);
    const vat = async (code: string) => Number((await one('select coalesce(v.vat_rate, 0) as r from app.products p left join app.vats v using (vat_id) where p.product_code = $1', [code])).r);
    /** The rule's price of a product (purchase 10, minimum 15 %, its VAT, the default group's × 1, nice). */
    const expected = async (code: string, margin: number) => sellingPrice({ purchase: 10, margin, minMargin: 15, vatRate: await vat(code), multiplier: 1, nice: true })!.net;

    // Each product's expected margin, nice rounding: the preview lists each change and writes nothing.
    const preview = await ok(admin, 'reprice', 'filter', { keys: codes });
    expect(preview).toMatchObject({ rows: 3, changes: 3, below: 0, skipped: 0, currency: 'EUR' });
    for (const r of preview.shown) expect(r).toMatchObject({ old_price: 20, new_price: await expected(r.product_code, r.product_code === c ? 25 : 40), below_min: false });
    expect(await price(a)).toBe(20);

    // 5 % for every product, under the 15 % minimum: marked, and the apply asks (nothing written without the confirmation).
    const thin = { keys: [a, b], margin: 5, nice: false };
    expect(await ok(admin, 'reprice', 'filter', thin)).toMatchObject({ changes: 2, below: 2, shown: [{ new_price: 10.5, below_min: true, margin: 5, min_margin: 15 }, { below_min: true }] });
    const asked = await s.action(admin, 'reprice', 'set', thin);
    expect([asked.status, asked.body.error, asked.body.params]).toEqual([409, 'confirm_required', expect.objectContaining({ reason: 'validation.below_min_margin', margin: 5, min_margin: 15 })]);
    expect(await price(a)).toBe(20);

    const applied = await ok(admin, 'reprice', 'set', { keys: codes });
    expect([applied.rows, applied.updated, applied.log_ids.length]).toEqual([3, 3, 3]);
    for (const code of codes) expect(await price(code)).toBeCloseTo(await expected(code, code === c ? 25 : 40), 4);
    const thinApplied = await confirmed('reprice', 'set', thin);
    expect([thinApplied.status, await price(a), await price(b)]).toEqual([200, 10.5, 10.5]);

    // The grid's Ctrl+Z: the margins form's undo puts the prices back, newest batch first.
    await ok(admin, 'frontend_product_margins', 'undo', { log_ids: thinApplied.body.data.log_ids });
    expect(await price(a)).toBeCloseTo(await expected(a, 40), 4);
    await ok(admin, 'frontend_product_margins', 'undo', { log_ids: applied.log_ids });
    expect(await Promise.all(codes.map(price))).toEqual([20, 20, 20]);

    // Another company's shopper group, and a user without the margins page's set right.
    const foreign = (await one("select shopper_group_id from app.shopper_groups where company_code <> 'SK01' limit 1")).shopper_group_id;
    expect((await s.action(admin, 'reprice', 'filter', { keys: codes, shopper_group_id: foreign })).body).toMatchObject({ error: 'foreign_reference', params: { field: 'payload.shopper_group_id' } });
    expect((await s.action(warehouse, 'reprice', 'set', { keys: codes })).status).toBe(403);
  });

  it("keeps a product's discount and staged discount within its limit on every path: API, bulk, import, any writer", async () => {
    const [a, b] = (await products(2)) as [string, string];
    // Limit 30 % (Discount limit %), and Max. discount % 20: the lower holds.
    await s.db.query('update app.products set max_discount = 20 where product_code = $1', [a]);
    refusedAt(await s.action(admin, 'frontend_product_discounts', 'set', { product_code: a, row_version: await version(a), discount_percent: 25 }), 'payload.discount_percent', 20);
    refusedAt(await s.action(admin, 'product_list', 'set', { product_code: a, row_version: await version(a), new_discount: 21 }), 'payload.new_discount', 20);
    await ok(admin, 'frontend_product_discounts', 'set', { product_code: a, row_version: await version(a), discount_percent: 20, new_discount: 15 });
    const bulk = await s.action(admin, 'frontend_product_discounts', 'set', {
      rows: [
        { product_code: b, row_version: await version(b), discount_percent: 30 },
        { product_code: a, row_version: await version(a), new_discount: 35 },
      ],
    });
    refusedAt(bulk, 'payload.rows.1.new_discount', 20);
    expect((await one('select discount_percent::float8 as d from app.products where product_code = $1', [b])).d).toBeNull();

    const imported = await upload('frontend_product_discounts', `product_code,discount_percent\n${a},40\n${b},30\n`, ['product_code', 'discount_percent'], 'commit');
    expect([imported.status, imported.body.updates, imported.body.errorRows]).toEqual([200, 1, 1]);
    expect(imported.body.errors).toEqual([
      { line: 2, key: { product_code: a }, field: 'discount_percent', value: '40', message: expect.stringMatching(/^server\.invalid_value\?.*reason=validation\.discount_limit/) },
    ]);

    await expect(s.db.query('update app.products set discount_percent = 31 where product_code = $1', [b])).rejects.toMatchObject({ constraint: 'product_discount_over_limit' });
    // A limit lowered later keeps the stored discount; the discount of the day is capped by it.
    await s.db.query('update app.products set max_discount_limit_percent = 12 where product_code = $1', [b]);
    expect((await ok(admin, 'frontend_product_discounts', 'filter', { product_code: b })).rows[0]).toMatchObject({ discount_percent: 30, discount_today: 12 });
  });

  it('gives the discount of the day — the current one through its end date, then the staged one — in the shop and on a new order line', async () => {
    const [a] = (await products(1)) as [string];
    // 10 % ended yesterday; 15 % staged after it.
    await s.db.query('update app.products set discount_percent = 10, discount_end_date = current_date - 1, new_discount = 15 where product_code = $1', [a]);
    expect((await ok(admin, 'frontend_product_discounts', 'filter', { product_code: a })).rows[0]).toMatchObject({ discount_today: 15, discounted_price_shop: 17 });
    expect((await ok(admin, 'show_prices', 'filter', { product_code: a })).rows.map((r: Row) => r.discount_percent)).toContain(15);

    // The storefront (shop-at.example.com: SK01, EUR): the product's price with 15 % off.
    const html = await shopPage(s.url, `/product/${a.toLowerCase()}`);
    const vat = Number((await one('select coalesce(v.vat_rate, 0) as r from app.products p left join app.vats v using (vat_id) where p.product_code = $1', [a])).r);
    const expected = shopPrice({ net: 20, vatRate: vat, multiplier: 1, discountPercent: 15, from: 'EUR', to: 'EUR', rates: { EUR: 1 }, digits: 2 });
    expect(Number(/data-price="([\d.]+)"/.exec(html)?.[1])).toBe(expected.price);
    expect(Number(/data-original="([\d.]+)"/.exec(html)?.[1])).toBe(expected.original);

    // A new order line without a discount takes the product's of the order's day; one given keeps its own.
    const { partner_id } = await one("select partner_id from app.partners where company_code = 'SK01' and not is_supplier and not deleted order by partner_id limit 1");
    const order = (await ok(admin, 'sales_orders', 'add', { partner_id })).row.order_id;
    expect((await ok(admin, 'sales_order_items', 'add', { order_id: order, product_code: a, quantity: 1 })).row).toMatchObject({ discount_percent: 15 });
    expect((await ok(admin, 'sales_order_items', 'add', { order_id: order, product_code: a, quantity: 1, discount_percent: 0 })).row).toMatchObject({ discount_percent: 0 });
  });
});
