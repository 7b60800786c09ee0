/**
 * "Send by mail…" (issue 47, point 2; src/server/actions/document_mail.ts) on both engines: the
 * documents a record can mail with the recipients and language its automatic mail would use;
 * a document queued by hand to other addresses in another language, drawn when the outbox
 * sends it into a local SMTP sink (postal-mime, pdftotext); the copy kept on the order's
 * Documents tab; the CMR note kept there when printed too; the refusals — the page's `set`
 * right, another company's record, a document the record has not, a bad address at its field.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { engines, serverHelpers, type Json, type TestServer } from './harness.ts';
import { mailSuite } from './mailSuite.ts';

type Row = Record<string, Json>;

describe.each(engines)('Send by mail… on %s', (engine) => {
  const mail = mailSuite(engine, (s) => s.db.query('update app.companies set paid_without_payment = true'));
  let s: TestServer, admin: string, catalog: string, warehouse: string;
  beforeAll(() => void ({ s, admin, catalog, warehouse } = mail.at));
  const { pdfText, deliver } = mail;
  const { ok, rows, one } = serverHelpers(() => s);

  const call = (verb: 'list' | 'add', payload: Row, token = admin, company = 'SK01') => s.action(token, 'document_mail', verb, payload, company);
  const options = async (source: string, id: number) => {
    const r = await call('list', { source, id });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data.documents as Row[];
  };
  const send = async (payload: Row) => {
    const r = await call('add', payload);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data as Row;
  };
  const outboxCount = async () => Number((await one('select count(*)::int as n from app.mail_outbox')).n);
  const newPartner = async (fields: Row) => (await ok(admin, 'partner_list', 'add', { partner_name: `Versand ${Math.random().toString(36).slice(2, 8)}`, ...fields }, 'SK01')).row as Row;
  const newOrder = async (partner: Row, fields: Row = {}, company = 'SK01') => {
    const order = (await ok(admin, 'sales_orders', 'add', { partner_id: partner.partner_id, ...fields }, company)).row as Row;
    const product = (await one('select product_code from app.products where company_code = $1 and active and selling_price_shop > 0 and stock_qty >= 50 order by product_code limit 1', [company]))
      .product_code;
    await ok(admin, 'sales_order_items', 'add', { order_id: order.order_id, product_code: product, quantity: 2 }, company);
    return (await one('select * from app.v_sales_orders where order_id = $1', [order.order_id])) as Row;
  };
  const confirm = (order: Row, company = 'SK01') => ok(admin, 'fsm_trigger', 'set', { event_code: 'confirm', fsm_instance_id: [order.fsm_instance_id], params: {} }, company);
  const kept = (orderId: number) =>
    rows(`select doc_type, generated_key, content is null as waiting from app.sales_order_documents where order_id = $1 and generated_key is not null order by doc_id`, [orderId]);

  it('offers what the automatic mail would send, and mails the invoice to other addresses in another language', async () => {
    const customer = await newPartner({ email: 'einkauf@kunde-hand.example', language_code: 'de' });
    await ok(admin, 'partner_contacts', 'add', { partner_id: customer.partner_id, contact_name: 'Buchhaltung', email: 'rechnung@kunde-hand.example', receives_invoices: true }, 'SK01');
    const order = await newOrder(customer, { language_code: 'sk', email: 'objednavka@kunde-hand.example' });
    // Before the invoice is issued, an order offers its confirmation and delivery note, to the order's address in its language.
    expect(await options('sales_order', order.order_id as number)).toEqual([
      { document: 'order_confirmation', number: order.fsm_reference, to: ['objednavka@kunde-hand.example'], language: 'sk' },
      { document: 'delivery_note', number: order.fsm_reference, to: ['objednavka@kunde-hand.example'], language: 'sk' },
    ]);
    const notIssued = await call('add', { source: 'sales_order', id: order.order_id, document: 'invoice', to: ['a@b.example'], language: 'en' });
    expect([notIssued.status, notIssued.body.error]).toEqual([404, 'not_found']);

    await confirm(order);
    await deliver(); // the confirmation's own mails out of the way
    const inv = await one(`select invoice_id, invoice_number from app.invoices where order_id = $1 and kind = 'invoice'`, [order.order_id]);
    const invoiceOption = { document: 'invoice', number: inv.invoice_number, to: ['rechnung@kunde-hand.example'], language: 'de' };
    expect((await options('sales_order', order.order_id as number))[2]).toEqual(invoiceOption);
    expect(await options('invoice', inv.invoice_id as number)).toEqual([invoiceOption]);

    const sent = await send({ source: 'invoice', id: inv.invoice_id, document: 'invoice', to: ['Chef@Kunde-Hand.example', 'kopie@kunde-hand.example'], language: 'hu', message: 'Kérjük, fizessen.' });
    expect(sent.to).toEqual(['chef@kunde-hand.example', 'kopie@kunde-hand.example']);
    const company = (await one(`select company_name from app.companies where company_code = 'SK01'`)).company_name;
    expect(sent.subject).toBe(`Számla ${inv.invoice_number} – ${company}`);
    // Queued naming its documents; kept on the order's tab in the mail's language, waiting to be drawn.
    expect(await rows('select document_kind, document_lang, content is null as waiting from app.mail_attachments where mail_id = $1 order by position', [sent.mail_id])).toEqual([
      { document_kind: 'invoice', document_lang: 'hu', waiting: true },
      { document_kind: 'ubl', document_lang: 'hu', waiting: true },
    ]);
    expect((await kept(order.order_id as number)).find((d) => d.generated_key === `invoice:${inv.invoice_id}:hu`)).toEqual({
      doc_type: 'invoice',
      generated_key: `invoice:${inv.invoice_id}:hu`,
      waiting: true,
    });

    const [mail, ...others] = await deliver();
    expect(others).toEqual([]);
    expect(mail!.rcpt).toEqual(['chef@kunde-hand.example', 'kopie@kunde-hand.example']);
    expect(mail!.subject).toBe(sent.subject);
    expect(mail!.text?.trim()).toBe('Kérjük, fizessen.');
    expect(mail!.attachments.map((a) => [a.filename, a.mimeType])).toEqual([
      [`Számla ${inv.invoice_number}.pdf`, 'application/pdf'],
      [`${inv.invoice_number}.xml`, 'application/xml'],
    ]);
    expect(await pdfText(mail!.attachments[0]!.content)).toContain(`Számla ${inv.invoice_number}`);
    // The kept copy took the PDF the mail carried.
    expect((await kept(order.order_id as number)).find((d) => d.generated_key === `invoice:${inv.invoice_id}:hu`)?.waiting).toBe(false);
  });

  it('mails an order’s delivery note with the catalogue’s text, a purchase order to its supplier, and a CMR note, each kept on its order', async () => {
    const customer = await newPartner({ email: 'kunde@lieferschein.example' });
    const order = await newOrder(customer, { language_code: 'en', email: 'bestellung@lieferschein.example' });
    // The order's address before the customer's.
    expect((await options('sales_order', order.order_id as number)).map((d) => d.to)).toEqual([['bestellung@lieferschein.example'], ['bestellung@lieferschein.example']]);
    const dn = await send({ source: 'sales_order', id: order.order_id, document: 'delivery_note', to: ['lager@lieferschein.example'], language: 'de' });
    const [dnMail] = await deliver();
    expect(dnMail!.subject).toBe(dn.subject);
    expect(dnMail!.text).toContain(`im Anhang finden Sie Lieferschein ${order.fsm_reference}`);
    expect(dnMail!.attachments.map((a) => a.filename)).toEqual([`Lieferschein ${order.fsm_reference}.pdf`]);
    expect(await pdfText(dnMail!.attachments[0]!.content)).toContain(`Lieferschein ${order.fsm_reference}`);
    expect(await kept(order.order_id as number)).toEqual([{ doc_type: 'delivery_note', generated_key: `delivery_note:${order.order_id}:de`, waiting: false }]);

    const supplier = await newPartner({ is_supplier: true, language_code: 'cs', email: 'prodej@dodavatel-hand.example' });
    const po = (await ok(admin, 'purchase_orders', 'add', { partner_id: supplier.partner_id, currency_code: 'EUR' }, 'SK01')).row as Row;
    const ref = (await one('select fsm_reference from app.purchase_orders where po_id = $1', [po.po_id])).fsm_reference;
    expect(await options('purchase_order', po.po_id as number)).toEqual([{ document: 'purchase_order', number: ref, to: ['prodej@dodavatel-hand.example'], language: 'cs' }]);
    await send({ source: 'purchase_order', id: po.po_id, document: 'purchase_order', to: ['prodej@dodavatel-hand.example'], language: 'cs' });
    const [poMail] = await deliver();
    expect(poMail!.attachments.map((a) => a.filename)).toEqual([`Objednávka ${ref}.pdf`]);
    expect(await rows('select generated_key, content is null as waiting from app.purchase_order_documents where po_id = $1', [po.po_id])).toEqual([
      { generated_key: `purchase_order:${po.po_id}:cs`, waiting: false },
    ]);

    const note = (await ok(admin, 'cmr', 'add', { order_id: order.order_id, packages: 2 }, 'SK01')).row as Row;
    expect(await options('cmr_note', note.cmr_id as number)).toEqual([{ document: 'cmr_note', number: note.cmr_number, to: ['bestellung@lieferschein.example'], language: 'en' }]);
    await send({ source: 'cmr_note', id: note.cmr_id, document: 'cmr_note', to: ['kunde@lieferschein.example'], language: 'sk' });
    const [cmrMail] = await deliver();
    expect(cmrMail!.attachments.map((a) => [a.filename, a.mimeType])).toEqual([[`Nákladný list CMR ${note.cmr_number}.pdf`, 'application/pdf']]);
    const cmrText = await pdfText(cmrMail!.attachments[0]!.content);
    expect(cmrText).toContain(note.cmr_number as string);
    expect(cmrText).toContain(customer.partner_name as string);
    expect((await kept(order.order_id as number)).find((d) => d.doc_type === 'cmr_note')).toEqual({ doc_type: 'cmr_note', generated_key: `cmr_note:${note.cmr_id}:sk`, waiting: false });

    // Printed from the CMR screen as a PDF, the note is kept on its order too (in the language printed).
    const printed = await fetch(`${s.url}/api/print/cmr_notes_print/pdf?cmr_id=${note.cmr_id}&lang=de`, { headers: { authorization: `Bearer ${admin}`, 'x-company': 'SK01' } });
    expect(printed.status).toBe(200);
    await printed.arrayBuffer();
    expect((await kept(order.order_id as number)).filter((d) => d.doc_type === 'cmr_note')).toEqual([
      { doc_type: 'cmr_note', generated_key: `cmr_note:${note.cmr_id}:sk`, waiting: false },
      { doc_type: 'cmr_note', generated_key: `cmr_note:${note.cmr_id}:de`, waiting: false },
    ]);
  });

  it('refuses without the page’s set right, another company’s record and a bad address (at its field), queuing nothing', async () => {
    const customer = await newPartner({ email: 'x@refus.example' });
    const order = await newOrder(customer);
    const hu = await newOrder((await one(`select partner_id from app.partners where company_code = 'HU01' and not is_supplier and not deleted order by partner_id limit 1`)) as Row, {}, 'HU01');
    const po = (await one(`select po_id from app.purchase_orders where company_code = 'SK01' order by po_id limit 1`)).po_id as number;
    const before = await outboxCount();
    const good = { source: 'sales_order', id: order.order_id, document: 'order_confirmation', to: ['x@refus.example'], language: 'en' };
    const cases: [string, 'list' | 'add', Row, string, string, number, string][] = [
      ['no page at all (catalogue manager)', 'add', good, catalog, 'SK01', 403, 'forbidden'],
      ['no page at all, the options', 'list', { source: 'sales_order', id: order.order_id }, catalog, 'SK01', 403, 'forbidden'],
      ['list but no set on purchase orders (warehouse)', 'list', { source: 'purchase_order', id: po }, warehouse, 'SK01', 403, 'forbidden'],
      ['another company’s order', 'add', { ...good, id: hu.order_id }, admin, 'SK01', 404, 'not_found'],
      ['another company’s order, the options', 'list', { source: 'sales_order', id: hu.order_id }, admin, 'SK01', 404, 'not_found'],
      ['a document the record has not', 'add', { ...good, document: 'purchase_order' }, admin, 'SK01', 404, 'not_found'],
      ['a bad address', 'add', { ...good, to: ['x@refus.example', 'kein-at.example'] }, admin, 'SK01', 400, 'bad_request'],
      ['no address', 'add', { ...good, to: [] }, admin, 'SK01', 400, 'bad_request'],
      ['a language that is none', 'add', { ...good, language: 'fr' }, admin, 'SK01', 400, 'bad_request'],
    ];
    for (const [what, verb, payload, token, company, status, code] of cases) {
      const r = await call(verb, payload, token, company);
      expect([what, r.status, r.body.error], JSON.stringify(r.body)).toEqual([what, status, code]);
    }
    const bad = await call('add', { ...good, to: ['x@refus.example', 'kein-at.example'] });
    expect(bad.body.params?.field).toBe('payload.to.1');
    expect(await outboxCount()).toBe(before);
    expect(await kept(order.order_id as number)).toEqual([]);
  });
});
