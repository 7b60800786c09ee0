/**
 * Sales order documents (issue 22): files attached to an order, the detail grid
 * sales_order_documents of /sales/sales_orders. Uploaded to an order of the session's
 * company (another company's order is a foreign_reference), listed with who uploaded them,
 * served back with auth to the company's users only, edited (type, number, name within its
 * type) and deleted through the grid; the sales page's rights (the administrator's among
 * the demo roles) for every call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startSignedIn, type Json, type TestServer } from './harness.ts';

type Row = Record<string, Json>;
const PDF = new Uint8Array([37, 80, 68, 70, 45, 49, 46, 55, 10, 0, 255, 1]); // "%PDF-1.7\n" and binary bytes

describe.each(engines)('sales order documents on %s', (engine) => {
  let s: TestServer, admin: string, catalog: string, warehouse: string;
  let order: number, foreign: number;
  beforeAll(async () => {
    ({ s, admin, catalog, warehouse } = await startSignedIn(engine));
    const first = async (company: string) =>
      (await s.db.query<{ order_id: number }>('select order_id from app.sales_orders where company_code = $1 order by order_id limit 1', [company])).rows[0]!.order_id;
    order = await first('SK01');
    foreign = await first('HU01');
  });
  afterAll(() => s?.close());

  const upload = (token: string, name: string, content: Uint8Array | string, fields: Record<string, string>, company = 'SK01') => {
    const form = new FormData();
    form.set('file', new Blob([content as BlobPart]), name);
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    return fetch(`${s.url}/api/files/sales_order_documents`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}`, 'x-company': company } });
  };
  const download = (token: string | undefined, id: number, company = 'SK01') =>
    fetch(`${s.url}/api/files/sales_order_documents/${id}`, { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'x-company': company } });
  const count = async () => (await s.db.query<{ n: number }>('select count(*)::int as n from app.sales_order_documents')).rows[0]!.n;

  it('attaches a file to an order, lists it in the order’s detail with who uploaded it, and serves it back', async () => {
    const r = await upload(admin, 'Faktúra č. 2030-17.pdf', PDF, { order_id: String(order), doc_type: 'invoice', document_code: 'FA-2030-17', file_description: 'Invoice' });
    expect(r.status).toBe(200);
    const { row } = (await r.json()).data;
    expect(row).toMatchObject({
      order_id: order,
      doc_type: 'invoice',
      document_code: 'FA-2030-17',
      file_name: 'Faktúra č. 2030-17.pdf',
      file_description: 'Invoice',
      content_type: 'application/pdf',
      size_bytes: PDF.length,
      uploaded_by: 1,
      row_version: 1,
    });
    expect(row.uploaded_by_name).toBeTruthy();
    // The detail grid: the order's documents (filtered by the master's key, as the detail panel asks).
    const listed: Row[] = (await s.action(admin, 'sales_order_documents', 'filter', { order_id: order }, 'SK01')).body.data.rows;
    expect(listed.map((x) => x.doc_id)).toEqual([row.doc_id]);
    expect(listed[0]).toMatchObject({ doc_type: 'invoice', document_code: 'FA-2030-17', uploaded_by_name: row.uploaded_by_name });
    expect(listed[0]).not.toHaveProperty('content');

    const back = await download(admin, row.doc_id);
    expect(back.status).toBe(200);
    expect(back.headers.get('content-type')).toBe('application/pdf');
    expect(back.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('Faktúra č. 2030-17.pdf')}`);
    expect(new Uint8Array(await back.arrayBuffer())).toEqual(PDF);
    expect((await download(undefined, row.doc_id)).status).toBe(401);
    expect((await download(warehouse, row.doc_id)).status).toBe(403);
    expect((await download(admin, row.doc_id, 'HU01')).status).toBe(404); // another company's session: no such file

    // Edited in the grid: its number and type, a name within its type; it stays on its order.
    const set = await s.action(admin, 'sales_order_documents', 'set', { doc_id: row.doc_id, row_version: 1, document_code: 'FA-2030-17/1', doc_type: 'corrected invoice' }, 'SK01');
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.row).toMatchObject({ document_code: 'FA-2030-17/1', doc_type: 'corrected invoice', row_version: 2 });
    const renamed = await s.action(admin, 'sales_order_documents', 'set', { doc_id: row.doc_id, row_version: 2, file_name: 'invoice.html' }, 'SK01');
    expect(renamed.body).toMatchObject({ error: 'rule_violated', params: { rule: 'file_extension_kept' } });
    const moved = await s.action(admin, 'sales_order_documents', 'set', { doc_id: row.doc_id, row_version: 2, order_id: foreign }, 'SK01');
    expect(moved.status).toBe(400);
    await expect(s.db.query('update app.sales_order_documents set order_id = $2 where doc_id = $1', [row.doc_id, order + 1])).rejects.toMatchObject({
      constraint: 'sales_order_document_fixed',
    });
    expect((await s.action(admin, 'sales_order_documents', 'filter', { order_id: order }, 'HU01')).body.data.rows).toEqual([]);

    expect((await s.action(admin, 'sales_order_documents', 'delete', { keys: [row.doc_id] }, 'SK01')).body.data).toMatchObject({ deleted: 1 });
    expect((await download(admin, row.doc_id)).status).toBe(404);
  });

  it('refuses another company’s order, a bad order, a file whose content is not its type, and users without the sales page', async () => {
    const before = await count();
    const foreignOrder = await upload(admin, 'a.pdf', PDF, { order_id: String(foreign) });
    expect(foreignOrder.status).toBe(400);
    expect(await foreignOrder.json()).toMatchObject({ error: 'foreign_reference' });
    for (const [fields, error] of [
      [{}, 'bad_request'],
      [{ order_id: 'SO-1' }, 'bad_request'],
      [{ order_id: '0' }, 'bad_request'],
      [{ order_id: String(order), product_code: 'X' }, 'unknown_field'],
      [{ order_id: '2000000000' }, 'foreign_reference'],
    ] as const) {
      const r = await upload(admin, 'a.pdf', PDF, fields);
      expect(r.status, JSON.stringify(fields)).toBe(400);
      expect((await r.json()).error, JSON.stringify(fields)).toBe(error);
    }
    const fake = await upload(admin, 'scan.pdf', '<html><script>alert(1)</script></html>', { order_id: String(order) });
    expect(fake.status).toBe(415);
    for (const token of [catalog, warehouse]) {
      expect((await upload(token, 'a.pdf', PDF, { order_id: String(order) })).status).toBe(403);
      expect((await s.action(token, 'sales_order_documents', 'filter', { order_id: order }, 'SK01')).status).toBe(403);
    }
    expect(await count()).toBe(before);
  });

  it('is a detail of the sales orders screen', async () => {
    const { default: screen } = await import('../../screens/sales/sales_orders.ts');
    expect(screen.details).toEqual(['sales_order_items', 'sales_order_documents']);
  });
});
