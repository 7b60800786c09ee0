/**
 * The list engine at scale: keyset windows equal offset windows under every order (NULLs
 * included) and use the index; estimated totals by default with the exact count on
 * demand; the cached page permissions and verified tokens follow every change at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { list } from '../../src/server/actions/engine/list.ts';
import { screens } from '../../src/server/actions/engine/screens.ts';
import { createRefreshToken } from '../../src/server/auth/refresh.ts';
import { jwtSecret, tokenSigner } from '../../src/server/auth/tokens.ts';
import { configFromEnv } from '../../src/server/config.ts';
import type { Queryable } from '../../src/server/db/types.ts';
import { resolveSession } from '../../src/server/http/session.ts';
import { engines, startTestServer, type TestServer } from './harness.ts';
import type { Json } from './harness.ts';

type Row = Record<string, Json>;
type Sort = { colId: string; sort: 'asc' | 'desc' };

describe.each(engines)('list at scale on %s', (engine) => {
  let s: TestServer;
  let admin: string;
  let catalog: string;
  let warehouse: string;
  const screen = screens.get('product_list')!;
  const scope = { company: 'SK01', language: 'en' };

  beforeAll(async () => {
    s = await startTestServer(engine);
    admin = (await s.login('admin@example.com')).token;
    catalog = (await s.login('catalog@example.com')).token;
    warehouse = (await s.login('warehouse@example.com')).token;
    // NULLs and ties in the sort columns, so every keyset part has rows to answer.
    await s.db.exec(`
      with numbered as (select product_code, row_number() over (order by product_code) as i from app.products where company_code = 'SK01')
      update app.products p set
        selling_price_shop = case when i % 7 = 0 then null when i % 13 = 0 then 10 else p.selling_price_shop end,
        supplier_product_code = case when i % 5 = 0 then null else p.supplier_product_code end,
        product_name = case when i % 11 = 0 then p.product_name - 'en' else p.product_name end,
        discount_end_date = case when i % 3 = 0 then date '2030-01-01' + (i % 4)::int else null end
      from numbered n where n.product_code = p.product_code`);
  });
  afterAll(() => s?.close());

  /** The sort values of a row as the grid sends them back (a multi column: the text of the language). */
  const afterOf = (row: Row, order: Sort[]) => order.map((o) => (o.colId === 'product_name' ? (row.product_name?.en ?? null) : row[o.colId]));
  const codes = (rows: Row[]) => rows.map((r) => r.product_code as string);

  const orders: Sort[][] = [
    [{ colId: 'product_code', sort: 'asc' }],
    [{ colId: 'product_code', sort: 'desc' }],
    [{ colId: 'selling_price_shop', sort: 'asc' }],
    [{ colId: 'selling_price_shop', sort: 'desc' }],
    [
      { colId: 'supplier_product_code', sort: 'asc' },
      { colId: 'selling_price_shop', sort: 'desc' },
    ],
    [
      { colId: 'keep_in_stock', sort: 'desc' },
      { colId: 'selling_price_shop', sort: 'asc' },
    ],
    [{ colId: 'product_name', sort: 'asc' }],
    [
      { colId: 'discount_end_date', sort: 'desc' },
      { colId: 'keep_in_stock', sort: 'asc' },
    ],
    [
      { colId: 'active', sort: 'asc' },
      { colId: 'discount_end_date', sort: 'asc' },
      { colId: 'selling_price_shop', sort: 'asc' },
    ],
  ];

  describe('keyset windows', () => {
    it.each(orders.map((o) => [o.map((x) => `${x.colId} ${x.sort}`).join(', '), o] as const))('equal the offset windows, NULLs included: %s', async (_, sortModel) => {
      const all = await s.action(admin, 'product_list', 'list', { startRow: 0, endRow: 5000, sortModel, language: 'en' });
      expect(all.status, JSON.stringify(all.body)).toBe(200);
      const truth = all.body.data.rows as Row[];
      expect(truth.length).toBeGreaterThan(300);
      // Every offset window past the first is one plain `limit … offset` read (a descending sort's
      // first page reads its split parts instead): one window from row 1 to the end holds them all.
      const shifted = await s.action(admin, 'product_list', 'list', { startRow: 1, endRow: 5001, sortModel, language: 'en' });
      expect(shifted.status, JSON.stringify(shifted.body)).toBe(200);
      expect(codes(shifted.body.data.rows)).toEqual(codes(truth.slice(1)));
      const order = [...sortModel, ...(sortModel.some((x) => x.colId === 'product_code') ? [] : [{ colId: 'product_code', sort: 'asc' as const }])];
      const WINDOW = 97;
      const walked: Row[] = [];
      for (let start = 0; ; start += WINDOW) {
        const payload = { startRow: start, endRow: start + WINDOW, sortModel, language: 'en', ...(walked.length ? { after: afterOf(walked.at(-1)!, order) } : {}) };
        const r = await s.action(admin, 'product_list', 'list', payload);
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        walked.push(...r.body.data.rows);
        if (r.body.data.rows.length < WINDOW) {
          // The window that holds the end knows the total exactly.
          expect(r.body.data).toMatchObject({ total: truth.length, totalExact: true });
          break;
        }
        expect(codes(r.body.data.rows)).toEqual(codes(truth.slice(start, start + WINDOW)));
      }
      expect(codes(walked)).toEqual(codes(truth));
    });

    it('answers a cursor on a NULL (ascending: only the NULL ties after it; descending: every value)', async () => {
      const asc = [{ colId: 'selling_price_shop', sort: 'asc' as const }];
      const truth = (await s.action(admin, 'product_list', 'list', { endRow: 5000, sortModel: asc })).body.data.rows as Row[];
      const firstNull = truth.findIndex((r) => r.selling_price_shop === null);
      expect(firstNull).toBeGreaterThan(0);
      const cursor = truth[firstNull]!;
      const after = await s.action(admin, 'product_list', 'list', { endRow: 5000, sortModel: asc, after: [null, cursor.product_code] });
      expect(codes(after.body.data.rows)).toEqual(codes(truth.slice(firstNull + 1)));

      const desc = [{ colId: 'selling_price_shop', sort: 'desc' as const }];
      const dtruth = (await s.action(admin, 'product_list', 'list', { endRow: 5000, sortModel: desc })).body.data.rows as Row[];
      const lastNull = dtruth.findLastIndex((r) => r.selling_price_shop === null);
      const dafter = await s.action(admin, 'product_list', 'list', { endRow: 5000, sortModel: desc, after: [null, dtruth[lastNull]!.product_code] });
      expect(codes(dafter.body.data.rows)).toEqual(codes(dtruth.slice(lastNull + 1)));
    });

    it('pages by the key with one index range scan, and a nullable column in one query until its NULLs', async () => {
      const seen: string[] = [];
      const recording: Queryable = {
        query: (sql, params) => {
          if (sql.startsWith('select "product_code"')) seen.push(sql); // the page queries (not the total's)
          return s.db.query(sql, params);
        },
        exec: (sql) => s.db.exec(sql),
      };
      const first = await list(s.db, screen, { endRow: 100, sortModel: [{ colId: 'product_code', sort: 'asc' }] }, scope);
      const cursor = first.rows[49]!;
      const page = await list(recording, screen, { startRow: 50, endRow: 100, after: [cursor.product_code] }, scope);
      expect(codes(page.rows)).toEqual(codes(first.rows.slice(50, 100)));
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatch(/"product_code" > \$\d/);
      expect(seen[0]).not.toMatch(/ or /);
      // The cursor is an index condition, not a filter over every row before it.
      const params = [scope.company, cursor.product_code];
      const plan = await s.db.transaction(async (tx) => {
        await tx.exec('set local enable_seqscan = off; set local enable_bitmapscan = off; set local enable_sort = off');
        return JSON.stringify((await tx.query(`explain (format json) ${seen[0]}`, params)).rows);
      });
      expect(plan).toMatch(/Index Cond[^}]*product_code[^}]*>/);

      // By price: one row comparison (price, key) while non-NULL prices remain, then the NULLs.
      seen.length = 0;
      const byPrice = [{ colId: 'selling_price_shop', sort: 'asc' as const }];
      const prices = (await list(s.db, screen, { endRow: 5000, sortModel: byPrice }, scope)).rows;
      const mid = prices[100]!;
      await list(recording, screen, { startRow: 101, endRow: 201, sortModel: byPrice, after: [mid.selling_price_shop, mid.product_code] }, scope);
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatch(/\("selling_price_shop", "product_code"\) > \(\$\d+, \$\d+\)/);
      const lastPriced = prices.findLastIndex((r) => r.selling_price_shop !== null);
      seen.length = 0;
      const edge = prices[lastPriced - 5]!;
      const tail = await list(recording, screen, { startRow: lastPriced - 4, endRow: lastPriced + 16, sortModel: byPrice, after: [edge.selling_price_shop, edge.product_code] }, scope);
      expect(seen).toHaveLength(2);
      expect(seen[1]).toMatch(/"selling_price_shop" is null/);
      expect(codes(tail.rows)).toEqual(codes(prices.slice(lastPriced - 4, lastPriced + 16)));
    });

    it('refuses a cursor of the wrong length or type with 400', async () => {
      const sortModel = [{ colId: 'selling_price_shop', sort: 'asc' }];
      expect((await s.action(admin, 'product_list', 'list', { endRow: 10, sortModel, after: [1] })).status).toBe(400);
      const bad = await s.action(admin, 'product_list', 'list', { endRow: 10, sortModel, after: ['not a number', 'x'] });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/payload\.after\.0/);
    });
  });

  describe('totals', () => {
    const count = async (company: string) => (await s.db.query<{ n: number }>('select count(*)::int as n from app.products where company_code = $1', [company])).rows[0]!.n;

    it('estimates a large source by default and counts on demand', async () => {
      const n = await count('SK01');
      const opts = { estimateThreshold: 10 };
      const estimated = await list(s.db, screen, { startRow: 0, endRow: 20 }, scope, opts);
      expect(estimated.totalExact).toBe(false);
      expect(estimated.total).toBeGreaterThan(10);
      expect(estimated.total).toBeLessThan(n * 3);
      const exact = await list(s.db, screen, { startRow: 0, endRow: 20, count: 'exact' }, scope, opts);
      expect(exact).toMatchObject({ total: n, totalExact: true });
      // Keyset windows too.
      const after = [estimated.rows[19]!.product_code];
      expect((await list(s.db, screen, { startRow: 20, endRow: 40, after }, scope, opts)).totalExact).toBe(false);
      expect(await list(s.db, screen, { startRow: 20, endRow: 40, after, count: 'exact' }, scope, opts)).toMatchObject({ total: n, totalExact: true });
    });

    it('knows the total without counting when the window holds the end, by offset and by keyset', async () => {
      const n = await count('SK01');
      const opts = { estimateThreshold: 10 };
      const last = await list(s.db, screen, { startRow: n - 5, endRow: n + 45 }, scope, opts);
      expect(last).toMatchObject({ total: n, totalExact: true });
      expect(last.rows).toHaveLength(5);
      const before = (await list(s.db, screen, { startRow: n - 6, endRow: n - 5 }, scope, opts)).rows[0]!;
      const keyset = await list(s.db, screen, { startRow: n - 5, endRow: n + 45, after: [before.product_code] }, scope, opts);
      expect(keyset).toMatchObject({ total: n, totalExact: true });
      expect(codes(keyset.rows)).toEqual(codes(last.rows));
    });

    it('answers exact totals by default below the threshold, and estimates per company and filter', async () => {
      const r = await s.action(admin, 'product_list', 'list', { startRow: 0, endRow: 10 });
      expect(r.body.data).toMatchObject({ total: await count('SK01'), totalExact: true });
      // A filter that leaves few rows is counted, however large the source.
      const few = await list(s.db, screen, { endRow: 5, filterModel: { product_code: { filterType: 'text', type: 'equals', filter: 'no-such-code' } } }, scope, { estimateThreshold: 10 });
      expect(few).toMatchObject({ total: 0, totalExact: true });
      // Each company its own estimate (the company is part of what is estimated).
      const hu = await list(s.db, screen, { endRow: 5 }, { company: 'HU01', language: 'en' }, { estimateThreshold: 0 });
      const sk = await list(s.db, screen, { endRow: 5 }, scope, { estimateThreshold: 0 });
      const plan = async (company: string) =>
        JSON.stringify((await s.db.query(`explain (format json) select 1 from app.v_product_list where company_code = $1::text`, [company])).rows).match(/"Plan Rows":\s*(\d+)/)![1];
      expect(String(hu.total)).toBe(String(Math.max(Number(await plan('HU01')), 5)));
      expect(String(sk.total)).toBe(String(Math.max(Number(await plan('SK01')), 5)));
    });
  });

  describe('cached permissions', () => {
    const listProducts = (token: string) => s.action(token, 'product_list', 'list', { endRow: 1 }).then((r) => r.status);
    const version = async () => Number((await s.db.query<{ version: number }>('select version from app.grants_version')).rows[0]!.version);
    let page: string;
    beforeAll(async () => {
      page = (await s.db.query<{ page_code: string }>(`select page_code from app.backend_pages where url = '/products/product_list'`)).rows[0]!.page_code;
    });

    it('follow own grants as soon as they change', async () => {
      expect(await listProducts(warehouse)).toBe(403);
      const v0 = await version();
      await s.db.query('insert into app.user_pages (user_id, page_code, can_list) values (3, $1, true)', [page]);
      expect(await version()).toBeGreaterThan(v0);
      expect(await listProducts(warehouse)).toBe(200);
      await s.db.query('update app.user_pages set can_list = false where user_id = 3 and page_code = $1', [page]);
      expect(await listProducts(warehouse)).toBe(403);
      await s.db.query('update app.user_pages set can_list = true where user_id = 3 and page_code = $1', [page]);
      expect(await listProducts(warehouse)).toBe(200);
      await s.db.query('delete from app.user_pages where user_id = 3 and page_code = $1', [page]);
      expect(await listProducts(warehouse)).toBe(403);
    });

    it('follow roles, role grants, role membership and page addresses', async () => {
      const steps: [string, string][] = [
        [`update app.roles set active = false where role_code = 'catalog'`, `update app.roles set active = true where role_code = 'catalog'`],
        [`update app.role_pages set can_list = false where role_id = 2 and page_code = '${page}'`, `update app.role_pages set can_list = true where role_id = 2 and page_code = '${page}'`],
        [`delete from app.user_roles where user_id = 2`, `insert into app.user_roles (user_id, role_id) values (2, 2)`],
        [`update app.backend_pages set url = '/products/moved' where page_code = '${page}'`, `update app.backend_pages set url = '/products/product_list' where page_code = '${page}'`],
      ];
      for (const [revoke, restore] of steps) {
        expect(await listProducts(catalog), restore).toBe(200);
        await s.db.exec(revoke);
        expect(await listProducts(catalog), revoke).toBe(403);
        await s.db.exec(restore);
      }
      expect(await listProducts(catalog)).toBe(200);
      // A role deleted with its grants and members (cascades).
      await s.db.exec(`insert into app.roles (role_code) values ('scale_tmp');
        insert into app.role_pages (role_id, page_code, can_list) select role_id, '${page}', true from app.roles where role_code = 'scale_tmp';
        insert into app.user_roles (user_id, role_id) select 3, role_id from app.roles where role_code = 'scale_tmp'`);
      expect(await listProducts(warehouse)).toBe(200);
      await s.db.exec(`delete from app.roles where role_code = 'scale_tmp'`);
      expect(await listProducts(warehouse)).toBe(403);
    });

    it('never outlive a blocked or deleted user, nor a company taken away', async () => {
      expect(await listProducts(catalog)).toBe(200);
      await s.db.exec('update app.users set blocked = true where user_id = 2');
      expect(await listProducts(catalog)).toBe(412);
      await s.db.exec('update app.users set blocked = false where user_id = 2');
      expect(await listProducts(catalog)).toBe(200);
      expect((await s.action(catalog, 'product_list', 'list', { endRow: 1 }, 'SK01')).status).toBe(200);
      await s.db.exec(`delete from app.user_companies where user_id = 2 and company_code = 'SK01'`);
      expect((await s.action(catalog, 'product_list', 'list', { endRow: 1 }, 'SK01')).status).toBe(403);
      await s.db.exec(`insert into app.user_companies (user_id, company_code) values (2, 'SK01')`);
      expect((await s.action(catalog, 'product_list', 'list', { endRow: 1 }, 'SK01')).status).toBe(200);
    });
  });

  describe('verified tokens', () => {
    it('stop working when they expire, and belong to the secret that signed them', async () => {
      const config = { ...configFromEnv({}), uiDir: '/tmp' };
      let now = new Date();
      const signer = tokenSigner(await jwtSecret(s.db, undefined), 3, () => now);
      const deps = { db: s.db, signer, config };
      const token = await signer.issue(1, (await createRefreshToken(s.db, 1, 60)).familyId);
      expect((await resolveSession(deps, token, 'SK01'))?.userId).toBe(1);
      expect((await resolveSession(deps, token, 'SK01'))?.userId).toBe(1);
      const other = { ...deps, signer: tokenSigner('another secret of enough length for HS256 keys', 60) };
      await expect(resolveSession(other, token, 'SK01')).rejects.toMatchObject({ status: 401 });
      const exp = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).exp as number;
      now = new Date(exp * 1000 - 1000); // a second before: still good (the verified token is kept until then)
      expect((await resolveSession(deps, token, 'SK01'))?.userId).toBe(1);
      now = new Date(exp * 1000 + 1000);
      await expect(resolveSession(deps, token, 'SK01')).rejects.toMatchObject({ status: 401 });
    });
  });
});
