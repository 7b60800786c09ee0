import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, engines, startTestServer, type Json, type Reply, type TestServer } from './harness.ts';

/**
 * Issue 21 "Hardening", point 8 (server side): text PostgreSQL refuses, oversized values in
 * error answers, prototype keys as column names, unwindowed lists, source maps.
 */
describe.each(engines)('hardened input on %s', (engine) => {
  let s: TestServer, admin: string;
  beforeAll(async () => {
    // A stand-in build with an asset and its source map beside it, as vite writes them.
    const ui = mkdtempSync(join(tmpdir(), 'bo-ui-'));
    writeFileSync(join(ui, 'index.html'), '<!doctype html><div id="root"></div>');
    mkdirSync(join(ui, 'assets'));
    writeFileSync(join(ui, 'assets', 'index-abc123.js'), 'console.log(1);\n//# sourceMappingURL=index-abc123.js.map\n');
    writeFileSync(join(ui, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["src/secret.ts"],"mappings":""}');
    writeFileSync(join(ui, 'assets', 'index-abc123.css.map'), '{"version":3,"sources":[],"mappings":""}');
    s = await startTestServer(engine, { uiDir: ui });
    admin = (await s.login('admin@example.com', DEMO_PASSWORD)).token;
  });
  afterAll(() => s?.close());

  /** An api_action with its payload as raw JSON text (escapes such as \u0000 and \ud800 as sent). */
  const raw = (entity: string, action: string, payload: string) => s.post('/rpc/api_action', undefined, { token: admin, raw: `{"entity":"${entity}","action":"${action}","payload":${payload}}` });
  const exportRaw = async (body: string): Promise<Reply> => {
    const r = await fetch(`${s.url}/api/export/product_list`, { method: 'POST', body, headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' } });
    const text = await r.text();
    let parsed: Json = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* a file */
    }
    return { status: r.status, body: parsed, headers: r.headers };
  };
  const columns = '[{"field":"product_code","header":"Code"}]';

  /** A 400 with this code (the error body's shape) whose message starts with the path. */
  const refused = (r: Reply, path: string, code = 'bad_request') => {
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(400);
    expect(r.body.error).toBe(code);
    expect(typeof r.body.message).toBe('string');
    expect(r.body.message.startsWith(`${path}:`), r.body.message).toBe(true);
  };

  describe.each([
    ['U+0000', '"a\\u0000b"'],
    ['a lone surrogate', '"a\\ud800b"'],
    ['a lone low surrogate', '"\\udfff"'],
  ])('text PostgreSQL cannot hold (%s)', (_, bad) => {
    const text = (filter: string) => `{"filterType":"text","type":"contains","filter":${filter}}`;

    it('in list filters (text, multi-language, set values, combined, multi), search, after, locate: 400 naming the field', async () => {
      refused(await raw('product_list', 'list', `{"endRow":5,"filterModel":{"product_code":${text(bad)}}}`), 'payload.filterModel.product_code.filter', 'invalid_character');
      refused(await raw('product_list', 'list', `{"endRow":5,"filterModel":{"product_name":${text(bad)}}}`), 'payload.filterModel.product_name.filter', 'invalid_character');
      refused(
        await raw('product_list', 'list', `{"endRow":5,"filterModel":{"product_code":{"filterType":"set","values":["P000001",${bad}]}}}`),
        'payload.filterModel.product_code.values.1',
        'invalid_character',
      );
      refused(
        await raw('product_list', 'list', `{"endRow":5,"filterModel":{"product_code":{"filterType":"text","operator":"OR","conditions":[${text('"P"')},${text(bad)}]}}}`),
        'payload.filterModel.product_code.conditions.1.filter',
        'invalid_character',
      );
      refused(
        await raw('product_list', 'list', `{"endRow":5,"filterModel":{"product_code":{"filterType":"multi","filterModels":[null,${text(bad)}]}}}`),
        'payload.filterModel.product_code.filterModels.1.filter',
        'invalid_character',
      );
      refused(await raw('product_list', 'list', `{"endRow":5,"sortModel":[{"colId":"product_code","sort":"asc"}],"after":[${bad}]}`), 'payload.after.0', 'invalid_character');
      refused(await raw('product_list', 'list', `{"locate":{"product_code":${bad}}}`), 'payload.locate.product_code', 'invalid_character');
      refused(await raw('product_list', 'filter', `{"endRow":5,"product_code":${bad}}`), 'payload.product_code', 'invalid_character');
      refused(await raw('product_list', 'aggregate', `{"filterModel":{"product_code":${text(bad)}}}`), 'payload.filterModel.product_code.filter', 'invalid_character');
      // The lookup search (a search source: products_brief), by the ref editor as the user types.
      refused(await raw('products_brief', 'list', `{"search":${bad},"startRow":0,"endRow":50}`), 'payload.search', 'invalid_character');
      refused(await raw('products_brief', 'list', `{"search":${bad}}`), 'payload.search', 'invalid_character');
      // In a key of the payload too.
      refused(await raw('product_list', 'list', `{"endRow":5,"filterModel":{${bad}:${text('"x"')}}}`), 'payload.filterModel', 'invalid_character');
    });

    it('in writes (add, set, bulk set) and custom entities: 400, nothing stored', async () => {
      refused(await raw('brands', 'add', `{"brand_name":${bad}}`), 'payload.brand_name', 'invalid_character');
      const brand = (await s.action(admin, 'brands', 'list', { endRow: 1 })).body.data.rows[0];
      refused(await raw('brands', 'set', `{"brand_id":${brand.brand_id},"row_version":${brand.row_version},"brand_name":${bad}}`), 'payload.brand_name', 'invalid_character');
      refused(await raw('brands', 'set', `{"rows":[{"brand_id":${brand.brand_id},"row_version":${brand.row_version},"brand_name":${bad}}]}`), 'payload.rows.0.brand_name', 'invalid_character');
      refused(await raw('grid_views', 'add', `{"form":"product_list","name":${bad},"state":{}}`), 'payload.name', 'invalid_character');
      const stored = await s.db.query<{ n: number }>(`select count(*)::int as n from app.brands where brand_name like '%' || chr(65533) || '%'`);
      expect(stored.rows[0]!.n).toBe(0);
    });

    it('in export filters: 400 before the file', async () => {
      refused(await exportRaw(`{"format":"csv","language":"en","columns":${columns},"filterModel":{"product_code":${text(bad)}}}`), 'body.filterModel.product_code.filter', 'invalid_character');
      refused(await exportRaw(`{"format":"csv","language":"en","columns":${columns},"fixed":{"product_code":${bad}}}`), 'body.fixed.product_code', 'invalid_character');
    });
  });

  it('refuses text the database cannot hold in every other procedure too (page_error_log, login, translate): 400, nothing stored as U+FFFD', async () => {
    for (const bad of ['"a\\u0000b"', '"a\\ud800b"']) {
      refused(await s.post('/rpc/page_error_log', undefined, { token: admin, raw: `{"_page_name":"/en/x","_error":${bad}}` }), 'body._error', 'invalid_character');
      refused(await s.post('/rpc/login', undefined, { raw: `{"email":${bad},"password":"x"}` }), 'body.email', 'invalid_character');
      refused(await s.post('/api/deepl', undefined, { token: admin, raw: `{"text":[${bad}],"target_lang":"DE"}` }), 'body.text.0', 'invalid_character');
    }
    const stored = await s.db.query<{ n: number }>(`select count(*)::int as n from app.page_error_log where error like '%' || chr(65533) || '%'`);
    expect(stored.rows[0]!.n).toBe(0);
  });

  describe('an oversized value is not echoed back', () => {
    const big = 'x'.repeat(100_000);
    const short = (r: Reply) => {
      expect(r.status).toBe(400);
      const text = JSON.stringify(r.body);
      expect(text.length, text.slice(0, 200)).toBeLessThan(1_000);
      expect(text).not.toContain('x'.repeat(61));
      expect(text).toContain(`${'x'.repeat(60)}…`);
    };

    it('as a column, a key, a field or a value (message and params)', async () => {
      const filter = `{"filterType":"text","type":"contains","filter":"a"}`;
      const unknownColumn = await raw('product_list', 'list', `{"endRow":5,"filterModel":{"${big}":${filter}}}`);
      short(unknownColumn);
      expect(unknownColumn.body.error).toBe('unknown_column');
      expect(unknownColumn.body.params.column).toBe(`${'x'.repeat(60)}…`);
      expect(unknownColumn.body.params.field).toBe(`payload.filterModel.${'x'.repeat(60)}…`);
      short(await raw('product_list', 'list', `{"endRow":5,"sortModel":[{"colId":"${big}","sort":"asc"}]}`));
      short(await raw('product_list', 'list', `{"endRow":5,"${big}":1}`));
      short(await raw('product_list', 'list', `{"locate":{"${big}":1}}`));
      short(await raw('product_list', 'filter', `{"${big}":1}`));
      short(await raw('product_list', 'aggregate', `{"groupBy":["${big}"]}`));
      short(await raw('product_list', 'list', `{"endRow":5,"filterModel":{"selling_price_shop":{"filterType":"number","type":"${big}","filter":1}}}`));
      short(await raw('brands', 'add', `{"brand_name":"ok","${big}":1}`));
      // A dot path made of many short keys is cut as a whole.
      const dotted = await raw('product_list', 'list', `{"endRow":5,"filterModel":{"${'a.'.repeat(50_000)}":${filter}}}`);
      expect(dotted.status).toBe(400);
      expect(JSON.stringify(dotted.body).length).toBeLessThan(1_500);
      const exported = await exportRaw(`{"format":"csv","language":"en","columns":[{"field":"${big.slice(0, 500)}","header":"x"}]}`);
      expect(exported.status).toBe(400);
      expect(JSON.stringify(exported.body)).not.toContain('x'.repeat(61));
    });
  });

  describe.each(['__proto__', 'constructor', 'prototype'])('"%s" as a column name', (name) => {
    const filter = `{"filterType":"text","type":"contains","filter":"zzz-no-such-text"}`;

    it('is refused in filterModel (list, aggregate), sortModel, the filter action and locate', async () => {
      refused(await raw('product_list', 'list', `{"endRow":5,"filterModel":{"${name}":${filter}}}`), `payload.filterModel.${name}`, 'key_not_allowed');
      refused(await raw('product_list', 'aggregate', `{"filterModel":{"${name}":${filter}}}`), `payload.filterModel.${name}`, 'key_not_allowed');
      refused(await raw('product_list', 'aggregate', `{"aggregates":{"${name}":["count"]}}`), `payload.aggregates.${name}`, 'key_not_allowed');
      refused(await raw('product_list', 'list', `{"endRow":5,"sortModel":[{"colId":"${name}","sort":"asc"}]}`), 'payload.sortModel.0.colId', 'unknown_column');
      refused(await raw('product_list', 'filter', `{"endRow":5,"${name}":1}`), `payload.${name}`, 'key_not_allowed');
      refused(await raw('product_list', 'list', `{"locate":{"product_code":"P000001","${name}":1}}`), `payload.locate.${name}`, 'key_not_allowed');
    });

    it('is refused as an export column and in export filters and sorts', async () => {
      refused(await exportRaw(`{"format":"csv","language":"en","columns":[{"field":"${name}","header":"x"}]}`), 'body.columns.0.field', 'unknown_column');
      refused(await exportRaw(`{"format":"csv","language":"en","columns":${columns},"filterModel":{"${name}":${filter}}}`), `body.filterModel.${name}`, 'key_not_allowed');
      refused(await exportRaw(`{"format":"csv","language":"en","columns":${columns},"sortModel":[{"colId":"${name}","sort":"asc"}]}`), 'body.sortModel.0.colId', 'unknown_column');
      refused(await exportRaw(`{"format":"csv","language":"en","columns":${columns},"fixed":{"${name}":"x"}}`), `body.fixed.${name}`, 'key_not_allowed');
    });
  });

  it("a name of Object.prototype's (toString) is an unknown column, not a column that cannot be filtered", async () => {
    const r = await raw('product_list', 'list', `{"endRow":5,"filterModel":{"toString":{"filterType":"text","type":"contains","filter":"a"}}}`);
    refused(r, 'payload.filterModel.toString', 'unknown_column');
    expect(r.body.params).toEqual({ field: 'payload.filterModel.toString', column: 'toString' });
  });

  it('caps a list without a window at MAX_ROWS (100,000): more matching rows are a 400 that asks for a window, never a partial answer', async () => {
    // 100,001 more brands (last test: the other tests read brands too).
    await s.db.query(`insert into app.brands (brand_name) select 'Bulk brand ' || g from generate_series(1, 100001) g`);
    for (const [action, payload] of [
      ['list', {}],
      ['list', { startRow: 5 }],
      ['list', { sortModel: [{ colId: 'brand_name', sort: 'desc' }], filterModel: { brand_name: { filterType: 'text', type: 'startsWith', filter: 'Bulk' } } }],
      ['filter', { active: true }],
    ] as const) {
      const r = await s.action(admin, 'brands', action, payload);
      expect(r.status, JSON.stringify(payload)).toBe(400);
      expect(r.body).toEqual({
        error: 'too_many_rows',
        message: 'payload.endRow: more than 100000 rows match; ask for a window (startRow, endRow)',
        params: { field: 'payload.endRow', limit: 100000 },
      });
    }
    // A window, or a source that fits (the grid's lookups and form selects ask without one), is answered.
    const page = await s.action(admin, 'brands', 'list', { startRow: 0, endRow: 10, count: 'exact' });
    expect(page.status).toBe(200);
    expect(page.body.data.rows).toHaveLength(10);
    expect(page.body.data.total).toBeGreaterThan(100_001);
    const fits = await s.action(admin, 'brands', 'list', { filterModel: { brand_name: { filterType: 'text', type: 'startsWith', filter: 'Bulk brand 9999' } } });
    expect(fits.status).toBe(200);
    expect(fits.body.data.rows).toHaveLength(11);
    expect(fits.body.data.total).toBe(11);
  });

  it('answers no source map: a .map beside an asset is 404, the asset itself is served', async () => {
    const js = await fetch(`${s.url}/assets/index-abc123.js`);
    expect(js.status).toBe(200);
    expect(await js.text()).toContain('console.log(1)');
    for (const path of ['/assets/index-abc123.js.map', '/assets/index-abc123.css.map', '/assets/index-abc123.js%2Emap', '/assets/index-abc123.js.%6Dap', '/assets/index-abc123.js.MAP']) {
      const r = await fetch(s.url + path);
      expect(r.status, path).toBe(404);
      expect(await r.text(), path).not.toContain('secret');
    }
  });
});
