import ExcelJS from 'exceljs';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../src/server/http/errors.ts';
import { readSheet } from '../../src/server/transfer/sheet.ts';
import { firstSheetPart, readXlsxTable } from '../../src/server/transfer/xlsx.ts';
import { UnzipLimitError, unzipBudget, unzipEntry, zipDirectory } from '../../src/server/transfer/zip.ts';
import { deflatedPadding, lyingXlsx, sheetXml, workbookAround, zipOf } from '../zipFixtures.ts';

const MB = 1024 * 1024;

/** The first worksheet as exceljs' in-memory reader has it (what imports read before): the oracle. */
async function byWorkbookModel(bytes: Uint8Array): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes.slice().buffer as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => {
    const cells: unknown[] = [];
    for (let c = 1; c <= row.cellCount; c++) {
      const v = row.getCell(c).value;
      const plain = (x: ExcelJS.CellValue): unknown =>
        x !== null && typeof x === 'object' && !(x instanceof Date)
          ? 'richText' in x
            ? x.richText.map((r) => r.text).join('')
            : 'result' in x
              ? plain(x.result as ExcelJS.CellValue)
              : 'text' in x
                ? x.text
                : null
          : (x ?? null);
      cells.push(plain(v));
    }
    rows.push(cells);
  });
  return rows;
}

const fail = async (p: Promise<unknown>): Promise<unknown> =>
  p.then(
    () => expect.unreachable('accepted'),
    (e: unknown) => e,
  );

describe('XLSX import reading', () => {
  it('inflates a lying entry only up to the budget, as it streams', async () => {
    const [head, tail] = sheetXml();
    const zip = zipOf([{ name: 'big.xml', data: await deflatedPadding(head, 64 * MB, tail), declared: 100 }]);
    const entry = zipDirectory(zip).get('big.xml')!;
    const budget = unzipBudget(MB);
    const e = await fail(unzipEntry(zip, entry, budget));
    expect(e).toBeInstanceOf(UnzipLimitError);
    // Stopped within one inflate chunk (16 KiB) past the limit, not after the 64 MB the data holds.
    expect(-budget.left).toBeGreaterThan(0);
    expect(-budget.left).toBeLessThanOrEqual(64 * 1024);
  });

  it('refuses a workbook whose sheet declares 1,000 bytes and inflates past the limit: 413 file_unpacks_too_large', async () => {
    const e = await fail(readSheet('lie.xlsx', await lyingXlsx(8 * MB), 'en', 4 * MB));
    expect(e).toBeInstanceOf(HttpError);
    expect(e).toMatchObject({ status: 413, code: 'file_unpacks_too_large', params: { limit: 4 }, message: 'file: the workbook unpacks to more than 4 MB' });
    // The same workbook within the limit reads.
    expect(await readSheet('lie.xlsx', await lyingXlsx(MB), 'en', 4 * MB)).toEqual({ headers: ['Brand'], rows: [{ line: 2, cells: ['Lying Zip'] }] });
  });

  it('never inflates the parts it does not read (an image bomb beside the sheet)', async () => {
    const [head, tail] = sheetXml();
    const image = { name: 'xl/media/image1.png', data: await deflatedPadding('', 64 * MB, ''), declared: 100 };
    const bytes = workbookAround({ name: 'xl/worksheets/sheet1.xml', data: deflateRawSync(head + tail) }, image);
    expect(await readSheet('pic.xlsx', bytes, 'en', 4 * MB)).toEqual({ headers: ['Brand'], rows: [{ line: 2, cells: ['Lying Zip'] }] });
  });

  it('reads what the in-memory model read: shared and rich text, numbers, booleans, dates, formula results, links, errors, empty rows', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Data');
    ws.addRow(['Code', 'Name', 'Price', 'Active', 'Since', 'Total', 'Link', 'Check']);
    ws.addRow([
      'A-1',
      { richText: [{ text: 'Rich ' }, { font: { bold: true }, text: 'text' }] },
      12.5,
      true,
      new Date(Date.UTC(2024, 1, 29)),
      { formula: 'C2*2', result: 25 },
      { text: 'site', hyperlink: 'https://example.com' },
      { formula: 'NA()', result: { error: '#N/A' } },
    ]);
    ws.addRow([]);
    ws.addRow(['A-2', 'Ünïcödé & <xml>', -0.001, false, new Date(Date.UTC(1999, 11, 31, 13, 45)), { formula: 'B4&"!"', result: 'x!' }, null, { error: '#DIV/0!' }]);
    ws.getCell('E2').numFmt = 'yyyy-mm-dd';
    ws.getCell('E4').numFmt = 'dd.mm.yyyy hh:mm';
    const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
    const table = await readXlsxTable(bytes, { unzipped: 16 * MB, rows: 100, columns: 20 });
    expect(table.map((r) => r.cells)).toEqual(await byWorkbookModel(bytes));
    expect(table.map((r) => r.line)).toEqual([1, 2, 4]);
  });

  it('reads a formula TRUE as 1 (a bool column reads it as yes) and a formula whose result exceljs drops (0, FALSE) as empty, as the model did', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('F').addRow([
      { formula: '1>0', result: true },
      { formula: '1<0', result: false },
      { formula: '1-1', result: 0 },
      { formula: '"x"', result: 'x' },
    ]);
    const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
    expect((await byWorkbookModel(bytes))[0]).toEqual([true, null, null, 'x']);
    expect((await readXlsxTable(bytes, { unzipped: 16 * MB, rows: 100, columns: 20 }))[0]!.cells).toEqual([1, null, null, 'x']);
  });

  it('reads dates of the 1904 date system as the model did', async () => {
    const wb = new ExcelJS.Workbook();
    wb.properties.date1904 = true;
    const ws = wb.addWorksheet('Dates');
    ws.addRow(['Day']);
    ws.addRow([new Date(Date.UTC(2030, 6, 14))]).getCell(1).numFmt = 'yyyy-mm-dd';
    const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
    const table = await readXlsxTable(bytes, { unzipped: 16 * MB, rows: 100, columns: 20 });
    expect(table[1]!.cells).toEqual((await byWorkbookModel(bytes))[1]);
    expect(table[1]!.cells).toEqual([new Date(Date.UTC(2030, 6, 14))]);
  });

  it('takes the first sheet in tab order, through the workbook relationships', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Later').addRow(['later']);
    wb.addWorksheet('First').addRow(['first']);
    // exceljs writes the tabs by orderNo (not in its typings) and names the parts by creation: the first tab is sheet2.xml.
    Object.assign(wb.getWorksheet('First')!, { orderNo: 0 });
    Object.assign(wb.getWorksheet('Later')!, { orderNo: 1 });
    const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
    const book = Buffer.concat(await unzipEntry(bytes, zipDirectory(bytes).get('xl/workbook.xml')!, unzipBudget(MB))).toString();
    expect(book).toMatch(/<sheets><sheet [^>]*name="First"[^>]*r:id="rId4"/);
    expect((await byWorkbookModel(bytes))[0]).toEqual(['first']);
    expect((await readXlsxTable(bytes, { unzipped: 16 * MB, rows: 100, columns: 20 }))[0]!.cells).toEqual(['first']);

    const parts = new Map(['xl/worksheets/sheet1.xml', 'xl/worksheets/sheet2.xml', 'xl/worksheets/sheet10.xml'].map((name) => [name, { name, method: 8, compressedSize: 0, offset: 0 }]));
    const other = `<workbook xmlns:x="r"><sheets><sheet name="B" sheetId="2" x:id="rId7"/><sheet name="A" sheetId="1" x:id="rId1"/></sheets></workbook>`;
    expect(firstSheetPart(other, `<Relationships><Relationship Id='rId7' Target='/xl/worksheets/sheet10.xml'/></Relationships>`, parts)).toBe('xl/worksheets/sheet10.xml');
    expect(firstSheetPart(other, `<Relationships><Relationship Target="./worksheets/sheet2.xml" Id="rId7"/></Relationships>`, parts)).toBe('xl/worksheets/sheet2.xml');
    expect(firstSheetPart(other, undefined, parts)).toBe('xl/worksheets/sheet1.xml');
  });

  it('stops reading at the row limit and keeps at most the column limit', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Rows');
    for (let i = 0; i < 10; i++) ws.addRow([`r${i}`, 1, 2, 3, 4]);
    const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
    expect((await readXlsxTable(bytes, { unzipped: 16 * MB, rows: 10, columns: 2 })).map((r) => r.cells.length)).toEqual(Array(10).fill(2));
    expect(await fail(readXlsxTable(bytes, { unzipped: 16 * MB, rows: 9, columns: 2 }))).toMatchObject({
      status: 400,
      code: 'file_too_many_rows',
      params: { limit: 8 },
      message: 'file: more than 8 rows; split the file',
    });
  });

  it('refuses a workbook it cannot read: file_damaged for damaged data, file_not_xlsx otherwise, the ZIP problem in the message', async () => {
    const refusal = async (bytes: Uint8Array) => {
      const e = (await fail(readSheet('x.xlsx', bytes, 'en'))) as HttpError;
      return [e.status, e.code, e.params, e.message];
    };
    expect(await refusal(new TextEncoder().encode('not a zip at all'))).toEqual([400, 'file_not_xlsx', undefined, 'file: not a readable XLSX workbook (no_directory)']);
    const [head, tail] = sheetXml();
    expect(await refusal(zipOf([{ name: 'xl/workbook.xml', data: deflateRawSync('<workbook/>'), flags: 1 }]))).toEqual([
      400,
      'file_not_xlsx',
      undefined,
      'file: not a readable XLSX workbook (encrypted)',
    ]);
    expect(await refusal(zipOf([{ name: 'xl/workbook.xml', data: Buffer.from('not deflate data'), declared: 10 }]))).toEqual([400, 'file_damaged', undefined, 'file: damaged XLSX workbook (damaged)']);
    expect(await refusal(zipOf([{ name: 'xl/workbook.xml', data: Buffer.from('BZh91AY&SY'), method: 12 }]))).toEqual([
      400,
      'file_not_xlsx',
      undefined,
      'file: not a readable XLSX workbook (compression)',
    ]);
    expect(await refusal(zipOf([{ name: 'xl/worksheets/sheet1.xml', data: deflateRawSync(head + tail) }]))).toEqual([
      400,
      'file_not_xlsx',
      undefined,
      'file: not a readable XLSX workbook (no xl/workbook.xml)',
    ]);
  });
});
