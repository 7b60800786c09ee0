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
});
