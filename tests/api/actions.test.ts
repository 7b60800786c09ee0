import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from './harness.ts';

describe.each(engines)('api_action engine on %s', (engine) => {
  let s: TestServer;
  let admin: string;
  let catalog: string;
  const list = (payload?: unknown, company?: string) => s.action(admin, 'product_list', 'list', payload, company);

  beforeAll(async () => {
    s = await startTestServer(engine);
    admin = (await s.login('admin@example.com')).token;
    catalog = (await s.login('catalog@example.com')).token;
  });
  afterAll(() => s?.close());

  describe('list and filter', () => {
    it('returns a window of rows with the total of the verified company only', async () => {
      const r = await list({ startRow: 0, endRow: 50 });
      expect(r.status).toBe(200);
      expect(r.body.data.rows).toHaveLength(50);
      const sk = await s.db.query<{ n: number }>(`select count(*)::int as n from app.products where company_code = 'SK01'`);
      expect(r.body.data.total).toBe(sk.rows[0]!.n);
      const codes = r.body.data.rows.map((x: { product_code: string }) => x.product_code);
      const owners = await s.db.query<{ company_code: string }>('select distinct company_code from app.products where product_code = any($1)', [codes]);
      expect(owners.rows).toEqual([{ company_code: 'SK01' }]);
      const hu = await list({ endRow: 5 }, 'HU01');
      const huCount = await s.db.query<{ n: number }>(`select count(*)::int as n from app.products where company_code = 'HU01'`);
      expect(hu.body.data.total).toBe(huCount.rows[0]!.n);
      expect(hu.body.data.rows[0].product_code).not.toBe(codes[0]);
    });

    it('sorts by several columns, key last, and pages by offset and by keyset alike', async () => {
      const sortModel = [
        { colId: 'keep_in_stock', sort: 'desc' },
        { colId: 'selling_price_shop', sort: 'asc' },
      ];
      const all = (await list({ startRow: 0, endRow: 300, sortModel })).body.data.rows as Record<string, number>[];
      for (let i = 1; i < all.length; i++) {
        const a = all[i - 1]!;
        const b = all[i]!;
        expect(a.keep_in_stock! > b.keep_in_stock! || (a.keep_in_stock === b.keep_in_stock && (a.selling_price_shop ?? Infinity) <= (b.selling_price_shop ?? Infinity))).toBe(true);
      }
      const page2 = (await list({ startRow: 100, endRow: 200, sortModel })).body.data.rows;
      const last = all[99]!;
      const keyset = await list({ endRow: 100, sortModel, after: [last.keep_in_stock, last.selling_price_shop, last.product_code] });
      expect(keyset.status).toBe(200);
      expect(keyset.body.data.rows).toEqual(page2);
      expect(page2).toEqual(all.slice(100, 200));
    });

    it("filters text in the user's language, numbers, sets and dates", async () => {
      // Multi-language text is filtered in the language the user reads (catalog reads German).
      const first = (await s.action(catalog, 'product_list', 'list', { endRow: 1 })).body.data.rows[0];
      const word = String(first.product_name.de).split(' ')[0]!.toLowerCase();
      const de = await s.action(catalog, 'product_list', 'list', { endRow: 200, filterModel: { product_name: { filterType: 'text', type: 'contains', filter: word } } });
      expect(de.status).toBe(200);
      expect(de.body.data.total).toBeGreaterThan(0);
      for (const row of de.body.data.rows) expect(row.product_name.de.toLowerCase()).toContain(word);
      // The language may also be named in the payload (the grid sends the UI language).
      const asked = await list({ endRow: 200, language: 'de', filterModel: { product_name: { filterType: 'text', type: 'contains', filter: word } } });
      expect(asked.body.data.total).toBe(de.body.data.total);
      expect((await list({ language: 'xx1' })).status).toBe(400);
      const notDe = await s.action(catalog, 'product_list', 'list', { endRow: 200, filterModel: { product_name: { filterType: 'text', type: 'notContains', filter: word } } });
      expect(notDe.body.data.total + de.body.data.total).toBe((await s.action(catalog, 'product_list', 'list', { endRow: 1 })).body.data.total);
      const range = await list({ endRow: 500, filterModel: { selling_price_shop: { filterType: 'number', type: 'inRange', filter: 10, filterTo: 20 } } });
      expect(range.body.data.total).toBeGreaterThan(0);
      for (const row of range.body.data.rows) expect(row.selling_price_shop >= 10 && row.selling_price_shop <= 20).toBe(true);
      const gt = await list({ endRow: 500, filterModel: { stock_qty: { filterType: 'number', type: 'gt', filter: 100 } } });
      expect(gt.body.data.total).toBeGreaterThan(0);
      for (const row of gt.body.data.rows) expect(row.stock_qty).toBeGreaterThan(100);
      const set = await list({ endRow: 500, filterModel: { keep_in_stock: { filterType: 'set', values: [2] } } });
      expect(set.body.data.total).toBeGreaterThan(0);
      for (const row of set.body.data.rows) expect(row.keep_in_stock).toBe(2);
      // The grid's "(empty)" choice: a set holding null lists exactly the rows without a value (of the company).
      const brandless = (await s.db.query<{ product_code: string }>(`select product_code from app.products where company_code = 'SK01' and brand_id is null order by 1`)).rows;
      expect(brandless.length).toBeGreaterThan(0);
      const blank = await list({ endRow: 500, sortModel: [{ colId: 'product_code', sort: 'asc' }], filterModel: { brand_id: { filterType: 'set', values: [null] } } });
      expect(blank.body.data.rows.map((r: { product_code: string }) => r.product_code)).toEqual(brandless.map((r) => r.product_code));
      const starts = await list({ endRow: 10, filterModel: { product_code: { filterType: 'text', type: 'startsWith', filter: 'p00001' } } });
      expect(starts.body.data.total).toBeGreaterThan(0);
      for (const row of starts.body.data.rows) expect(row.product_code.toLowerCase().startsWith('p00001')).toBe(true);
      const none = await list({ endRow: 10, filterModel: { product_code: { filterType: 'text', type: 'equals', filter: 'no-such-code' } } });
      expect(none.body.data).toEqual({ rows: [], total: 0, totalExact: true });
      const dates = await list({ endRow: 500, filterModel: { discount_end_date: { filterType: 'date', type: 'lt', dateFrom: '2027-01-01 00:00:00' } } });
      expect(dates.status).toBe(200);
      expect(dates.body.data.total).toBeGreaterThan(0);
      for (const row of dates.body.data.rows) expect(row.discount_end_date < '2027-01-01').toBe(true);
    });

    it('takes the filter action as an equality object, with window and sort beside it', async () => {
      const r = await s.action(admin, 'product_list', 'filter', { keep_in_stock: 1, active: true, endRow: 5, sortModel: [{ colId: 'product_code', sort: 'desc' }] });
      expect(r.status).toBe(200);
      const want = await s.db.query<{ product_code: string }>(`select product_code from app.products where company_code = 'SK01' and keep_in_stock = 1 and active order by product_code desc limit 5`);
      expect(want.rows).toHaveLength(5);
      expect(r.body.data.rows.map((x: { product_code: string }) => x.product_code)).toEqual(want.rows.map((x) => x.product_code));
      for (const row of r.body.data.rows) expect([row.keep_in_stock, row.active]).toEqual([1, true]);
    });

    it('returns every row of a lookup without a payload', async () => {
      const r = await s.action(admin, 'product_brands_brief', 'list');
      const n = await s.db.query<{ n: number }>('select count(*)::int as n from app.brands');
      expect(r.body.data.total).toBe(n.rows[0]!.n);
      expect(r.body.data.rows).toHaveLength(n.rows[0]!.n);
      const vats = await s.action(admin, 'vats_brief', 'list', undefined, 'HU01');
      const huVats = await s.db.query<{ n: number }>(`select count(*)::int as n from app.vats where company_code = 'HU01'`);
      expect(huVats.rows[0]!.n).toBeGreaterThan(0);
      expect(vats.body.data.rows).toHaveLength(huVats.rows[0]!.n);
      for (const v of vats.body.data.rows) expect(String(v.vat_code)).toMatch(/^HU/);
    });
  });

  describe('bad input gets a 400 that names the field', () => {
    const cases: [string, unknown, string][] = [
      ['unknown sort field', { sortModel: [{ colId: 'password_hash', sort: 'asc' }] }, 'sortModel.0.colId'],
      ['unknown filter field', { filterModel: { nope: { filterType: 'text', type: 'contains', filter: 'x' } } }, 'filterModel.nope'],
      ['text filter type on a number', { filterModel: { stock_qty: { filterType: 'number', type: 'contains', filter: 1 } } }, 'filterModel.stock_qty.type'],
      ['mistyped filter value', { filterModel: { stock_qty: { filterType: 'number', type: 'gt', filter: 'many' } } }, 'filterModel.stock_qty.filter'],
      ['bad sort direction', { sortModel: [{ colId: 'product_code', sort: 'up' }] }, 'sortModel.0.sort'],
      ['negative window', { startRow: -1 }, 'startRow'],
      ['oversized window', { startRow: 0, endRow: 1_000_000 }, 'endRow'],
      ['unknown payload key', { startRow: 0, where: '1=1' }, 'where'],
      ['keyset of the wrong length', { after: [1] }, 'after'],
    ];
    for (const [name, payload, field] of cases) {
      it(name, async () => {
        const r = await list(payload);
        expect(r.status).toBe(400);
        expect(r.body.message).toContain(field);
      });
    }

    it('refuses non-editable, unknown and mistyped fields on set and writes nothing', async () => {
      const row = (await list({ endRow: 1 })).body.data.rows[0];
      const base = { product_code: row.product_code, row_version: row.row_version };
      const tries: [Record<string, unknown>, string][] = [
        [{ stock_qty: 5 }, 'stock_qty'],
        [{ company_code: 'HU01' }, 'company_code'],
        [{ password_hash: 'x' }, 'password_hash'],
        [{ min_margin: 'abc' }, 'min_margin'],
        [{ max_discount_limit_percent: 101 }, 'max_discount_limit_percent'],
        [{ keep_in_stock: 7 }, 'keep_in_stock'],
        [{ product_name: 'plain string' }, 'product_name'],
        [{ product_name: { en: 5 } }, 'product_name.en'],
        [{ discount_end_date: '2026-02-30' }, 'discount_end_date'],
        [{ brand_id: 999999 }, 'brand_id'],
        [{ vat_id: 1.5 }, 'vat_id'],
        [{}, 'payload'],
      ];
      for (const [change, field] of tries) {
        const r = await s.action(admin, 'product_list', 'set', { ...base, ...change });
        expect(r.status, JSON.stringify(change)).toBe(400);
        expect(r.body.message).toContain(field);
      }
      const after = (await s.action(admin, 'product_list', 'filter', { product_code: row.product_code })).body.data.rows[0];
      expect(after).toEqual(row);
    });

    it('refuses __proto__ keys', async () => {
      const raw = `{"entity":"product_list","action":"set","payload":{"product_code":"P000001","row_version":1,"__proto__":{"min_margin":1}}}`;
      const r = await s.post('/rpc/api_action', undefined, { token: admin, raw });
      expect(r.status).toBe(400);
      expect(r.body.message).toContain('__proto__');
      const filter = `{"entity":"product_list","action":"filter","payload":{"__proto__":{"x":1}}}`;
      expect((await s.post('/rpc/api_action', undefined, { token: admin, raw: filter })).status).toBe(400);
    });

    it('refuses malformed JSON and wrong shapes with 400', async () => {
      const bad = await s.post('/rpc/api_action', undefined, { token: admin, raw: '{"entity": ' });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('JSON');
      const shape = await s.post('/rpc/api_action', { entity: 'product_list', action: 'explode' }, { token: admin });
      expect(shape.status).toBe(400);
      expect(shape.body.message).toContain('body.action');
      const arr = await s.post('/rpc/api_action', [1, 2], { token: admin });
      expect(arr.status).toBe(400);
    });

    it('uses a ref only within the company: a VAT of another company is refused', async () => {
      const row = (await list({ endRow: 1 })).body.data.rows[0];
      const huVat = await s.db.query<{ vat_id: number }>(`select vat_id from app.vats where company_code = 'HU01' limit 1`);
      const r = await s.action(admin, 'product_list', 'set', { product_code: row.product_code, row_version: row.row_version, vat_id: huVat.rows[0]!.vat_id });
      expect(r.status).toBe(400);
      expect(r.body.message).toContain('vat_id');
    });
  });

  describe('writes', () => {
    it('sets editable fields in one transaction, bumps the version and logs before and after', async () => {
      const row = (await list({ endRow: 1, sortModel: [{ colId: 'product_code', sort: 'asc' }] })).body.data.rows[0];
      const r = await s.action(catalog, 'product_list', 'set', {
        product_code: row.product_code,
        row_version: row.row_version,
        min_margin: 21.5,
        product_name: { de: 'Neuer Name' },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.row.min_margin).toBe(21.5);
      expect(r.body.data.row.row_version).toBe(row.row_version + 1);
      expect(r.body.data.row.product_name.de).toBe('Neuer Name');
      expect(r.body.data.row.product_name.en).toBe(row.product_name.en); // other languages kept
      expect(r.body.data.row.updated_at > row.updated_at).toBe(true);
      const log = await s.db.query<{ entity_name: string; log_action: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null; actor: string; company_code: string }>(
        `select l.entity_name, l.log_action, l.before, l.after, u.user_email as actor, l.company_code
         from app.product_change_log l join app.users u on u.user_id = l.actor_user_id
         where l.entity_id = $1 order by l.log_id desc limit 1`,
        [row.product_code],
      );
      expect(log.rows[0]).toMatchObject({ entity_name: 'product_list', log_action: 'set', actor: 'catalog@example.com', company_code: 'SK01' });
      expect(log.rows[0]!.before!.min_margin).toBe(row.min_margin);
      expect(log.rows[0]!.after!.min_margin).toBe(21.5);

      // The version read before is stale now.
      const stale = await s.action(admin, 'product_list', 'set', { product_code: row.product_code, row_version: row.row_version, min_margin: 1 });
      expect(stale.status).toBe(409);
      const missing = await s.action(admin, 'product_list', 'set', { product_code: row.product_code, min_margin: 1 });
      expect(missing.status).toBe(400);
    });

    it('adds with the verified company, refuses a duplicate with 409 already exists, deletes with a count', async () => {
      const add = await s.action(admin, 'product_list', 'add', { product_code: 'NEW-1', product_name: { en: 'New one' }, vat_id: null }, 'CZ01');
      expect(add.status, JSON.stringify(add.body)).toBe(200);
      const owner = await s.db.query<{ company_code: string }>(`select company_code from app.products where product_code = 'NEW-1'`);
      expect(owner.rows[0]!.company_code).toBe('CZ01');
      const dup = await s.action(admin, 'product_list', 'add', { product_code: 'NEW-1', product_name: { en: 'Again' } }, 'CZ01');
      expect(dup.status).toBe(409);
      expect(dup.body.error).toBe('already_exists');
      const noName = await s.action(admin, 'product_list', 'add', { product_code: 'NEW-2' });
      expect(noName.status).toBe(400);
      expect(noName.body.message).toContain('product_name');
      const forcedCompany = await s.action(admin, 'product_list', 'add', { product_code: 'NEW-3', product_name: { en: 'x' }, company_code: 'HU01' });
      expect(forcedCompany.status).toBe(400);
      // Another company's row is not deleted from here.
      expect((await s.action(admin, 'product_list', 'delete', { keys: ['NEW-1'] }, 'SK01')).body.data).toMatchObject({ deleted: 0 });
      expect((await s.action(admin, 'product_list', 'delete', { keys: ['NEW-1', 'NO-SUCH'] }, 'CZ01')).body.data).toMatchObject({ deleted: 1 });
      const log = await s.db.query<{ log_action: string }>(`select log_action from app.product_change_log where entity_id = 'NEW-1' order by log_id`);
      expect(log.rows.map((x) => x.log_action)).toEqual(['add', 'delete']);
    });

    it('refuses to delete a row still in use with 409 and deletes nothing of the batch', async () => {
      const used = await s.db.query<{ brand_id: number }>('select brand_id from app.products where brand_id is not null limit 1');
      const fresh = await s.action(admin, 'brands', 'add', { brand_name: `Unused ${engine}` });
      const r = await s.action(admin, 'brands', 'delete', { keys: [fresh.body.data.row.brand_id, used.rows[0]!.brand_id] });
      expect(r.status).toBe(409);
      const still = await s.db.query('select 1 from app.brands where brand_id = $1', [fresh.body.data.row.brand_id]);
      expect(still.rows.length).toBe(1);
    });
  });

  describe('not found', () => {
    it('answers 404 bad_data_source for an unknown entity and 404 for an unknown rpc', async () => {
      const r = await s.action(admin, 'no_such_form', 'list');
      expect(r.status).toBe(404);
      expect(r.body.error).toBe('bad_data_source');
      expect((await s.action(admin, '__proto__', 'list')).status).toBe(404);
      expect((await s.action(admin, 'constructor', 'list')).status).toBe(404);
      expect((await s.post('/rpc/no_such_procedure', {}, { token: admin })).status).toBe(404);
      expect((await s.post('/rpc/__proto__', {}, { token: admin })).status).toBe(404);
    });
  });
});
