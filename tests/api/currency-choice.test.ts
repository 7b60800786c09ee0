/**
 * A currency is one of the currencies (issue 43): the currency columns are refs to
 * currencies_brief, which any signed-in user lists; a file's 'eur' imports as EUR; a code
 * that is no currency is refused naming the field, and nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startSignedIn, type TestServer } from './harness.ts';

describe.each(engines)('currencies chosen from the currencies on %s', (engine) => {
  let s: TestServer, admin: string, warehouse: string;
  beforeAll(async () => void ({ s, admin, warehouse } = await startSignedIn(engine)));
  afterAll(() => s?.close());

  const importFile = (token: string, form: string, csv: string, fields: Record<string, string>) => {
    const fd = new FormData();
    fd.set('file', new Blob([csv]), 'orders.csv');
    for (const [k, v] of Object.entries(fields)) fd.set(k, v);
    return fetch(`${s.url}/api/import/${form}`, { method: 'POST', body: fd, headers: { authorization: `Bearer ${token}` } });
  };
  const po = async () =>
    (
      await s.db.query<{ po_id: number; currency_code: string; row_version: number }>(
        `select po_id, currency_code, row_version from app.purchase_orders where company_code = 'SK01' order by po_id limit 1`,
      )
    ).rows[0]!;

  it('lists the currencies by code for any signed-in user', async () => {
    const r = await s.action(warehouse, 'currencies_brief', 'list', { startRow: 0, endRow: 100 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const codes = (r.body.data.rows as { currency_code: string }[]).map((x) => x.currency_code).sort();
    const stored = (await s.db.query<{ currency_code: string }>('select currency_code from app.currencies order by 1')).rows.map((x) => x.currency_code);
    expect(codes).toEqual(stored);
    expect(codes).toContain('EUR');
  });

  it("imports a purchase order's currency written in lower case as that currency, and refuses one that is no currency", async () => {
    const order = await po();
    await s.db.query(`update app.purchase_orders set currency_code = 'HUF' where po_id = $1`, [order.po_id]);
    const mapping = JSON.stringify(['po_id', 'currency_code']);
    const good = `po_id;currency_code\n${order.po_id};eur\n`;
    const preview = await (await importFile(admin, 'purchase_orders', good, { mode: 'preview', language: 'en', mapping })).json();
    expect(preview, JSON.stringify(preview)).toMatchObject({ updates: 1, errorRows: 0 });
    const commit = await importFile(admin, 'purchase_orders', good, { mode: 'commit', language: 'en', mapping });
    expect(commit.status).toBe(200);
    expect((await po()).currency_code).toBe('EUR');

    const bad = `po_id;currency_code\n${order.po_id};xyz\n`;
    const refused = await (await importFile(admin, 'purchase_orders', bad, { mode: 'preview', language: 'en', mapping })).json();
    expect(refused.errors).toEqual([expect.objectContaining({ line: 2, field: 'currency_code', value: 'xyz', message: expect.stringMatching(/^import\.ref_not_found/) })]);
  });

  it('refuses a code that is no currency, naming the field, and writes nothing', async () => {
    const order = await po();
    const r = await s.action(admin, 'purchase_orders', 'set', { po_id: order.po_id, row_version: order.row_version, currency_code: 'XYZ' });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.error).toBe('bad_reference');
    expect(r.body.params).toMatchObject({ field: 'payload.currency_code', label: 'fields.currency_code' });
    expect((await po()).currency_code).toBe(order.currency_code);
  });
});
