/**
 * Every product field of the spec (§3 Product) on product_list (issue 46, point 1), on both
 * engines: each written field saves and reads back; each rule of a field (its descriptor's
 * bounds, pattern, reference) is refused at the field with its message; computed and counted
 * values are not written; the long description is rich text stored sanitized; a product's
 * comments are counted on its row; collections are a screen of their own and the product's
 * collection a reference to them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, serverHelpers, startSignedIn, type Json, type TestServer } from './harness.ts';

type Row = Record<string, Json>;

/** A value of every field the product form writes that issue 46 brought to the screens. */
const VALUES: Row = {
  description_short: { en: 'A short text', de: 'Ein kurzer Text' },
  purchase_price_original: 12.5,
  purchase_price_currency_code: 'USD',
  // Within the product's limit (the lower of the two: 20), as every discount of a product must be (migration 121).
  max_discount_limit_percent: 30,
  discount_percent: 12.5,
  max_discount: 20,
  new_discount: 15,
  discounted_price_shop: 17.49,
  new_discounted_price: 16.99,
  unit_price: 4.99,
  new_unit_price: 5.49,
  unit_price_original: 3.25,
  new_qty: 42,
  production_time: 14,
  delivery_time: 3,
  purchase_time: 60,
  free_shipping: true,
  can_order: false,
  new_product: true,
  prepayment_required: true,
  length: 30.5,
  width: 20,
  height: 10.25,
  volume: 0.006253,
  pallet_length: 120,
  pallet_width: 80,
  pallet_height: 150,
  master_box_length: 62,
  master_box_width: 42,
  master_box_height: 22,
  master_box_qty: 12,
  discount_end_date: '2027-03-31',
};

/** Refused values: field, value, the reason the server names (the shared column rule the form checks with). */
const REFUSALS: [string, unknown, string][] = [
  ['discount_percent', 100.01, 'validation.max'],
  ['discount_percent', -1, 'validation.min'],
  ['max_discount', 101, 'validation.max'],
  ['new_discount', -0.5, 'validation.min'],
  ['discounted_price_shop', -1, 'validation.min'],
  ['new_discounted_price', 100000001, 'validation.max'],
  ['unit_price', -0.01, 'validation.min'],
  ['new_unit_price', -3, 'validation.min'],
  ['unit_price_original', -1, 'validation.min'],
  ['purchase_price_original', -1, 'validation.min'],
  ['new_qty', -1, 'validation.min'],
  ['production_time', 1000, 'validation.max'],
  ['delivery_time', -1, 'validation.min'],
  ['purchase_time', 2.5, 'validation.type_integer'],
  ['length', 10001, 'validation.max'],
  ['width', -1, 'validation.min'],
  ['height', 10000.5, 'validation.max'],
  ['volume', 1001, 'validation.max'],
  ['pallet_length', -1, 'validation.min'],
  ['pallet_width', 10001, 'validation.max'],
  ['pallet_height', -2, 'validation.min'],
  ['master_box_length', -1, 'validation.min'],
  ['master_box_width', 10001, 'validation.max'],
  ['master_box_height', -1, 'validation.min'],
  ['master_box_qty', 0, 'validation.min'],
  ['master_box_qty', 1.5, 'validation.type_integer'],
  ['free_shipping', 'yes', 'validation.type_bool'],
  ['can_order', 1, 'validation.type_bool'],
  ['description_short', { en: 'x'.repeat(1001) }, 'validation.max_length'],
  ['description', { en: 'x'.repeat(20001) }, 'validation.max_length'],
  ['discount_end_date', '2027-02-30', 'validation.type_date'],
];

describe.each(engines)('product fields on %s', (engine) => {
  let s: TestServer, admin: string;
  beforeAll(async () => void ({ s, admin } = await startSignedIn(engine)));
  afterAll(() => s?.close());
  const { ok, one } = serverHelpers(() => s);

  let skip = 0;
  /** A product of SK01 as product_list lists it. */
  const product = async (): Promise<Row> => {
    const { product_code } = await one("select product_code from app.products where company_code = 'SK01' order by product_code offset $1 limit 1", [skip++]);
    return listed(product_code as string);
  };
  const listed = async (code: string): Promise<Row> => {
    const { rows } = await ok(admin, 'product_list', 'list', { filterModel: { product_code: { filterType: 'text', type: 'equals', filter: code } } });
    expect(rows).toHaveLength(1);
    return rows[0];
  };
  const set = (p: Row, values: Row) => s.action(admin, 'product_list', 'set', { product_code: p.product_code, row_version: p.row_version, ...values });

  it('saves every field of the spec and reads it back as saved', async () => {
    const p = await product();
    const { row } = await ok(admin, 'product_list', 'set', { product_code: p.product_code, row_version: p.row_version, ...VALUES });
    expect(row).toMatchObject(VALUES);
    expect(await listed(p.product_code)).toMatchObject({ ...VALUES, row_version: p.row_version + 1 });
    // The stored columns, not only the answer.
    expect(await one('select can_order, master_box_qty, purchase_price_currency_code, new_qty::float8 as new_qty from app.products where product_code = $1', [p.product_code])).toEqual({
      can_order: false,
      master_box_qty: 12,
      purchase_price_currency_code: 'USD',
      new_qty: 42,
    });
    // Cleared again: the optional fields take no value.
    const cleared = Object.fromEntries(['production_time', 'length', 'pallet_height', 'master_box_qty', 'new_unit_price', 'discount_end_date'].map((f) => [f, null]));
    expect((await ok(admin, 'product_list', 'set', { product_code: p.product_code, row_version: p.row_version + 1, ...cleared })).row).toMatchObject(cleared);
  });

  it('refuses each rule of a field at the field, with its message, and writes nothing', async () => {
    const p = await product();
    for (const [field, value, reason] of REFUSALS) {
      const r = await set(p, { [field]: value });
      // A multi-language text is refused at its language.
      const at = typeof value === 'object' ? `payload.${field}.en` : `payload.${field}`;
      expect([field, r.status, r.body.error, r.body.params?.field, r.body.params?.reason], JSON.stringify(r.body)).toEqual([field, 400, 'invalid_value', at, reason]);
      expect(r.body.params.label).toBe(`fields.${field}`);
    }
    const bad = await set(p, { purchase_price_currency_code: 'XYZ' });
    expect([bad.status, bad.body.error, bad.body.params?.field]).toEqual([400, 'bad_reference', 'payload.purchase_price_currency_code']);
    expect((await listed(p.product_code)).row_version).toBe(p.row_version);
  });

  it('writes no computed or counted value: the calculated unit price, stock, reservations, out of stock', async () => {
    const p = await product();
    for (const field of ['calc_unit_price', 'stock_qty', 'qty', 'order_qty', 'out_of_stock', 'updated_at']) {
      const r = await set(p, { [field]: field === 'out_of_stock' ? true : field === 'updated_at' ? '2020-01-01T00:00:00Z' : 1 });
      expect([field, r.status], JSON.stringify(r.body)).toEqual([field, 400]);
    }
    expect((await listed(p.product_code)).row_version).toBe(p.row_version);
  });

  it('stores the long description as sanitized rich text, and the storefront’s product page shows it', async () => {
    const p = await product();
    const html = '<p>Solid <strong>oak</strong><script>alert(1)</script> <a href="javascript:alert(2)">x</a><img src="x" onerror="alert(3)"></p>';
    const { row } = await ok(admin, 'product_list', 'set', { product_code: p.product_code, row_version: p.row_version, description: { en: html, de: '<h2>Eiche</h2><style>p{}</style>' } });
    expect(row.description).toEqual({ en: '<p>Solid <strong>oak</strong> <a rel="noopener noreferrer">x</a><img src="x" /></p>', de: '<h2>Eiche</h2>' });
    expect((await listed(p.product_code)).description).toEqual(row.description);
    // The storefront's product page shows it (its shop lists the product, published).
    const shop = await one(
      `select s.hostname, sp.product_code, p.row_version from app.shop_products sp join app.shops s on s.shop_id = sp.shop_id and s.active
         join app.products p on p.product_code = sp.product_code and p.active where sp.published and s.company_code = 'SK01' order by sp.product_code limit 1`,
    );
    await ok(admin, 'product_list', 'set', { product_code: shop.product_code, row_version: shop.row_version, description: { en: html } });
    const page = await fetch(`${s.url}/storefront/${String(shop.hostname)}/en/product/${String(shop.product_code).toLowerCase()}`, { headers: { accept: 'text/html' } });
    const text = await page.text();
    expect(page.status, text.slice(0, 300)).toBe(200);
    expect(text).toContain('Solid <strong>oak</strong>');
    expect(text).not.toContain('alert(1)');
  });

  it('counts a product’s comments and shows the newest on its row; the author is the user who wrote it', async () => {
    const uncommented = await one(
      "select product_code from app.products p where company_code = 'SK01' and not exists (select 1 from app.product_comments c where c.product_code = p.product_code) order by product_code desc limit 1",
    );
    const p = await listed(uncommented.product_code);
    expect(await listed(p.product_code)).toMatchObject({ number_of_comments: 0, last_comment: null });
    await ok(admin, 'product_comments', 'add', { product_code: p.product_code, comment: 'Supplier confirmed the new packaging.' });
    const { row: second } = await ok(admin, 'product_comments', 'add', { product_code: p.product_code, comment: 'Photos retaken.' });
    expect(second).toMatchObject({ product_code: p.product_code, comment: 'Photos retaken.', author: expect.any(String) });
    expect(second.author).toBe((await one("select user_name from app.users where user_email = 'admin@example.com'")).user_name);
    expect(await listed(p.product_code)).toMatchObject({ number_of_comments: 2, last_comment: 'Photos retaken.' });
    const { rows } = await ok(admin, 'product_comments', 'list', { filterModel: { product_code: { filterType: 'text', type: 'equals', filter: p.product_code } } });
    expect(rows.map((r: Row) => r.comment)).toEqual(['Photos retaken.', 'Supplier confirmed the new packaging.']);
    const empty = await s.action(admin, 'product_comments', 'add', { product_code: p.product_code, comment: '' });
    expect([empty.status, empty.body.params?.field, empty.body.params?.reason]).toEqual([400, 'payload.comment', 'validation.required']);
    const long = await s.action(admin, 'product_comments', 'add', { product_code: p.product_code, comment: 'x'.repeat(2001) });
    expect([long.status, long.body.params?.field, long.body.params?.reason]).toEqual([400, 'payload.comment', 'validation.max_length']);
    // Another company's product is not the session's to comment on.
    const foreign = (await one("select product_code from app.products where company_code = 'CZ01' limit 1")).product_code;
    expect((await s.action(admin, 'product_comments', 'add', { product_code: foreign, comment: 'x' })).status).toBeGreaterThanOrEqual(400);
    await ok(admin, 'product_comments', 'delete', { keys: [second.comment_id] });
    // The demo's comments count on their products' rows too.
    const seeded = await one('select product_code, count(*)::int as n from app.product_comments group by product_code order by product_code limit 1');
    expect((await listed(seeded.product_code)).number_of_comments).toBe(seeded.n);
    expect(await listed(p.product_code)).toMatchObject({ number_of_comments: 1, last_comment: 'Supplier confirmed the new packaging.' });
  });

  it('lists collections as a screen of their own; a product’s collection reads back and must exist', async () => {
    const { row: ct } = await ok(admin, 'collections', 'add', { ct_name: `Heritage ${engine}` });
    expect((await s.action(admin, 'collections', 'add', { ct_name: `Heritage ${engine}` })).status).toBe(409);
    const refused = await s.action(admin, 'collections', 'add', { ct_name: 'x'.repeat(101) });
    expect([refused.status, refused.body.params?.field, refused.body.params?.reason]).toEqual([400, 'payload.ct_name', 'validation.max_length']);
    const brief = (await ok(admin, 'collections_brief', 'list', {})).rows as Row[];
    expect(brief).toContainEqual({ ct_id: ct.ct_id, ct_name: `Heritage ${engine}` });

    const p = await product();
    expect((await ok(admin, 'product_list', 'set', { product_code: p.product_code, row_version: p.row_version, ct_id: ct.ct_id })).row.ct_id).toBe(ct.ct_id);
    expect(await one('select ct_name from app.v_product_list where product_code = $1', [p.product_code])).toEqual({ ct_name: `Heritage ${engine}` });
    const missing = await set({ ...p, row_version: p.row_version + 1 }, { ct_id: 99999999 });
    expect([missing.status, missing.body.params?.field]).toEqual([400, 'payload.ct_id']);
    // Renamed on its screen, the product's collection reads the new name.
    await ok(admin, 'collections', 'set', { ct_id: ct.ct_id, row_version: 1, ct_name: `Heritage II ${engine}` });
    expect(await one('select ct_name from app.v_product_list where product_code = $1', [p.product_code])).toEqual({ ct_name: `Heritage II ${engine}` });
  });
});
