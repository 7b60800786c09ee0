/**
 * E-invoices and the accounting export (issue 47, points 3 and 6), on both engines: an issued
 * invoice and a credit note, each with two VAT rates, as EN 16931 UBL 2.1 XML — the data
 * checked by @e-invoice-eu/core's EN 16931 schema (a document failing it is refused, naming
 * where), the XML checked with xmllint against the OASIS UBL 2.1 XSD where the fixture is
 * shipped (tests/fixtures/ubl-2.1/); a period's archive — invoices.csv (a row per document
 * and rate, a credit note negative, the account, formulas guarded by
 * server/invoices/accountingExport.ts), payments.csv and one XML
 * per document; accounts on orders, invoices and receivables (the company's default); the
 * invoices page's right and the company's scope on both routes.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../src/server/http/errors.ts';
import { ublXml } from '../../src/server/invoices/einvoice.ts';
import { readInvoice } from '../../src/server/invoices/read.ts';
import { engines, serverHelpers, startSignedIn, type TestServer } from './harness.ts';

const XSD = new URL('../fixtures/ubl-2.1/maindoc/', import.meta.url).pathname;
const tmp = mkdtempSync(join(tmpdir(), 'bo-ubl-'));

/** xmllint's verdict on `xml`: well-formed, and valid against the UBL 2.1 schema of its root when `schema` is given. */
function xmllint(xml: string, schema?: string): void {
  const file = join(tmp, `${Math.random().toString(36).slice(2)}.xml`);
  writeFileSync(file, xml);
  execFileSync('xmllint', ['--noout', '--nonet', ...(schema ? ['--schema', join(XSD, schema)] : []), file], { stdio: 'pipe' });
}

describe.each(engines)('e-invoices and the accounting export on %s', (engine) => {
  let s: TestServer, admin: string, catalog: string;
  beforeAll(async () => void ({ s, admin, catalog } = await startSignedIn(engine)));
  afterAll(() => s?.close());
  const { ok, rows, one } = serverHelpers(() => s);
  const get = (path: string, token = admin, company = 'SK01') => fetch(s.url + path, { headers: { authorization: `Bearer ${token}`, 'x-company': company } });

  let invoiceId: number, noteId: number, orderId: number, today: string, partner: number;

  beforeAll(async () => {
    today = (await one('select current_date::text as d')).d;
    // The seller's and the customer's legal data; a customer name that starts like a formula.
    const c = await one('select row_version from app.companies where company_code = $1', ['SK01']);
    await ok(
      admin,
      'companies',
      'set',
      {
        company_code: 'SK01',
        row_version: c.row_version,
        vat_number: 'SK1010101010',
        iban: 'SK31 1200 0000 1987 4263 7541',
        address_line_1: 'Hlavná 1',
        city: 'Bratislava',
        zip_code: '811 01',
        email: 'office@example.com',
      },
      'SK01',
    );
    partner = Number((await one(`select partner_id from app.partners where company_code = 'SK01' and not is_supplier and not deleted order by partner_id limit 1`)).partner_id);
    await s.db.query(`update app.partners set label_name = '=HYPERLINK("x")', vat_number = 'SK2020202020' where partner_id = $1`, [partner]);
    const o = (await ok(admin, 'sales_orders', 'add', { partner_id: partner }, 'SK01')).row as { order_id: number; fsm_instance_id: number };
    orderId = o.order_id;
    const products = (await rows(`select product_code from app.products where company_code = 'SK01' order by product_code offset 20 limit 2`)).map((r) => r.product_code as string);
    const lines = [
      { quantity: 3, unit_price: 10.05, vat: 20, discount_percent: 0 },
      { quantity: 1.5, unit_price: 7.33, vat: 10, discount_percent: 5 },
    ];
    for (const [i, l] of lines.entries()) {
      const item = (
        await ok(admin, 'sales_order_items', 'add', { order_id: o.order_id, product_code: products[i], quantity: l.quantity, unit_price: l.unit_price, discount_percent: l.discount_percent }, 'SK01')
      ).row;
      await s.db.query('update app.sales_order_items set vat_rate = $2 where item_id = $1', [item.item_id, l.vat]);
    }
    const fired = await s.action(admin, 'trigger_fsms', 'set', { event_code: 'confirm', fsm_instance_id: [o.fsm_instance_id] }, 'SK01');
    expect(fired.status, JSON.stringify(fired.body)).toBe(200);
    invoiceId = Number((await one(`select invoice_id from app.invoices where order_id = $1 and kind = 'invoice'`, [o.order_id])).invoice_id);
    // A credit note of one unit of the first line and all of the second: two rates again.
    const ids = (await rows('select line_id from app.invoice_lines where invoice_id = $1 order by line_no', [invoiceId])).map((r) => Number(r.line_id));
    noteId = (
      await ok(
        admin,
        'credit_note',
        'add',
        {
          invoice_id: invoiceId,
          lines: [
            { line_id: ids[0], quantity: 1 },
            { line_id: ids[1], quantity: 1.5 },
          ],
          reason: 'Returned',
        },
        'SK01',
      )
    ).invoice_id;
  });

  it('writes an invoice and a credit note with two VAT rates as EN 16931 UBL 2.1, valid against the UBL schema', async () => {
    const r = await get(`/api/invoices/${invoiceId}/ubl`);
    expect(r.status, await r.clone().text()).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/xml/);
    const doc = (await readInvoice(s.db, 'SK01', invoiceId))!;
    expect(r.headers.get('content-disposition')).toContain(`${doc.number}.xml`);
    const xml = await r.text();
    expect(xml).toMatch(/^<\?xml[^>]*\?>\s*<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/);
    expect(xml).toContain('<cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>');
    expect(xml).toContain(`<cbc:ID>${doc.number}</cbc:ID>`);
    expect(xml).toContain('<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>');
    // VAT per rate as the document adds its rounded lines, the totals, the seller's VAT number and IBAN.
    const cur = doc.currencyCode;
    const subtotals = [
      ...xml.matchAll(
        /<cac:TaxSubtotal>\s*<cbc:TaxableAmount currencyID="(\w+)">([\d.]+)<\/cbc:TaxableAmount>\s*<cbc:TaxAmount currencyID="\w+">([\d.]+)<\/cbc:TaxAmount>\s*<cac:TaxCategory>\s*<cbc:ID>S<\/cbc:ID>\s*<cbc:Percent>([\d.]+)</g,
      ),
    ].map((m) => m.slice(1));
    expect(subtotals).toEqual([
      [cur, '30.15', '6.03', '20'],
      [cur, '10.45', '1.05', '10'],
    ]);
    expect(xml).toContain(`<cbc:PayableAmount currencyID="${cur}">47.68</cbc:PayableAmount>`);
    expect(xml).toContain('<cbc:CompanyID>SK1010101010</cbc:CompanyID>');
    expect(xml).toContain('<cbc:ID>SK3112000000198742637541</cbc:ID>');
    // 7.33 less 5 % is 6.9635: stated per 100 units, nothing rounded away; the line's net as stored.
    expect(xml).toMatch(/<cbc:PriceAmount currencyID="\w+">696\.35<\/cbc:PriceAmount>\s*<cbc:BaseQuantity unitCode="C62">100<\/cbc:BaseQuantity>/);

    const cn = await get(`/api/invoices/${noteId}/ubl`);
    expect(cn.status).toBe(200);
    const note = await cn.text();
    expect(note).toMatch(/<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"/);
    expect(note).toContain('<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>');
    expect(note).toMatch(new RegExp(`<cac:BillingReference>\\s*<cac:InvoiceDocumentReference>\\s*<cbc:ID>${doc.number}</cbc:ID>`));
    expect(note).toContain('<cbc:Note>Returned</cbc:Note>');
    expect([...note.matchAll(/<cbc:TaxableAmount currencyID="\w+">([\d.]+)</g)].map((m) => m[1])).toEqual(['10.05', '10.45']);
    expect(note).toContain('<cbc:CreditedQuantity unitCode="C62">1.5</cbc:CreditedQuantity>');

    xmllint(xml);
    xmllint(note);
  });

  it.skipIf(!existsSync(join(XSD, 'UBL-Invoice-2.1.xsd')))('the XML is valid against the OASIS UBL 2.1 XSD (xmllint --schema)', async () => {
    xmllint(await (await get(`/api/invoices/${invoiceId}/ubl`)).text(), 'UBL-Invoice-2.1.xsd');
    xmllint(await (await get(`/api/invoices/${noteId}/ubl`)).text(), 'UBL-CreditNote-2.1.xsd');
  });

  it('gives an invoice and a credit note as Factur-X PDFs: the printed document with factur-x.xml inside, its totals the document’s', async () => {
    const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { encoding: 'utf8', stdio: 'pipe' });
    for (const [id, type] of [
      [invoiceId, '380'],
      [noteId, '381'],
    ] as const) {
      const doc = (await readInvoice(s.db, 'SK01', id))!;
      const r = await get(`/api/invoices/${id}/facturx`);
      expect(r.status, await r.clone().text()).toBe(200);
      expect(r.headers.get('content-type')).toBe('application/pdf');
      expect(r.headers.get('content-disposition')).toContain(`filename="${doc.number}.pdf"`);
      const dir = mkdtempSync(join(tmp, 'fx-'));
      const pdf = join(dir, 'document.pdf');
      writeFileSync(pdf, new Uint8Array(await r.arrayBuffer()));
      // The document as printed (its title and number), with the XML attached and the PDF/A-3 and Factur-X marks in its metadata.
      expect(run('pdftotext', ['-raw', '-enc', 'UTF-8', pdf, '-'])).toContain(doc.number);
      expect(run('pdfdetach', ['-list', pdf])).toMatch(/1: factur-x\.xml/);
      const meta = run('pdfinfo', ['-meta', pdf]);
      expect(meta).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
      expect(meta).toMatch(/<fx:ConformanceLevel>EN 16931<\/fx:ConformanceLevel>/);
      // PDF/A wants every font embedded (the printed PDF embeds its own): pdffonts' emb column.
      const fonts = run('pdffonts', [pdf]).trim().split('\n').slice(2);
      expect(fonts.length).toBeGreaterThan(0);
      expect(fonts.map((f) => / (yes|no) +(?:yes|no) +(?:yes|no) +\d+ +\d+$/.exec(f)?.[1])).toEqual(fonts.map(() => 'yes'));
      run('pdfdetach', ['-save', '1', '-o', join(dir, 'factur-x.xml'), pdf]);
      const xml = join(dir, 'factur-x.xml');
      run('xmllint', ['--noout', '--nonet', xml]);
      const x = (path: string) => run('xmllint', ['--xpath', `string(${path})`, xml]).trim();
      const sum = "//*[local-name()='SpecifiedTradeSettlementHeaderMonetarySummation']";
      expect({
        number: x("//*[local-name()='ExchangedDocument']/*[local-name()='ID']"),
        type: x("//*[local-name()='ExchangedDocument']/*[local-name()='TypeCode']"),
        net: x(`${sum}/*[local-name()='TaxBasisTotalAmount']`),
        vat: x(`${sum}/*[local-name()='TaxTotalAmount']`),
        gross: x(`${sum}/*[local-name()='GrandTotalAmount']`),
      }).toEqual({ number: doc.number, type, net: doc.totals.net, vat: doc.totals.vat, gross: doc.totals.gross });
    }
  });

  it('refuses a document whose data fails the EN 16931 schema, naming where', async () => {
    const doc = (await readInvoice(s.db, 'SK01', invoiceId))!;
    const wrong = { ...doc, buyer: { ...doc.buyer, countryCode: 'XX' } };
    const e = await ublXml(wrong).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(HttpError);
    expect(e).toMatchObject({ status: 409, code: 'einvoice_invalid', params: { document: doc.number, field: expect.stringContaining('cac:AccountingCustomerParty') } });
  });

  it('books the order, its invoice, the credit note and the receivable to the company’s default account; the order’s is one of its own', async () => {
    const def = await one(`select account_id, account_code from app.accounts where company_code = 'SK01' and is_default`);
    expect(def.account_code).toBe('604');
    expect((await one('select account_id from app.sales_orders where order_id = $1', [orderId])).account_id).toBe(def.account_id);
    expect((await rows('select account_id from app.invoices where invoice_id = any($1::int[])', [[invoiceId, noteId]])).map((r) => r.account_id)).toEqual([def.account_id, def.account_id]);
    expect((await one(`select account_id from app.cashflow_items where order_id = $1 and type_code = 'customer_invoice'`, [orderId])).account_id).toBe(def.account_id);
    // Another default takes the mark; a new order takes it; another company's account is refused.
    const other = (await ok(admin, 'accounts', 'add', { account_code: 'T602', account_names: { en: 'Services' }, is_default: true }, 'SK01')).row;
    expect((await rows(`select account_code from app.accounts where company_code = 'SK01' and is_default`)).map((r) => r.account_code)).toEqual(['T602']);
    const o = (await ok(admin, 'sales_orders', 'add', { partner_id: partner }, 'SK01')).row;
    expect(o.account_id).toBe(other.account_id);
    const hu = await one(`select account_id from app.accounts where company_code = 'HU01' order by account_id limit 1`);
    const refused = await s.action(admin, 'sales_orders', 'set', { order_id: o.order_id, row_version: o.row_version, account_id: hu.account_id }, 'SK01');
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    const set = await ok(admin, 'sales_orders', 'set', { order_id: o.order_id, row_version: o.row_version, account_id: def.account_id }, 'SK01');
    expect(set.rows?.[0]?.account_id ?? set.row?.account_id).toBe(def.account_id);
    await ok(
      admin,
      'accounts',
      'set',
      { account_id: def.account_id, row_version: (await one('select row_version from app.accounts where account_id = $1', [def.account_id])).row_version, is_default: true },
      'SK01',
    );
  });

  it('exports the period as an archive: the invoices per rate and the payments as CSV (guarded), each document as UBL', async () => {
    const item = await one(`select cashflow_id from app.cashflow_items where order_id = $1 and type_code = 'customer_invoice'`, [orderId]);
    const payment = (await ok(admin, 'cashflow_payments', 'add', { cashflow_id: item.cashflow_id, paid_on: today, amount: 10, note: '@SUM(A1)' }, 'SK01')).row;
    const r = await get(`/api/invoices/accounting_export?from=${today}&to=${today}&lang=de`);
    expect(r.status, await r.clone().text()).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/zip');
    expect(r.headers.get('content-disposition')).toContain(`accounting-SK01-${today}-${today}.zip`);
    const zip = await JSZip.loadAsync(await r.arrayBuffer());
    const documents = Number((await one(`select count(*)::int as n from app.invoices where company_code = 'SK01' and issue_date = $1::date`, [today])).n);
    const xmls = Object.keys(zip.files).filter((n) => /^ubl\/.+\.xml$/.test(n));
    expect(xmls).toHaveLength(documents);
    const doc = (await readInvoice(s.db, 'SK01', invoiceId))!;
    const cnDoc = (await readInvoice(s.db, 'SK01', noteId))!;
    expect(xmls).toEqual(expect.arrayContaining([`ubl/${doc.number}.xml`, `ubl/${cnDoc.number}.xml`]));
    expect(await zip.file(`ubl/${cnDoc.number}.xml`)!.async('string')).toContain('<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>');

    // German style: semicolons, a decimal comma, a BOM; a row per document and rate, the credit note negative.
    const invoicesCsv = await zip.file('invoices.csv')!.async('string');
    expect(invoicesCsv.startsWith('\uFEFF')).toBe(true);
    const parsed = Papa.parse<Record<string, string>>(invoicesCsv.slice(1).trim(), { header: true, delimiter: ';' }).data;
    const mine = parsed.filter((x) => x.document_number === doc.number || x.document_number === cnDoc.number);
    expect(mine.map((x) => [x.document_kind, x.vat_rate, x.net_amount, x.vat_amount, x.gross_amount, x.account_code])).toEqual([
      ['invoice', '20,00', '30,15', '6,03', '36,18', '604'],
      ['invoice', '10,00', '10,45', '1,05', '11,50', '604'],
      ['credit_note', '20,00', '-10,05', '-2,01', '-12,06', '604'],
      ['credit_note', '10,00', '-10,45', '-1,05', '-11,50', '604'],
    ]);
    // The customer's name starts like a formula: written as text.
    expect(mine[0]!.customer_name).toBe(`'=HYPERLINK("x")`);
    expect(mine[2]!.credited_invoice_number).toBe(doc.number);
    expect(mine[0]!.currency).toBe(doc.currencyCode);

    const paymentsCsv = Papa.parse<Record<string, string>>((await zip.file('payments.csv')!.async('string')).slice(1).trim(), { header: true, delimiter: ';' }).data;
    expect(paymentsCsv.find((x) => Number(x.payment_id) === payment.payment_id)).toMatchObject({
      paid_on: today,
      amount: '10,0000',
      direction: 'in',
      cashflow_type: 'customer_invoice',
      invoice_number: doc.number,
      account_code: '604',
      note: "'@SUM(A1)",
    });
  });

  it('holds both routes to the invoices page’s right and the session’s company; refuses a period that is none', async () => {
    // Without list on /finance/invoices.
    expect((await get(`/api/invoices/${invoiceId}/ubl`, catalog)).status).toBe(403);
    expect((await get(`/api/invoices/${invoiceId}/facturx`, catalog)).status).toBe(403);
    expect((await get(`/api/invoices/${invoiceId}/facturx`, admin, 'HU01')).status).toBe(404);
    expect((await get(`/api/invoices/accounting_export?from=${today}&to=${today}`, catalog)).status).toBe(403);
    // Another company's document is not found; its archive holds none of SK01's.
    const other = await get(`/api/invoices/${invoiceId}/ubl`, admin, 'HU01');
    expect(other.status).toBe(404);
    expect(((await other.json()) as { error: string }).error).toBe('not_found');
    const hu = await JSZip.loadAsync(await (await get(`/api/invoices/accounting_export?from=${today}&to=${today}`, admin, 'HU01')).arrayBuffer());
    const huNumbers = (await rows(`select invoice_number from app.invoices where company_code = 'HU01' and issue_date = $1::date`, [today])).map((r) => `ubl/${r.invoice_number}.xml`);
    expect(
      Object.keys(hu.files)
        .filter((n) => n.startsWith('ubl/') && !n.endsWith('/'))
        .sort(),
    ).toEqual(huNumbers.sort());
    // A period that ends before it starts, a day that is none.
    const back = await get(`/api/invoices/accounting_export?from=${today}&to=2000-01-01`);
    expect(back.status).toBe(400);
    expect(((await back.json()) as { error: string }).error).toBe('bad_period');
    expect((await get('/api/invoices/accounting_export?from=2026-13-01&to=2026-12-31')).status).toBe(400);
  });
});
