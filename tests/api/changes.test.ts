import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startSignedIn, type TestServer } from './harness.ts';

describe.each(engines)('change history on %s', (engine) => {
  let s: TestServer, admin: string, catalog: string, warehouse: string;
  beforeAll(async () => void ({ s, admin, catalog, warehouse } = await startSignedIn(engine)));
  afterAll(() => s?.close());

  it("lists a product's edits, newest first, as product_list's detail, within the company", async () => {
    const row = (await s.action(catalog, 'product_list', 'list', { endRow: 1 })).body.data.rows[0];
    await s.action(catalog, 'product_list', 'set', { product_code: row.product_code, row_version: row.row_version, min_margin: 11 });
    await s.action(catalog, 'keep_in_stock', 'set', { product_code: row.product_code, keep_in_stock: 2 });
    const r = await s.action(catalog, 'product_changes', 'filter', { product_code: row.product_code });
    expect(r.status).toBe(200);
    expect(r.body.data.rows.map((x: { log_action: string }) => x.log_action)).toEqual(['set', 'set']);
    expect(r.body.data.rows[0].after).toEqual({ keep_in_stock: 2 });
    expect(r.body.data.rows[1].before.min_margin).toBe(row.min_margin);
    expect(r.body.data.rows[1].actor).toBe('Carl Catalog');
    // `changes` (migration 022): the fields that differ, as [before, after].
    expect(r.body.data.rows[0].changes).toEqual({ keep_in_stock: [row.keep_in_stock, 2] });
    expect(r.body.data.rows[1].changes).toEqual(row.min_margin === 11 ? {} : { min_margin: [row.min_margin, 11] });
    expect(r.body.data.rows[1].entity_name).toBe('product_list');
    // The product's permissions govern it: warehouse may not see product history.
    expect((await s.action(warehouse, 'product_changes', 'filter', { product_code: row.product_code })).status).toBe(403);
    // Another company sees none of it.
    const other = await s.action(admin, 'product_changes', 'filter', { product_code: row.product_code }, 'HU01');
    expect(other.body.data.total).toBe(0);
  });

  it("includes the edits made in the product's detail forms (translations, images), matched on the product, not a code prefix", async () => {
    const rows = (await s.action(catalog, 'product_list', 'list', { endRow: 50, sortModel: [{ colId: 'product_code', sort: 'asc' }] })).body.data.rows;
    const a = rows.find((x: { product_code: string }) => x.product_code.length > 3)!;
    // A product whose code starts with a's (P000005 → P0000051): its edits are not a's.
    const twin = `${a.product_code}1`;
    const added = await s.action(catalog, 'product_list', 'add', { product_code: twin, product_name: { en: 'Twin' } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const twinTr = (await s.action(catalog, 'product_translations', 'filter', { product_code: twin })).body.data.rows.find((x: { language_code: string }) => x.language_code === 'de');
    expect((await s.action(catalog, 'product_translations', 'set', { product_code: twin, language_code: 'de', row_version: twinTr.row_version, product_name: 'Zwilling' })).status).toBe(200);

    const de = (await s.action(catalog, 'product_translations', 'filter', { product_code: a.product_code })).body.data.rows.find((x: { language_code: string }) => x.language_code === 'de');
    const tr = await s.action(catalog, 'product_translations', 'set', { product_code: a.product_code, language_code: 'de', row_version: de.row_version, product_name: 'Übersetzt' });
    expect(tr.status, JSON.stringify(tr.body)).toBe(200);
    const image = (await s.action(catalog, 'product_images', 'filter', { product_code: a.product_code })).body.data.rows[0];
    expect(image, 'the product has an image').toBeTruthy();
    const img = await s.action(catalog, 'product_images', 'set', { image_id: image.image_id, row_version: image.row_version, position: image.position + 7 });
    expect(img.status, JSON.stringify(img.body)).toBe(200);

    const history = (await s.action(catalog, 'product_changes', 'filter', { product_code: a.product_code })).body.data.rows;
    const ids = history.map((x: { log_id: number }) => x.log_id);
    expect(ids).toContain(tr.body.data.log_id);
    expect(ids).toContain(img.body.data.log_id);
    const byId = new Map(history.map((x: { log_id: number }) => [x.log_id, x]));
    expect(byId.get(img.body.data.log_id)).toMatchObject({ product_code: a.product_code, entity_name: 'product_images', changes: { position: [image.position, image.position + 7] } });
    expect(byId.get(tr.body.data.log_id)).toMatchObject({ product_code: a.product_code, entity_name: 'product_translations' });
    for (const x of history) expect(x.product_code).toBe(a.product_code);
    // The twin's history has its own add and translation, none of a's.
    const twinHistory = (await s.action(catalog, 'product_changes', 'filter', { product_code: twin })).body.data.rows;
    expect(twinHistory.map((x: { entity_name: string }) => x.entity_name).sort()).toEqual(['product_list', 'product_translations']);
    // A deleted image stays in its product's history.
    const del = await s.action(admin, 'product_images', 'delete', { keys: [image.image_id] });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    const after = (await s.action(catalog, 'product_changes', 'filter', { product_code: a.product_code })).body.data.rows;
    expect(after[0]).toMatchObject({ entity_name: 'product_images', log_action: 'delete' });
  });

  it('backfills the product of entries logged before it was recorded (migration 026), from their rows, not a code prefix', async () => {
    const [a] = (await s.action(catalog, 'product_list', 'list', { endRow: 1, sortModel: [{ colId: 'product_code', sort: 'asc' }] })).body.data.rows;
    const code: string = a.product_code;
    const old = async (entity: string, id: string, key: unknown[], action: string, before: unknown, after: unknown) =>
      (
        await s.db.query<{ log_id: number }>(
          `insert into app.product_change_log (entity_name, entity_id, entity_key, log_action, actor_user_id, company_code, before, after)
         values ($1, $2, $3::jsonb, $4, 1, 'SK01', $5::jsonb, $6::jsonb) returning log_id::int as log_id`,
          [entity, id, JSON.stringify(key), action, before && JSON.stringify(before), after && JSON.stringify(after)],
        )
      ).rows[0]!.log_id;
    const ids = {
      product: await old('product_list', code, [code], 'set', { min_margin: 1 }, { min_margin: 2 }),
      imageAdd: await old('product_images', '900001', [900001], 'add', null, { image_id: 900001, product_code: code }),
      imageSet: await old('product_images', '900001', [900001], 'set', { position: 1 }, { position: 2 }),
      translationAdd: await old('product_translations', `${code}/hu`, [code, 'hu'], 'add', null, { product_code: code, language_code: 'hu' }),
      translationSet: await old('product_translations', `${code}/hu`, [code, 'hu'], 'set', { product_name: 'A' }, { product_name: 'B' }),
      orphanSet: await old('product_translations', `${code}/ro`, [code, 'ro'], 'set', { product_name: 'A' }, { product_name: 'B' }),
      prefix: await old('product_list', `${code}9`, [`${code}9`], 'set', { min_margin: 1 }, { min_margin: 2 }),
      brand: await old('brands', '1', [1], 'set', { brand_name: 'x' }, { brand_name: 'y' }),
    };
    const sql = readFileSync(new URL('../../src/server/db/migrations/026_change_log_product.sql', import.meta.url), 'utf8');
    const backfill = sql.slice(sql.indexOf('update app.product_change_log'), sql.indexOf('create index'));
    for (const statement of backfill.split(';').filter((x) => x.trim())) await s.db.query(statement);
    const products = (
      await s.db.query<{ log_id: number; product_code: string | null }>('select log_id::int as log_id, product_code from app.product_change_log where log_id = any($1::int[])', [Object.values(ids)])
    ).rows;
    const of = (id: number) => products.find((x) => x.log_id === id)!.product_code;
    expect(of(ids.product)).toBe(code);
    expect(of(ids.imageAdd)).toBe(code);
    expect(of(ids.imageSet)).toBe(code);
    expect(of(ids.translationAdd)).toBe(code);
    // A set of a two-key row: the product its add named; where no entry names it, not guessed.
    expect(of(ids.translationSet)).toBe(code);
    expect(of(ids.orphanSet)).toBeNull();
    // No such product (P…9, which starts with the code): none; a brand is no product.
    expect(of(ids.prefix)).toBeNull();
    expect(of(ids.brand)).toBeNull();
    await s.db.query('delete from app.product_change_log where log_id = any($1::int[])', [Object.values(ids)]);
  });

  it('logs only what moved: a set that leaves the row as it was is not written (no version, no entry)', async () => {
    const [a, b] = (await s.action(catalog, 'product_list', 'list', { endRow: 2 })).body.data.rows;
    const entries = async (code: string) => (await s.action(catalog, 'product_changes', 'filter', { product_code: code })).body.data.rows;
    const [aBefore, bBefore] = [(await entries(a.product_code)).length, (await entries(b.product_code)).length];
    // One row: the value it already has.
    const same = await s.action(catalog, 'product_list', 'set', { product_code: a.product_code, row_version: a.row_version, min_margin: a.min_margin });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body.data.log_id).toBeUndefined();
    expect(same.body.data.row.row_version).toBe(a.row_version);
    expect(await entries(a.product_code)).toHaveLength(aBefore);
    // A paste of two rows: one as it was, one changed in one of its two fields; the entry names that field only.
    const bulk = await s.action(catalog, 'product_list', 'set', {
      rows: [
        { product_code: a.product_code, row_version: a.row_version, min_margin: a.min_margin, exp_margin: a.exp_margin },
        { product_code: b.product_code, row_version: b.row_version, min_margin: b.min_margin, exp_margin: Number(b.exp_margin) + 1 },
      ],
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    expect(bulk.body.data.log_ids).toHaveLength(1);
    expect(bulk.body.data.rows.map((r: { row_version: number }) => r.row_version)).toEqual([a.row_version, b.row_version + 1]);
    expect(await entries(a.product_code)).toHaveLength(aBefore);
    const [last] = await entries(b.product_code);
    expect((await entries(b.product_code)).length).toBe(bBefore + 1);
    expect(last.changes).toEqual({ exp_margin: [b.exp_margin, Number(b.exp_margin) + 1] });
    expect(Object.keys(last.before)).toEqual(['exp_margin']);
  });

  it('shows the whole change log of the company to admin only', async () => {
    const r = await s.action(admin, 'product_change_log', 'list', { endRow: 10 });
    expect(r.status).toBe(200);
    expect(r.body.data.total).toBeGreaterThan(0);
    for (const x of r.body.data.rows) expect(['add', 'set', 'delete']).toContain(x.log_action);
    expect((await s.action(catalog, 'product_change_log', 'list')).status).toBe(403);
    expect((await s.action(admin, 'product_change_log', 'list', { sortModel: [{ colId: 'before', sort: 'asc' }] })).status).toBe(400);
  });

  it('exports what changed in words, with the action and the screen by name, in the request language', async () => {
    const row = (await s.action(admin, 'product_list', 'list', { endRow: 1 })).body.data.rows[0];
    const price = row.selling_price_shop === 59.99 ? 61.5 : 59.99;
    await s.action(admin, 'product_list', 'set', { product_code: row.product_code, row_version: row.row_version, selling_price_shop: price });
    const r = await fetch(`${s.url}/api/export/product_change_log`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        format: 'csv',
        language: 'de',
        sortModel: [{ colId: 'log_id', sort: 'desc' }],
        columns: ['entity_name', 'log_action', 'changes', 'after'].map((field) => ({ field, header: field })),
      }),
    });
    expect(r.status).toBe(200);
    const first = (await r.text()).replace(/^\uFEFF/, '').split(/\r?\n/)[1]!;
    const de = (n: number) => new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
    expect(first).toBe(`Produktliste;Geändert;Verkaufspreis: ${de(row.selling_price_shop)} → ${de(price)};"{""selling_price_shop"":${price}}"`);
  });

  it("names the ref values of a page of entries by their lookup text (change_labels), only the company's rows", async () => {
    // The product's brand before the change and after it: two brands of the lookup (the seed's brand may be none).
    const brands = (await s.db.query<{ brand_id: number; brand_name: string }>('select brand_id, brand_name from app.brands order by brand_id limit 2')).rows;
    expect(brands).toHaveLength(2);
    const [before, to] = brands as [(typeof brands)[0], (typeof brands)[0]];
    const first = (await s.action(admin, 'product_list', 'list', { endRow: 1 })).body.data.rows[0];
    await s.db.query('update app.products set brand_id = $1 where product_code = $2', [before.brand_id, first.product_code]);
    const row = (await s.action(admin, 'product_list', 'filter', { product_code: first.product_code })).body.data.rows[0];
    expect(row.brand_id).toBe(before.brand_id);
    const set = await s.action(admin, 'product_list', 'set', { product_code: row.product_code, row_version: row.row_version, brand_id: to.brand_id });
    expect(set.status).toBe(200);
    const logId: number = set.body.data.log_id;
    // Entries naming a brand that is gone, and VATs of this company (SK01: 1) and of another one (HU01: 4).
    const extra = await s.db.query<{ log_id: number }>(
      `insert into app.product_change_log (entity_name, entity_id, entity_key, log_action, actor_user_id, company_code, before, after)
       values ('product_list', $1, jsonb_build_array($1::text), 'set', 1, 'SK01', '{"brand_id": 999999, "vat_id": 1}', '{"brand_id": $2, "vat_id": 4}')
       returning log_id`.replace('$2', String(to.brand_id)),
      [row.product_code],
    );
    const extraId = extra.rows[0]!.log_id;
    const vatName = (await s.db.query<{ n: string }>(`select vat_names->>'de' as n from app.vats where vat_id = 1`)).rows[0]!.n;

    const r = await s.action(admin, 'change_labels', 'list', { log_ids: [logId, extraId], language: 'de' });
    expect(r.status).toBe(200);
    const brandLabels = r.body.data.labels.product_list.brand_id;
    expect(brandLabels[String(to.brand_id)]).toBe(to.brand_name);
    expect(brandLabels[String(before.brand_id)]).toBe(before.brand_name);
    // A key whose row is gone gets no text (the cell shows the key); another company's VAT neither.
    expect(brandLabels['999999']).toBeUndefined();
    expect(r.body.data.labels.product_list.vat_id).toEqual({ '1': vatName });

    // The entries of another company are not read: nothing to name.
    expect((await s.action(admin, 'change_labels', 'list', { log_ids: [logId] }, 'HU01')).body.data.labels).toEqual({});
    // Product history (catalog) reads its product's entries; warehouse may see no change log at all.
    const cat = await s.action(catalog, 'change_labels', 'list', { log_ids: [logId] });
    expect(cat.status).toBe(200);
    expect(cat.body.data.labels.product_list.brand_id[String(to.brand_id)]).toBe(to.brand_name);
    expect((await s.action(warehouse, 'change_labels', 'list', { log_ids: [logId] })).status).toBe(403);
    expect((await s.action(admin, 'change_labels', 'list', { log_ids: ['1; drop'] })).status).toBe(400);
    await s.db.query('delete from app.product_change_log where log_id = $1', [extraId]);
  });

  it('exports ref values by their text and option values by name, in the request language', async () => {
    const row = (await s.action(admin, 'product_list', 'list', { endRow: 1, sortModel: [{ colId: 'product_code', sort: 'desc' }] })).body.data.rows[0];
    const to = (await s.db.query<{ brand_id: number; brand_name: string }>('select brand_id, brand_name from app.brands where brand_id is distinct from $1 order by brand_id limit 1', [row.brand_id]))
      .rows[0]!;
    await s.action(admin, 'product_list', 'set', { product_code: row.product_code, row_version: row.row_version, brand_id: to.brand_id });
    const kis = row.keep_in_stock === 2 ? 1 : 2;
    await s.action(admin, 'keep_in_stock', 'set', { product_code: row.product_code, keep_in_stock: kis });
    const r = await fetch(`${s.url}/api/export/product_change_log`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ format: 'csv', language: 'de', sortModel: [{ colId: 'log_id', sort: 'desc' }], columns: [{ field: 'changes', header: 'changes' }] }),
    });
    expect(r.status).toBe(200);
    const [, kisLine, brandLine] = (await r.text()).replace(/^\uFEFF/, '').split(/\r?\n/);
    const de = (await import('../../locales/de.json', { with: { type: 'json' } })).default as Record<string, string>;
    expect(kisLine).toBe(`${de['fields.keep_in_stock']}: ${de[`options.keep_in_stock.${row.keep_in_stock}`]} → ${de[`options.keep_in_stock.${kis}`]}`);
    expect(brandLine).toContain(`${de['fields.brand_id']}: `);
    expect(brandLine).toContain(`→ ${to.brand_name}`);
  });

  it('filters by screen by the title the user reads, in the request language', async () => {
    const list = async (filter: Record<string, unknown>, language: string) => {
      const r = await s.action(admin, 'product_change_log', 'list', { endRow: 500, count: 'exact', language, filterModel: { entity_name: filter } });
      expect(r.status).toBe(200);
      return r.body.data as { rows: { entity_name: string }[]; total: number };
    };
    const all = (await s.action(admin, 'product_change_log', 'list', { endRow: 1, count: 'exact' })).body.data.total as number;
    const de = await list({ filterType: 'text', type: 'contains', filter: 'produktLISTE' }, 'de');
    expect(de.total).toBeGreaterThan(0);
    expect(new Set(de.rows.map((x) => x.entity_name))).toEqual(new Set(['product_list']));
    expect((await list({ type: 'equals', filter: 'product list' }, 'en')).total).toBe(de.total);
    // The code is not what the user sees.
    expect((await list({ type: 'contains', filter: 'product_list' }, 'en')).total).toBe(0);
    const not = await list({ type: 'notContains', filter: 'Produktliste' }, 'de');
    expect(not.total).toBe(all - de.total);
    expect(not.rows.some((x) => x.entity_name === 'product_list')).toBe(false);
    expect((await list({ type: 'blank' }, 'en')).total).toBe(0);
  });
});
