import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startSignedIn, type TestServer } from './harness.ts';

describe.each(engines)('change history on %s', (engine) => {
  let s: TestServer, admin: string, catalog: string, warehouse: string;
  beforeAll(async () => void ({ s, admin, catalog, warehouse } = await startSignedIn(engine)));
  afterAll(() => s?.close());

  it('lists a product\'s edits, newest first, as product_list\'s detail, within the company', async () => {
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

  it('names the ref values of a page of entries by their lookup text (change_labels), only the company\'s rows', async () => {
    const row = (await s.action(admin, 'product_list', 'list', { endRow: 1 })).body.data.rows[0];
    const brands = (await s.db.query<{ brand_id: number; brand_name: string }>('select brand_id, brand_name from app.brands order by brand_id limit 3')).rows;
    const to = brands.find((b) => b.brand_id !== row.brand_id)!;
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
    const before = brands.find((b) => b.brand_id === row.brand_id);
    const brandLabels = r.body.data.labels.product_list.brand_id;
    expect(brandLabels[String(to.brand_id)]).toBe(to.brand_name);
    if (before) expect(brandLabels[String(before.brand_id)]).toBe(before.brand_name);
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
    const to = (await s.db.query<{ brand_id: number; brand_name: string }>('select brand_id, brand_name from app.brands where brand_id is distinct from $1 order by brand_id limit 1', [row.brand_id])).rows[0]!;
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
    expect(kisLine).toBe(`${de['fields.keep_in_stock']}: ${de[`keep_in_stock.${row.keep_in_stock}`]} → ${de[`keep_in_stock.${kis}`]}`);
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
