/**
 * `list` with `locate`: where one row stands in a list's order under its filters (the grid
 * scrolls to a row just added). Positions agree with the list's own pages for plain,
 * multi-language, looked-up and descending sorts and compound keys; a row the filters or
 * the company leave out has none; the page permission and the payload are checked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startSignedIn, type TestServer } from './harness.ts';

type Rows = Record<string, unknown>[];

describe.each(engines)('list locate on %s', (engine) => {
  let s: TestServer;
  let admin: string;
  let warehouse: string;

  beforeAll(async () => {
    ({ s, admin, warehouse } = await startSignedIn(engine));
  });
  afterAll(() => s?.close());

  const list = async (form: string, payload: Record<string, unknown>): Promise<Rows> => {
    const r = await s.action(admin, form, 'list', payload);
    expect(r.status).toBe(200);
    return r.body.data.rows as Rows;
  };
  const locate = async (form: string, payload: Record<string, unknown>, company?: string): Promise<number | null> => {
    const r = await s.action(admin, form, 'list', payload, company);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data.position as number | null;
  };

  it('answers the position the list gives a row, for several orders and a filter', async () => {
    const orders = [
      [],
      [{ colId: 'selling_price_shop', sort: 'asc' }],
      [
        { colId: 'keep_in_stock', sort: 'desc' },
        { colId: 'product_name', sort: 'asc' },
      ],
      // A looked-up column sorts by its text.
      [{ colId: 'brand_id', sort: 'desc' }],
      // NULLs last both ways (a few prices emptied below).
      [
        { colId: 'selling_price_shop', sort: 'desc' },
        { colId: 'product_name', sort: 'desc' },
      ],
      [{ colId: 'discount_end_date', sort: 'asc' }],
    ];
    await s.db.query(
      `update app.products set selling_price_shop = null where company_code = 'SK01' and product_code in (select product_code from app.products where company_code = 'SK01' order by product_code limit 5)`,
    );
    const filterModel = { min_margin: { filterType: 'number', type: 'lte', filter: 30 } };
    for (const sortModel of orders) {
      const rows = await list('product_list', { startRow: 0, endRow: 400, sortModel, filterModel, language: 'de' });
      for (const i of [0, 1, 57, 233, rows.length - 1]) {
        const code = rows[i]!.product_code;
        expect(await locate('product_list', { sortModel, filterModel, language: 'de', locate: { product_code: code } }), `${JSON.stringify(sortModel)} #${i}`).toBe(i);
      }
    }
  });

  it('answers null for a row the filters leave out, a row of another company, and a missing key', async () => {
    const filterModel = { min_margin: { filterType: 'number', type: 'lt', filter: 5 } };
    const out = (await s.db.query<{ product_code: string }>(`select product_code from app.products where company_code = 'SK01' and min_margin >= 5 limit 1`)).rows[0]!;
    expect(await locate('product_list', { filterModel, locate: { product_code: out.product_code } })).toBeNull();
    expect(await locate('product_list', { locate: { product_code: out.product_code } })).not.toBeNull();
    const other = (await s.db.query<{ product_code: string }>(`select product_code from app.products where company_code = 'HU01' limit 1`)).rows[0]!;
    expect(await locate('product_list', { locate: { product_code: other.product_code } })).toBeNull();
    expect(await locate('product_list', { locate: { product_code: other.product_code } }, 'HU01')).not.toBeNull();
    expect(await locate('product_list', { locate: { product_code: 'NO-SUCH-CODE' } })).toBeNull();
  });

  it("locates by a compound key within a detail grid's equality filter", async () => {
    const shop = (await s.db.query<{ shop_id: number }>(`select shop_id from app.shops where hostname = 'shop-sk.example.com'`)).rows[0]!;
    const filterModel = { shop_id: { filterType: 'set', values: [shop.shop_id] } };
    const rows = await list('shop_languages', { filterModel });
    expect(rows.length).toBeGreaterThan(1);
    for (const [i, r] of rows.entries()) {
      expect(await locate('shop_languages', { filterModel, locate: { shop_id: r.shop_id, language_code: r.language_code } })).toBe(i);
    }
  });

  it('checks the page permission and the payload', async () => {
    const code = (await s.db.query<{ product_code: string }>(`select product_code from app.products where company_code = 'SK01' limit 1`)).rows[0]!.product_code;
    expect((await s.action(warehouse, 'product_list', 'list', { locate: { product_code: code } })).status).toBe(403);
    const bad = async (form: string, payload: unknown, message: string) => {
      const r = await s.action(admin, form, 'list', payload);
      expect(r.status).toBe(400);
      // The field is the path the message starts with: the client names it in the user's language.
      expect(r.body).toEqual({ error: 'bad_request', message, params: { field: message.slice(0, message.indexOf(':')) } });
    };
    await bad('product_list', { locate: { product_name: 'x' } }, 'payload.locate.product_name: expected a key column (product_code)');
    await bad('product_list', { locate: {} }, 'payload.locate.product_code: expected a value');
    await bad('shop_languages', { locate: { shop_id: 1 } }, 'payload.locate.language_code: expected a value');
    await bad('product_list', { locate: { product_code: code }, after: [code] }, 'payload.after: locate answers a position, not a window');
    // A value its column refuses is that column's own validation message.
    const typed = await s.action(admin, 'shop_languages', 'list', { locate: { shop_id: 'one', language_code: 'en' } });
    expect(typed.status).toBe(400);
    expect(typed.body).toEqual({
      error: 'invalid_value',
      message: 'payload.locate.shop_id: expected an integer, got "one"',
      params: { field: 'payload.locate.shop_id', reason: 'validation.type_integer' },
    });
    // The values are parameters: a quote is only a key that is not there.
    expect(await locate('product_list', { locate: { product_code: "x'; drop table app.products; --" } })).toBeNull();
  });
});
