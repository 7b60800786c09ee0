/**
 * Grid habits (issue 28 point 4), server side on both engines: redo through the set path,
 * set filters with several values and "(empty)", and frontend pages added by import with
 * their rich text sanitized as the editor's save does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startSignedIn, type TestServer } from './harness.ts';
import type { Json } from './harness.ts';

type Row = Record<string, Json>;

describe.each(engines)('grid habits on %s', (engine) => {
  let s: TestServer, admin: string, catalog: string, warehouse: string;
  beforeAll(async () => void ({ s, admin, catalog, warehouse } = await startSignedIn(engine)));
  afterAll(() => s?.close());

  const products = async (startRow: number, endRow: number): Promise<Row[]> =>
    (await s.action(admin, 'product_list', 'list', { startRow, endRow, sortModel: [{ colId: 'product_code', sort: 'asc' }] })).body.data.rows;
  const log = async (ids: number[]) =>
    (await s.db.query<Row>('select log_id, entity_id, log_action, actor_user_id, before, after from app.product_change_log where log_id = any($1) order by log_id', [ids])).rows;

  describe('redo', () => {
    const act = (token: string, action: 'undo' | 'redo', log_ids: unknown) => s.action(token, 'product_list', action, { log_ids });

    it('writes an undone edit again, bumps the version, logs it, and can be undone again', async () => {
      const [row] = await products(100, 101);
      const code = row!.product_code;
      const set = await s.action(catalog, 'product_list', 'set', { product_code: code, row_version: row!.row_version, min_margin: 33 });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      const undo = await act(catalog, 'undo', [set.body.data.log_id]);
      expect(undo.status, JSON.stringify(undo.body)).toBe(200);
      expect(undo.body.data.rows[0].min_margin).toBe(row!.min_margin);
      const redo = await act(catalog, 'redo', undo.body.data.log_ids);
      expect(redo.status, JSON.stringify(redo.body)).toBe(200);
      expect(redo.body.data.rows).toHaveLength(1);
      expect(redo.body.data.rows[0]).toMatchObject({ product_code: code, min_margin: 33, row_version: row!.row_version + 3 });
      expect(redo.body.data.log_ids).toHaveLength(1);
      const [entry] = await log(redo.body.data.log_ids);
      expect(entry).toMatchObject({ entity_id: code, log_action: 'set', before: { min_margin: row!.min_margin }, after: { min_margin: 33 } });
      // The redo's entry is an edit like any: undo takes it back again.
      const again = await act(catalog, 'undo', redo.body.data.log_ids);
      expect(again.status).toBe(200);
      expect(again.body.data.rows[0].min_margin).toBe(row!.min_margin);
    });

    it('redoes a bulk batch (paste, fill) and several edits of one cell, ending at the last one', async () => {
      const rows = await products(110, 113);
      const paste = await s.action(catalog, 'product_list', 'set', {
        rows: rows.map((r, i) => ({ product_code: r.product_code, row_version: r.row_version, min_margin: 20 + i, product_name: { de: `Neu ${i}` } })),
      });
      expect(paste.status, JSON.stringify(paste.body)).toBe(200);
      const first = rows[0]!;
      const second = await s.action(catalog, 'product_list', 'set', { product_code: first.product_code, row_version: first.row_version + 1, min_margin: 44 });
      expect(second.status).toBe(200);
      const ids = [...paste.body.data.log_ids, second.body.data.log_id];
      const undo = await act(catalog, 'undo', ids);
      expect(undo.status, JSON.stringify(undo.body)).toBe(200);
      const redo = await act(catalog, 'redo', undo.body.data.log_ids);
      expect(redo.status, JSON.stringify(redo.body)).toBe(200);
      const byCode = new Map((redo.body.data.rows as Row[]).map((r) => [r.product_code, r]));
      expect(byCode.get(first.product_code)!.min_margin).toBe(44);
      expect(byCode.get(rows[1]!.product_code)!.min_margin).toBe(21);
      expect(byCode.get(rows[2]!.product_code)!.product_name).toMatchObject({ de: 'Neu 2', en: rows[2]!.product_name.en });
      expect(redo.body.data.log_ids).toHaveLength(3); // one entry per row
    });

    it('refuses with 409 changed_since when a field moved on since the undo, and writes nothing', async () => {
      const [row] = await products(120, 121);
      const set = await s.action(catalog, 'product_list', 'set', { product_code: row!.product_code, row_version: row!.row_version, min_margin: 55 });
      const undo = await act(catalog, 'undo', [set.body.data.log_id]);
      const theirs = await s.action(admin, 'product_list', 'set', { product_code: row!.product_code, row_version: row!.row_version + 2, min_margin: 66 });
      expect(theirs.status).toBe(200);
      const count = async () => (await s.db.query<{ n: number }>('select count(*)::int as n from app.product_change_log')).rows[0]!.n;
      const before = await count();
      const redo = await act(catalog, 'redo', undo.body.data.log_ids);
      expect(redo.status).toBe(409);
      expect(redo.body.error).toBe('changed_since');
      expect(await count()).toBe(before);
      expect((await products(120, 121))[0]!.min_margin).toBe(66);
    });

    it('checks like an edit: the set permission, the user own entries, validation and sanitizing', async () => {
      const [row] = await products(130, 131);
      const set = await s.action(catalog, 'product_list', 'set', { product_code: row!.product_code, row_version: row!.row_version, min_margin: 12 });
      const undo = await act(catalog, 'undo', [set.body.data.log_id]);
      expect((await act(warehouse, 'redo', undo.body.data.log_ids)).status).toBe(403);
      expect((await act(admin, 'redo', undo.body.data.log_ids)).status).toBe(404); // not admin's entry
      expect((await act(catalog, 'redo', [])).status).toBe(400);
      expect((await act(catalog, 'redo', ['x'])).status).toBe(400);
      // A delete's entry is no undone edit.
      expect((await act(catalog, 'redo', [set.body.data.log_id + 10_000_000])).status).toBe(404);

      // A logged value passes the columns' validation and the rich-text sanitizer again:
      // an entry holding markup the editor's save would never store is written sanitized.
      const page = (await s.action(admin, 'frontend_pages', 'list', { endRow: 1 })).body.data.rows[0] as Row;
      const userId = (await s.db.query<{ user_id: number }>(`select user_id from app.users where user_email = 'admin@example.com'`)).rows[0]!.user_id;
      const dirty = { en: '<p onclick="steal()">Hi<script>alert(1)</script></p>' };
      const entry = await s.db.query<{ log_id: number }>(
        `insert into app.product_change_log (entity_name, entity_id, entity_key, log_action, actor_user_id, company_code, before, after)
         values ('frontend_pages', $1, $2::jsonb, 'set', $3, 'SK01', $4::jsonb, $5::jsonb) returning log_id`,
        [String(page.page_id), JSON.stringify([page.page_id]), userId, JSON.stringify({ page_body: dirty }), JSON.stringify({ page_body: page.page_body })],
      );
      const redo = await s.action(admin, 'frontend_pages', 'redo', { log_ids: [Number(entry.rows[0]!.log_id)] });
      expect(redo.status, JSON.stringify(redo.body)).toBe(200);
      const body = redo.body.data.rows[0].page_body.en as string;
      expect(body).toContain('Hi');
      expect(body).not.toMatch(/script|onclick/);
      // An invalid value is refused as a set would refuse it (min_margin's bounds), nothing written.
      const bad = await s.db.query<{ log_id: number }>(
        `insert into app.product_change_log (entity_name, entity_id, entity_key, log_action, actor_user_id, company_code, before, after)
         values ('product_list', $1, $2::jsonb, 'set', $3, 'SK01', '{"min_margin": -5}'::jsonb, $4::jsonb) returning log_id`,
        [row!.product_code, JSON.stringify([row!.product_code]), userId, JSON.stringify({ min_margin: row!.min_margin })],
      );
      const refused = await s.action(admin, 'product_list', 'redo', { log_ids: [Number(bad.rows[0]!.log_id)] });
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.message).toContain('min_margin');
    });
  });

  describe('set filters with several values and "(empty)"', () => {
    const list = async (filterModel: unknown, form = 'product_list') => s.action(admin, form, 'list', { startRow: 0, endRow: 5000, filterModel });
    const sql = async (where: string, params: unknown[] = []) =>
      (await s.db.query<{ product_code: string }>(`select product_code from app.products where company_code = 'SK01' and ${where} order by product_code`, params)).rows.map((r) => r.product_code);
    const codes = (r: { body: Json }) => (r.body.data.rows as Row[]).map((x) => x.product_code as string).sort();

    it('keeps the rows holding any of the values, and those without a value for null', async () => {
      await s.db.query(`update app.products set brand_id = null where product_code in (select product_code from app.products where company_code = 'SK01' order by product_code limit 3)`);
      const brands = (await s.db.query<{ brand_id: number }>(`select distinct brand_id from app.products where company_code = 'SK01' and brand_id is not null order by 1 limit 2`)).rows.map(
        (r) => r.brand_id,
      );
      const r = await list({ brand_id: { filterType: 'set', values: [...brands, null] } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const want = await sql('(brand_id = any($1) or brand_id is null)', [brands]);
      expect(want.length).toBeGreaterThan(3);
      expect(codes(r)).toEqual([...want].sort());
      // Options: two of the three, and a yes/no column with both values.
      const k = await list({ keep_in_stock: { filterType: 'set', values: [0, 2] }, active: { filterType: 'set', values: [true, false] } });
      expect(k.status, JSON.stringify(k.body)).toBe(200);
      expect(codes(k)).toEqual([...(await sql('keep_in_stock in (0, 2)'))].sort());
    });

    it("refuses values that are not the column's: another type, a value outside its options, too many", async () => {
      for (const [filterModel, where] of [
        [{ keep_in_stock: { filterType: 'set', values: [0, 7] } }, 'payload.filterModel.keep_in_stock.values.1'],
        [{ keep_in_stock: { filterType: 'set', values: ['zero'] } }, 'payload.filterModel.keep_in_stock.values.0'],
        [{ brand_id: { filterType: 'set', values: [1, '1); drop table app.products; --'] } }, 'payload.filterModel.brand_id.values.1'],
        [{ active: { filterType: 'set', values: ['maybe'] } }, 'payload.filterModel.active.values.0'],
        [{ brand_id: { filterType: 'set', values: Array.from({ length: 10_001 }, (_, i) => i) } }, 'payload.filterModel.brand_id.values'],
        [{ no_such_column: { filterType: 'set', values: [1] } }, 'no_such_column'],
      ] as const) {
        const r = await list(filterModel);
        expect(r.status, JSON.stringify(filterModel).slice(0, 200)).toBe(400);
        expect(r.body.message).toContain(where);
      }
      expect((await sql('true')).length).toBeGreaterThan(0); // still there
    });
  });

  describe('frontend pages added by import', () => {
    const send = (file: Blob, name: string, fields: Record<string, string>) => {
      const fd = new FormData();
      fd.set('file', file, name);
      for (const [k, v] of Object.entries(fields)) fd.set(k, v);
      return fetch(`${s.url}/api/import/frontend_pages`, { method: 'POST', body: fd, headers: { authorization: `Bearer ${admin}` } });
    };
    const stored = async (code: string) => (await s.db.query<Row>('select page_title, page_body from app.frontend_pages where page_code = $1', [code])).rows[0];
    const DIRTY = '<p onclick="steal()">Hello <strong>world</strong><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">link</a></p>';
    const mapping = JSON.stringify(['shop_id', 'page_code', 'page_title', 'page_body']);
    const shopId = async () => (await s.action(admin, 'frontend_pages', 'list', { endRow: 1 })).body.data.rows[0].shop_id as number;

    const expectSanitized = (body: string) => {
      expect(body).toContain('<strong>world</strong>');
      expect(body).not.toMatch(/script|onclick|onerror|javascript:/i);
    };

    it('adds pages from a CSV, the body sanitized as the editor saves it', async () => {
      const shop = await shopId();
      const csv = `Shop,Code,Title,Content\n${shop},imported-csv-${engine},Imported,"${DIRTY.replaceAll('"', '""')}"\n`;
      const info = await (await send(new Blob([csv]), 'pages.csv', { mode: 'inspect', language: 'en' })).json();
      expect(info.canAdd).toBe(true);
      expect(info.fields.map((f: { field: string }) => f.field)).toEqual(expect.arrayContaining(['page_body', 'page_title', 'page_code', 'shop_id']));
      const r = await send(new Blob([csv]), 'pages.csv', { mode: 'commit', language: 'en', mapping });
      const body = await r.json();
      expect(r.status, JSON.stringify(body)).toBe(200);
      expect(body.errors).toEqual([]);
      const row = await stored(`imported-csv-${engine}`);
      expect(row!.page_title).toEqual({ en: 'Imported' });
      expectSanitized(row!.page_body.en);
    });

    it('adds pages from an XLSX the same way', async () => {
      const ExcelJS = (await import('exceljs')).default;
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('Pages');
      ws.addRow(['Shop', 'Code', 'Title', 'Content']);
      ws.addRow([await shopId(), `imported-xlsx-${engine}`, 'Imported', DIRTY]);
      const file = new Blob([await wb.xlsx.writeBuffer()]);
      const r = await send(file, 'pages.xlsx', { mode: 'commit', language: 'en', mapping });
      const body = await r.json();
      expect(r.status, JSON.stringify(body)).toBe(200);
      expect(body.errors).toEqual([]);
      expectSanitized((await stored(`imported-xlsx-${engine}`))!.page_body.en);
    });
  });
});
