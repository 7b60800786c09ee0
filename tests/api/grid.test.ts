/**
 * The grid at full strength, server side: bulk set, undo, grid state and saved views,
 * aggregates and grouping, estimated totals, translation routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggregate } from '../../src/server/actions/engine/aggregate.ts';
import { list } from '../../src/server/actions/engine/list.ts';
import { screens } from '../../src/server/actions/engine/screens.ts';
import { engines, startTestServer, type TestServer } from './harness.ts';
import type { Json } from './harness.ts';

type Row = Record<string, Json>;

describe.each(engines)('grid server capabilities on %s', (engine) => {
  let s: TestServer;
  let admin: string;
  let catalog: string;
  let warehouse: string;

  beforeAll(async () => {
    s = await startTestServer(engine);
    admin = (await s.login('admin@example.com')).token;
    catalog = (await s.login('catalog@example.com')).token;
    warehouse = (await s.login('warehouse@example.com')).token;
  });
  afterAll(() => s?.close());

  /** SK01 products in code order (a window of them). */
  const products = async (startRow: number, endRow: number): Promise<Row[]> =>
    (await s.action(admin, 'product_list', 'list', { startRow, endRow, sortModel: [{ colId: 'product_code', sort: 'asc' }] })).body.data.rows;
  const stored = async (codes: string[]) => (await s.db.query<Row>('select to_jsonb(p) as row from app.products p where product_code = any($1) order by product_code', [codes])).rows.map((r) => r.row);
  const logCount = async () => (await s.db.query<{ n: number }>('select count(*)::int as n from app.product_change_log')).rows[0]!.n;

  describe('bulk set', () => {
    it('sets many rows in one transaction and answers the rows and their change-log ids', async () => {
      const rows = await products(0, 5);
      const payload = {
        rows: rows.map((r, i) =>
          i === 2
            ? { product_code: r.product_code, row_version: r.row_version, product_name: { de: 'Zitat "x", {y} \\ z' } }
            : { product_code: r.product_code, row_version: r.row_version, min_margin: 10 + i, keep_in_stock: i % 3 },
        ),
      };
      const res = await s.action(catalog, 'product_list', 'set', payload);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const { rows: out, log_ids } = res.body.data;
      expect(out.map((r: Row) => r.product_code)).toEqual(rows.map((r) => r.product_code));
      expect(out.map((r: Row) => r.row_version)).toEqual(rows.map((r) => r.row_version + 1));
      expect(out[0].min_margin).toBe(10);
      expect(out[4].keep_in_stock).toBe(1);
      expect(out[2].product_name.de).toBe('Zitat "x", {y} \\ z');
      expect(out[2].product_name.en).toBe(rows[2]!.product_name.en); // merged per language
      expect(out[2].min_margin).toBe(rows[2]!.min_margin);
      expect(log_ids).toHaveLength(5);
      expect([...log_ids].sort((a: number, b: number) => a - b)).toEqual(log_ids);
      const logs = await s.db.query<Row>('select log_id, entity_id, entity_key, log_action, before, after from app.product_change_log where log_id = any($1) order by log_id', [log_ids]);
      expect(logs.rows.map((l) => l.entity_id)).toEqual(rows.map((r) => r.product_code));
      expect(logs.rows[0]!.entity_key).toEqual([rows[0]!.product_code]);
      expect(logs.rows[0]!.after).toEqual({ min_margin: 10, keep_in_stock: 0 });
      expect(logs.rows[2]!.before.product_name).toEqual(rows[2]!.product_name);
    });

    it('writes nothing when one row fails, and names the row in the message', async () => {
      const rows = await products(10, 15);
      const base = rows.map((r) => ({ product_code: r.product_code, row_version: r.row_version, min_margin: 42 }));
      const before = await stored(rows.map((r) => r.product_code));
      const logs = await logCount();
      const tries: [Row[], number, string][] = [
        [base.map((r, i) => (i === 3 ? { ...r, min_margin: 5000 } : r)), 400, 'payload.rows.3.min_margin: '],
        [base.map((r, i) => (i === 1 ? { ...r, stock_qty: 1 } : r)), 400, 'payload.rows.1.stock_qty: '],
        [base.map((r, i) => (i === 4 ? { ...r, brand_id: 999999 } : r)), 400, 'payload.rows.4.brand_id: '],
        [base.map((r, i) => (i === 2 ? { ...r, row_version: r.row_version + 7 } : r)), 409, 'payload.rows.2.row_version: '],
        [base.map((r, i) => (i === 0 ? { ...r, product_code: 'NO-SUCH-ROW' } : r)), 404, 'payload.rows.0.product_code: '],
        [[...base, base[1]!], 400, 'payload.rows.5.product_code: '],
        [base.map((r, i) => (i === 3 ? { product_code: r.product_code, row_version: r.row_version } : r)), 400, 'payload.rows.3: '],
      ];
      for (const [rowsOf, status, start] of tries) {
        const r = await s.action(catalog, 'product_list', 'set', { rows: rowsOf });
        expect(r.status, JSON.stringify(r.body)).toBe(status);
        expect(r.body.message.startsWith(start), r.body.message).toBe(true);
      }
      // A row of another company is not found from here.
      const hu = (await s.action(admin, 'product_list', 'list', { endRow: 1 }, 'HU01')).body.data.rows[0];
      const foreign = await s.action(admin, 'product_list', 'set', { rows: [...base, { product_code: hu.product_code, row_version: hu.row_version, min_margin: 1 }] });
      expect(foreign.status).toBe(404);
      expect(foreign.body.message).toMatch(/^payload\.rows\.5\.product_code: /);
      expect(await stored(rows.map((r) => r.product_code))).toEqual(before);
      expect(await logCount()).toBe(logs);
    });

    it('refuses empty, oversized and malformed bulk payloads with 400', async () => {
      const r0 = await s.action(admin, 'product_list', 'set', { rows: [] });
      expect(r0.status).toBe(400);
      expect(r0.body.message).toContain('payload.rows');
      const many = Array.from({ length: 5001 }, (_, i) => ({ product_code: `P${i}`, row_version: 1, min_margin: 1 }));
      const r1 = await s.action(admin, 'product_list', 'set', { rows: many });
      expect(r1.status).toBe(400);
      expect(r1.body.message).toContain('payload.rows');
      const r2 = await s.action(admin, 'product_list', 'set', { rows: [1, 2] });
      expect(r2.status).toBe(400);
      expect(r2.body.message).toContain('payload.rows.0');
      const r3 = await s.action(admin, 'product_list', 'set', { rows: [{ product_code: 'P000001', row_version: 1, min_margin: 1 }], extra: 1 });
      expect(r3.status).toBe(400);
      expect(r3.body.message).toContain('payload.extra');
      expect((await s.action(warehouse, 'product_list', 'set', { rows: [{ product_code: 'P000001', row_version: 1, min_margin: 1 }] })).status).toBe(403);
    });

    it('sets every row of a large paste in one request', async () => {
      const rows = await products(0, 2_000);
      const t = Date.now();
      const r = await s.action(admin, 'product_list', 'set', {
        rows: rows.map((x) => ({ product_code: x.product_code, row_version: x.row_version, exp_margin: 33.5 })),
      });
      const ms = Date.now() - t;
      expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
      expect(r.body.data.rows).toHaveLength(rows.length);
      expect(r.body.data.log_ids).toHaveLength(rows.length);
      const check = await s.db.query<{ n: number }>(`select count(*)::int as n from app.products where company_code = 'SK01' and exp_margin = 33.5`);
      expect(check.rows[0]!.n).toBe(rows.length);
      expect(ms).toBeLessThan(20_000);
    });

    it('answers the single set with the row and its log id', async () => {
      const [row] = await products(20, 21);
      const r = await s.action(catalog, 'product_list', 'set', { product_code: row!.product_code, row_version: row!.row_version, min_margin: 7 });
      expect(r.status).toBe(200);
      const log = await s.db.query<Row>('select entity_id, after from app.product_change_log where log_id = $1', [r.body.data.log_id]);
      expect(log.rows[0]).toEqual({ entity_id: row!.product_code, after: { min_margin: 7 } });
      expect(r.body.data.row.min_margin).toBe(7);
    });
  });

  describe('undo', () => {
    const undo = (token: string, log_ids: unknown, company?: string) => s.action(token, 'product_list', 'undo', { log_ids }, company);

    it('reverts own edits newest first, bumps the version and logs the revert', async () => {
      const [row] = await products(30, 31);
      const code = row!.product_code;
      const a = await s.action(catalog, 'product_list', 'set', { product_code: code, row_version: row!.row_version, min_margin: 50, product_name: { de: 'Eins' } });
      const b = await s.action(catalog, 'product_list', 'set', { product_code: code, row_version: row!.row_version + 1, min_margin: 60 });
      const k = await s.action(catalog, 'keep_in_stock', 'set', { product_code: code, keep_in_stock: (row!.keep_in_stock + 1) % 3 });
      expect(k.body.data.log_id).toBeGreaterThan(b.body.data.log_id);
      const r = await undo(catalog, [a.body.data.log_id, k.body.data.log_id, b.body.data.log_id]);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.rows).toHaveLength(1);
      const now = r.body.data.rows[0];
      expect(now.product_code).toBe(code);
      expect(now.min_margin).toBe(row!.min_margin);
      expect(now.keep_in_stock).toBe(row!.keep_in_stock);
      expect(now.product_name).toEqual(row!.product_name);
      expect(now.row_version).toBe(row!.row_version + 4);
      expect(r.body.data.log_ids).toHaveLength(3);
      const logs = await s.db.query<Row>(
        `select l.log_action, l.before, l.after, u.user_email from app.product_change_log l join app.users u on u.user_id = l.actor_user_id
         where log_id = any($1) order by log_id`,
        [r.body.data.log_ids],
      );
      // Newest first: keep_in_stock, then min_margin 60 → 50, then min_margin 50 → original.
      expect(logs.rows.map((l) => [l.log_action, l.user_email])).toEqual([
        ['set', 'catalog@example.com'],
        ['set', 'catalog@example.com'],
        ['set', 'catalog@example.com'],
      ]);
      expect(logs.rows[0]!.after).toEqual({ keep_in_stock: row!.keep_in_stock });
      expect(logs.rows[1]!.before).toEqual({ min_margin: 60 });
      expect(logs.rows[1]!.after).toEqual({ min_margin: 50 });
      expect(logs.rows[2]!.after.min_margin).toBe(row!.min_margin);
      // Undoing the undo redoes.
      const redo = await undo(catalog, r.body.data.log_ids);
      expect(redo.status, JSON.stringify(redo.body)).toBe(200);
      expect(redo.body.data.rows[0].min_margin).toBe(60);
      expect(redo.body.data.rows[0].product_name.de).toBe('Eins');
    });

    it('reverts a bulk set in one request', async () => {
      const rows = await products(40, 50);
      const set = await s.action(catalog, 'product_list', 'set', { rows: rows.map((r) => ({ product_code: r.product_code, row_version: r.row_version, max_discount_limit_percent: 55 })) });
      expect(set.status).toBe(200);
      const r = await undo(catalog, set.body.data.log_ids);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      // Rows in the order the changes were reverted: newest first.
      const expected = [...rows].reverse();
      expect(r.body.data.rows.map((x: Row) => x.product_code)).toEqual(expected.map((x) => x.product_code));
      expect(r.body.data.rows.map((x: Row) => x.max_discount_limit_percent)).toEqual(expected.map((x) => x.max_discount_limit_percent));
      expect(r.body.data.rows.map((x: Row) => x.row_version)).toEqual(expected.map((x) => x.row_version + 2));
    });

    it('reverts a form with a generated integer key and no company', async () => {
      const brand = (await s.action(admin, 'brands', 'list', { endRow: 1, sortModel: [{ colId: 'brand_id', sort: 'desc' }] })).body.data.rows[0];
      const set = await s.action(admin, 'brands', 'set', { brand_id: brand.brand_id, row_version: brand.row_version, brand_name: `Renamed ${engine}`, active: !brand.active });
      expect(set.status).toBe(200);
      const r = await s.action(admin, 'brands', 'undo', { log_ids: [set.body.data.log_id] }, 'HU01');
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.rows).toEqual([{ ...brand, row_version: brand.row_version + 2 }]);
    });

    it('refuses with 409 changed_since when a field moved on, and reverts nothing', async () => {
      const [row, other] = await products(60, 62);
      const mine = await s.action(catalog, 'product_list', 'set', { product_code: row!.product_code, row_version: row!.row_version, min_margin: 70 });
      const mine2 = await s.action(catalog, 'product_list', 'set', { product_code: other!.product_code, row_version: other!.row_version, min_margin: 71 });
      const theirs = await s.action(admin, 'product_list', 'set', { product_code: row!.product_code, row_version: row!.row_version + 1, min_margin: 80 });
      expect(theirs.status).toBe(200);
      const before = await stored([row!.product_code, other!.product_code]);
      const logs = await logCount();
      const r = await undo(catalog, [mine2.body.data.log_id, mine.body.data.log_id]);
      expect(r.status).toBe(409);
      expect(r.body.error).toBe('changed_since');
      expect(r.body.message).toMatch(/^payload\.log_ids\.1: min_margin/);
      expect(await stored([row!.product_code, other!.product_code])).toEqual(before);
      expect(await logCount()).toBe(logs);
    });

    it('answers 404 for unknown ids and for changes of another user, form or company', async () => {
      const [row] = await products(70, 71);
      const own = await s.action(catalog, 'product_list', 'set', { product_code: row!.product_code, row_version: row!.row_version, min_margin: 3 });
      const adminSet = await s.action(admin, 'product_list', 'set', { product_code: row!.product_code, row_version: row!.row_version + 1, exp_margin: 4 });
      const hu = (await s.action(admin, 'product_list', 'list', { endRow: 1 }, 'HU01')).body.data.rows[0];
      const huSet = await s.action(admin, 'product_list', 'set', { product_code: hu.product_code, row_version: hu.row_version, min_margin: 5 }, 'HU01');
      const brand = (await s.action(admin, 'brands', 'list', { endRow: 1 })).body.data.rows[0];
      const brandSet = await s.action(admin, 'brands', 'set', { brand_id: brand.brand_id, row_version: brand.row_version, brand_name: `${brand.brand_name} (${engine})` });
      expect([own.status, adminSet.status, huSet.status, brandSet.status]).toEqual([200, 200, 200, 200]);

      const unknown = await undo(catalog, [own.body.data.log_id, 999_999_999]);
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toMatch(/^payload\.log_ids\.1: /);
      const foreign = await undo(catalog, [adminSet.body.data.log_id]);
      expect(foreign.status).toBe(404); // another user's change
      expect((await undo(admin, [brandSet.body.data.log_id])).status).toBe(404); // another form's change
      expect((await undo(admin, [huSet.body.data.log_id])).status).toBe(404); // another company's change (SK01 here)
      expect((await undo(admin, [huSet.body.data.log_id], 'HU01')).status).toBe(200);
      // Nothing of catalog's own change was reverted by the refused requests.
      expect((await stored([row!.product_code]))[0]!.min_margin).toBe(3);
    });

    it('refuses bad payloads, adds and read-only users', async () => {
      for (const [payload, field] of [
        [{}, 'payload.log_ids'],
        [{ log_ids: [] }, 'payload.log_ids'],
        [{ log_ids: ['x'] }, 'payload.log_ids.0'],
        [{ log_ids: [1.5] }, 'payload.log_ids.0'],
        [{ log_ids: [1], x: 1 }, 'payload.x'],
      ] as const) {
        const r = await s.action(catalog, 'product_list', 'undo', payload);
        expect(r.status, JSON.stringify(payload)).toBe(400);
        expect(r.body.message).toContain(field);
      }
      const add = await s.action(catalog, 'product_list', 'add', { product_code: `UNDO-${engine}`, product_name: { en: 'Undo me' } });
      expect(add.status).toBe(200);
      const r = await undo(catalog, [add.body.data.log_id]);
      expect(r.status).toBe(400);
      expect(r.body.message).toContain('only edits');
      expect((await undo(warehouse, [add.body.data.log_id])).status).toBe(403);
      expect((await s.action(admin, 'countries_brief', 'undo', { log_ids: [1] })).status).toBe(403);
    });
  });

  describe('grid state', () => {
    it('keeps one state per user and screen (upsert) and answers it', async () => {
      const empty = await s.action(catalog, 'grid_state', 'list', { form: 'product_list' });
      expect(empty.status).toBe(200);
      expect(empty.body.data).toMatchObject({ rows: [], total: 0 });
      const state = {
        v: 2,
        columnOrder: ['product_code', 'min_margin'],
        columnSizing: { product_code: 150 },
        columnPinning: { start: ['product_code'], end: [] },
        columnVisibility: { min_margin: false },
        sorting: [{ id: 'min_margin', desc: true }],
        columnFilters: [],
      };
      const set = await s.action(catalog, 'grid_state', 'set', { form: 'product_list', state });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      expect(set.body.data.row).toMatchObject({ form: 'product_list', state });
      const again = await s.action(catalog, 'grid_state', 'set', { form: 'product_list', state: { ...state, columnFilters: [{ id: 'min_margin', value: '>1' }] } });
      expect(again.status).toBe(200);
      const got = await s.action(catalog, 'grid_state', 'list', { form: 'product_list' });
      expect(got.body.data.total).toBe(1);
      expect(got.body.data.rows[0].state).toEqual({ ...state, columnFilters: [{ id: 'min_margin', value: '>1' }] });
      // Another user's state is their own.
      expect((await s.action(admin, 'grid_state', 'list', { form: 'product_list' })).body.data.total).toBe(0);
      const n = await s.db.query<{ n: number }>(`select count(*)::int as n from app.user_grid_states where form = 'product_list'`);
      expect(n.rows[0]!.n).toBe(1);
      // Lookups are listable by everyone.
      expect((await s.action(warehouse, 'grid_state', 'set', { form: 'countries_brief', state: { a: 1 } })).status).toBe(200);
      const del = await s.action(catalog, 'grid_state', 'delete', { keys: ['product_list'] });
      expect(del.body.data).toEqual({ deleted: 1 });
    });

    it('answers each state checked (core/savedGridState.ts): version 1 in version 2 parts, a part of the wrong shape as its default', async () => {
      const read = async (state: unknown) => {
        expect((await s.action(catalog, 'grid_state', 'set', { form: 'product_list', state })).status).toBe(200);
        return (await s.action(catalog, 'grid_state', 'list', { form: 'product_list' })).body.data.rows[0].state;
      };
      expect(await read({ v: 1, order: ['brand_id'], hidden: ['weight'], sort: [{ colId: 'min_margin', sort: 'desc' }], filters: { product_code: 'P0' }, groupBy: [] })).toEqual({
        v: 2,
        columnOrder: ['brand_id'],
        legacyHidden: ['weight'],
        sorting: [{ id: 'min_margin', desc: true }],
        columnFilters: [{ id: 'product_code', value: 'P0' }],
        grouping: [],
      });
      // A sort of the wrong shape is no sort; the rest stands; what the check does not know goes.
      expect(await read({ v: 2, sorting: 'min_margin', columnOrder: ['brand_id'], extra: 1 })).toEqual({ v: 2, sorting: [], columnOrder: ['brand_id'] });
      // Checked again, a checked state is the same.
      const checked = await read({ v: 2, sorting: [{ id: 'brand_id', desc: false }], aggs: { weight: 'median', min_margin: 'avg' }, totals: 'yes' });
      expect(checked).toEqual({ v: 2, sorting: [{ id: 'brand_id', desc: false }], aggs: {}, totals: false });
      expect(await read(checked)).toEqual(checked);
      expect(await read({ v: 2, columnSizing: 'wide', columnPinning: { start: 'x' } })).toEqual({ v: 2, columnSizing: {}, columnPinning: { start: [], end: [] } });
      // An object of no known version has no parts: the grid shows its defaults.
      expect(await read({ v: 3, sorting: [{ id: 'brand_id', desc: false }] })).toEqual({ v: 2 });
      await s.action(catalog, 'grid_state', 'delete', { keys: ['product_list'] });
    });

    it('refuses forms the user may not list, and states that are not plain JSON objects', async () => {
      expect((await s.action(warehouse, 'grid_state', 'list', { form: 'product_list' })).status).toBe(403);
      expect((await s.action(warehouse, 'grid_state', 'set', { form: 'product_list', state: {} })).status).toBe(403);
      expect((await s.action(admin, 'grid_state', 'list', { form: 'no_such_form' })).status).toBe(404);
      expect((await s.action(admin, 'grid_state', 'list', { form: 'user_bookmarks' })).status).toBe(404);
      const bad: [unknown, string][] = [
        [{ form: 'product_list' }, 'payload.state'],
        [{ form: 'product_list', state: [1, 2] }, 'payload.state'],
        [{ form: 'product_list', state: 'x' }, 'payload.state'],
        [{ form: 'product_list', state: { big: 'x'.repeat(70_000) } }, 'payload.state'],
        [{ form: 'product_list', state: { a: 'nul\u0000' } }, 'payload.state.a'],
        [{ form: 'Product-List', state: {} }, 'payload.form'],
        [{ form: 'product_list', state: {}, extra: 1 }, 'payload.extra'],
      ];
      for (const [payload, field] of bad) {
        const r = await s.action(admin, 'grid_state', 'set', payload);
        expect(r.status, JSON.stringify(payload).slice(0, 100)).toBe(400);
        expect(r.body.message).toContain(field);
      }
      let deep: unknown = 1;
      for (let i = 0; i < 50; i++) deep = { d: deep };
      expect((await s.action(admin, 'grid_state', 'set', { form: 'product_list', state: deep })).status).toBe(400);
      const proto = `{"entity":"grid_state","action":"set","payload":{"form":"product_list","state":{"columns":{"__proto__":{"x":1}}}}}`;
      const r = await s.post('/rpc/api_action', undefined, { token: admin, raw: proto });
      expect(r.status).toBe(400);
      expect(r.body.message).toContain('payload.state.columns.__proto__');
      expect((await s.action(admin, 'grid_state', 'add', { form: 'product_list' })).status).toBe(400);
    });
  });

  describe('saved views', () => {
    it('lists own and shared views; only the owner changes or deletes them', async () => {
      const mine = await s.action(catalog, 'grid_views', 'add', { form: 'product_list', name: 'Mine', state: { columns: ['a'] } });
      expect(mine.status, JSON.stringify(mine.body)).toBe(200);
      expect(mine.body.data.row).toMatchObject({ name: 'Mine', shared: false, mine: true, owner: 'Carl Catalog', row_version: 1, state: { columns: ['a'] } });
      const team = await s.action(catalog, 'grid_views', 'add', { form: 'product_list', name: 'Team', shared: true, state: { columns: ['b'] } });
      expect(team.status).toBe(200);
      const adminOwn = await s.action(admin, 'grid_views', 'add', { form: 'product_list', name: 'Admin only', state: {} });
      expect(adminOwn.status).toBe(200);

      const seen = await s.action(admin, 'grid_views', 'list', { form: 'product_list' });
      expect(seen.status).toBe(200);
      expect(seen.body.data.rows.map((x: Row) => [x.name, x.mine, x.owner])).toEqual([
        ['Admin only', true, 'Ada Admin'],
        ['Team', false, 'Carl Catalog'],
      ]);
      const own = await s.action(catalog, 'grid_views', 'list', { form: 'product_list' });
      expect(own.body.data.rows.map((x: Row) => x.name)).toEqual(['Mine', 'Team']);

      const id = team.body.data.row.view_id;
      expect((await s.action(admin, 'grid_views', 'set', { view_id: id, row_version: 1, name: 'Hijacked' })).status).toBe(403);
      expect((await s.action(admin, 'grid_views', 'delete', { keys: [id] })).status).toBe(403);
      expect((await s.action(admin, 'grid_views', 'delete', { keys: [adminOwn.body.data.row.view_id, id] })).status).toBe(403);
      expect((await s.action(catalog, 'grid_views', 'set', { view_id: id, row_version: 2, name: 'Stale' })).status).toBe(409);
      expect((await s.action(catalog, 'grid_views', 'set', { view_id: 999_999, row_version: 1, name: 'None' })).status).toBe(404);
      expect((await s.action(catalog, 'grid_views', 'set', { view_id: id, row_version: 1 })).status).toBe(400);
      const dup = await s.action(catalog, 'grid_views', 'add', { form: 'product_list', name: 'Mine', state: {} });
      expect(dup.status).toBe(409);
      const renamed = await s.action(catalog, 'grid_views', 'set', { view_id: id, row_version: 1, name: 'Team view', shared: false, state: { columns: ['c'] } });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      expect(renamed.body.data.row).toMatchObject({ name: 'Team view', shared: false, row_version: 2, state: { columns: ['c'] } });
      // No longer shared: admin does not see it.
      expect((await s.action(admin, 'grid_views', 'list', { form: 'product_list' })).body.data.rows.map((x: Row) => x.name)).toEqual(['Admin only']);
      const del = await s.action(catalog, 'grid_views', 'delete', { keys: [id, mine.body.data.row.view_id] });
      expect(del.body.data).toEqual({ deleted: 2 });
      expect((await s.action(catalog, 'grid_views', 'list', { form: 'product_list' })).body.data.total).toBe(0);
    });

    it('refuses forms the user may not list and bad payloads', async () => {
      expect((await s.action(warehouse, 'grid_views', 'list', { form: 'product_list' })).status).toBe(403);
      expect((await s.action(warehouse, 'grid_views', 'add', { form: 'product_list', name: 'x', state: {} })).status).toBe(403);
      expect((await s.action(admin, 'grid_views', 'list', { form: 'nope_form' })).status).toBe(404);
      const bad: [unknown, string][] = [
        [{ form: 'product_list', name: '  ', state: {} }, 'payload.name'],
        [{ form: 'product_list', name: 'x'.repeat(101), state: {} }, 'payload.name'],
        [{ form: 'product_list', name: 'x', state: [] }, 'payload.state'],
        [{ form: 'product_list', name: 'x', shared: 'yes', state: {} }, 'payload.shared'],
      ];
      for (const [payload, field] of bad) {
        const r = await s.action(admin, 'grid_views', 'add', payload);
        expect(r.status, JSON.stringify(payload)).toBe(400);
        expect(r.body.message).toContain(field);
      }
      expect((await s.action(admin, 'grid_views', 'delete', { keys: ['1'] })).status).toBe(400);
      expect((await s.action(admin, 'grid_views', 'undo', { log_ids: [1] })).status).toBe(400);
    });
  });

  describe('aggregate', () => {
    it('groups with counts and aggregates equal to SQL, totals of the filtered rows', async () => {
      const r = await s.action(admin, 'product_list', 'aggregate', {
        groupBy: ['keep_in_stock'],
        aggregates: { stock_qty: ['sum', 'avg', 'min', 'max', 'count'], discount_end_date: ['min', 'max'], product_name: ['count'] },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const sql = await s.db.query<Row>(
        `select keep_in_stock, count(*)::int as n, sum(stock_qty) as sum, avg(stock_qty) as avg, min(stock_qty) as min, max(stock_qty) as max,
                count(stock_qty)::int as count, min(discount_end_date) as dmin, max(discount_end_date) as dmax
         from app.products where company_code = 'SK01' group by keep_in_stock order by keep_in_stock`,
      );
      expect(r.body.data.groups.map((g: Row) => g.key)).toEqual(sql.rows.map((x) => ({ keep_in_stock: x.keep_in_stock })));
      r.body.data.groups.forEach((g: Row, i: number) => {
        const x = sql.rows[i]!;
        expect(g.count).toBe(x.n);
        expect(g.aggs.stock_qty.sum).toBeCloseTo(x.sum, 6);
        expect(g.aggs.stock_qty.avg).toBeCloseTo(x.avg, 6);
        expect([g.aggs.stock_qty.min, g.aggs.stock_qty.max, g.aggs.stock_qty.count]).toEqual([x.min, x.max, x.count]);
        expect([g.aggs.discount_end_date.min, g.aggs.discount_end_date.max]).toEqual([x.dmin, x.dmax]);
      });
      const total = await s.db.query<Row>(`select count(*)::int as n, sum(stock_qty) as sum from app.products where company_code = 'SK01'`);
      expect(r.body.data.totals.count).toBe(total.rows[0]!.n);
      expect(r.body.data.totals.aggs.stock_qty.sum).toBeCloseTo(total.rows[0]!.sum, 6);
      expect(r.body.data.totals.aggs.product_name.count).toBe(total.rows[0]!.n);
      expect(r.body.data.truncated).toBe(false);
    });

    it('applies the list filters and groups by several columns', async () => {
      const filterModel = { selling_price_shop: { filterType: 'number', type: 'gt', filter: 20 } };
      const listed = await s.action(admin, 'product_list', 'list', { endRow: 1, filterModel });
      expect(listed.body.data.total).toBeGreaterThan(0);
      const r = await s.action(admin, 'product_list', 'aggregate', { filterModel, groupBy: ['active', 'keep_in_stock'], aggregates: { selling_price_shop: ['sum'] } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.totals.count).toBe(listed.body.data.total);
      expect(r.body.data.groups.reduce((n: number, g: Row) => n + g.count, 0)).toBe(listed.body.data.total);
      const sql = await s.db.query<Row>(
        `select active, keep_in_stock, count(*)::int as n, sum(selling_price_shop) as sum from app.products
         where company_code = 'SK01' and selling_price_shop > 20 group by 1, 2 order by 1, 2`,
      );
      expect(r.body.data.groups.map((g: Row) => [g.key.active, g.key.keep_in_stock, g.count])).toEqual(sql.rows.map((x) => [x.active, x.keep_in_stock, x.n]));
      r.body.data.groups.forEach((g: Row, i: number) => expect(g.aggs.selling_price_shop.sum).toBeCloseTo(sql.rows[i]!.sum, 4));
      // No groupBy: totals only.
      const plain = await s.action(admin, 'product_list', 'aggregate', { filterModel });
      expect(plain.body.data).toEqual({ groups: [], totals: { count: listed.body.data.total, aggs: {} }, truncated: false });
      // Another company, other totals.
      const hu = await s.action(admin, 'product_list', 'aggregate', {}, 'HU01');
      const huN = await s.db.query<{ n: number }>(`select count(*)::int as n from app.products where company_code = 'HU01'`);
      expect(hu.body.data.totals.count).toBe(huN.rows[0]!.n);
    });

    it('tells a group whose keys are all empty from the totals, and answers zero totals for no rows', async () => {
      // One scan with grouping sets: the totals row and a (NULL) group both have NULL keys.
      await s.db.query(
        `update app.products set brand_id = null where company_code = 'SK01' and product_code in (select product_code from app.products where company_code = 'SK01' order by product_code limit 3)`,
      );
      const r = await s.action(admin, 'product_list', 'aggregate', { groupBy: ['brand_id'], aggregates: { stock_qty: ['sum'] } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const sql = await s.db.query<Row>(`select brand_id, count(*)::int as n, sum(stock_qty) as sum from app.products where company_code = 'SK01' group by 1 order by 1`);
      expect(sql.rows.at(-1)!.brand_id).toBeNull();
      expect(r.body.data.groups.map((g: Row) => [g.key.brand_id, g.count])).toEqual(sql.rows.map((x) => [x.brand_id, x.n]));
      const total = await s.db.query<Row>(`select count(*)::int as n, sum(stock_qty) as sum from app.products where company_code = 'SK01'`);
      expect(r.body.data.totals.count).toBe(total.rows[0]!.n);
      expect(r.body.data.totals.aggs.stock_qty.sum).toBeCloseTo(total.rows[0]!.sum, 6);
      const none = await s.action(admin, 'product_list', 'aggregate', {
        groupBy: ['brand_id'],
        aggregates: { stock_qty: ['sum'] },
        filterModel: { product_code: { filterType: 'text', type: 'equals', filter: 'no-such-code' } },
      });
      expect(none.body.data).toEqual({ groups: [], totals: { count: 0, aggs: { stock_qty: { sum: null } } }, truncated: false });
    });

    it('says truncated when there are more groups than it answers', async () => {
      const r = await aggregate(s.db, screens.get('product_list')!, { groupBy: ['product_code'] }, { company: 'SK01', language: 'en' }, { maxGroups: 10 });
      expect(r.groups).toHaveLength(10);
      expect(r.truncated).toBe(true);
      const codes = r.groups.map((g) => g.key.product_code as string);
      expect([...codes].sort()).toEqual(codes);
    });

    it('refuses what cannot be grouped or aggregated with a 400 naming the field', async () => {
      const bad: [unknown, string][] = [
        [{ groupBy: ['product_name'] }, 'payload.groupBy.0'],
        [{ groupBy: ['nope'] }, 'payload.groupBy.0'],
        [{ groupBy: ['active', 'active'] }, 'payload.groupBy.1'],
        [{ groupBy: ['active', 'keep_in_stock', 'brand_id', 'vat_id'] }, 'payload.groupBy'],
        [{ aggregates: { product_code: ['sum'] } }, 'payload.aggregates.product_code.0'],
        [{ aggregates: { brand_id: ['avg'] } }, 'payload.aggregates.brand_id.0'],
        [{ aggregates: { active: ['max'] } }, 'payload.aggregates.active.0'],
        [{ aggregates: { stock_qty: ['median'] } }, 'payload.aggregates.stock_qty.0'],
        [{ aggregates: { password_hash: ['count'] } }, 'payload.aggregates.password_hash'],
        [{ filterModel: { nope: { type: 'contains', filter: 'x' } } }, 'payload.filterModel.nope'],
        [{ groupBy: 'active' }, 'payload.groupBy'],
      ];
      for (const [payload, field] of bad) {
        const r = await s.action(admin, 'product_list', 'aggregate', payload);
        expect(r.status, JSON.stringify(payload)).toBe(400);
        expect(r.body.message).toContain(field);
      }
      expect((await s.action(warehouse, 'product_list', 'aggregate', {})).status).toBe(403);
      expect((await s.action(warehouse, 'countries_brief', 'aggregate', { groupBy: ['country_code'] })).status).toBe(200);
    });
  });

  describe('totals at scale', () => {
    it('answers an exact total below the threshold, whatever count asks (the default is estimate)', async () => {
      const n = (await s.db.query<{ n: number }>(`select count(*)::int as n from app.products where company_code = 'SK01'`)).rows[0]!.n;
      for (const count of [undefined, 'exact', 'estimate']) {
        const r = await s.action(admin, 'product_list', 'list', { startRow: 0, endRow: 10, ...(count ? { count } : {}) });
        expect(r.status).toBe(200);
        expect(r.body.data).toMatchObject({ total: n, totalExact: true });
      }
      expect((await s.action(admin, 'product_list', 'list', { endRow: 10, count: 'roughly' })).status).toBe(400);
      expect((await s.action(admin, 'product_list', 'filter', { active: true, endRow: 10, count: 'estimate' })).status).toBe(200);
    });

    it('answers the planner estimate above the threshold (totalExact false), keyset windows included', async () => {
      const screen = screens.get('product_list')!;
      const scope = { company: 'SK01', language: 'en' };
      const first = await list(s.db, screen, { endRow: 10, count: 'estimate', sortModel: [{ colId: 'product_code', sort: 'asc' }] }, scope, { estimateThreshold: 10 });
      expect(first.totalExact).toBe(false);
      expect(first.total).toBeGreaterThan(10);
      expect(first.rows).toHaveLength(10);
      const last = first.rows[9]!;
      const next = await list(s.db, screen, { endRow: 10, count: 'estimate', sortModel: [{ colId: 'product_code', sort: 'asc' }], after: [last.product_code] }, scope, { estimateThreshold: 10 });
      expect(next.totalExact).toBe(false);
      expect((next.rows[0]!.product_code as string) > (last.product_code as string)).toBe(true);
      const exact = await list(s.db, screen, { endRow: 10, count: 'exact' }, scope, { estimateThreshold: 10 });
      expect(exact.totalExact).toBe(true);
      // A filtered estimate stays an estimate of the filtered rows, or is exact when it is small.
      const filtered = await list(s.db, screen, { endRow: 5, count: 'estimate', filterModel: { product_code: { filterType: 'text', type: 'equals', filter: 'p000001' } } }, scope, {
        estimateThreshold: 10,
      });
      expect(filtered.total).toBeLessThanOrEqual(1);
    });
  });

  describe('translation routes', () => {
    const routes = ['/api/gt', '/api/deepl', '/api/openai/translate_text', '/api/deepseek/translate_text', '/api/translate'] as const;
    const body = (path: string) =>
      path === '/api/gt' || path === '/api/translate'
        ? { text: 'Hello', from: 'en', to: ['de', 'hu'] }
        : path === '/api/deepl'
          ? { text: { product_name: 'Hello' }, from: 'en', to: 'de' }
          : { text: 'Hello', from: 'en', to: 'de', model: 'gpt-4o', system_prompt: 'Translate.' };
    const envOf: Record<string, string> = {
      '/api/gt': 'GOOGLE_TRANSLATE_API_KEY',
      '/api/deepl': 'DEEPL_AUTH_KEY',
      '/api/openai/translate_text': 'OPENAI_API_KEY',
      '/api/deepseek/translate_text': 'DEEPSEEK_API_KEY',
      // The company's default engine: SK01's is Google Translate (demo data).
      '/api/translate': 'GOOGLE_TRANSLATE_API_KEY',
    };

    it('need a signed-in user (401) with the translation engines’ page (403) and a valid body (400 naming the field)', async () => {
      for (const path of routes) {
        expect((await s.post(path, body(path))).status).toBe(401);
        // The catalogue role has no /settings/gtranslate (issue 42): refused before the body is read.
        expect((await s.post(path, { ...body(path), from: 'english' }, { token: catalog })).status).toBe(403);
        const noTo = { ...body(path) } as Row;
        delete noTo.to;
        const r = await s.post(path, noTo, { token: admin });
        expect(r.status).toBe(400);
        expect(r.body.message).toContain('body.to');
        const badFrom = await s.post(path, { ...body(path), from: 'english' }, { token: admin });
        expect(badFrom.status).toBe(400);
        expect(badFrom.body.message).toContain('body.from');
        expect((await s.post(path, undefined, { token: admin, raw: '{"text": ' })).status).toBe(400);
        expect((await s.post(path, { ...body(path), text: 5 }, { token: admin })).body.message).toContain('body.text');
      }
      const model = await s.post('/api/openai/translate_text', { ...body('/api/openai/translate_text'), model: '' }, { token: admin });
      expect(model.body.message).toContain('body.model');
    });

    it('answer 503 not_configured naming the environment variable', async () => {
      for (const path of routes) {
        const r = await s.post(path, body(path), { token: admin });
        expect(r.status).toBe(503);
        expect(r.body.error).toBe('not_configured');
        expect(r.body.message).toContain(`(set ${envOf[path]})`);
      }
    });

    // With a key, every engine translates for real: tests/api/translate.test.ts (Google, DeepL) and chat-engines.test.ts (OpenAI, DeepSeek), against fakes.
  });
});
