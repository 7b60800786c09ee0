/**
 * Documents attached to the workflow mails (issue 47; migration 130), on both engines, into a
 * local SMTP sink: `confirm` mails the order confirmation with its PDF, and the invoice it
 * issues goes out with the invoice's PDF and its UBL e-invoice; `ship` mails the delivery note;
 * "Send to supplier" the purchase order; "Send a reminder" the invoice. Each in the mail's
 * language (app.mail_language), drawn when the outbox sends (the queued rows hold no bytes
 * yet), read back with postal-mime, the PDFs' text with pdftotext, the XML with xmllint. The
 * confirmation, delivery note and purchase order are kept on their order's Documents tab when
 * the event happens, filled by the PDF the mail carried.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { engines, serverHelpers, type Json, type TestServer } from './harness.ts';
import { mailSuite, run } from './mailSuite.ts';

type Row = Record<string, Json>;

describe.each(engines)('documents attached to mails on %s', (engine) => {
  const mail = mailSuite(engine, (s) => s.db.query('update app.companies set paid_without_payment = true'));
  let s: TestServer, admin: string;
  beforeAll(() => void ({ s, admin } = mail.at));
  const { file, pdfText, deliver } = mail;
  const { ok, rows, one } = serverHelpers(() => s);

  const fire = (event_code: string, id: number, params: Row = {}, company = 'SK01') => ok(admin, 'fsm_trigger', 'set', { event_code, fsm_instance_id: [id], params }, company);
  const newCustomer = async (company: string, fields: Row) =>
    (await ok(admin, 'partner_list', 'add', { partner_name: `Dokumente ${Math.random().toString(36).slice(2, 8)}`, ...fields }, company)).row as Row;
  const newOrder = async (company: string, partner: Row, fields: Row = {}) => {
    const order = (await ok(admin, 'sales_orders', 'add', { partner_id: partner.partner_id, ...fields }, company)).row as Row;
    const product = (await one('select product_code from app.products where company_code = $1 and active and selling_price_shop > 0 and stock_qty >= 50 order by product_code limit 1', [company]))
      .product_code;
    await ok(admin, 'sales_order_items', 'add', { order_id: order.order_id, product_code: product, quantity: 2 }, company);
    return (await one('select * from app.v_sales_orders where order_id = $1', [order.order_id])) as Row;
  };
  const kept = (orderId: number) =>
    rows(`select doc_type, generated_key, content is null as waiting from app.sales_order_documents where order_id = $1 and generated_key is not null order by doc_id`, [orderId]);

  it('mails the confirmation with its PDF and the invoice with its PDF and UBL, in the customer’s language, drawn when sent', async () => {
    const customer = await newCustomer('SK01', { email: 'einkauf@kunde-doc.example', language_code: 'de' });
    await ok(admin, 'partner_contacts', 'add', { partner_id: customer.partner_id, contact_name: 'Buchhaltung', email: 'rechnung@kunde-doc.example', receives_invoices: true }, 'SK01');
    const order = await newOrder('SK01', customer, { language_code: 'sk' });
    await fire('confirm', order.fsm_instance_id as number);
    const inv = await one(`select invoice_id, invoice_number from app.invoices where order_id = $1 and kind = 'invoice'`, [order.order_id]);

    // Queued in the move's transaction naming the documents: no bytes yet.
    const queued = await rows(
      `select o.recipients, o.language_code, a.filename, a.document_kind, a.content is null as waiting
       from app.mail_outbox o join app.mail_attachments a using (mail_id) where o.source_type = 'sales_order' and o.source_id = $1 order by o.mail_id, a.position`,
      [order.order_id],
    );
    expect(queued).toEqual([
      { recipients: ['einkauf@kunde-doc.example'], language_code: 'sk', filename: `order_confirmation-${order.order_id}.pdf`, document_kind: 'order_confirmation', waiting: true },
      { recipients: ['rechnung@kunde-doc.example'], language_code: 'de', filename: `invoice-${inv.invoice_id}.pdf`, document_kind: 'invoice', waiting: true },
      { recipients: ['rechnung@kunde-doc.example'], language_code: 'de', filename: `ubl-${inv.invoice_id}.xml`, document_kind: 'ubl', waiting: true },
    ]);
    // The confirmation is kept on the Documents tab the moment the order is confirmed (in the order's language), like the invoice.
    expect(await kept(order.order_id as number)).toEqual([
      { doc_type: 'order_confirmation', generated_key: `order_confirmation:${order.order_id}:sk`, waiting: true },
      { doc_type: 'invoice', generated_key: `invoice:${inv.invoice_id}:sk`, waiting: true },
    ]);

    const got = await deliver();
    const confirmation = got.find((m) => m.rcpt.includes('einkauf@kunde-doc.example'))!;
    expect(confirmation.subject).toBe(`Potvrdenie vašej objednávky ${order.fsm_reference}`);
    expect(confirmation.attachments.map((a) => [a.filename, a.mimeType])).toEqual([[`Potvrdenie objednávky ${order.fsm_reference}.pdf`, 'application/pdf']]);
    expect(await pdfText(confirmation.attachments[0]!.content)).toContain(`Potvrdenie objednávky ${order.fsm_reference}`);

    const invoice = got.find((m) => m.rcpt.includes('rechnung@kunde-doc.example'))!;
    expect(invoice.subject).toBe(`Rechnung ${inv.invoice_number} zu Ihrer Bestellung ${order.fsm_reference}`);
    expect(invoice.attachments.map((a) => [a.filename, a.mimeType])).toEqual([
      [`Rechnung ${inv.invoice_number}.pdf`, 'application/pdf'],
      [`${inv.invoice_number}.xml`, 'application/xml'],
    ]);
    const text = await pdfText(invoice.attachments[0]!.content);
    expect(text).toContain(`Rechnung ${inv.invoice_number}`);
    expect(text).toContain(customer.partner_name as string);
    const xml = file('invoice.xml', invoice.attachments[1]!.content);
    await run('xmllint', ['--noout', xml]);
    expect((await run('xmllint', ['--xpath', "string(/*[local-name()='Invoice']/*[local-name()='ID'])", xml])).trim()).toBe(inv.invoice_number);

    // The bytes stay with the mail (a resend sends the same files), and the kept confirmation took the PDF that was mailed
    // (the invoice's copy is in the invoice's language, Slovak: the German one mailed is not it).
    const stored = await rows(
      `select a.filename, a.content is not null as drawn from app.mail_attachments a join app.mail_outbox o using (mail_id) where o.source_id = $1 and o.source_type = 'sales_order' order by a.attachment_id`,
      [order.order_id],
    );
    expect(stored.every((r) => r.drawn)).toBe(true);
    expect((await kept(order.order_id as number)).map((d) => d.waiting)).toEqual([false, true]);
  });

  it('mails the delivery note on `ship`, the invoice on a reminder, and the purchase order to the supplier', async () => {
    const customer = await newCustomer('HU01', { email: 'vevo@dok-vevo.example', language_code: 'en' });
    const order = await newOrder('HU01', customer, { language_code: 'hu' });
    for (const e of ['confirm', 'pay', 'ship']) await fire(e, order.fsm_instance_id as number, {}, 'HU01');
    const inv = await one(`select invoice_id, invoice_number from app.invoices where order_id = $1 and kind = 'invoice'`, [order.order_id]);
    let got = await deliver();
    // The order's mails in the order's language (Hungarian), the invoice's in the customer's (English).
    expect(got.map((m) => [m.subject, m.attachments.map((a) => a.filename)])).toEqual([
      [`A(z) ${order.fsm_reference} rendelés visszaigazolása`, [`Rendelés-visszaigazolás ${order.fsm_reference}.pdf`]],
      [`Invoice ${inv.invoice_number} for your order ${order.fsm_reference}`, [`Invoice ${inv.invoice_number}.pdf`, `${inv.invoice_number}.xml`]],
      [`Feladtuk a(z) ${order.fsm_reference} számú rendelését`, [`Szállítólevél ${order.fsm_reference}.pdf`]],
    ]);
    expect(await pdfText(got[2]!.attachments[0]!.content)).toContain(`Szállítólevél ${order.fsm_reference}`);
    expect((await kept(order.order_id as number)).filter((d) => d.doc_type === 'delivery_note')).toEqual([
      { doc_type: 'delivery_note', generated_key: `delivery_note:${order.order_id}:hu`, waiting: false },
    ]);

    // A reminder of an issued invoice's overdue receivable carries the invoice.
    const unpaid = await newOrder('HU01', customer, { language_code: 'hu' });
    await fire('confirm', unpaid.fsm_instance_id as number, {}, 'HU01');
    const unpaidInv = await one(`select invoice_number from app.invoices where order_id = $1 and kind = 'invoice'`, [unpaid.order_id]);
    await deliver();
    const item = await one(`select fsm_instance_id from app.cashflow_items where order_id = $1 and invoice_number = $2`, [unpaid.order_id, unpaidInv.invoice_number]);
    await fire('expire', item.fsm_instance_id as number, {}, 'HU01');
    await fire('remind', item.fsm_instance_id as number, {}, 'HU01');
    got = await deliver();
    expect(got.map((m) => m.attachments.map((a) => a.filename))).toEqual([[`Invoice ${unpaidInv.invoice_number}.pdf`]]);
    expect(await pdfText(got[0]!.attachments[0]!.content)).toContain(`Invoice ${unpaidInv.invoice_number}`);

    // "Send to supplier": the purchase order in the supplier's language.
    const supplier = await newCustomer('SK01', { is_supplier: true, language_code: 'de', email: 'verkauf@lieferant-doc.example' });
    const po = (await ok(admin, 'purchase_orders', 'add', { partner_id: supplier.partner_id, currency_code: 'EUR' }, 'SK01')).row as Row;
    const product = (await one(`select product_code from app.products where company_code = 'SK01' and active order by product_code limit 1`)).product_code;
    await ok(admin, 'purchase_order_items', 'add', { po_id: po.po_id, product_code: product, quantity: 12, unit_price: 3.5 }, 'SK01');
    await fire('order', po.fsm_instance_id as number);
    expect(await rows(`select doc_type, generated_key from app.purchase_order_documents where po_id = $1 and generated_key is not null`, [po.po_id])).toEqual([
      { doc_type: 'purchase_order', generated_key: `purchase_order:${po.po_id}:de` },
    ]);
    got = await deliver();
    expect(got.map((m) => [m.rcpt, m.attachments.map((a) => a.filename)])).toEqual([[['verkauf@lieferant-doc.example'], [`Bestellung ${po.fsm_reference}.pdf`]]]);
    expect(await pdfText(got[0]!.attachments[0]!.content)).toContain(`Bestellung ${po.fsm_reference}`);
    expect((await one(`select content is null as waiting from app.purchase_order_documents where po_id = $1`, [po.po_id])).waiting).toBe(false);
  });
});
