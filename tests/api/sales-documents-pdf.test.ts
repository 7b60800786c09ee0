/**
 * Customers' and suppliers' documents as PDFs (issue 47, point 2), over real HTTP on both
 * engines: the order confirmation, the invoice, the credit note, the delivery note and the
 * purchase order, each read back with `pdftotext -raw` — in the recipient's language (German:
 * the order's, the supplier's by its country) and in English when asked; the company's texts
 * for each document type printed; both parties' legal data and a very long address whole
 * (nothing ends in "…"); the invoice's VAT per rate, due date and payment line. Issuing an
 * invoice or a credit note puts its copy on the order's Documents tab (drawn when first
 * downloaded); a printed PDF is kept there in its language, printing again replaces it;
 * purchase orders keep theirs on their own Documents tab. renderDocumentPdf (for mail) answers
 * the same PDF. Another company's record is unknown (404), the record's page is needed (403).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDay } from '../../src/core/format.ts';
import { renderDocumentPdf } from '../../src/server/print/documentStore.ts';
import { engines, serverHelpers, startSignedIn, type TestServer } from './harness.ts';

const run = async (cmd: string, args: string[]) => (await promisify(execFile)(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })).stdout;
/** Words as one line of single spaces (no-break spaces of money included). */
const flat = (s: string) => s.replace(/\s+/g, ' ').trim();

const STREET = 'Außergewöhnlich lange Industriestraße der Vereinigten Eisenwarenhändler Nord-Ost';
const COMPANY_NAME = 'Großhandelsgesellschaft für Küchen- und Haushaltswaren Müller & Söhne Gesellschaft mit beschränkter Haftung';
const TEXTS: Record<string, { en: string; de: string }> = {
  order: { en: 'Thank you for your order', de: 'Vielen Dank für Ihre Bestellung' },
  invoice: { en: 'Invoice footer: goods remain ours until paid', de: 'Rechnungsfuß: Die Ware bleibt bis zur Bezahlung unser Eigentum' },
  credit_note: { en: 'Credit note header', de: 'Gutschriftkopf' },
  delivery_note: { en: 'Check the goods on arrival', de: 'Prüfen Sie die Ware bei Ankunft' },
  purchase_order: { en: 'Please confirm within two days', de: 'Bitte bestätigen Sie innerhalb von zwei Tagen' },
};

describe.each(engines)('sales documents as PDF on %s', (engine) => {
  let s: TestServer, admin: string, warehouse: string, dir: string;
  let order: { order_id: number; fsm_instance_id: number; fsm_reference: string };
  let names: string[];
  const { ok, rows, one } = serverHelpers(() => s);
  const get = (path: string, token = admin, company = 'SK01') => fetch(`${s.url}${path}`, { headers: { authorization: `Bearer ${token}`, 'x-company': company } });
  let n = 0;
  /** The PDF's text in content order (`pdftotext -raw`): a cell's wrapped lines follow each other. */
  const textOf = async (pdf: ArrayBuffer | Uint8Array) => {
    const file = join(dir, `${engine}-${++n}.pdf`);
    writeFileSync(file, pdf instanceof Uint8Array ? pdf : Buffer.from(pdf));
    return flat(await run('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-']));
  };
  const pdf = async (doc: string, query: string, token = admin) => {
    const r = await get(`/api/print/${doc}/pdf?${query}`, token);
    expect(r.status, await r.clone().text()).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    return textOf(await r.arrayBuffer());
  };
  const docs = (orderId: number) =>
    rows(`select doc_id, doc_type, document_code, file_name, size_bytes, generated_key, row_version, (content is null) as waiting from app.sales_order_documents where order_id = $1 order by doc_id`, [
      orderId,
    ]);
  const dayDe = (v: string) => formatDay(v, 'de-DE');

  beforeAll(async () => {
    ({ s, admin, warehouse } = await startSignedIn(engine));
    dir = mkdtempSync(join(tmpdir(), 'bo-sales-docs-'));
    await s.db.query(
      `update app.companies set address_line_1 = 'Hlavná 12', zip_code = '811 01', city = 'Bratislava', vat_number = 'SK2020123456',
              registration_number = '35 123 456', iban = 'SK31 1200 0000 1987 4263 7541' where company_code = 'SK01'`,
    );
    // The company's texts of every document type, in English and German.
    for (const [type, t] of Object.entries(TEXTS))
      await ok(admin, 'obd_texts', 'add', { document_type: type, placement: type === 'credit_note' ? 'header' : 'footer', obd_text: { en: `<p>${t.en}</p>`, de: `<p>${t.de}</p>` } }, 'SK01');
    const customer = (await ok(admin, 'partner_list', 'add', { partner_name: COMPANY_NAME, vat_number: 'DE123456789' }, 'SK01')).row;
    await ok(
      admin,
      'partner_addresses',
      'add',
      {
        partner_id: customer.partner_id,
        address_name: 'Zentrale',
        address_line_1: STREET,
        address_house_no: '117b',
        zip_code: '20095',
        city: 'Hamburg',
        country_code: 'DE',
        first_name: 'Anna',
        last_name: 'Schmidt',
      },
      'SK01',
    );
    order = (await ok(admin, 'sales_orders', 'add', { partner_id: customer.partner_id, language_code: 'de' }, 'SK01')).row;
    const products = (await rows(`select product_code from app.products where company_code = 'SK01' order by product_code offset 20 limit 2`)).map((r) => r.product_code as string);
    for (const [i, [quantity, unit_price, rate]] of [
      [3, 10.05, 20],
      [2, 7.5, 10],
    ].entries()) {
      const item = (await ok(admin, 'sales_order_items', 'add', { order_id: order.order_id, product_code: products[i], quantity, unit_price }, 'SK01')).row;
      await s.db.query('update app.sales_order_items set vat_rate = $2 where item_id = $1', [item.item_id, rate]);
    }
    names = (
      await rows(`select app.name_in(p.product_name, 'de', p.product_code) as n from unnest($1::text[]) with ordinality c(code, i) join app.products p on p.product_code = c.code order by c.i`, [
        products,
      ])
    ).map((r) => r.n as string);
  });
  afterAll(async () => {
    await s?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('prints the order confirmation in the customer’s German, and in English when asked, with both parties whole and the company’s texts', async () => {
    const de = await pdf('order_confirmations_print', `order_id=${order.order_id}`);
    expect(de).toContain(`Auftragsbestätigung ${order.fsm_reference}`);
    expect(de).not.toContain('…');
    // The seller's legal data, the buyer's long name and address whole.
    for (const part of ['Dunaj Trade s.r.o.', 'Hlavná 12', '811 01 Bratislava', 'USt-IdNr.: SK2020123456', 'Handelsregisternummer: 35 123 456', 'IBAN: SK31 1200 0000 1987 4263 7541'])
      expect(de).toContain(part);
    for (const part of [COMPANY_NAME, 'Anna Schmidt', `${STREET} 117b`, '20095 Hamburg', 'Deutschland', 'USt-IdNr.: DE123456789']) expect(de).toContain(part);
    for (const name of names) expect(de).toContain(flat(name));
    // VAT per rate and the totals: 3 × 10.05 = 30.15 + 6.03; 2 × 7.50 = 15.00 + 1.50.
    expect(de).toContain('20 % 30,15 € 6,03 € 36,18 €');
    expect(de).toContain('10 % 15,00 € 1,50 € 16,50 €');
    expect(de).toContain('Gesamt 45,15 € 7,53 € 52,68 €');
    expect(de).toContain(TEXTS.order!.de);

    const en = await pdf('order_confirmations_print', `order_id=${order.order_id}&lang=en`);
    expect(en).toContain(`Order confirmation ${order.fsm_reference}`);
    for (const part of ['VAT number: SK2020123456', `${STREET} 117b`, 'Germany', 'Total €45.15 €7.53 €52.68', TEXTS.order!.en]) expect(en).toContain(part);
    expect(en).not.toContain(TEXTS.order!.de);
    // Each print is kept on the order's Documents tab in its language.
    expect((await docs(order.order_id)).map((d) => [d.doc_type, d.generated_key, d.waiting])).toEqual([
      ['order_confirmation', `order_confirmation:${order.order_id}:de`, false],
      ['order_confirmation', `order_confirmation:${order.order_id}:en`, false],
    ]);
  });

  it('issues the invoice on confirm with its copy on the Documents tab, drawn when downloaded: VAT per rate, due date, payment, the company’s texts', async () => {
    const r = await s.action(admin, 'trigger_fsms', 'set', { event_code: 'confirm', fsm_instance_id: [order.fsm_instance_id] }, 'SK01');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const inv = await one(`select invoice_id, invoice_number, issue_date::text, due_date::text from app.invoices where order_id = $1 and kind = 'invoice'`, [order.order_id]);
    const kept = (await docs(order.order_id)).find((d) => d.doc_type === 'invoice')!;
    expect(kept).toMatchObject({ document_code: inv.invoice_number, file_name: `Rechnung ${inv.invoice_number}.pdf`, generated_key: `invoice:${inv.invoice_id}:de`, waiting: true, size_bytes: null });
    // The tab lists it like any file.
    const listed = (await ok(admin, 'sales_order_documents', 'filter', { order_id: order.order_id }, 'SK01')).rows;
    expect(listed.map((x: { doc_type: string }) => x.doc_type)).toContain('invoice');

    const file = await get(`/api/files/sales_order_documents/${kept.doc_id}`);
    expect(file.status).toBe(200);
    const text = await textOf(await file.arrayBuffer());
    expect(text).toContain(`Rechnung ${inv.invoice_number}`);
    expect(text).not.toContain('…');
    for (const part of [
      `Leistungsdatum: ${dayDe(inv.issue_date)}`,
      `${COMPANY_NAME}`,
      `${STREET} 117b`,
      'USt-IdNr.: DE123456789',
      'USt-IdNr.: SK2020123456',
      '20 % 30,15 € 6,03 € 36,18 €',
      '10 % 15,00 € 1,50 € 16,50 €',
      'Gesamt 45,15 € 7,53 € 52,68 €',
      `Bitte zahlen Sie 52,68 € bis ${dayDe(inv.due_date)} auf IBAN SK31 1200 0000 1987 4263 7541 unter Angabe von ${inv.invoice_number}.`,
      TEXTS.invoice!.de,
    ])
      expect(text).toContain(part);
    // Drawn once, then kept.
    const after = (await docs(order.order_id)).find((d) => d.doc_id === kept.doc_id)!;
    expect(after.waiting).toBe(false);
    expect(after.size_bytes).toBeGreaterThan(1000);

    // Printed in English: a second copy; printed again: that copy replaced, not another added.
    const en = await pdf('invoices_print', `invoice_id=${inv.invoice_id}&lang=en`);
    expect(en).toContain(`Invoice ${inv.invoice_number}`);
    expect(en).toContain(TEXTS.invoice!.en);
    await pdf('invoices_print', `invoice_id=${inv.invoice_id}&lang=en`);
    const copies = (await docs(order.order_id)).filter((d) => d.doc_type === 'invoice');
    expect(copies.map((d) => [d.generated_key, d.row_version])).toEqual([
      [`invoice:${inv.invoice_id}:de`, 1],
      [`invoice:${inv.invoice_id}:en`, 2],
    ]);

    // renderDocumentPdf (a mail's attachment): the same document, in the customer's language; a kind that is not the record's is none.
    const mail = (await renderDocumentPdf(s.db, 'SK01', 'invoice', Number(inv.invoice_id)))!;
    expect(mail).toMatchObject({ kind: 'invoice', lang: 'de', fileName: `Rechnung ${inv.invoice_number}.pdf`, contentType: 'application/pdf' });
    expect(await textOf(mail.content)).toContain(`Rechnung ${inv.invoice_number}`);
    expect(await renderDocumentPdf(s.db, 'SK01', 'credit_note', Number(inv.invoice_id))).toBeNull();
    expect(await renderDocumentPdf(s.db, 'HU01', 'invoice', Number(inv.invoice_id))).toBeNull();
  });

  it('prints a credit note from its issue, and the delivery note, each kept on the order', async () => {
    const inv = await one(`select invoice_id, invoice_number from app.invoices where order_id = $1 and kind = 'invoice'`, [order.order_id]);
    const cn = await ok(admin, 'credit_note', 'add', { invoice_id: inv.invoice_id, reason: 'Beschädigte Ware' }, 'SK01');
    const kept = (await docs(order.order_id)).find((d) => d.doc_type === 'credit_note')!;
    expect(kept).toMatchObject({ document_code: cn.invoice_number, generated_key: `credit_note:${cn.invoice_id}:de`, waiting: true });
    const text = await pdf('invoices_print', `invoice_id=${cn.invoice_id}`);
    for (const part of [`Gutschrift ${cn.invoice_number}`, `${inv.invoice_number} (`, 'Beschädigte Ware', 'Gesamt 45,15 € 7,53 € 52,68 €', TEXTS.credit_note!.de]) expect(text).toContain(part);
    expect(text).toContain(`Diese Gutschrift storniert 52,68 € der Rechnung ${inv.invoice_number}.`);
    // Printing it in the customer's language filled the waiting copy with the PDF printed.
    expect((await docs(order.order_id)).find((d) => d.doc_id === kept.doc_id)).toMatchObject({ waiting: false, row_version: 2 });

    const note = await pdf('delivery_notes_print', `order_id=${order.order_id}`);
    expect(note).toContain(`Lieferschein ${order.fsm_reference}`);
    for (const part of ['Absender', 'Lieferanschrift', COMPANY_NAME, `${STREET} 117b`, TEXTS.delivery_note!.de]) expect(note).toContain(part);
    for (const name of names) expect(note).toContain(flat(name));
    expect(note).not.toMatch(/€/);
    expect((await docs(order.order_id)).filter((d) => d.doc_type === 'delivery_note').map((d) => d.file_name)).toEqual([`Lieferschein ${order.fsm_reference}.pdf`]);
  });

  it('prints the purchase order in the supplier’s language (by its country), kept on the purchase order’s Documents tab', async () => {
    const supplier = (await ok(admin, 'partner_list', 'add', { partner_name: 'Wiener Werkzeug GmbH', is_supplier: true }, 'SK01')).row;
    await ok(
      admin,
      'partner_addresses',
      'add',
      { partner_id: supplier.partner_id, address_name: 'Wien', address_line_1: 'Mariahilfer Straße 1', zip_code: '1060', city: 'Wien', country_code: 'AT' },
      'SK01',
    );
    const product = (await one(`select product_code from app.products where company_code = 'SK01' order by product_code offset 30 limit 1`)).product_code as string;
    await ok(admin, 'product_suppliers', 'add', { product_code: product, partner_id: supplier.partner_id, supplier_product_code: 'WW-4711', purchase_price: 4.2, currency_code: 'EUR' }, 'SK01');
    const po = (await ok(admin, 'purchase_orders', 'add', { partner_id: supplier.partner_id, currency_code: 'EUR', opened_on: '2030-04-01' }, 'SK01')).row;
    await ok(admin, 'purchase_order_items', 'add', { po_id: po.po_id, product_code: product, quantity: 12, unit_price: 4.2 }, 'SK01');

    const de = await pdf('purchase_orders_print', `po_id=${po.po_id}`, warehouse);
    for (const part of [`Bestellung ${po.fsm_reference}`, 'Lieferant', 'Wiener Werkzeug GmbH', 'Mariahilfer Straße 1', '1060 Wien', 'Österreich', 'WW-4711', '50,40 €', TEXTS.purchase_order!.de])
      expect(de).toContain(part);
    expect(de).toContain(`Auftragsdatum: ${dayDe('2030-04-01')}`);
    const en = await pdf('purchase_orders_print', `po_id=${po.po_id}&lang=en`, warehouse);
    for (const part of [`Purchase order ${po.fsm_reference}`, 'Austria', 'Total €50.40', TEXTS.purchase_order!.en]) expect(en).toContain(part);
    const kept = await rows('select doc_type, generated_key, file_name from app.purchase_order_documents where po_id = $1 order by doc_id', [po.po_id]);
    expect(kept).toEqual([
      { doc_type: 'purchase_order', generated_key: `purchase_order:${po.po_id}:de`, file_name: `Bestellung ${po.fsm_reference}.pdf` },
      { doc_type: 'purchase_order', generated_key: `purchase_order:${po.po_id}:en`, file_name: `Purchase order ${po.fsm_reference}.pdf` },
    ]);
  });

  it('refuses another company’s records as unknown and a user without the record’s page', async () => {
    const hu = await one(
      `select o.order_id, (select invoice_id from app.invoices i where i.company_code = 'HU01' order by invoice_id limit 1) as invoice_id from app.sales_orders o where o.company_code = 'HU01' order by o.order_id limit 1`,
    );
    const before = await one('select count(*)::int as n from app.sales_order_documents');
    for (const path of [`order_confirmations_print/pdf?order_id=${hu.order_id}`, `delivery_notes_print?order_id=${hu.order_id}`, `invoices_print/pdf?invoice_id=${hu.invoice_id}`]) {
      const r = await get(`/api/print/${path}`);
      expect(r.status, path).toBe(404);
      expect((await r.json()).error).toBe('not_found');
    }
    // The same order in its own company prints.
    expect((await get(`/api/print/delivery_notes_print?order_id=${hu.order_id}`, admin, 'HU01')).status).toBe(200);
    // The warehouse staff has the print pages but not the sales orders' nor the invoices'.
    for (const path of [`order_confirmations_print/pdf?order_id=${order.order_id}`, `invoices_print?invoice_id=${hu.invoice_id}`])
      expect((await get(`/api/print/${path}`, warehouse)).status, path).toBe(403);
    // Another company's kept copy is not served.
    const copy = (await docs(order.order_id))[0]!;
    expect((await get(`/api/files/sales_order_documents/${copy.doc_id}`, admin, 'HU01')).status).toBe(404);
    expect((await one('select count(*)::int as n from app.sales_order_documents')).n).toBe(before.n);
  });
});
