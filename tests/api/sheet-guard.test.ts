/**
 * Every sheet the server writes guards its text cells against spreadsheet formulas (issue 42
 * point 5, core/sheetGuard.ts): the grid's CSV and XLSX export and the courier's Packeta CSV,
 * each fed texts that start with = + - @, tab, CR, LF and a full-width ＝ where anyone's text
 * lands (a storefront checkout's name and address, a product's name). No cell of a file
 * starts like a formula, the texts are all there (guarded), and a genuine number stays a number.
 * tests/unit/sheet-guard.test.ts finds the writers in the sources: each names this file or its own.
 * Walked here: server/transfer/export.ts (CSV, XLSX), server/actions/courier.ts.
 */
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, serverHelpers, startSignedIn, type TestServer } from './harness.ts';

/** What a spreadsheet would run, as the OWASP rule says; a plain number is read as the number. */
const runs = (cell: string) => /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/.test(cell) && !/^[+-]?(\d+([.,]\d+)?|[.,]\d+)$/.test(cell);
/** One payload a start: each would run (a link out, DDE, a function) if the cell were a formula. */
export const PAYLOADS = [
  '=HYPERLINK("https://evil.example/?x","Click")',
  "+1+cmd|' /C calc'!A0",
  "-2+cmd|' /C calc'!A0",
  '@SUM(1+9)*cmd|x!A0',
  '\t=1+2 tab',
  '\r=1+2 cr',
  '\n=1+2 lf',
  '＝1+2 fullwidth',
];
/** Each payload's mark, found in the file however it was guarded or trimmed. */
const MARKS = ['HYPERLINK', "+1+cmd|' /C calc'!A0", "-2+cmd|' /C calc'!A0", '@SUM(1+9)', '=1+2 tab', '=1+2 cr', '=1+2 lf', '＝1+2 fullwidth'];

function expectGuarded(cells: string[][], where: string) {
  for (const [i, row] of cells.entries()) for (const [j, c] of row.entries()) expect(runs(c), `${where} row ${i + 1} cell ${j + 1}: ${JSON.stringify(c)}`).toBe(false);
  const text = cells.flat().join('\u0000');
  for (const m of MARKS) expect(text, `${where} holds ${JSON.stringify(m)}`).toContain(m);
}

describe.each(engines)('formula guard of every written sheet on %s', (engine) => {
  let s: TestServer, admin: string;
  beforeAll(async () => {
    ({ s, admin } = await startSignedIn(engine));
    // This suite marks orders paid by the event alone (its subject is what follows): its companies allow orders paid without payment (migration 128).
    await s.db.query('update app.companies set paid_without_payment = true');
  });
  afterAll(() => s?.close());
  const { ok, rows } = serverHelpers(() => s);

  const exportFile = (form: string, body: unknown) =>
    fetch(`${s.url}/api/export/${form}`, { method: 'POST', body: JSON.stringify(body), headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' } });

  it('grid export (CSV and XLSX): names that start like formulas are guarded, a negative number stays a number', async () => {
    const codes = (await rows(`select product_code from app.products where company_code = 'SK01' order by product_code limit $1`, [PAYLOADS.length])).map((r) => r.product_code as string);
    for (const [i, code] of codes.entries()) {
      await rows(`update app.products set product_name = product_name || jsonb_build_object('en', $2::text), min_margin = -12.5 where product_code = $1`, [code, PAYLOADS[i]]);
    }
    const body = (format: string) => ({
      format,
      language: 'en',
      columns: [
        { field: 'product_code', header: 'Code' },
        { field: 'product_name', header: '=Name' },
        { field: 'min_margin', header: 'Margin' },
      ],
      filterModel: { product_code: { filterType: 'set', values: codes } },
    });
    const csv = await exportFile('product_list', body('csv'));
    expect(csv.status).toBe(200);
    const table = Papa.parse<string[]>((await csv.text()).replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(table).toHaveLength(codes.length + 1);
    expectGuarded(table, 'CSV');
    expect(table[0]![1]).toBe("'=Name");
    for (const r of table.slice(1)) expect(r[2]).toBe('-12.5');

    const xlsx = await exportFile('product_list', body('xlsx'));
    expect(xlsx.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await xlsx.arrayBuffer()) as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const cells: string[][] = [];
    ws.eachRow((row) => {
      const line: string[] = [];
      for (let c = 1; c <= 3; c++) {
        const v = row.getCell(c).value;
        if (typeof v === 'object' && v !== null) throw new Error(`a formula or rich cell at ${row.number}:${c}: ${JSON.stringify(v)}`);
        line.push(v === null || v === undefined ? '' : String(v));
      }
      cells.push(line);
    });
    expectGuarded(cells, 'XLSX');
    for (let r = 2; r <= codes.length + 1; r++) expect(ws.getRow(r).getCell(3).value).toBe(-12.5); // a typed number, not text
  });

  it('courier export: a checkout’s name, address and phone that start like formulas are guarded in the Packeta file', async () => {
    const one = async (sql: string) => (await rows(sql))[0]!;
    const dm = await one(`select dm_id from app.delivery_methods where company_code = 'SK01' and dm_code = 'courier'`);
    const pm = await one(`select pm_id from app.payment_methods where company_code = 'SK01' and pm_code = 'cod'`);
    const product = await one(`select product_code from app.products where company_code = 'SK01' and selling_price_shop > 0 and weight > 0 order by product_code desc limit 1`);
    const ids: number[] = [];
    for (const p of PAYLOADS) {
      // The storefront's way in: a partner and address of the checkout's texts.
      const own = (await rows(`insert into app.partners (company_code, partner_name) values ('SK01', $1) returning partner_id`, [p]))[0]!.partner_id as number;
      await rows(
        `insert into app.partner_addresses (partner_id, address_name, address_line_1, address_house_no, zip_code, city, country_code, first_name, last_name, phone)
         values ($1, 'Shop', $2, $2, $2, $2, 'SK', $2, $2, $2)`,
        [own, p],
      );
      const order = (await ok(admin, 'sales_orders', 'add', { partner_id: own, dm_id: dm.dm_id, pm_id: pm.pm_id }, 'SK01')).row;
      await rows(`update app.sales_orders set email = $2 where order_id = $1`, [order.order_id, `${p}@example.com`]);
      await ok(admin, 'sales_order_items', 'add', { order_id: order.order_id, product_code: product.product_code, quantity: 1 }, 'SK01');
      for (const event_code of ['confirm', 'pay']) await ok(admin, 'fsm_trigger', 'set', { event_code, fsm_instance_id: [order.fsm_instance_id] }, 'SK01');
      ids.push(order.order_id);
    }
    const file = await ok(admin, 'courier_export', 'filter', { order_ids: ids }, 'SK01');
    const [version, , ...data] = Papa.parse<string[]>(file.csv as string, { delimiter: ';', skipEmptyLines: true }).data;
    expect(version).toEqual(['version 7']);
    expect(data).toHaveLength(PAYLOADS.length);
    expectGuarded(data, 'Packeta CSV');
    // The name cell within the importer's 32 characters, the apostrophe included.
    for (const r of data) expect(r[2]!.length).toBeLessThanOrEqual(32);
    // A phone the carrier reads stays its digits with the '+' (a plain number, not guarded).
    await rows(`update app.partner_addresses set phone = '+421 900 123-456' where partner_id = (select partner_id from app.sales_orders where order_id = $1)`, [ids[0]]);
    const again = await ok(admin, 'courier_export', 'filter', { order_ids: [ids[0]] }, 'SK01');
    expect(Papa.parse<string[]>(again.csv as string, { delimiter: ';', skipEmptyLines: true }).data[2]![6]).toBe('+421900123456');
  });
});
