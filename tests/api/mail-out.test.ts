/**
 * Mail that goes out (issue 47 point 5; migration 114), on both engines, into a local SMTP
 * sink (tests/api/smtpSink.ts): partners' and contacts' addresses (checked at the field) and
 * app.partner_mail_to / app.mail_language; the companies' accounting address; "Send to
 * supplier" mailing the user's text and the lines, refused with `supplier_no_email` when
 * nobody would receive it; "Send a reminder" counting levels 1–3 with the company's dunning
 * text, refused after the third; "Notify accounting" on a write-off, refused without the
 * address; the Outbox's rights, company scope, preview, cancel and resend; attachments queued
 * with a mail and arriving as sent.
 */
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDue } from '../../src/server/mail/outbox.ts';
import { enqueueMail } from '../../src/server/mail/enqueue.ts';
import { mailText } from '../../src/server/mail/render.ts';
import { smtpTransport, type MailTransport } from '../../src/server/mail/transport.ts';
import { LANGS } from '../../src/core/langs.ts';
import { engines, startSignedIn, type Json, type TestServer } from './harness.ts';
import { startSmtpSink, type SmtpSink } from './smtpSink.ts';

type Row = Record<string, Json>;

describe.each(engines)('mail that goes out on %s', (engine) => {
  let s: TestServer, admin: string, catalog: string, warehouse: string, sink: SmtpSink, smtp: MailTransport;
  beforeAll(async () => {
    ({ s, admin, catalog, warehouse } = await startSignedIn(engine));
    sink = await startSmtpSink();
    smtp = smtpTransport(`smtp://127.0.0.1:${sink.port}`, 'Back office <bo@example.com>');
  });
  afterAll(async () => {
    smtp?.close();
    await sink?.close();
    await s?.close();
  });

  const rows = async (sql: string, args: unknown[] = []): Promise<Row[]> => (await s.db.query<Row>(sql, args)).rows;
  const one = async (sql: string, args: unknown[] = []): Promise<Row> => (await rows(sql, args))[0]!;
  const call = (form: string, action: string, payload?: unknown, opts: { token?: string; company?: string } = {}) => s.action(opts.token ?? admin, form, action, payload, opts.company ?? 'SK01');
  const ok = async (form: string, action: string, payload?: unknown, opts: { token?: string; company?: string } = {}) => {
    const r = await call(form, action, payload, opts);
    expect(r.status, `${form} ${action}: ${JSON.stringify(r.body)}`).toBe(200);
    return r.body.data ?? r.body;
  };
  const fire = (event_code: string, id: number, params: Row = {}) => call('trigger_fsm', 'set', { event_code, fsm_instance_id: id, params });
  const stateOf = async (id: number) => (await one('select s.state_code from app.fsm_instances i join app.fsm_states s using (state_id) where i.fsm_instance_id = $1', [id])).state_code;
  const mailsOf = (type: string, id: number) => rows('select * from app.mail_outbox where source_type = $1 and source_id = $2 order by mail_id', [type, id]);
  const deliver = () => deliverDue(s.db, smtp, new Date(Date.now() + 1000));
  const newPartner = async (fields: Row) => (await ok('partner_list', 'add', { partner_name: `Mail test ${Math.random().toString(36).slice(2, 8)}`, ...fields })).row as Row;

  it('gives partners and contacts addresses, checked at the field, and chooses the address and language of a mail', async () => {
    const p = await newPartner({ email: '  Info@Kunde.Example ' });
    expect(p.email).toBe('info@kunde.example'); // the normal form
    const bad = await call('partner_list', 'set', { partner_id: p.partner_id, row_version: p.row_version, email: 'info@kunde' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'invalid_value', params: { field: 'payload.email', reason: 'validation.invalidEmail' } });
    for (const lang of LANGS) expect(mailText(lang, 'validation.invalidEmail'), lang).not.toBe(lang === 'en' ? '' : mailText('en', 'validation.invalidEmail'));
    // A flag needs an address (the rule at the field), and the address the e-mail rule.
    const flagged = await call('partner_contacts', 'add', { partner_id: p.partner_id, contact_name: 'Anna Kovács', receives_invoices: true });
    expect(flagged.status).toBe(400);
    expect(flagged.body).toMatchObject({ error: 'rule_violated', params: { rule: 'partner_contact_email_needed', field: 'payload.email' } });
    expect((await call('partner_contacts', 'add', { partner_id: p.partner_id, contact_name: 'Anna', email: 'anna@' })).body.params).toMatchObject({ reason: 'validation.invalidEmail' });
    // Another company's partner takes no contact from this one.
    const foreign = (await one(`select partner_id from app.partners where company_code = 'HU01' order by partner_id limit 1`)).partner_id;
    expect((await call('partner_contacts', 'add', { partner_id: foreign, contact_name: 'Intruder', email: 'x@example.com' })).status).toBeGreaterThanOrEqual(400);
    expect((await one(`select count(*)::int as n from app.partner_contacts where contact_name = 'Intruder'`)).n).toBe(0);

    const mailTo = async (purpose: string) => (await one('select app.partner_mail_to($1, $2) as to', [p.partner_id, purpose])).to;
    expect([await mailTo('orders'), await mailTo('invoices')]).toEqual([['info@kunde.example'], ['info@kunde.example']]);
    await ok('partner_contacts', 'add', { partner_id: p.partner_id, contact_name: 'Anna Kovács', contact_role: 'Buchhaltung', email: 'Anna@Kunde.Example', receives_invoices: true });
    await ok('partner_contacts', 'add', { partner_id: p.partner_id, contact_name: 'Béla', email: 'bela@kunde.example', receives_invoices: true, receives_orders: true });
    const listed = (await ok('partner_contacts', 'list', { filterModel: { partner_id: { filterType: 'number', type: 'equals', filter: p.partner_id } } })).rows as Row[];
    expect(listed.map((c) => c.contact_name).sort()).toEqual(['Anna Kovács', 'Béla']);
    expect([await mailTo('orders'), await mailTo('invoices')]).toEqual([['bela@kunde.example'], ['anna@kunde.example', 'bela@kunde.example']]);
    const noMail = await newPartner({});
    expect((await one('select app.partner_mail_to($1, $2) as to', [noMail.partner_id, 'orders'])).to).toEqual([]);

    // The language: the partner's, else the record's, else the company's (SK01's is Slovak).
    const lang = async (partner: number, preferred: string | null) => (await one(`select app.mail_language('SK01', $1, $2) as l`, [partner, preferred])).l;
    expect([await lang(p.partner_id, 'hu'), await lang(p.partner_id, null)]).toEqual(['hu', 'sk']);
    await ok('partner_list', 'set', { partner_id: p.partner_id, row_version: p.row_version, language_code: 'de' });
    expect(await lang(p.partner_id, 'hu')).toBe('de');
  });

  it('keeps the company’s accounting address on the companies screen, checked at the field', async () => {
    const sk = (await ok('companies', 'filter', { company_code: 'SK01' })).rows[0] as Row;
    expect(sk).toMatchObject({ accounting_email: 'uctovnictvo@dunaj-trade.example', language_code: 'sk' });
    const bad = await call('companies', 'set', { company_code: 'SK01', row_version: sk.row_version, accounting_email: 'účtovníctvo' });
    expect(bad.body).toMatchObject({ error: 'invalid_value', params: { field: 'payload.accounting_email', reason: 'validation.invalidEmail' } });
    const set = (await ok('companies', 'set', { company_code: 'SK01', row_version: sk.row_version, accounting_email: 'Books@Dunaj-Trade.Example' })).row as Row;
    expect(set.accounting_email).toBe('books@dunaj-trade.example');
  });

  it('mails the supplier the user’s text and the lines on “Send to supplier”; without an address it is refused and nothing moves', async () => {
    const supplier = await newPartner({ is_supplier: true, language_code: 'de' });
    const po = (await ok('purchase_orders', 'add', { partner_id: supplier.partner_id, currency_code: 'EUR' })).row as Row;
    const product = (await one(
      `select product_code, supplier_product_code, product_name->>'de' as name from app.products where company_code = 'SK01' and active order by product_code limit 1`,
    )) as Row;
    await ok('purchase_order_items', 'add', { po_id: po.po_id, product_code: product.product_code, quantity: 12, unit_price: 3.5 });
    const text = 'Guten Tag,\n\nbitte liefern Sie bis Ende des Monats.';

    const refused = await fire('order', po.fsm_instance_id, { email_body: text });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('supplier_no_email');
    for (const lang of LANGS) expect(mailText(lang, 'server.supplier_no_email'), lang).toMatch(/\S/);
    expect(await stateOf(po.fsm_instance_id)).toBe('draft');
    expect(await mailsOf('purchase_order', po.po_id)).toEqual([]);
    expect((await one('select count(*)::int as n from app.fsm_history where fsm_instance_id = $1', [po.fsm_instance_id])).n).toBe(1);

    // Its sales desk receives orders: the contact, not the partner's general address.
    await ok('partner_list', 'set', { partner_id: supplier.partner_id, row_version: supplier.row_version, email: 'info@lieferant.example' });
    await ok('partner_contacts', 'add', { partner_id: supplier.partner_id, contact_name: 'Verkauf', email: 'verkauf@lieferant.example', receives_orders: true });
    expect((await fire('order', po.fsm_instance_id, { email_body: text })).status).toBe(200);
    expect(await stateOf(po.fsm_instance_id)).toBe('ordered');
    const [queued] = await mailsOf('purchase_order', po.po_id);
    expect(queued).toMatchObject({ company_code: 'SK01', recipients: ['verkauf@lieferant.example'], language_code: 'de', status: 'pending' });
    expect(queued!.subject).toBe(`Bestellung ${po.fsm_reference} von Dunaj Trade s.r.o.`);
    const code = product.supplier_product_code ? `${product.supplier_product_code} / ${product.product_code}` : product.product_code;
    const eur = (n: number) => new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(n);
    expect(queued!.body_text).toBe(`${text}\n\nBestellte Artikel:\n12 × ${code}${product.name ? ` ${product.name}` : ''} · ${eur(3.5)}\n\nSumme: ${eur(42)}`);
    const before = sink.messages.length;
    expect(await deliver()).toMatchObject({ sent: 1 });
    expect(sink.messages.slice(before).map((m) => [m.to, m.subject])).toEqual([[['verkauf@lieferant.example'], queued!.subject]]);
  });

  it('sends reminder levels 1–3 with the company’s dunning text, and refuses a fourth; “Notify accounting” mails the accounting address or is refused', async () => {
    const customer = await newPartner({ language_code: 'hu' });
    const due = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    const item = (await ok('cashflow', 'add', { type_code: 'customer_invoice', partner_id: customer.partner_id, invoice_number: 'INV-MAIL-1', amount: 1234.5, currency_code: 'EUR', due_date: due }))
      .row as Row;
    await ok('cashflow_payments', 'add', { cashflow_id: item.cashflow_id, paid_on: new Date().toISOString().slice(0, 10), amount: 234.5 });
    for (const e of ['invoice', 'expire']) expect((await fire(e, item.fsm_instance_id)).status).toBe(200);
    expect(await stateOf(item.fsm_instance_id)).toBe('overdue');
    const level = async () => (await one('select reminder_level from app.cashflow_items where cashflow_id = $1', [item.cashflow_id])).reminder_level;

    // Nobody to remind: refused, the item stays overdue at level 0.
    const nobody = await fire('remind', item.fsm_instance_id);
    expect([nobody.status, nobody.body.error]).toEqual([409, 'customer_no_email']);
    expect([await stateOf(item.fsm_instance_id), await level()]).toEqual(['overdue', 0]);

    await ok('partner_contacts', 'add', { partner_id: customer.partner_id, contact_name: 'Könyvelés', email: 'konyveles@vevo.example', receives_invoices: true });
    // The company's own letter for the second level, in Hungarian only.
    await ok('obd_texts', 'add', {
      document_type: 'reminder_2',
      placement: 'header',
      obd_text: { hu: '<p>Tisztelt Partnerünk!</p><p>Második felszólításunk a <strong>lejárt</strong> tartozásról.</p>' },
    });
    const note = 'Kérjük, hivatkozzon a számlaszámra.';
    expect((await fire('remind', item.fsm_instance_id, { email_body: note })).status).toBe(200);
    expect((await fire('remind', item.fsm_instance_id)).status).toBe(200);
    expect((await fire('remind', item.fsm_instance_id)).status).toBe(200);
    expect(await level()).toBe(3);
    const mails = await mailsOf('cashflow', item.cashflow_id);
    expect(mails.map((m) => [m.recipients, m.language_code, m.subject])).toEqual([
      [['konyveles@vevo.example'], 'hu', 'Fizetési emlékeztető: INV-MAIL-1 számú számla'],
      [['konyveles@vevo.example'], 'hu', 'Második fizetési felszólítás: INV-MAIL-1 számú számla'],
      [['konyveles@vevo.example'], 'hu', 'Utolsó fizetési felszólítás: INV-MAIL-1 számú számla'],
    ]);
    const facts = mailText('hu', 'mail.reminder.facts', {
      reference: 'INV-MAIL-1',
      total: new Intl.NumberFormat('hu-HU', { style: 'currency', currency: 'EUR' }).format(1234.5),
      open: new Intl.NumberFormat('hu-HU', { style: 'currency', currency: 'EUR' }).format(1000),
      due_date: mails[0]!.body_text.match(/Fizetési határidő: (.+)/)![1]!,
    });
    expect(mails[0]!.body_text).toBe(
      [mailText('hu', 'mail.reminder.body_1', { customer: customer.partner_name }), note, facts, mailText('hu', 'mail.reminder.closing', { company: 'Dunaj Trade s.r.o.' })].join('\n\n'),
    );
    expect(mails[0]!.body_text).toMatch(/Fizetési határidő: \d{4}\. \d{2}\. \d{2}\./);
    expect(mails[1]!.body_text.startsWith('Tisztelt Partnerünk!\n\nMásodik felszólításunk a lejárt tartozásról.\n\n')).toBe(true);
    expect(mails[2]!.body_text).toContain(mailText('hu', 'mail.reminder.body_3', { customer: customer.partner_name }));

    const fourth = await fire('remind', item.fsm_instance_id);
    expect(fourth.body).toMatchObject({ error: 'reminder_limit', params: { max: 3 } });
    expect([await level(), (await mailsOf('cashflow', item.cashflow_id)).length]).toEqual([3, 3]);

    // The write-off: without the company's accounting address "Notify accounting" is refused; without the checkbox nothing is sent.
    const sk = (await ok('companies', 'filter', { company_code: 'SK01' })).rows[0] as Row;
    const cleared = (await ok('companies', 'set', { company_code: 'SK01', row_version: sk.row_version, accounting_email: null })).row as Row;
    const noBooks = await fire('write_off', item.fsm_instance_id, { checkbox: true });
    expect([noBooks.status, noBooks.body.error]).toEqual([409, 'accounting_no_email']);
    expect(await stateOf(item.fsm_instance_id)).toBe('reminded');
    await ok('companies', 'set', { company_code: 'SK01', row_version: cleared.row_version, accounting_email: 'uctovnictvo@dunaj-trade.example' });
    expect((await fire('write_off', item.fsm_instance_id, { checkbox: true })).status).toBe(200);
    const [writeOff] = (await mailsOf('cashflow', item.cashflow_id)).slice(3);
    expect(writeOff).toMatchObject({ recipients: ['uctovnictvo@dunaj-trade.example'], language_code: 'sk', subject: `Odpísané: INV-MAIL-1 (${customer.partner_name})` });
    expect(writeOff!.body_text).toContain('Odoslané upomienky: 3');
    expect(writeOff!.body_text).toContain(`Odpísané (otvorená suma): ${new Intl.NumberFormat('sk-SK', { style: 'currency', currency: 'EUR' }).format(1000)}`);
    const before = sink.messages.length;
    expect(await deliver()).toMatchObject({ sent: 4 });
    expect(sink.messages.slice(before).map((m) => m.to[0])).toEqual(['konyveles@vevo.example', 'konyveles@vevo.example', 'konyveles@vevo.example', 'uctovnictvo@dunaj-trade.example']);
  });

  it('lists the company’s mail on the Outbox under its page’s rights; preview, cancel and resend', async () => {
    const insert = async (company: string, subject: string) =>
      (
        await one(
          `insert into app.mail_outbox (company_code, recipients, language_code, subject, body_text, source_type, source_id) values ($1, array['a@example.com'], 'en', $2, 'Body of ' || $2, 'sales_order', 0) returning mail_id`,
          [company, subject],
        )
      ).mail_id as number;
    const mine = await insert('SK01', 'Outbox test SK');
    const theirs = await insert('HU01', 'Outbox test HU');
    const listed = (await ok('mail_outbox', 'list', { endRow: 1000 })).rows as Row[];
    expect(listed.find((r) => r.mail_id === mine)).toMatchObject({ status: 'pending', subject: 'Outbox test SK', recipients: 'a@example.com', attempts: 0 });
    expect(listed.some((r) => r.mail_id === theirs)).toBe(false);
    expect((await call('mail_preview', 'list', { mail_id: theirs })).status).toBe(404);
    expect((await call('mail_cancel', 'set', { mail_ids: [mine, theirs] })).status).toBe(404);
    // The page's rights: neither the catalogue manager nor the warehouse holds it.
    for (const token of [catalog, warehouse]) {
      expect((await call('mail_outbox', 'list', {}, { token })).status).toBe(403);
      expect((await call('mail_preview', 'list', { mail_id: mine }, { token })).status).toBe(403);
    }
    expect(await ok('mail_preview', 'list', { mail_id: mine })).toMatchObject({ subject: 'Outbox test SK', body_text: 'Body of Outbox test SK', recipients: ['a@example.com'], attachments: [] });

    expect(await ok('mail_cancel', 'set', { mail_ids: [mine] })).toEqual({ cancelled: 1 });
    expect((await call('mail_cancel', 'set', { mail_ids: [mine] })).body).toMatchObject({ error: 'mail_not_cancellable', params: { mail: mine } });
    const before = sink.messages.length;
    await deliver();
    expect(sink.messages.slice(before).some((m) => m.subject === 'Outbox test SK')).toBe(false); // cancelled: not sent
    expect(await ok('mail_resend', 'set', { mail_ids: [mine] })).toEqual({ resent: 1 });
    await deliver();
    expect(sink.messages.slice(before).filter((m) => m.subject === 'Outbox test SK')).toHaveLength(1);
    expect(await one('select status, attempts from app.mail_outbox where mail_id = $1', [mine])).toEqual({ status: 'sent', attempts: 1 });
    expect((await call('mail_resend', 'set', { mail_ids: [mine] })).body).toMatchObject({ error: 'mail_not_resendable', params: { mail: mine } });
  });

  it('queues attachments with a mail and sends them as they are', async () => {
    const bytes = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7) % 256)); // every byte value, binary
    const id = await s.db.transaction((tx) =>
      enqueueMail(tx, {
        company: 'SK01',
        to: ['kunde@example.sk'],
        language: 'sk',
        subject: 'Faktúra s prílohou',
        text: 'V prílohe posielame faktúru.',
        source: { type: 'sales_order', id: 0 },
        attachments: [
          { filename: 'Faktúra INV-2030-1.pdf', contentType: 'application/pdf', content: bytes },
          { filename: 'dodací list.txt', contentType: 'text/plain', content: Buffer.from('Dodací list č. 1\n') },
        ],
      }),
    );
    await expect(
      s.db.transaction((tx) =>
        enqueueMail(tx, {
          company: 'SK01',
          to: ['a@example.sk'],
          language: 'sk',
          subject: 'x',
          text: 'x',
          source: { type: 'sales_order', id: 0 },
          attachments: [{ filename: '../etc/passwd', contentType: 'text/plain', content: Buffer.from('') }],
        }),
      ),
    ).rejects.toThrow(/not a file name/);
    expect((await ok('mail_outbox', 'filter', { mail_id: id })).rows[0]).toMatchObject({ attachment_names: 'Faktúra INV-2030-1.pdf, dodací list.txt' });
    expect((await ok('mail_preview', 'list', { mail_id: id })).attachments).toEqual([
      { filename: 'Faktúra INV-2030-1.pdf', content_type: 'application/pdf', size: 3000 },
      { filename: 'dodací list.txt', content_type: 'text/plain', size: Buffer.byteLength('Dodací list č. 1\n') },
    ]);
    const before = sink.messages.length;
    await deliver();
    const got = sink.messages.slice(before).find((m) => m.subject === 'Faktúra s prílohou')!;
    const parsed = await PostalMime.parse(got.raw);
    expect(parsed.text?.trim()).toBe('V prílohe posielame faktúru.');
    expect(parsed.attachments.map((a) => [a.filename, a.mimeType])).toEqual([
      ['Faktúra INV-2030-1.pdf', 'application/pdf'],
      ['dodací list.txt', 'text/plain'],
    ]);
    expect(Buffer.from(parsed.attachments[0]!.content as ArrayBuffer).equals(bytes)).toBe(true);
  });
});
