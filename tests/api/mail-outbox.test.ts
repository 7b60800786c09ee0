/**
 * E-mail sent by workflow events (issue 22), on both engines, against a local SMTP server
 * on loopback (tests/api/smtpSink.ts): `ship` mails the user's text (and the tracking
 * number) to the order's address, `pay` with its checkbox a payment confirmation, each in
 * the order's language; a move queues its mail in its own transaction, so every refused
 * trigger queues nothing; an order without an address gets none (its history says so); a
 * server that is down leaves the mail pending and tried again later, a refused login gives
 * up after the last try and keeps the row without the password; two workers on one
 * database send each mail exactly once; the runner sends by itself, and without SMTP_URL
 * says once that mail waits.
 */
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { configFromEnv } from '../../src/server/config.ts';
import { openDb } from '../../src/server/db/open.ts';
import type { Db } from '../../src/server/db/types.ts';
import { deliverDue, retryDelayMs, startOutbox } from '../../src/server/mail/outbox.ts';
import { WORKFLOW_MAILS, type EventMail } from '../../src/server/mail/registry.ts';
import { mailText } from '../../src/server/mail/render.ts';
import { describeSmtpUrl, smtpTransport, type MailTransport } from '../../src/server/mail/transport.ts';
import { createInstance } from '../../src/server/workflow/instances.ts';
import { tick } from '../../src/server/workflow/scheduler.ts';
import { LANGS } from '../../src/core/langs.ts';
import { engines, startSignedIn, startTestServer, type Json, type TestServer } from './harness.ts';
import { startSmtpSink, type SmtpSink } from './smtpSink.ts';
import { freePort } from './freePort.ts';

type Row = Record<string, Json>;
const FROM = 'Tisza Webáruház <shop@tisza.example>';
const HOUR = 3_600_000;

describe('mail configuration', () => {
  it('reads SMTP_URL, MAIL_FROM and MAIL_TICK_MS, and never quotes an SMTP_URL it refuses', () => {
    expect(configFromEnv({})).toMatchObject({ smtpUrl: undefined, mailFrom: 'Back office <no-reply@localhost>', mailTickMs: 5_000 });
    expect(configFromEnv({ SMTP_URL: 'smtps://u:p@mail.example.com:465', MAIL_FROM: FROM, MAIL_TICK_MS: '50' })).toMatchObject({
      smtpUrl: 'smtps://u:p@mail.example.com:465',
      mailFrom: FROM,
      mailTickMs: 50,
    });
    expect(() => configFromEnv({ SMTP_URL: 'http://user:s3cret-pw@mail.example.com' })).toThrow(/^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(() => configFromEnv({ SMTP_URL: 'http://user:s3cret-pw@mail.example.com' })).not.toThrow(/s3cret-pw/);
    expect(() => configFromEnv({ MAIL_FROM: 'nobody' })).toThrow(/MAIL_FROM/);
    expect(describeSmtpUrl('smtp://mailer:s3cret-pw@mail.example.com:587')).toBe('smtp://mail.example.com:587');
  });

  it('has every mail text in every language, rendered with its arguments', () => {
    const vars = { reference: 'SO-2030-000001', customer: 'Kft.', shop: 'Shop', tracking_number: 'HU1', total: '1 000 Ft' };
    for (const lang of LANGS) {
      for (const id of ['mail.order_shipped.subject', 'mail.order_shipped.body', 'mail.order_shipped.tracking', 'mail.payment_confirmation.subject', 'mail.payment_confirmation.body']) {
        const text = mailText(lang, id, vars);
        expect(text, `${lang} ${id}`).not.toMatch(/[{}]/);
        if (lang !== 'en' && !id.endsWith('.tracking')) expect(text, `${lang} ${id}`).not.toBe(mailText('en', id, vars));
      }
    }
    expect(retryDelayMs(1, 1000, 10_000)).toBe(1000);
    expect(retryDelayMs(3, 1000, 10_000)).toBe(4000);
    expect(retryDelayMs(9, 1000, 10_000)).toBe(10_000);
  });
});

describe.each(engines)('the server’s mail on %s', (engine) => {
  it('sends the outbox by SMTP_URL every MAIL_TICK_MS, from MAIL_FROM, until it closes', async () => {
    const sink = await startSmtpSink();
    const s = await startTestServer(engine, { env: { DEMO_DATA: '0', SMTP_URL: `smtp://127.0.0.1:${sink.port}`, MAIL_FROM: FROM, MAIL_TICK_MS: '20' }, config: { demoProducts: 0, mailTickMs: 20 } });
    try {
      await s.db.query(`insert into app.companies (company_code, company_name, currency_code, country_code) values ('ML01', 'Mail', 'EUR', 'SK')`);
      await s.db.query(
        `insert into app.mail_outbox (company_code, recipients, language_code, subject, body_text, source_type, source_id) values ('ML01', array['a@example.sk', 'b@example.sk'], 'sk', 'Predmet', 'Text', 'sales_order', 0)`,
      );
      await vi.waitFor(() => expect(sink.messages.length).toBeGreaterThan(0), { timeout: 10_000, interval: 10 });
      expect(sink.messages.map((m) => [m.to, m.headers.get('from'), m.subject, m.text])).toEqual([[['a@example.sk', 'b@example.sk'], FROM, 'Predmet', 'Text']]);
    } finally {
      await s.close();
      await sink.close();
    }
  });
});

describe.each(engines)('mail outbox on %s', (engine) => {
  let s: TestServer, admin: string, catalog: string, sink: SmtpSink, smtp: MailTransport;
  beforeAll(async () => {
    ({ s, admin, catalog } = await startSignedIn(engine));
    // This suite marks orders paid by the event alone (its subject is what follows): its companies allow orders paid without payment (migration 128).
    await s.db.query('update app.companies set paid_without_payment = true');
    sink = await startSmtpSink();
    smtp = smtpTransport(`smtp://127.0.0.1:${sink.port}`, FROM);
  });
  afterAll(async () => {
    smtp?.close();
    await sink?.close();
    await s?.close();
  });

  const rows = async (sql: string, args: unknown[] = []): Promise<Row[]> => (await s.db.query<Row>(sql, args)).rows;
  const ok = async (token: string, form: string, action: string, payload?: unknown, company = 'SK01') => {
    const r = await s.action(token, form, action, payload, company);
    expect(r.status, `${form} ${action}: ${JSON.stringify(r.body)}`).toBe(200);
    return r.body.data;
  };
  /** fsm_trigger; with an e-mail's text trigger_fsm (one instance: the call that takes a text). */
  const fire = async (event_code: string, ids: number[], params: Row = {}, opts: { token?: string; company?: string } = {}) => {
    const r = await (params.email_body === undefined
      ? s.action(opts.token ?? admin, 'fsm_trigger', 'set', { event_code, fsm_instance_id: ids, params }, opts.company ?? 'SK01')
      : s.action(opts.token ?? admin, 'trigger_fsm', 'set', { event_code, fsm_instance_id: ids[0], params }, opts.company ?? 'SK01'));
    // `confirm` mails the order confirmation and the invoice it issues, with their documents (tests/api/mail-documents.test.ts):
    // not this file's subject, so they are taken out of its outbox.
    if (event_code === 'confirm') {
      await s.db.query(
        `delete from app.mail_outbox o where o.status = 'pending' and exists (select 1 from app.mail_attachments a where a.mail_id = o.mail_id and a.document_kind in ('order_confirmation', 'ubl'))`,
      );
    }
    return r;
  };
  /** A new order of the company’s first customer, with an address and a language, and one item in stock (a total to confirm; shipping takes it off the shelf). */
  const newOrder = async (company: string, fields: Row) => {
    const partner = (await rows('select partner_id from app.partners where company_code = $1 and not is_supplier and not deleted order by partner_id limit 1', [company]))[0]!.partner_id;
    const order = (await ok(admin, 'sales_orders', 'add', { partner_id: partner, ...fields }, company)).row;
    const product = (await rows('select product_code from app.products where company_code = $1 and active and selling_price_shop > 0 and stock_qty >= 50 order by product_code limit 1', [company]))[0]!
      .product_code;
    await ok(admin, 'sales_order_items', 'add', { order_id: order.order_id, product_code: product, quantity: 2 }, company);
    return (await rows('select * from app.v_sales_orders where order_id = $1', [order.order_id]))[0]!;
  };
  const outboxOf = (orderId: number) => rows(`select * from app.mail_outbox where source_type = 'sales_order' and source_id = $1 order by mail_id`, [orderId]);
  const count = async () => (await rows('select count(*)::int as n from app.mail_outbox'))[0]!.n as number;
  const deliver = (transport = smtp, opts = {}, at = new Date()) => deliverDue(s.db, transport, at, opts);

  it('gives every order a language: the demo orders’ span the seven, each its shop’s but for the export shop’s customers', async () => {
    const langs = await rows(`select distinct language_code from app.sales_orders order by 1`);
    expect(langs.map((r) => r.language_code)).toEqual([...LANGS].sort());
    const others = await rows(`select count(*)::int as n from app.sales_orders o join app.shops s on s.shop_id = o.shop_id where s.language_code <> 'en' and o.language_code <> s.language_code`);
    expect(others[0]!.n).toBe(0);
  });

  it('mails the user’s text on `ship`, in the order’s language, to the order’s address, with the tracking number', async () => {
    const order = await newOrder('HU01', { email: 'vevo@tisza-vevo.example', language_code: 'hu', tracking_number: 'HU987654321' });
    expect(order.language_code).toBe('hu');
    for (const e of ['confirm', 'pay']) expect((await fire(e, [order.fsm_instance_id], {}, { company: 'HU01' })).status).toBe(200);
    expect(await outboxOf(order.order_id)).toEqual([]); // `pay` without its checkbox sends nothing
    const body = 'Kedves Vevőnk!\n\nA csomagot ma átadtuk a futárnak.';
    const shipped = await fire('ship', [order.fsm_instance_id], { email_body: body }, { company: 'HU01' });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);

    const [queued] = await outboxOf(order.order_id);
    const history = (await rows(`select history_id from app.fsm_history where fsm_instance_id = $1 and event_code = 'ship'`, [order.fsm_instance_id]))[0]!;
    expect(queued).toMatchObject({
      company_code: 'HU01',
      recipients: ['vevo@tisza-vevo.example'],
      language_code: 'hu',
      subject: `Feladtuk a(z) ${order.fsm_reference} számú rendelését`,
      status: 'pending',
      attempts: 0,
      fsm_history_id: history.history_id,
      sent_at: null,
    });
    expect(sink.messages).toHaveLength(0); // queued, not sent by the trigger

    expect(await deliver()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(sink.messages).toHaveLength(1);
    const m = sink.messages[0]!;
    expect(m.to).toEqual(['vevo@tisza-vevo.example']);
    expect(m.from).toBe('shop@tisza.example');
    expect(m.headers.get('from')).toBe(FROM);
    expect(m.subject).toBe(`Feladtuk a(z) ${order.fsm_reference} számú rendelését`);
    // The delivery note goes with it (multipart: the text part read by postal-mime).
    const parsed = await PostalMime.parse(m.raw);
    expect(parsed.text?.trim()).toBe(`${body}\n\nCsomagkövetési szám: HU987654321`);
    expect(parsed.attachments.map((a) => a.mimeType)).toEqual(['application/pdf']);
    const [sent] = await outboxOf(order.order_id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, last_error: null, message_id: m.headers.get('message-id') });
    expect(sent!.sent_at).not.toBeNull();
    // Sent once: a later pass finds nothing due.
    expect(await deliver(smtp, {}, new Date(Date.now() + 48 * HOUR))).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it('mails a payment confirmation on `pay` with its checkbox, the total as the order’s language writes it; the shop’s language by default', async () => {
    const shop = (await rows(`select shop_id from app.shops where company_code = 'SK01' and language_code = 'de'`))[0]!.shop_id;
    const order = await newOrder('SK01', { email: 'kunde@example.at', shop_id: shop });
    expect(order.language_code).toBe('de'); // the shop's
    expect((await fire('confirm', [order.fsm_instance_id])).status).toBe(200);
    expect((await fire('pay', [order.fsm_instance_id], { checkbox: true })).status).toBe(200);
    const total = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(Number(order.total));
    const before = sink.messages.length;
    expect(await deliver()).toMatchObject({ sent: 1 });
    const m = sink.messages[before]!;
    expect(m.to).toEqual(['kunde@example.at']);
    expect(m.subject).toBe(`Zahlung für Ihre Bestellung ${order.fsm_reference} erhalten`);
    expect(m.text).toContain(`wir haben Ihre Zahlung über ${total} für die Bestellung ${order.fsm_reference} erhalten.`);
    expect(m.text).toMatch(/^Guten Tag .+,\n/);
  });

  it('`ship` without a text sends the catalogue’s; an order without an address gets no mail, and its history says so', async () => {
    const order = await newOrder('SK01', { email: 'zakaznik@example.sk', language_code: 'sk' });
    for (const e of ['confirm', 'pay', 'ship']) expect((await fire(e, [order.fsm_instance_id])).status).toBe(200);
    const [queued] = await outboxOf(order.order_id);
    expect(queued!.subject).toBe(`Vaša objednávka ${order.fsm_reference} bola odoslaná`);
    expect(queued!.body_text).toContain(`vaša objednávka ${order.fsm_reference} bola odoslaná a je na ceste k vám.`);
    expect(queued!.body_text).not.toContain('Číslo zásielky'); // no tracking number

    const silent = await newOrder('SK01', {});
    for (const e of ['confirm', 'pay']) expect((await fire(e, [silent.fsm_instance_id])).status).toBe(200);
    expect((await fire('ship', [silent.fsm_instance_id], { email_body: 'Shipped.' })).status).toBe(200);
    expect(await outboxOf(silent.order_id)).toEqual([]);
    const last = (await rows(`select params from app.fsm_history where fsm_instance_id = $1 order by history_id desc limit 1`, [silent.fsm_instance_id]))[0]!;
    expect(last.params).toEqual({ email_body: 'Shipped.', mail: 'no_recipient' });
    expect(await deliver()).toMatchObject({ sent: 1 });
  });

  it('sends to the order’s address as one address, never parsed as a list', async () => {
    const order = await newOrder('SK01', { email: 'buyer,other@example.sk' });
    for (const e of ['confirm', 'pay', 'ship']) expect((await fire(e, [order.fsm_instance_id])).status).toBe(200);
    const before = sink.messages.length;
    expect(await deliver()).toMatchObject({ sent: 1 });
    expect(sink.messages.slice(before).map((m) => m.to)).toEqual([['"buyer,other"@example.sk']]);
  });

  it('a move of the scheduler queues its mail in its batch like a user’s (an event registered for the test)', async () => {
    const events = WORKFLOW_MAILS.sales_order.events as Record<string, EventMail>;
    events.expire = { compose: (a) => ({ subject: `Expired ${a.vars.reference}`, text: 'Cancelled: no payment.' }) };
    try {
      const order = await newOrder('SK01', { email: 'late-payer@example.sk' });
      expect((await fire('confirm', [order.fsm_instance_id])).status).toBe(200);
      const queuedBefore = await count();
      const orderMails = async () => (await rows(`select count(*)::int as n from app.mail_outbox where source_type = 'sales_order'`))[0]!.n as number;
      const orderMailsBefore = await orderMails();
      const cashflowMails = async () => (await rows(`select count(*)::int as n from app.mail_outbox where source_type = 'cashflow'`))[0]!.n as number;
      const cashflowMailsBefore = await cashflowMails();
      const lastHistory = (await rows('select max(history_id)::int as n from app.fsm_history'))[0]!.n;
      // The demo's orders waiting for payment time out too, each with its mail (the cashflow items' timeouts write none, their loop's reminders do).
      const fired = await tick(s.db, new Date(Date.now() + 15 * 24 * HOUR));
      const expiredOrders = (
        await rows(
          `select count(*)::int as n from app.fsm_history h join app.fsm_instances i using (fsm_instance_id)
           where h.history_id > $1 and h.event_code = 'expire' and i.type_code = 'sales_order'`,
          [lastHistory],
        )
      )[0]!.n;
      expect(expiredOrders).toBeGreaterThanOrEqual(1);
      expect(fired.timeouts).toBeGreaterThanOrEqual(expiredOrders);
      expect(await orderMails()).toBe(orderMailsBefore + expiredOrders);
      // The same tick's daily loop sends the overdue demo items' first reminders (mail-out.test.ts reads them).
      const reminders = (await count()) - queuedBefore - expiredOrders;
      expect(reminders).toBeGreaterThan(0);
      expect(await cashflowMails()).toBe(cashflowMailsBefore + reminders);
      const [queued] = await outboxOf(order.order_id);
      const expired = (await rows(`select history_id from app.fsm_history where fsm_instance_id = $1 and event_code = 'expire'`, [order.fsm_instance_id]))[0]!;
      expect(queued).toMatchObject({ subject: `Expired ${order.fsm_reference}`, recipients: ['late-payer@example.sk'], fsm_history_id: expired.history_id, status: 'pending' });
      expect(await deliver()).toMatchObject({ sent: expiredOrders + reminders });
    } finally {
      delete events.expire;
    }
  });

  it('queues nothing and changes nothing when a trigger is refused', async () => {
    const paid = await newOrder('SK01', { email: 'a@example.sk' });
    for (const e of ['confirm', 'pay']) expect((await fire(e, [paid.fsm_instance_id])).status).toBe(200);
    const placed = await newOrder('SK01', { email: 'b@example.sk' });
    const foreign = await newOrder('HU01', { email: 'c@example.hu' });
    for (const e of ['confirm', 'pay']) expect((await fire(e, [foreign.fsm_instance_id], {}, { company: 'HU01' })).status).toBe(200);
    const po = await createInstance(s.db, 'purchase_order', 'SK01');
    const states = () =>
      rows('select fsm_instance_id, state_id, row_version from app.fsm_instances where fsm_instance_id = any($1::bigint[]) order by 1', [
        [paid.fsm_instance_id, placed.fsm_instance_id, foreign.fsm_instance_id],
      ]);
    const before = { states: await states(), mails: await count() };
    const ship = { email_body: 'On its way.' };
    for (const [what, event, ids, params, opts, status, error] of [
      ['unknown event', 'teleport', [paid.fsm_instance_id], {}, {}, 400, 'unknown_event'],
      ['an e-mail text the event does not send', 'pay', [paid.fsm_instance_id], ship, {}, 400, 'bad_request'],
      ['not allowed in one of the states', 'ship', [paid.fsm_instance_id, placed.fsm_instance_id], {}, {}, 409, 'event_not_allowed'],
      ['mixed types', 'cancel', [paid.fsm_instance_id, po], {}, {}, 400, 'mixed_workflow_types'],
      ['another company’s order', 'ship', [paid.fsm_instance_id, foreign.fsm_instance_id], {}, {}, 404, 'not_found'],
      ['another company’s order alone', 'ship', [foreign.fsm_instance_id], ship, {}, 404, 'not_found'],
      ['a stale state', 'ship', [paid.fsm_instance_id], { ...ship, state_code: 'waiting_for_payment' }, {}, 409, 'stale_state'],
      ['a stale version', 'ship', [paid.fsm_instance_id], { ...ship, row_version: 1 }, {}, 409, 'stale_state'],
      ['no Events right on the page', 'ship', [paid.fsm_instance_id], ship, { token: catalog }, 403, 'event_right_required'],
      ['a checkbox the event has not', 'ship', [paid.fsm_instance_id], { ...ship, checkbox: true }, {}, 400, 'bad_request'],
    ] as const) {
      const r = await fire(event, [...ids], params, opts);
      expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBe(status);
      expect(r.body.error, what).toBe(error);
    }
    expect(await states()).toEqual(before.states);
    expect(await count()).toBe(before.mails);
    // The same selection once it can move: each order's mail, in one transaction with the moves.
    for (const e of ['confirm', 'pay']) expect((await fire(e, [placed.fsm_instance_id])).status).toBe(200);
    expect((await fire('ship', [paid.fsm_instance_id, placed.fsm_instance_id])).status).toBe(200);
    expect(await count()).toBe(before.mails + 2);
    expect(await deliver()).toMatchObject({ sent: 2 });
  });

  it('keeps the mail pending while the SMTP server is down and sends it once it is up', async () => {
    const port = await freePort();
    const down = smtpTransport(`smtp://127.0.0.1:${port}`, FROM);
    const order = await newOrder('SK01', { email: 'later@example.sk', language_code: 'ro' });
    for (const e of ['confirm', 'pay', 'ship']) expect((await fire(e, [order.fsm_instance_id], e === 'ship' ? { email_body: 'Coletul a plecat.' } : {})).status).toBe(200);
    const t0 = new Date(Date.now() + 1000);
    try {
      expect(await deliver(down, { retryBaseMs: 60_000 }, t0)).toEqual({ sent: 0, retried: 1, failed: 0 });
      let [row] = await outboxOf(order.order_id);
      expect(row).toMatchObject({ status: 'pending', attempts: 1, sent_at: null });
      expect(row!.last_error).toMatch(/ECONNREFUSED|connect/i);
      expect(new Date(row!.next_attempt_at).getTime()).toBe(t0.getTime() + 60_000);
      // Not due again before its backoff; the second failure waits twice as long.
      expect(await deliver(down, { retryBaseMs: 60_000 }, new Date(t0.getTime() + 59_000))).toEqual({ sent: 0, retried: 0, failed: 0 });
      const t1 = new Date(t0.getTime() + 60_000);
      expect(await deliver(down, { retryBaseMs: 60_000 }, t1)).toMatchObject({ retried: 1 });
      [row] = await outboxOf(order.order_id);
      expect(row).toMatchObject({ status: 'pending', attempts: 2 });
      expect(new Date(row!.next_attempt_at).getTime()).toBe(t1.getTime() + 120_000);

      const up = await startSmtpSink({ port });
      try {
        expect(await deliver(down, { retryBaseMs: 60_000 }, new Date(t1.getTime() + 120_000))).toEqual({ sent: 1, retried: 0, failed: 0 });
        const sent = await Promise.all(up.messages.map(async (m) => [m.to, m.subject, (await PostalMime.parse(m.raw)).text?.trim()]));
        expect(sent).toEqual([[['later@example.sk'], `Comanda dumneavoastră ${order.fsm_reference} a fost expediată`, 'Coletul a plecat.']]);
        [row] = await outboxOf(order.order_id);
        expect(row).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
      } finally {
        await up.close();
      }
    } finally {
      down.close();
    }
  });

  it('gives up after the last try and keeps the row; a refused login’s error holds no password', async () => {
    const strict = await startSmtpSink({ refuseAuth: true });
    const password = 'Sup3r-s3cret!pw';
    const url = `smtp://mailer:${encodeURIComponent(password)}@127.0.0.1:${strict.port}`;
    const t = smtpTransport(url, FROM);
    const order = await newOrder('SK01', { email: 'x@example.sk' });
    for (const e of ['confirm', 'pay']) expect((await fire(e, [order.fsm_instance_id])).status).toBe(200);
    expect((await fire('pay', [order.fsm_instance_id], { checkbox: true })).status).toBe(409); // already paid: nothing queued
    expect((await fire('ship', [order.fsm_instance_id])).status).toBe(200);
    try {
      const opts = { maxAttempts: 2, retryBaseMs: 1000, smtpUrl: url };
      const t0 = new Date(Date.now() + 1000);
      expect(await deliverDue(s.db, t, t0, opts)).toEqual({ sent: 0, retried: 1, failed: 0 });
      expect(await deliverDue(s.db, t, new Date(t0.getTime() + 1000), opts)).toEqual({ sent: 0, retried: 0, failed: 1 });
      expect(strict.logins).toEqual([
        { user: 'mailer', password },
        { user: 'mailer', password },
      ]); // the server really got the password …
      const [row] = await outboxOf(order.order_id);
      expect(row).toMatchObject({ status: 'failed', attempts: 2, sent_at: null });
      expect(row!.last_error).toMatch(/auth|login/i);
      expect(row!.last_error).not.toContain(password); // … and it is nowhere in the row
      expect(row!.last_error).not.toContain(encodeURIComponent(password));
      expect(await deliverDue(s.db, t, new Date(t0.getTime() + 100 * HOUR), opts)).toEqual({ sent: 0, retried: 0, failed: 0 }); // failed is final
    } finally {
      t.close();
      await strict.close();
    }
  });

  it('two workers on one database send each mail exactly once', async () => {
    const N = 40;
    await s.db.query(
      `insert into app.mail_outbox (company_code, recipients, language_code, subject, body_text, source_type, source_id)
       select 'SK01', array['bulk' || n || '@example.sk'], 'en', 'Bulk ' || n, 'Text ' || n, 'sales_order', 0 from generate_series(1, $1::int) n`,
      [N],
    );
    const before = sink.messages.length;
    // On the server: two connection pools, as two processes; PGlite has one connection: two workers interleave on it.
    const [p1, p2]: Db[] = engine === 'postgres' ? await Promise.all([openDb({ databaseUrl: s.databaseUrl }), openDb({ databaseUrl: s.databaseUrl })]) : [s.db, s.db];
    try {
      const at = new Date(Date.now() + 1000);
      const results = await Promise.all([deliverDue(p1!, smtp, at, { batch: 3 }), deliverDue(p2!, smtp, at, { batch: 3 }), deliverDue(p1!, smtp, at, { batch: 3 })]);
      expect(results.reduce((n, r) => n + r.sent, 0)).toBe(N);
      expect(results.filter((r) => r.sent > 0).length).toBeGreaterThan(1); // more than one really worked
    } finally {
      if (engine === 'postgres') await Promise.all([p1!.close(), p2!.close()]);
    }
    const subjects = sink.messages.slice(before).map((m) => m.subject);
    expect(subjects).toHaveLength(N);
    expect(new Set(subjects).size).toBe(N);
    expect((await rows(`select count(*)::int as n from app.mail_outbox where subject like 'Bulk %' and status = 'sent' and attempts = 1`))[0]!.n).toBe(N);
  });

  it('the runner sends by itself and stops cleanly; without a transport it says once that mail waits', async () => {
    const order = await newOrder('CZ01', { email: 'zakaznik@example.cz', language_code: 'cs' });
    for (const e of ['confirm', 'pay']) expect((await fire(e, [order.fsm_instance_id], {}, { company: 'CZ01' })).status).toBe(200);
    expect((await fire('ship', [order.fsm_instance_id], {}, { company: 'CZ01' })).status).toBe(200);

    const said: string[] = [];
    const idle = startOutbox(s.db, { intervalMs: 5, transport: undefined, log: (l) => said.push(l) });
    await idle.ended; // it stops polling by itself once it has said so; the test's time-out says it never did
    await idle.stop();
    expect(said).toEqual(['mail: 1 e-mail(s) wait in the outbox (app.mail_outbox): set SMTP_URL to send them']);
    expect((await outboxOf(order.order_id))[0]).toMatchObject({ status: 'pending', attempts: 0 });

    const runner = startOutbox(s.db, { intervalMs: 5, transport: smtp });
    await vi.waitFor(async () => expect((await outboxOf(order.order_id))[0]!.status).toBe('sent'), { timeout: 10_000, interval: 10 });
    await runner.stop();
    expect((await outboxOf(order.order_id))[0]).toMatchObject({ status: 'sent', attempts: 1 });
    expect(sink.messages.at(-1)!.subject).toBe(`Vaše objednávka ${order.fsm_reference} byla odeslána`);
  });
});
