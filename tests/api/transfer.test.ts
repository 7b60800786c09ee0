import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screens } from '../../src/server/actions/engine/screens.ts';
import { viewRows } from '../../src/server/transfer/export.ts';
import { importableFields } from '../../src/server/transfer/import.ts';
import { engines, startSignedIn, type TestServer } from './harness.ts';

type Row = Record<string, unknown>;

describe.each(engines)('grid export and import on %s', (engine) => {
  let s: TestServer, admin: string, catalog: string, warehouse: string;
  beforeAll(async () => void ({ s, admin, catalog, warehouse } = await startSignedIn(engine)));
  afterAll(() => s?.close());

  const exportFile = (token: string, form: string, body: unknown, company?: string) =>
    fetch(`${s.url}/api/export/${form}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(company ? { 'x-company': company } : {}) },
    });

  const importFile = (token: string, form: string, name: string, content: Uint8Array | string, fields: Record<string, string>) => {
    const fd = new FormData();
    fd.set('file', new Blob([content as BlobPart]), name);
    for (const [k, v] of Object.entries(fields)) fd.set(k, v);
    return fetch(`${s.url}/api/import/${form}`, { method: 'POST', body: fd, headers: { authorization: `Bearer ${token}` } });
  };

  const productColumns = [
    { field: 'product_code', header: 'Code' },
    { field: 'product_name', header: 'Name' },
    { field: 'brand_id', header: 'Marke' },
    { field: 'selling_price_shop', header: 'Preis' },
    { field: 'active', header: 'Aktiv' },
  ];
  const filter = { selling_price_shop: { filterType: 'number', type: 'greaterThan', filter: 500 } };

  it('exports the filtered, sorted view as CSV: localized headers, names in the language, brands by name, SQL order and count', async () => {
    const r = await exportFile(admin, 'product_list', {
      format: 'csv',
      language: 'de',
      columns: productColumns,
      filterModel: filter,
      sortModel: [{ colId: 'selling_price_shop', sort: 'desc' }],
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/csv');
    expect(r.headers.get('content-disposition')).toMatch(/attachment; filename="product_list-\d{4}-\d{2}-\d{2}\.csv"/);
    const bytes = new Uint8Array(await r.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the BOM Excel needs
    const rows = Papa.parse<string[]>(new TextDecoder().decode(bytes), { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual(['Code', 'Name', 'Marke', 'Preis (EUR)', 'Aktiv']); // amounts as stored, in the company currency
    const sql = await s.db.query<{ product_code: string; name: string; brand_name: string | null; selling_price_shop: number; active: boolean }>(
      `select p.product_code, p.product_name->>'de' as name, b.brand_name, p.selling_price_shop, p.active
       from app.v_product_list p left join app.brands b on b.brand_id = p.brand_id
       where p.company_code = 'SK01' and p.selling_price_shop > 500 order by p.selling_price_shop desc, p.product_code`,
    );
    expect(sql.rows.length).toBeGreaterThan(10);
    expect(rows.length - 1).toBe(sql.rows.length);
    expect(rows.slice(1).map((x) => x[0])).toEqual(sql.rows.map((x) => x.product_code));
    const first = sql.rows[0]!;
    // German style: semicolons between fields, a decimal comma (German Excel opens it as columns and numbers).
    expect(new TextDecoder().decode(bytes).split('\r\n')[0]).toBe('Code;Name;Marke;Preis (EUR);Aktiv'); // (the decoder drops the BOM)
    expect(rows[1]).toEqual([first.product_code, first.name, first.brand_name ?? '', String(first.selling_price_shop).replace('.', ','), first.active ? 'Ja' : 'Nein']);
  });

  it('exports XLSX with typed cells, a bold frozen header and the sheet named after the title', async () => {
    const r = await exportFile(admin, 'product_list', { format: 'xlsx', language: 'en', title: 'Products: all [SK]', columns: productColumns, filterModel: filter });
    expect(r.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await r.arrayBuffer());
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('Products  all  SK');
    expect(ws.getRow(1).values).toEqual([undefined, 'Code', 'Name', 'Marke', 'Preis (EUR)', 'Aktiv']);
    expect(ws.getRow(1).font?.bold).toBe(true);
    const count = await s.db.query<{ n: number }>(`select count(*)::int as n from app.products where company_code = 'SK01' and selling_price_shop > 500`);
    expect(ws.actualRowCount - 1).toBe(count.rows[0]!.n);
    const cell = ws.getRow(2);
    expect(typeof cell.getCell(4).value).toBe('number');
    expect(typeof cell.getCell(5).value).toBe('boolean');
  });

  it('pages an export by keyset windows: every row once, in the order of a single query', async () => {
    const screen = screens.get('product_list')!;
    const session = { userId: 1, languageCode: 'en', companies: ['SK01'], company: 'SK01' };
    const req = { sortModel: [{ colId: 'product_name', sort: 'asc' as const }], language: 'hu' };
    const codes: string[] = [];
    let windows = 0;
    for await (const rows of viewRows(s.db, screen, req, session, 97)) {
      windows++;
      codes.push(...rows.map((r: Row) => r.product_code as string));
    }
    const all = await s.db.query<{ product_code: string }>(`select product_code from app.v_product_list where company_code = 'SK01' order by product_name->>'hu' collate app."text_hu", product_code`);
    expect(windows).toBeGreaterThan(5);
    expect(codes).toEqual(all.rows.map((r) => r.product_code));
  });

  it('checks the list permission, the columns and the body before exporting', async () => {
    expect((await exportFile(warehouse, 'product_list', { format: 'csv', language: 'en', columns: productColumns })).status).toBe(403);
    const unknown = await exportFile(admin, 'product_list', { format: 'csv', language: 'en', columns: [{ field: 'password', header: 'x' }] });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).message).toContain('body.columns.0.field');
    expect((await exportFile(admin, 'product_list', { format: 'pdf', language: 'en', columns: productColumns })).status).toBe(400);
    expect((await exportFile(admin, 'product_list', { format: 'csv', language: 'en', columns: [] })).status).toBe(400);
    expect((await exportFile(admin, 'no_such_form', { format: 'csv', language: 'en', columns: productColumns })).status).toBe(404);
    expect((await fetch(`${s.url}/api/export/product_list`, { method: 'POST', body: '{}' })).status).toBe(401);
    // Another company's rows never appear.
    const hu = await exportFile(admin, 'product_list', { format: 'csv', language: 'en', columns: productColumns }, 'HU01');
    const codes = Papa.parse<string[]>((await hu.text()).slice(1), { skipEmptyLines: true })
      .data.slice(1)
      .map((x) => x[0]);
    const huCount = await s.db.query<{ n: number }>(`select count(*)::int as n from app.products where company_code = 'HU01'`);
    expect(codes.length).toBe(huCount.rows[0]!.n);
  });

  it('imports CSV into brands: inspect, preview with per-row errors, commit of the valid rows in one transaction', async () => {
    const csv = 'Brand;Active\nNordwind Tools;ja\n;yes\nKüstenlicht;vielleicht\n"Alpen; Co";nein\n\n';
    const inspect = await importFile(admin, 'brands', 'brands.csv', csv, { mode: 'inspect', language: 'de' });
    const info = await inspect.json();
    expect(info.message ?? '').toBe('');
    expect(inspect.status).toBe(200);
    expect(info).toMatchObject({ headers: ['Brand', 'Active'], rows: 4, canAdd: true, canSet: true });
    expect(info.sample[3]).toEqual(['Alpen; Co', 'nein']);
    expect(info.fields.map((f: { field: string }) => f.field)).toEqual(['brand_id', 'brand_name', 'active']);

    const mapping = JSON.stringify(['brand_name', 'active']);
    const before = (await s.db.query<{ n: number }>('select count(*)::int as n from app.brands')).rows[0]!.n;
    const preview = await (await importFile(admin, 'brands', 'brands.csv', csv, { mode: 'preview', language: 'de', mapping })).json();
    expect(preview).toMatchObject({ rows: 4, inserts: 2, updates: 0, errorRows: 2, written: false });
    expect(preview.errors).toEqual([
      // The key (brand_id) is not in the file; the file's value of the field is.
      { line: 3, field: 'brand_name', message: 'validation.required', value: '' },
      { line: 4, field: 'active', message: 'validation.type_bool', value: 'vielleicht' },
    ]);
    expect((await s.db.query<{ n: number }>('select count(*)::int as n from app.brands')).rows[0]!.n).toBe(before);

    const commit = await importFile(admin, 'brands', 'brands.csv', csv, { mode: 'commit', language: 'de', mapping });
    expect(commit.status).toBe(200);
    expect(await commit.json()).toMatchObject({ inserts: 2, errorRows: 2, written: true });
    const added = await s.db.query<{ brand_name: string; active: boolean }>(`select brand_name, active from app.brands where brand_name in ('Nordwind Tools', 'Alpen; Co') order by brand_name`);
    expect(added.rows).toEqual([
      { brand_name: 'Alpen; Co', active: false },
      { brand_name: 'Nordwind Tools', active: true },
    ]);
    const log = await s.db.query<{ n: number }>(
      `select count(*)::int as n from app.product_change_log where entity_name = 'brands' and log_action = 'add' and after->>'brand_name' in ('Nordwind Tools', 'Alpen; Co')`,
    );
    expect(log.rows[0]!.n).toBe(2);
  });

  it('imports XLSX into product_list: updates by code, inserts new codes, brands by name, decimal commas, the company enforced', async () => {
    const code = (await s.db.query<{ product_code: string }>(`select product_code from app.products where company_code = 'SK01' order by product_code limit 1`)).rows[0]!.product_code;
    const brand = (await s.db.query<{ brand_id: number; brand_name: string }>('select brand_id, brand_name from app.brands order by brand_id limit 1')).rows[0]!;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Sheet1');
    ws.addRow(['Code', 'Name', 'Brand', 'Price', 'Active']);
    ws.addRow([code, 'Aktualisiert', brand.brand_name.toUpperCase(), '1.234,5', true]);
    ws.addRow(['IMP-NEW-1', 'Neues Produkt', String(brand.brand_id), 99.9, 'no']);
    ws.addRow(['IMP-NEW-2', "'=HYPERLINK(1)", 'No Such Brand', 5, 'yes']);
    const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
    const mapping = JSON.stringify(['product_code', 'product_name', 'brand_id', 'selling_price_shop', 'active']);
    const preview = await (await importFile(catalog, 'product_list', 'products.xlsx', bytes, { mode: 'preview', language: 'de', mapping })).json();
    expect(preview).toMatchObject({ rows: 3, inserts: 1, updates: 1, errorRows: 1 });
    // Each problem names the row's key and the file's value, for the report.
    expect(preview.errors).toEqual([{ line: 4, field: 'brand_id', message: 'import.ref_not_found?value=No%20Such%20Brand', key: { product_code: 'IMP-NEW-2' }, value: 'No Such Brand' }]);

    const commit = await importFile(catalog, 'product_list', 'products.xlsx', bytes, { mode: 'commit', language: 'de', mapping });
    expect(commit.status).toBe(200);
    const rows = await s.db.query<{ product_code: string; de: string; en: string | null; brand_id: number; selling_price_shop: number; active: boolean; company_code: string }>(
      `select product_code, product_name->>'de' as de, product_name->>'en' as en, brand_id, selling_price_shop, active, company_code
       from app.products where product_code in ($1, 'IMP-NEW-1', 'IMP-NEW-2') order by product_code`,
      [code],
    );
    const byCode = new Map(rows.rows.map((r) => [r.product_code, r]));
    expect(byCode.get(code)).toMatchObject({ de: 'Aktualisiert', brand_id: brand.brand_id, selling_price_shop: 1234.5, active: true, company_code: 'SK01' });
    expect(byCode.get(code)!.en).not.toBeNull(); // other languages kept
    expect(byCode.get('IMP-NEW-1')).toMatchObject({ de: 'Neues Produkt', brand_id: brand.brand_id, selling_price_shop: 99.9, active: false, company_code: 'SK01' });
    expect(byCode.has('IMP-NEW-2')).toBe(false);
    const log = await s.db.query<{ log_action: string }>(
      `select log_action from app.product_change_log where entity_name = 'product_list' and entity_id in ($1, 'IMP-NEW-1') order by log_id desc limit 2`,
      [code],
    );
    expect(log.rows.map((r) => r.log_action).sort()).toEqual(['add', 'set']);
  });

  it('guards every CSV cell a spreadsheet would run as a formula: looked-up texts and headers too, and reads a guarded looked-up text back', async () => {
    const { product_code: code, brand_id } = (
      await s.db.query<{ product_code: string; brand_id: number }>(`select product_code, brand_id from app.products where company_code = 'SK01' and brand_id is not null order by product_code limit 1`)
    ).rows[0]!;
    const evil = '=HYPERLINK("http://127.0.0.1/x","Brand")';
    const old = (await s.db.query<{ brand_name: string }>(`select brand_name from app.brands where brand_id = $1`, [brand_id])).rows[0]!.brand_name;
    await s.db.query(`update app.brands set brand_name = $2 where brand_id = $1`, [brand_id, evil]);
    try {
      const r = await exportFile(admin, 'product_list', {
        format: 'csv',
        language: 'en',
        columns: [
          { field: 'product_code', header: 'Code' },
          { field: 'brand_id', header: '@Brand' },
        ],
        filterModel: { product_code: { filterType: 'text', type: 'equals', filter: code } },
      });
      expect(r.status).toBe(200);
      const text = await r.text();
      const rows = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
      expect(rows).toEqual([
        ['Code', "'@Brand"],
        [code, `'${evil}`],
      ]);
      // The file read back: the guarded text names the same brand (nothing changes).
      const back = await importFile(admin, 'product_list', 'p.csv', text, { mode: 'preview', language: 'en', mapping: JSON.stringify(['product_code', 'brand_id']) });
      expect(await back.json()).toMatchObject({ updates: 0, unchanged: 1, errorRows: 0 });
    } finally {
      await s.db.query(`update app.brands set brand_name = $2 where brand_id = $1`, [brand_id, old]);
    }
  });

  it('round-trips a formula-like text safely and refuses what it cannot import, writing nothing', async () => {
    const code = (await s.db.query<{ product_code: string }>(`select product_code from app.products where company_code = 'SK01' order by product_code desc limit 1`)).rows[0]!.product_code;
    await s.db.query(`update app.products set product_name = product_name || '{"en": "=1+2"}'::jsonb where product_code = $1`, [code]);
    const r = await exportFile(admin, 'product_list', {
      format: 'csv',
      language: 'en',
      columns: productColumns.slice(0, 2),
      filterModel: { product_code: { filterType: 'text', type: 'equals', filter: code } },
    });
    const text = await r.text();
    expect(text).toContain(`${code},'=1+2`);
    const back = await importFile(admin, 'product_list', 'p.csv', text, { mode: 'commit', language: 'en', mapping: JSON.stringify(['product_code', 'product_name']) });
    // Read back as it was stored: the row already holds it (not written again).
    expect(await back.json()).toMatchObject({ updates: 0, unchanged: 1, errorRows: 0, written: true });
    expect((await s.db.query<{ n: string }>(`select product_name->>'en' as n from app.products where product_code = $1`, [code])).rows[0]!.n).toBe('=1+2');

    // A product code of another company: the insert violates the global unique code. The
    // database refuses that row (reported, nothing of it written, the other company's row
    // untouched); the valid row is written.
    const hu = (await s.db.query<{ product_code: string }>(`select product_code from app.products where company_code = 'HU01' limit 1`)).rows[0]!.product_code;
    const mixed = `Code,Name\nIMP-OK-9,Fine\n${hu},Stolen\n`;
    const conflict = await importFile(admin, 'product_list', 'p.csv', mixed, { mode: 'commit', language: 'en', mapping: JSON.stringify(['product_code', 'product_name']) });
    expect(conflict.status).toBe(200);
    expect(await conflict.json()).toMatchObject({ inserts: 1, errorRows: 1, errors: [{ line: 3, field: null, message: expect.stringMatching(/^server\.already_exists\b/) }], written: true });
    expect((await s.db.query(`select 1 from app.products where product_code = 'IMP-OK-9'`)).rows).toHaveLength(1);
    expect((await s.db.query<{ c: string; n: string }>(`select company_code as c, product_name->>'en' as n from app.products where product_code = $1`, [hu])).rows[0]).not.toMatchObject({ c: 'SK01' });

    const ok = { mode: 'preview', language: 'en', mapping: JSON.stringify(['brand_name']) };
    expect((await importFile(warehouse, 'brands', 'b.csv', 'Brand\nX\n', ok)).status).toBe(403);
    expect((await importFile(admin, 'product_brands_brief', 'b.csv', 'Brand\nX\n', ok)).status).toBe(403);
    // Each refusal the dialog shows has its own code (said in the user's language), with the numbers its text needs.
    const refusal = async (r: Response) => {
      const body = (await r.json()) as { error: string; params?: unknown };
      return [r.status, body.error, body.params];
    };
    expect(await refusal(await importFile(admin, 'brands', 'b.exe', 'MZ', ok))).toEqual([415, 'unsupported_type', { types: 'csv, tsv, txt, xlsx' }]);
    expect(await refusal(await importFile(admin, 'brands', 'b.xlsx', 'not a zip', ok))).toEqual([400, 'file_not_xlsx', undefined]);
    expect(await refusal(await importFile(admin, 'brands', 'b.csv', '', ok))).toEqual([400, 'file_empty', undefined]);
    expect(await refusal(await importFile(admin, 'brands', 'b.csv', new Uint8Array(10 * 1024 * 1024 + 1), ok))).toEqual([413, 'file_too_large', { limit: 10 }]);
    const noFile = new FormData();
    for (const [k, v] of Object.entries(ok)) noFile.set(k, v);
    const withoutFile = await fetch(`${s.url}/api/import/brands`, { method: 'POST', body: noFile, headers: { authorization: `Bearer ${admin}` } });
    expect(await refusal(withoutFile)).toEqual([400, 'file_required', undefined]);
    const keyOnly = await importFile(admin, 'brands', 'b.csv', 'ID\n1\n', { ...ok, mapping: JSON.stringify(['brand_id']) });
    expect(await refusal(keyOnly)).toEqual([400, 'mapping_key_only', undefined]);
    const wrongLength = await importFile(admin, 'brands', 'b.csv', 'Brand,Active\nX,yes\n', ok);
    expect(wrongLength.status).toBe(400);
    expect((await wrongLength.json()).message).toContain('body.mapping');
    const notImportable = await importFile(admin, 'brands', 'b.csv', 'Brand\nX\n', { ...ok, mapping: JSON.stringify(['row_version']) });
    expect(notImportable.status).toBe(400);
    const twice = await importFile(admin, 'brands', 'b.csv', 'A,B\nX,Y\n', { ...ok, mapping: JSON.stringify(['brand_name', 'brand_name']) });
    expect((await twice.json()).message).toContain('mapped twice');
    const nothing = await importFile(admin, 'brands', 'b.csv', 'Brand\n\n', { ...ok, mode: 'commit' });
    expect(await refusal(nothing)).toEqual([400, 'nothing_to_import', undefined]);
  });

  it('writes option columns by name in the export language and reads names and raw values back; an unknown name writes nothing', async () => {
    const codes = (await s.db.query<{ product_code: string }>(`select product_code from app.products where company_code = 'SK01' order by product_code offset 20 limit 3`)).rows.map(
      (r) => r.product_code,
    );
    await s.db.query(`update app.products p set keep_in_stock = x.k from unnest($1::text[], array[0, 1, 2]) as x(c, k) where p.product_code = x.c`, [codes]);
    const stored = async () =>
      (await s.db.query<{ k: number; v: number }>(`select keep_in_stock as k, row_version as v from app.products where product_code = any($1) order by product_code`, [codes])).rows;
    // Every column of the list, so the round trip below covers the file as a user gets it.
    const fields = Object.keys(screens.get('product_list')!.columns);
    const stock = fields.indexOf('keep_in_stock');
    const view = (language: string, format = 'csv') =>
      exportFile(admin, 'product_list', {
        format,
        language,
        columns: fields.map((field) => ({ field, header: field })),
        filterModel: { product_code: { filterType: 'set', values: codes } },
        sortModel: [{ colId: 'product_code', sort: 'asc' }],
      });
    const de = await (await view('de')).text();
    const table = (csv: string) => Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data.slice(1);
    expect(table(de).map((r) => r[stock])).toEqual(['Nein', 'Ja', 'Bestellt']);
    expect(table(await (await view('en')).text()).map((r) => r[stock])).toEqual(['No', 'Yes', 'On order']);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await (await view('hu', 'xlsx')).arrayBuffer());
    expect([2, 3, 4].map((n) => wb.worksheets[0]!.getRow(n).getCell(stock + 1).value)).toEqual(['Nem', 'Igen', 'Megrendelve']);

    // The file as exported, every importable column mapped: no value changes.
    const products = async () =>
      (await s.db.query<Row>(`select * from app.products where product_code = any($1) order by product_code`, [codes])).rows.map(({ row_version, updated_at, ...rest }) => rest);
    const before = await products();
    const versions = async () => (await s.db.query<Row>(`select product_code, row_version, updated_at from app.products where product_code = any($1) order by product_code`, [codes])).rows;
    const versionsBefore = await versions();
    const logged = async () => Number((await s.db.query<{ n: string }>(`select count(*) as n from app.product_change_log where entity_id = any($1)`, [codes])).rows[0]!.n);
    const loggedBefore = await logged();
    const importable = new Set(importableFields(screens.get('product_list')!).map((f) => f.field));
    const mapping = JSON.stringify(fields.map((f) => (importable.has(f) ? f : null)));
    const same = await (await importFile(admin, 'product_list', 'p.csv', de, { mode: 'commit', language: 'de', mapping })).json();
    // Rows already holding the file's values are not written: no new version, no change log entry.
    expect(same).toMatchObject({ updates: 0, unchanged: 3, errorRows: 0, written: true });
    expect(await products()).toEqual(before);
    expect(await versions()).toEqual(versionsBefore);
    expect(await logged()).toBe(loggedBefore);

    // An unknown name: that row is refused with the text and the allowed names, and not written.
    const [c0, c1, c2] = codes as [string, string, string];
    const roundTrip = await stored();
    const bad = `Code;Stock\n${c1};Vielleicht\n${c2};bestellt\n`;
    const refused = await (await importFile(admin, 'product_list', 'p.csv', bad, { mode: 'commit', language: 'de', mapping: JSON.stringify(['product_code', 'keep_in_stock']) })).json();
    expect(refused).toMatchObject({ updates: 0, unchanged: 1, errorRows: 1, written: true });
    expect(refused.errors).toEqual([
      { line: 2, field: 'keep_in_stock', message: 'import.unknown_option?value=Vielleicht&options=Nein%2C+Ja%2C+Bestellt', key: { product_code: c1 }, value: 'Vielleicht' },
    ]);
    expect((await stored())[1]).toEqual(roundTrip[1]);

    // By name in the file's language (any case and spacing) and by raw value, as older files hold it.
    const mixed = `Code,Stock\n${c0},ON ORDER\n${c1},0\n${c2},  yes \n`;
    const written = await (await importFile(admin, 'product_list', 'p.csv', mixed, { mode: 'commit', language: 'en', mapping: JSON.stringify(['product_code', 'keep_in_stock']) })).json();
    expect(written).toMatchObject({ updates: 3, errorRows: 0, written: true });
    expect((await stored()).map((r) => r.k)).toEqual([2, 0, 1]);
  });

  it('writes refs of searched lookups as "code · name" and reads them back by the code (composite keys, scoped through the view)', async () => {
    const pair = (
      await s.db.query<{ product_code: string; accessory_code: string; name: string }>(
        `select a.product_code, a.accessory_code, p.product_name->>'en' as name from app.product_accessories a
         join app.products p on p.product_code = a.product_code where p.company_code = 'SK01' order by 1, 2 limit 1`,
      )
    ).rows[0]!;
    const columns = [
      { field: 'product_code', header: 'Product' },
      { field: 'accessory_code', header: 'Accessory' },
      { field: 'position', header: 'Position' },
    ];
    const r = await exportFile(admin, 'product_accessories', {
      format: 'csv',
      language: 'en',
      columns,
      filterModel: { product_code: { filterType: 'text', type: 'equals', filter: pair.product_code } },
    });
    const rows = Papa.parse<string[]>((await r.text()).replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(rows[1]![0]).toBe(`${pair.product_code} · ${pair.name}`);
    const free = (
      await s.db.query<{ product_code: string }>(
        `select product_code from app.products p where company_code = 'SK01' and product_code <> $1
         and not exists (select 1 from app.product_accessories a where a.product_code = $1 and a.accessory_code = p.product_code) order by 1 desc limit 1`,
        [pair.product_code],
      )
    ).rows[0]!.product_code;
    const hu = (await s.db.query<{ product_code: string }>(`select product_code from app.products where company_code = 'HU01' limit 1`)).rows[0]!.product_code;
    const file = Papa.unparse([
      ['Product', 'Accessory', 'Position'],
      [rows[1]![0]!, rows[1]![1]!, '77'],
      [pair.product_code, free, '5'],
      [pair.product_code, hu, '6'],
    ]);
    const mapping = JSON.stringify(['product_code', 'accessory_code', 'position']);
    const res = await (await importFile(admin, 'product_accessories', 'a.csv', file, { mode: 'commit', language: 'en', mapping })).json();
    expect(res).toMatchObject({ updates: 1, inserts: 1, errorRows: 1, written: true });
    expect(res.errors[0]).toMatchObject({ line: 4, field: 'accessory_code' });
    const stored = await s.db.query<{ accessory_code: string; position: number }>(
      'select accessory_code, position from app.product_accessories where product_code = $1 and accessory_code in ($2, $3) order by position',
      [pair.product_code, pair.accessory_code, free],
    );
    expect(stored.rows).toEqual([
      { accessory_code: free, position: 5 },
      { accessory_code: pair.accessory_code, position: 77 },
    ]);
  });

  it('previews and leaves out the rows a rule of the database refuses, writing the others (a banner ending before it starts)', async () => {
    const shop = (await s.db.query<{ h: string }>(`select hostname as h from app.shops where company_code = 'SK01' order by shop_id limit 1`)).rows[0]!.h;
    const csv = `Shop,Title,From,To\n${shop},Rule OK,2026-01-01,2026-02-01\n${shop},Rule bad,2027-06-01,2026-01-01\n`;
    const mapping = JSON.stringify(['shop_id', 'banner_title', 'valid_from', 'valid_to']);
    const count = async () => (await s.db.query(`select 1 from app.banners where banner_title->>'en' like 'Rule %'`)).rows.length;
    const preview = await (await importFile(admin, 'banners', 'b.csv', csv, { mode: 'preview', language: 'en', mapping })).json();
    expect(preview).toMatchObject({ rows: 2, inserts: 1, errorRows: 1, written: false, errors: [{ line: 3, field: 'valid_to', message: 'rules.banner_valid_range' }] });
    expect(await count()).toBe(0);
    const commit = await (await importFile(admin, 'banners', 'b.csv', csv, { mode: 'commit', language: 'en', mapping })).json();
    expect(commit).toMatchObject({ inserts: 1, errorRows: 1, written: true });
    expect((await s.db.query<{ t: string }>(`select banner_title->>'en' as t from app.banners where banner_title->>'en' like 'Rule %'`)).rows).toEqual([{ t: 'Rule OK' }]);
  });

  const csvTable = async (r: Response) => Papa.parse<string[]>((await r.text()).replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
  const xlsxSheet = async (r: Response) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await r.arrayBuffer());
    return wb.worksheets[0]!;
  };
  /** An XLSX date cell as its wall time to the minute ('2026-11-24 10:16'). */
  const minute = (v: unknown) => (v as Date).toISOString().slice(0, 16).replace('T', ' ');

  it('writes date-times as the grid shows them in the browser time zone (CSV text, XLSX wall time with a date-time format)', async () => {
    // Entries at known instants: across midnight, and on both of Budapest's DST changes.
    const instants = ['2026-11-24T09:16:12.667Z', '2026-12-31T23:30:00Z', '2026-03-29T01:00:00Z', '2026-10-25T00:30:00Z', '2026-10-25T01:30:00Z'];
    await s.db.query(
      `insert into app.product_change_log (entity_name, entity_id, log_action, company_code, logged_at)
       select 'brands', 'tz-' || n, 'set', 'SK01', t::timestamptz from unnest($1::text[]) with ordinality as x(t, n)`,
      [instants],
    );
    const view = (format: string, timeZone: string) =>
      exportFile(admin, 'product_change_log', {
        format,
        language: 'en',
        timeZone,
        columns: [
          { field: 'entity_id', header: 'Entity' },
          { field: 'logged_at', header: 'At' },
        ],
        filterModel: { entity_id: { filterType: 'text', type: 'startsWith', filter: 'tz-' } },
        sortModel: [{ colId: 'log_id', sort: 'asc' }],
      });
    const shown: Record<string, string[]> = {
      'Europe/Budapest': ['2026-11-24 10:16', '2027-01-01 00:30', '2026-03-29 03:00', '2026-10-25 02:30', '2026-10-25 02:30'],
      'America/New_York': ['2026-11-24 04:16', '2026-12-31 18:30', '2026-03-28 21:00', '2026-10-24 20:30', '2026-10-24 21:30'],
    };
    for (const [zone, want] of Object.entries(shown)) {
      expect(
        (await csvTable(await view('csv', zone))).slice(1).map((r) => r[1]),
        zone,
      ).toEqual(want);
      const ws = await xlsxSheet(await view('xlsx', zone));
      const cells = [2, 3, 4, 5, 6].map((n) => ws.getRow(n).getCell(2));
      expect(
        cells.map((c) => c.value instanceof Date),
        zone,
      ).toEqual(want.map(() => true));
      expect(
        cells.map((c) => minute(c.value)),
        zone,
      ).toEqual(want);
      expect(cells[0]!.numFmt).toBe('yyyy-mm-dd hh:mm');
    }
    // The seconds are kept in the XLSX value (the format shows minutes, as the grid).
    expect(((await xlsxSheet(await view('xlsx', 'Europe/Budapest'))).getRow(2).getCell(2).value as Date).toISOString()).toMatch(/^2026-11-24T10:16:12\.\d{3}Z$/);
    // Without a zone (an older client): UTC.
    const utc = await exportFile(admin, 'product_change_log', {
      format: 'csv',
      language: 'en',
      columns: [{ field: 'logged_at', header: 'At' }],
      filterModel: { entity_id: { filterType: 'text', type: 'equals', filter: 'tz-1' } },
    });
    expect((await csvTable(utc))[1]).toEqual(['2026-11-24 09:16']);

    const unknown = await (await view('csv', 'Mars/Olympus_Mons')).json();
    expect(unknown.message).toMatch(/^body\.timeZone: /);
    expect((await view('csv', 'Mars/Olympus_Mons')).status).toBe(400);
  });

  it('writes dates as the stored day in any time zone', async () => {
    const days = (
      await s.db.query<{ f: string | null }>(`select b.valid_from::text as f from app.banners b join app.shops s using (shop_id) where s.company_code = 'SK01' order by b.banner_id`)
    ).rows.map((r) => r.f ?? '');
    expect(days.filter(Boolean).length).toBeGreaterThan(0);
    for (const timeZone of ['Pacific/Kiritimati', 'America/Los_Angeles']) {
      const body = (format: string) => ({ format, language: 'en', timeZone, columns: [{ field: 'valid_from', header: 'From' }], sortModel: [{ colId: 'banner_id', sort: 'asc' }] });
      expect(
        (await csvTable(await exportFile(admin, 'banners', body('csv')))).slice(1).map((r) => r[0]),
        timeZone,
      ).toEqual(days);
      const ws = await xlsxSheet(await exportFile(admin, 'banners', body('xlsx')));
      expect(
        days.map((_, i) => ws.getRow(i + 2).getCell(1).value).map((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : (v ?? ''))),
        timeZone,
      ).toEqual(days);
    }
  });

  it('writes money as stored and names its currency: in the header, in the XLSX format, per row beside a column whose rows name theirs', async () => {
    const price = [
      { field: 'product_code', header: 'Code' },
      { field: 'selling_price_shop', header: 'Selling price' },
    ];
    const one = async (company: string) =>
      (
        await s.db.query<{ c: string; p: number }>(
          `select product_code as c, selling_price_shop as p from app.products where company_code = $1 and selling_price_shop > 0 order by product_code limit 1`,
          [company],
        )
      ).rows[0]!;
    for (const [company, currency, format] of [
      ['SK01', 'EUR', '[$EUR] #,##0.00'],
      ['HU01', 'HUF', '[$HUF] #,##0'],
    ] as const) {
      const row = await one(company);
      const body = (fmt: string) => ({ format: fmt, language: 'en', columns: price, filterModel: { product_code: { filterType: 'text', type: 'equals', filter: row.c } } });
      const csv = await csvTable(await exportFile(admin, 'product_list', body('csv'), company));
      expect(csv).toEqual([
        ['Code', `Selling price (${currency})`],
        [row.c, String(row.p)],
      ]);
      const ws = await xlsxSheet(await exportFile(admin, 'product_list', body('xlsx'), company));
      expect(ws.getRow(1).getCell(2).value).toBe(`Selling price (${currency})`);
      expect(ws.getRow(2).getCell(2).value).toBe(row.p);
      expect(ws.getRow(2).getCell(2).numFmt).toBe(format);
    }

    // Purchase prices in the supplier's currency: the currency column follows, each XLSX cell names its row's.
    const stored = (
      await s.db.query<{ c: string; o: number; cur: string; b: number }>(
        `select product_code as c, purchase_price_original as o, purchase_price_currency_code as cur, purchase_price_base as b from app.products
         where company_code = 'SK01' and purchase_price_original > 0 and purchase_price_currency_code is not null order by purchase_price_currency_code, product_code`,
      )
    ).rows;
    const picked = [...new Map(stored.map((r) => [r.cur, r])).values()].slice(0, 3);
    expect(picked.length).toBeGreaterThan(1); // rows in more than one currency
    const body = (fmt: string) => ({
      format: fmt,
      language: 'en',
      columns: [
        { field: 'product_code', header: 'Code' },
        { field: 'purchase_price_original', header: 'Supplier price' },
        { field: 'purchase_price_base', header: 'Base price' },
      ],
      filterModel: { product_code: { filterType: 'set', values: picked.map((r) => r.c) } },
      sortModel: [{ colId: 'product_code', sort: 'asc' }],
    });
    const sorted = [...picked].sort((a, b) => (a.c < b.c ? -1 : 1));
    const file = await (await exportFile(admin, 'frontend_purchase_prices', body('csv'))).text();
    const csv = Papa.parse<string[]>(file.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(csv[0]).toEqual(['Code', 'Supplier price', 'Supplier currency', 'Base price (EUR)']);
    expect(csv.slice(1)).toEqual(sorted.map((r) => [r.c, String(r.o), r.cur, String(r.b)]));
    const ws = await xlsxSheet(await exportFile(admin, 'frontend_purchase_prices', body('xlsx')));
    expect(sorted.map((_, i) => ws.getRow(i + 2).getCell(2).numFmt)).toEqual(sorted.map((r) => `[$${r.cur}] #,##0.${'0'.repeat(r.cur === 'HUF' ? 0 : 2)}`.replace(/\.$/, '')));
    expect(ws.getRow(2).getCell(4).numFmt).toBe('[$EUR] #,##0.00');

    // The file imports back as it was: every amount read as the stored one, in its currency.
    const mapping = JSON.stringify(['product_code', 'purchase_price_original', 'purchase_price_currency_code', 'purchase_price_base']);
    const back = await (await importFile(admin, 'frontend_purchase_prices', 'p.csv', file, { mode: 'commit', language: 'en', mapping })).json();
    expect(back).toMatchObject({ updates: 0, unchanged: sorted.length, errorRows: 0 });
  });
});
