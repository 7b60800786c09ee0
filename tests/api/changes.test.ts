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
});
