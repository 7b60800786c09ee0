import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_TYPES } from '../../src/server/http/files.ts';
import { engines, startSignedIn, type TestServer } from './harness.ts';

describe.each(engines)('product files on %s', (engine) => {
  let s: TestServer, admin: string, catalog: string, warehouse: string;
  let product: string;
  beforeAll(async () => {
    ({ s, admin, catalog, warehouse } = await startSignedIn(engine));
    product = (await s.db.query<{ product_code: string }>(`select product_code from app.products where company_code = 'SK01' limit 1`)).rows[0]!.product_code;
  });
  afterAll(() => s?.close());

  const upload = (token: string, name: string, content: Uint8Array | string, fields: Record<string, string> = { product_code: product }, company?: string) => {
    const form = new FormData();
    form.set('file', new Blob([content as BlobPart]), name);
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    return fetch(`${s.url}/api/files/product_files`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}`, ...(company ? { 'x-company': company } : {}) } });
  };

  it('uploads a file, lists it, and serves it back with auth only', async () => {
    const bytes = new Uint8Array([37, 80, 68, 70, 45, 49, 46, 52, 0, 255]); // "%PDF-1.4" and two binary bytes
    const r = await upload(catalog, 'Datenblatt ö.pdf', bytes, { product_code: product, file_description: 'Data sheet' });
    expect(r.status).toBe(200);
    const { row } = (await r.json()).data;
    expect(row).toMatchObject({ product_code: product, file_name: 'Datenblatt ö.pdf', content_type: 'application/pdf', size_bytes: 10 });
    const listed = await s.action(catalog, 'product_files', 'filter', { product_code: product });
    expect(listed.body.data.rows.map((x: { file_id: number }) => x.file_id)).toContain(row.file_id);
    const back = await fetch(`${s.url}/api/files/product_files/${row.file_id}`, { headers: { authorization: `Bearer ${catalog}` } });
    expect(back.status).toBe(200);
    expect(back.headers.get('content-type')).toBe('application/pdf');
    expect(back.headers.get('content-disposition')).toContain("filename*=UTF-8''Datenblatt%20%C3%B6.pdf");
    expect(new Uint8Array(await back.arrayBuffer())).toEqual(bytes);
    expect((await fetch(`${s.url}/api/files/product_files/${row.file_id}`)).status).toBe(401);
    expect((await fetch(`${s.url}/api/files/product_files/${row.file_id}`, { headers: { authorization: `Bearer ${warehouse}` } })).status).toBe(403);
    expect((await fetch(`${s.url}/api/files/product_files/${row.file_id}`, { headers: { authorization: `Bearer ${admin}`, 'x-company': 'HU01' } })).status).toBe(404);
    // Renaming works through the grid; deleting needs the delete permission.
    expect((await s.action(catalog, 'product_files', 'delete', { keys: [row.file_id] })).status).toBe(403);
    expect((await s.action(admin, 'product_files', 'delete', { keys: [row.file_id] })).body.data).toMatchObject({ deleted: 1 });
  });

  it('refuses a file whose content is not what its extension says, and takes each allowed type with its real content', async () => {
    const zipWith = (part: string) => new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...Buffer.from(`....${part}document.xml....`)]);
    const fake: [string, Uint8Array | string][] = [
      ['page.pdf', '<html><script>alert(1)</script></html>'],
      ['photo.png', new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], // a JPEG named .png
      ['photo.jpg', 'MZ\u0090\u0000'],
      ['anim.webp', 'RIFF....AVI LIST'],
      ['sheet.xlsx', zipWith('word/')],
      ['letter.docx', zipWith('xl/')],
      ['notes.txt', new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03])], // binary named .txt
    ];
    for (const [name, content] of fake) {
      const r = await upload(catalog, name, content);
      expect(r.status, name).toBe(415);
      expect(await r.json()).toMatchObject({ error: 'unsupported_type' });
    }
    const real: [string, Uint8Array | string][] = [
      ['a.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])],
      ['a.jpeg', new Uint8Array([0xff, 0xd8, 0xff, 0xdb, 0])],
      ['a.webp', 'RIFF\u0010\u0000\u0000\u0000WEBPVP8 '],
      ['a.xlsx', zipWith('xl/')],
      ['a.docx', zipWith('word/')],
      ['a.csv', 'code;name\r\nP1;Zürich\r\n'],
      ['a.txt', 'plain text'],
    ];
    for (const [name, content] of real) expect((await upload(catalog, name, content)).status, name).toBe(200);
  });

  it('renames a file only within its type: report.pdf may become Spec.PDF, never page.html or notes.txt', async () => {
    const r = await upload(catalog, 'report.pdf', '%PDF-1.4 <html><script>alert(1)</script></html>');
    expect(r.status).toBe(200);
    const { row } = (await r.json()).data;
    const rename = async (file_name: string, version: number) => s.action(catalog, 'product_files', 'set', { file_id: row.file_id, row_version: version, file_name });
    for (const name of ['page.html', 'notes.txt', 'report', 'report.pdf.svg', 'image.jpg']) {
      const refused = await rename(name, row.row_version);
      expect(refused.status, name).toBe(400);
      expect(refused.body, name).toMatchObject({ error: 'rule_violated', params: { rule: 'file_extension_kept' } });
    }
    const ok = await rename('Spec sheet.PDF', row.row_version);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const back = await fetch(`${s.url}/api/files/product_files/${row.file_id}`, { headers: { authorization: `Bearer ${catalog}` } });
    expect([back.headers.get('content-type'), back.headers.get('content-disposition')]).toEqual(['application/pdf', `attachment; filename="Spec sheet.PDF"; filename*=UTF-8''Spec%20sheet.PDF`]);
    // jpg and jpeg are one type.
    const jpg = (await (await upload(catalog, 'a.jpg', new Uint8Array([0xff, 0xd8, 0xff, 0xdb, 0]))).json()).data.row;
    expect((await s.action(catalog, 'product_files', 'set', { file_id: jpg.file_id, row_version: jpg.row_version, file_name: 'a.jpeg' })).status).toBe(200);
  });

  it("the database's table of types is the upload's (FILE_TYPES)", async () => {
    for (const [ext, type] of Object.entries(FILE_TYPES)) {
      for (const name of [`x.${ext}`, `X.${ext.toUpperCase()}`]) expect((await s.db.query('select app.file_type_of($1) as t', [name])).rows[0], name).toEqual({ t: type });
    }
    expect((await s.db.query(`select app.file_type_of('x.html') as t`)).rows[0]).toEqual({ t: null });
  });

  it('refuses too large and unsupported files, and products of other companies', async () => {
    const big = await upload(catalog, 'huge.pdf', new Uint8Array(10 * 1024 * 1024 + 1));
    expect(big.status).toBe(413);
    expect((await big.json()).error).toBe('file_too_large');
    const exe = await upload(catalog, 'setup.exe', 'MZ');
    expect(exe.status).toBe(415);
    expect((await exe.json()).error).toBe('unsupported_type');
    const hu = (await s.db.query<{ product_code: string }>(`select product_code from app.products where company_code = 'HU01' limit 1`)).rows[0]!.product_code;
    // Another company's product is refused as every write refuses a reference outside the company.
    const files = async () => (await s.db.query('select file_id from app.product_files where product_code = $1', [hu])).rows;
    const before = await files();
    const foreign = await upload(catalog, 'a.pdf', '%PDF-1.4', { product_code: hu });
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toMatchObject({ error: 'foreign_reference', params: { field: 'body.product_code', value: hu } });
    expect(await files()).toEqual(before);
    expect((await upload(catalog, 'a.pdf', 'x', {})).status).toBe(400);
    expect((await upload(warehouse, 'a.pdf', 'x')).status).toBe(403);
    const none = await fetch(`${s.url}/api/files/product_files`, { method: 'POST', body: 'x', headers: { authorization: `Bearer ${catalog}`, 'content-type': 'text/plain' } });
    expect(none.status).toBe(400);
    expect((await fetch(`${s.url}/api/files/brands`, { method: 'POST', body: new FormData(), headers: { authorization: `Bearer ${admin}` } })).status).toBe(404);
  });
});
