/**
 * The list answer whose rows the database writes as JSON (engine/rowsJson.ts) equals the
 * rows the driver parses, through JSON.stringify: for every type it knows, with the edge
 * values of each, under a session time zone that is not UTC; for every descriptor on the
 * demo data; for keyset windows of several parts; and over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { list, listJson, type ListRequest } from '../../src/server/actions/engine/list.ts';
import { jsonPage, rowsJson } from '../../src/server/actions/engine/rowsJson.ts';
import { screens, type Screen } from '../../src/server/actions/engine/screens.ts';
import { RawJson, jsonText } from '../../src/server/http/rawJson.ts';
import { engines, startSignedIn, type SignedIn } from './harness.ts';

/** What a value becomes on the wire. */
const wire = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

describe.each(engines)('rows as JSON from the database on %s', (engine) => {
  let t: SignedIn;
  const scope = { company: 'SK01', language: 'en' };

  beforeAll(async () => {
    t = await startSignedIn(engine);
  });
  afterAll(() => t?.s.close());

  it('equal the parsed rows for every known type and its edge values, whatever the session time zone', async () => {
    const { db } = t.s;
    await db.exec(`
      create domain app.rj_code as text;
      create table app.rows_json_edge (
        id int primary key, t text, v varchar(20), c char(4), d app.rj_code, u uuid, b bool, i2 int2, i4 int4, i8 int8,
        n numeric, f4 float4, f8 float8, dt date, ts timestamp, tz timestamptz, j json, jb jsonb, ta text[]);
      insert into app.rows_json_edge values
        (1, 'plain', 'v', 'ab', 'code', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', true, 1, 2, 9007199254740993,
         12.50, 0.1, 1e300, '2026-11-22', '2026-11-22 10:00:00.123999', '2026-11-22 23:59:59.999999+02', '{"a": [1, 2.50]}', '{"b": {"c": null}}', '{x,"y z",NULL}'),
        (2, E'quote " back \\\\ nl \\n tab \\t ctl \\u0001 é 😀', null, null, null, null, false, -1, -2, -9007199254740993,
         'NaN', 'NaN', 'Infinity', 'infinity', 'infinity', '-infinity', 'null', '[]', '{}'),
        (3, '', '', '', '', null, null, 0, 0, 0, 'Infinity', '-Infinity', '-Infinity', '-infinity', '1999-12-31 23:59:59', '2000-01-01 00:00:00+00', '"s"', '1.50', null),
        (4, null, null, null, null, null, null, null, null, null, '-Infinity', 1.5e-7, -0.0, '0001-01-01', '2026-03-29 02:30:00.000500', '1970-01-01 00:00:00.0001+05:30', '12345678901234567890', '{"k": 12345678901234567890}', '{}'),
        (5, null, null, null, null, null, null, null, null, null, 123456789012345678901234567890.123456789, 3.4e38, 5e-324, null, null, null, null, null, null)`);
    const fields = ['id', 't', 'v', 'c', 'd', 'u', 'b', 'i2', 'i4', 'i8', 'n', 'f4', 'f8', 'dt', 'ts', 'tz', 'j', 'jb', 'ta'];
    const screen = { source: { relation: 'app.rows_json_edge' } } as Screen;
    const select = await rowsJson(db, screen, fields);
    expect(select).not.toBeNull();
    const page = `select ${fields.map((f) => `"${f}"`).join(', ')} from app.rows_json_edge order by id`;
    for (const zone of ['UTC', 'America/New_York', 'Asia/Kathmandu']) {
      const [rows, json] = await db.transaction(async (tx) => {
        await tx.exec(`set local timezone = '${zone}'`);
        const rows = (await tx.query(page)).rows;
        const json = (await tx.query<{ n: number; j: string }>(jsonPage(select!, page))).rows[0]!;
        return [rows, json] as const;
      });
      expect(json.n).toBe(5);
      expect(JSON.parse(json.j), zone).toEqual(wire(rows));
    }
    await db.exec('drop table app.rows_json_edge; drop domain app.rj_code');
  });

  it('a relation with a type it does not know answers through the rows', async () => {
    const { db } = t.s;
    await db.exec('create table app.rows_json_other (id int primary key, ids int8[], raw bytea)');
    const screen = { source: { relation: 'app.rows_json_other' } } as Screen;
    expect(await rowsJson(db, screen, ['id', 'ids'])).toBeNull();
    expect(await rowsJson(db, screen, ['id'])).not.toBeNull();
    await db.exec('drop table app.rows_json_other');
  });

  it('every descriptor answers the same list both ways on the demo data', async () => {
    const { db } = t.s;
    const viaRows: string[] = [];
    for (const screen of screens.values()) {
      const req: ListRequest = { startRow: 0, endRow: 50, language: 'de' };
      // The administrator: every row, also of screens whose rows belong to users (source.owner).
      const s = { ...scope, userId: 1, owner: null };
      const rows = await list(db, screen, req, s).then(wire, (e: Error) => ({ error: e.message }));
      const json = await listJson(db, screen, req, s, { json: true }).then(
        (a) => (a instanceof RawJson ? JSON.parse(a.text) : (viaRows.push(screen.form), wire(a))),
        (e: Error) => ({ error: e.message }),
      );
      expect(json, screen.form).toEqual(rows);
      expect(rows, screen.form).not.toHaveProperty('error');
    }
    // Every descriptor's relation has only types rowsJson knows.
    expect(viaRows).toEqual([]);
  });

  it('keyset windows of several parts (NULLs after the cursor) and offset windows, both ways', async () => {
    const { db } = t.s;
    const screen = screens.get('product_list')!;
    await db.exec(`update app.products set selling_price_shop = null where company_code = 'SK01' and product_code in
      (select product_code from app.products where company_code = 'SK01' order by product_code offset 5 limit 40)`);
    const sortModel = [{ colId: 'selling_price_shop', sort: 'asc' as const }];
    const all = (await list(db, screen, { startRow: 0, endRow: 100_000, sortModel }, scope)).rows;
    // The cursor 30 rows before the last non-NULL price: the window takes the rest of the prices and the NULLs.
    const at = all.findIndex((r) => r.selling_price_shop === null) - 30;
    const cursor = all[at - 1]!;
    const req: ListRequest = { startRow: at, endRow: at + 100, sortModel, after: [cursor.selling_price_shop, cursor.product_code] };
    const rows = await list(db, screen, req, scope);
    const json = await listJson(db, screen, req, scope, { json: true });
    expect(json).toBeInstanceOf(RawJson);
    expect(JSON.parse((json as RawJson).text)).toEqual(wire(rows));
    expect(rows.rows.map((r) => r.product_code)).toEqual(all.slice(at, at + 100).map((r) => r.product_code));
    expect(rows.rows.filter((r) => r.selling_price_shop === null).length).toBe(40);
    expect(rows.rows.filter((r) => r.selling_price_shop !== null).length).toBe(30);
    for (const w of [
      { startRow: 0, endRow: 0 },
      { startRow: 10, endRow: 25, filterModel: { product_code: { filterType: 'text', type: 'contains', filter: 'zz-none' } } },
    ]) {
      const r = { ...w, sortModel } as ListRequest;
      expect(JSON.parse(jsonText(await listJson(db, screen, r, scope, { json: true })))).toEqual(wire(await list(db, screen, r, scope)));
    }
  });

  it('over HTTP the answer is the engine’s list, with the JSON headers', async () => {
    const r = await t.s.action(t.admin, 'product_list', 'list', { startRow: 3, endRow: 13, language: 'en' }, 'SK01');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json');
    expect(r.headers.get('cache-control')).toBe('no-store');
    const direct = await list(t.s.db, screens.get('product_list')!, { startRow: 3, endRow: 13, language: 'en' }, scope);
    expect(r.body).toEqual({ data: wire(direct) });
  });
});

describe('jsonText', () => {
  it('splices raw JSON at the top level and is JSON.stringify otherwise', () => {
    const raw = new RawJson('{"rows":[{"a":1}],"total":1}');
    expect(jsonText({ data: raw, skip: undefined, n: [1, 'x'] })).toBe('{"data":{"rows":[{"a":1}],"total":1},"n":[1,"x"]}');
    expect(jsonText(raw)).toBe(raw.text);
    expect(jsonText({ a: { b: 1 } })).toBe('{"a":{"b":1}}');
    expect(JSON.stringify({ nested: { raw } })).toBe('{"nested":{"raw":{"rows":[{"a":1}],"total":1}}}');
  });
});
