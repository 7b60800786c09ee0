/**
 * The number rule on import (issue 43): a sheet's amounts are read as the importing user's
 * language writes them (the request's `language`, core/numberInput.ts as the grid reads
 * them) — English "1,000.50", German "1.000,50", a space grouping in either — and stored
 * exactly. A text that fits no reading of the language (English "1,00,0", German "1.5",
 * one language's way in the other's file) is refused with its row, column and text, never
 * stored as another number: a file of such rows saves nothing (commit refused
 * nothing_to_import); in a file with valid rows too, the refused rows are skipped and
 * named (the import's per-row rule) and only the valid rows are stored. XLSX number cells
 * are numbers already; its text cells follow the same rule. Into a purchase order's related
 * costs (the tester's field), on both engines.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, serverHelpers, startSignedIn, type Json, type TestServer } from './harness.ts';

const MAPPING = JSON.stringify(['po_id', 'cost_name', 'cost_amount', 'cost_currency_code']);
/** The refusal of a text that is no number, with the language's example (validation.number_format). */
const REFUSED = { en: 'validation.number_format?example=1%2C234.56', de: 'validation.number_format?example=1.234%2C56' };

describe.each(engines)('import reads amounts as the user’s language writes them on %s', (engine) => {
  let s: TestServer, admin: string;
  beforeAll(async () => void ({ s, admin } = await startSignedIn(engine)));
  afterAll(() => s?.close());
  const { ok, rows, one } = serverHelpers(() => s);

  /** A new purchase order of SK01 in EUR: its costs start empty. */
  const order = async () => {
    const supplier = (await one("select partner_id from app.partners where company_code = 'SK01' and is_supplier and not deleted order by partner_id limit 1")).partner_id;
    return ((await ok(admin, 'purchase_orders', 'add', { partner_id: supplier, currency_code: 'EUR' }, 'SK01')).row as { po_id: number }).po_id;
  };
  const importCosts = async (name: string, content: string | Uint8Array, language: 'en' | 'de', mode: 'preview' | 'commit') => {
    const fd = new FormData();
    fd.set('file', new Blob([content as BlobPart]), name);
    fd.set('mode', mode);
    fd.set('language', language);
    fd.set('mapping', MAPPING);
    const r = await fetch(`${s.url}/api/import/purchase_order_costs`, { method: 'POST', body: fd, headers: { authorization: `Bearer ${admin}`, 'x-company': 'SK01' } });
    return { status: r.status, body: (await r.json()) as Json };
  };
  /** The order's costs as stored: name and amount as the database writes it (numeric(…, 4)). */
  const costs = async (po: number) => rows('select cost_name, cost_amount::text as amount from app.purchase_order_costs where po_id = $1 order by cost_id', [po]);

  it('stores English amounts ("1,000.50", "12,345.6", "1,000", "7.25", "1 234.5") exactly', async () => {
    const po = await order();
    const csv = `Order,Cost,Amount,Currency\n${po},Sea freight,"1,000.50",EUR\n${po},Customs,"12,345.6",EUR\n${po},Insurance,"1,000",EUR\n${po},Handling,7.25,EUR\n${po},Port,1 234.5,EUR\n`;
    const r = await importCosts('costs.csv', csv, 'en', 'commit');
    expect([r.status, r.body.inserts, r.body.errorRows, r.body.written]).toEqual([200, 5, 0, true]);
    expect(await costs(po)).toEqual([
      { cost_name: 'Sea freight', amount: '1000.5000' },
      { cost_name: 'Customs', amount: '12345.6000' },
      { cost_name: 'Insurance', amount: '1000.0000' },
      { cost_name: 'Handling', amount: '7.2500' },
      { cost_name: 'Port', amount: '1234.5000' },
    ]);
    // The landed cost reads the stored amounts: the order's costs total is their sum (EUR, rate 1).
    expect((await one('select costs_total::text as t from app.v_purchase_orders where po_id = $1', [po])).t).toBe('15587.8500');
  });

  it('stores German amounts ("1.000,50", "12.345,6", "1.000", "7,25", "1 234,5") exactly', async () => {
    const po = await order();
    const csv = `Bestellung;Kosten;Betrag;Währung\n${po};Seefracht;1.000,50;EUR\n${po};Zoll;12.345,6;EUR\n${po};Versicherung;1.000;EUR\n${po};Umschlag;7,25;EUR\n${po};Hafen;1 234,5;EUR\n`;
    const r = await importCosts('kosten.csv', csv, 'de', 'commit');
    expect([r.status, r.body.inserts, r.body.errorRows, r.body.written]).toEqual([200, 5, 0, true]);
    expect(await costs(po)).toEqual([
      { cost_name: 'Seefracht', amount: '1000.5000' },
      { cost_name: 'Zoll', amount: '12345.6000' },
      { cost_name: 'Versicherung', amount: '1000.0000' },
      { cost_name: 'Umschlag', amount: '7.2500' },
      { cost_name: 'Hafen', amount: '1234.5000' },
    ]);
  });

  it('reads an XLSX text cell as the language writes numbers and a number cell as the number it is', async () => {
    const po = await order();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Kosten');
    ws.addRow(['Bestellung', 'Kosten', 'Betrag', 'Währung']);
    ws.addRow([po, 'Als Text', '1.000,50', 'EUR']);
    ws.addRow([po, 'Als Zahl', 1000.5, 'EUR']);
    const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
    const r = await importCosts('kosten.xlsx', bytes, 'de', 'commit');
    expect([r.status, r.body.inserts, r.body.errorRows]).toEqual([200, 2, 0]);
    expect(await costs(po)).toEqual([
      { cost_name: 'Als Text', amount: '1000.5000' },
      { cost_name: 'Als Zahl', amount: '1000.5000' },
    ]);
  });

  for (const [lang, csv, bad] of [
    ['en', (po: number) => `Order,Cost,Amount,Currency\n${po},Sea freight,"1,00,0",EUR\n${po},Customs,"1.000,50",EUR\n`, ['1,00,0', '1.000,50']],
    ['de', (po: number) => `Bestellung;Kosten;Betrag;Währung\n${po};Seefracht;1.5;EUR\n${po};Zoll;1,000.50;EUR\n`, ['1.5', '1,000.50']],
  ] as const) {
    it(`refuses ${lang} amounts that fit no reading with their row, column and text; the file saves nothing`, async () => {
      const po = await order();
      const before = (await one('select count(*)::int as n from app.purchase_order_costs')).n;
      const preview = await importCosts('costs.csv', csv(po), lang, 'preview');
      expect(preview.status).toBe(200);
      expect(preview.body).toMatchObject({ rows: 2, inserts: 0, updates: 0, errorRows: 2, written: false });
      expect(preview.body.errors).toEqual([
        { line: 2, field: 'cost_amount', message: REFUSED[lang], value: bad[0] },
        { line: 3, field: 'cost_amount', message: REFUSED[lang], value: bad[1] },
      ]);
      const commit = await importCosts('costs.csv', csv(po), lang, 'commit');
      expect([commit.status, commit.body.error]).toEqual([400, 'nothing_to_import']);
      expect(await costs(po)).toEqual([]);
      expect((await one('select count(*)::int as n from app.purchase_order_costs')).n).toBe(before);
    });
  }

  it('in a file with valid rows too, skips and names the refused row; only the valid rows are stored, as written', async () => {
    const po = await order();
    const csv = `Bestellung;Kosten;Betrag;Währung\n${po};Seefracht;1.000,50;EUR\n${po};Zoll;1.5;EUR\n${po};Versicherung;1,5;EUR\n`;
    const commit = await importCosts('kosten.csv', csv, 'de', 'commit');
    expect(commit.status).toBe(200);
    expect(commit.body).toMatchObject({ rows: 3, inserts: 2, errorRows: 1, written: true });
    expect(commit.body.errors).toEqual([{ line: 3, field: 'cost_amount', message: REFUSED.de, value: '1.5' }]);
    expect(await costs(po)).toEqual([
      { cost_name: 'Seefracht', amount: '1000.5000' },
      { cost_name: 'Versicherung', amount: '1.5000' },
    ]);
  });
});
