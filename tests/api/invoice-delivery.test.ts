/**
 * Every issued invoice and credit note is delivered, whichever path issued it (issue 47;
 * migration 133, src/server/invoices/deliver.ts): its copy kept on its order's Documents tab
 * and its mail queued in the issuing transaction, with its PDF and UBL drawn when the outbox
 * sends it, into a local SMTP sink, on both engines. The paths: a credit note (its own mail,
 * in the customer's language); the workflow scheduler (a timeout that moves an order to its
 * company's invoicing point); the stock pass (goods arriving for an order whose point is
 * `paid`); a payment added on the cash flow, or imported into it, that settles an order
 * invoiced on `pay` (a row write, an import); SQL outside the server (the scheduler's pass
 * takes what it left).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { tick } from '../../src/server/workflow/scheduler.ts';
import { moveByStock } from '../../src/server/workflow/stockEvents.ts';
import { engines, serverHelpers, type Json, type TestServer } from './harness.ts';
import { mailSuite, run } from './mailSuite.ts';

type Row = Record<string, Json>;

describe.each(engines)('issued documents delivered on every path on %s', (engine) => {
  const mail = mailSuite(engine);
  let s: TestServer, admin: string;
  beforeAll(() => void ({ s, admin } = mail.at));
  const { file, pdfText, deliver } = mail;
  const { ok, rows, one } = serverHelpers(() => s);

  const fire = (event_code: string, id: number, params: Row = {}) => ok(admin, 'fsm_trigger', 'set', { event_code, fsm_instance_id: [id], params }, 'SK01');
  const xpath = async (xml: string, path: string) => (await run('xmllint', ['--xpath', path, xml])).trim();
  const company = (fields: Row) =>
    s.db.query(
      `update app.companies set ${Object.keys(fields)
        .map((k, i) => `${k} = $${i + 1}`)
        .join(', ')} where company_code = 'SK01'`,
      Object.values(fields),
    );
  /** A German-speaking customer with its own address, and an order of 2 of a product (of `product`, else one in stock). */
  const newOrder = async (product?: string): Promise<Row> => {
    const tag = Math.random().toString(36).slice(2, 8);
    const partner = (await ok(admin, 'partner_list', 'add', { partner_name: `Zustellung ${tag}`, email: `buchhaltung-${tag}@kunde.example`, language_code: 'de' }, 'SK01')).row as Row;
    const order = (await ok(admin, 'sales_orders', 'add', { partner_id: partner.partner_id, language_code: 'sk' }, 'SK01')).row as Row;
    const code =
      product ?? (await one("select product_code from app.products where company_code = 'SK01' and active and selling_price_shop > 0 and stock_qty >= 50 order by product_code limit 1")).product_code;
    await ok(admin, 'sales_order_items', 'add', { order_id: order.order_id, product_code: code, quantity: 2 }, 'SK01');
    return { ...((await one('select * from app.v_sales_orders where order_id = $1', [order.order_id])) as Row), to: partner.email as string, customer: partner.partner_name as string };
  };
  const invoiceOf = async (orderId: unknown) =>
    (await rows(`select invoice_id, invoice_number, issued_by from app.invoices where order_id = $1 and kind = 'invoice'`, [orderId]))[0] as Row | undefined;
  const kept = (orderId: unknown, docType = 'invoice') =>
    rows(`select generated_key, uploaded_by from app.sales_order_documents where order_id = $1 and doc_type = $2 order by doc_id`, [orderId, docType]);
  /** What the outbox holds for the order about its invoice or credit note: the mail and its documents. */
  const queued = (orderId: unknown, kind = 'invoice') =>
    rows(
      `select o.recipients, o.language_code, array_agg(a.document_kind order by a.position) as documents
       from app.mail_outbox o join app.mail_attachments a using (mail_id)
       where o.source_type = 'sales_order' and o.source_id = $1 and exists (select 1 from app.mail_attachments x where x.mail_id = o.mail_id and x.document_kind = $2)
       group by o.mail_id, o.recipients, o.language_code order by o.mail_id`,
      [orderId, kind],
    );
  /** The invoice's mail as the customer gets it: German subject, its PDF (text checked) and its UBL (number checked). */
  const expectInvoiceMailed = async (order: Row, inv: Row) => {
    // (The order's own mails, its confirmation, go to the same address.)
    const got = (await deliver()).filter((m) => m.rcpt.includes(order.to) && m.attachments.some((a) => a.mimeType === 'application/xml'));
    expect(got.map((m) => m.subject)).toEqual([`Rechnung ${inv.invoice_number} zu Ihrer Bestellung ${order.fsm_reference}`]);
    expect(got[0]!.attachments.map((a) => [a.filename, a.mimeType])).toEqual([
      [`Rechnung ${inv.invoice_number}.pdf`, 'application/pdf'],
      [`${inv.invoice_number}.xml`, 'application/xml'],
    ]);
    const text = await pdfText(got[0]!.attachments[0]!.content);
    expect(text).toContain(`Rechnung ${inv.invoice_number}`);
    expect(text).toContain(order.customer);
    const xml = file('invoice.xml', got[0]!.attachments[1]!.content);
    expect(await xpath(xml, "string(/*[local-name()='Invoice']/*[local-name()='ID'])")).toBe(inv.invoice_number);
  };

  it('mails a credit note to the customer with its PDF and UBL, in the customer’s language, and keeps its copy on the Documents tab', async () => {
    await company({ invoice_on: 'confirm' });
    const order = await newOrder();
    await fire('confirm', order.fsm_instance_id as number);
    const inv = (await invoiceOf(order.order_id))!;
    await deliver();
    const line = (await one('select line_id from app.invoice_lines where invoice_id = $1 order by line_no limit 1', [inv.invoice_id])).line_id;
    const cn = await ok(admin, 'credit_note', 'add', { invoice_id: inv.invoice_id, lines: [{ line_id: line, quantity: 1 }], reason: 'Beschädigt' }, 'SK01');

    // In the credit note's transaction: its copy (in the document's language, by who issued it) and its mail naming the documents.
    const adminId = (await one('select issued_by from app.invoices where invoice_id = $1', [cn.invoice_id])).issued_by;
    expect(adminId).not.toBeNull();
    expect(await kept(order.order_id, 'credit_note')).toEqual([{ generated_key: `credit_note:${cn.invoice_id}:sk`, uploaded_by: adminId }]);
    expect(await queued(order.order_id, 'credit_note')).toEqual([{ recipients: [order.to], language_code: 'de', documents: ['credit_note', 'ubl'] }]);

    const got = (await deliver()).filter((m) => m.rcpt.includes(order.to));
    expect(got.map((m) => m.subject)).toEqual([`Gutschrift ${cn.invoice_number} zur Rechnung ${inv.invoice_number}`]);
    expect(got[0]!.text).toContain(`die Gutschrift ${cn.invoice_number} zur Rechnung ${inv.invoice_number} Ihrer Bestellung ${order.fsm_reference}`);
    expect(got[0]!.attachments.map((a) => [a.filename, a.mimeType])).toEqual([
      [`Gutschrift ${cn.invoice_number}.pdf`, 'application/pdf'],
      [`${cn.invoice_number}.xml`, 'application/xml'],
    ]);
    const text = await pdfText(got[0]!.attachments[0]!.content);
    expect(text).toContain(`Gutschrift ${cn.invoice_number}`);
    expect(text).toContain(inv.invoice_number as string);
    expect(text).toContain(order.customer);
    const xml = file('credit-note.xml', got[0]!.attachments[1]!.content);
    await run('xmllint', ['--noout', xml]);
    expect(await xpath(xml, "string(/*[local-name()='CreditNote']/*[local-name()='ID'])")).toBe(cn.invoice_number);
    expect(await xpath(xml, "string(/*[local-name()='CreditNote']/*[local-name()='BillingReference']//*[local-name()='ID'])")).toBe(inv.invoice_number);
    expect(await xpath(xml, "string(/*[local-name()='CreditNote']/*[local-name()='LegalMonetaryTotal']/*[local-name()='PayableAmount'])")).toBe(Number(cn.gross_total).toFixed(2));
  });

  it('a timeout the scheduler fires that brings an order to its invoicing point: the invoice kept and mailed as a user’s move', async () => {
    await company({ invoice_on: 'confirm' });
    const order = await newOrder();
    // An administrator's workflow: an order left placed confirms itself when it times out.
    const added = (
      await one(
        `insert into app.fsm_transitions (type_code, event_code, from_state_id, to_state_id)
         select 'sales_order', 'expire', f.state_id, t.state_id from app.fsm_states f, app.fsm_states t
         where f.type_code = 'sales_order' and f.state_code = 'placed' and t.type_code = 'sales_order' and t.state_code = 'waiting_for_payment'
         returning transition_id`,
      )
    ).transition_id;
    try {
      await s.db.query(`update app.fsm_instances set due_at = now() - interval '1 minute' where fsm_instance_id = $1`, [order.fsm_instance_id]);
      // Delivered by the timeout's own transaction: nothing left for the pass's sweep of leftovers.
      const r = await tick(s.db, new Date());
      expect(r.timeouts).toBeGreaterThanOrEqual(1);
      expect(r.leftovers).toBe(0);
    } finally {
      await s.db.query('delete from app.fsm_transitions where transition_id = $1', [added]);
    }
    const inv = (await invoiceOf(order.order_id))!;
    expect(inv.issued_by).toBeNull(); // the system moved it
    expect(await kept(order.order_id)).toEqual([{ generated_key: `invoice:${inv.invoice_id}:sk`, uploaded_by: null }]);
    expect(await queued(order.order_id)).toEqual([{ recipients: [order.to], language_code: 'de', documents: ['invoice', 'ubl'] }]);
    await expectInvoiceMailed(order, inv);
  });

  it('goods arriving for an order whose point is `paid`: the stock pass issues, keeps and mails the invoice', async () => {
    // Invoiced on shipping while the order was paid and waited for its goods; then on payment: the goods' arrival brings it back to paid.
    await company({ invoice_on: 'ship', paid_without_payment: true });
    const code = (
      await one(
        `select p.product_code from app.products p where p.company_code = 'SK01' and p.active and p.selling_price_shop > 0
         and not exists (select 1 from app.sales_order_items i where i.product_code = p.product_code) order by p.product_code limit 1`,
      )
    ).product_code as string;
    await s.db.query(
      "insert into app.stock_corrections (company_code, product_code, storage_id, quantity, reason) select company_code, product_code, storage_id, -on_hand, 'test: none' from app.stock_levels where product_code = $1 and on_hand > 0",
      [code],
    );
    const order = await newOrder(code);
    try {
      await fire('confirm', order.fsm_instance_id as number);
      await fire('pay', order.fsm_instance_id as number);
      await moveByStock(s.db);
      expect((await one('select s.state_code from app.fsm_instances i join app.fsm_states s using (state_id) where fsm_instance_id = $1', [order.fsm_instance_id])).state_code).toBe(
        'waiting_for_goods',
      );
      expect(await invoiceOf(order.order_id)).toBeUndefined();
      await company({ invoice_on: 'pay' });
      const storage = (await one("select storage_id from app.storages where company_code = 'SK01' and active order by storage_id limit 1")).storage_id;
      await s.db.query(`insert into app.stock_corrections (company_code, product_code, storage_id, quantity, reason) values ('SK01', $1, $2, 10, 'test: found')`, [code, storage]);
      expect((await moveByStock(s.db)).arrived).toBeGreaterThanOrEqual(1);
    } finally {
      await company({ invoice_on: 'confirm', paid_without_payment: false });
    }
    const inv = (await invoiceOf(order.order_id))!;
    expect(inv).toMatchObject({ issued_by: null });
    expect(await kept(order.order_id)).toEqual([{ generated_key: `invoice:${inv.invoice_id}:sk`, uploaded_by: null }]);
    expect(await queued(order.order_id)).toEqual([{ recipients: [order.to], language_code: 'de', documents: ['invoice', 'ubl'] }]);
    await expectInvoiceMailed(order, inv);
  });

  /** The rest of an order's payment, on its receivable: added on the Cash flow's payments grid, or imported into it from a CSV file. */
  const payOnCashflow: Record<string, (item: number, day: string, amount: number) => Promise<void>> = {
    'added on': async (item, day, amount) => void (await ok(admin, 'cashflow_payments', 'add', { cashflow_id: item, paid_on: day, amount, pay_method: 'bank_transfer' }, 'SK01')),
    'imported into': async (item, day, amount) => {
      const fd = new FormData();
      fd.set('file', new Blob([`Item,Day,Amount,Method\n${item},${day},${amount},bank_transfer\n`]), 'payments.csv');
      fd.set('mapping', JSON.stringify(['cashflow_id', 'paid_on', 'amount', 'pay_method']));
      fd.set('language', 'en');
      fd.set('mode', 'commit');
      const r = await fetch(`${s.url}/api/import/cashflow_payments`, { method: 'POST', body: fd, headers: { authorization: `Bearer ${admin}`, 'x-company': 'SK01' } });
      const body = (await r.json()) as Row;
      expect([r.status, body.written], JSON.stringify(body)).toEqual([200, true]);
    },
  };

  it.each(Object.keys(payOnCashflow))('a payment %s the cash flow that settles an order invoiced on `pay`: issued, kept and mailed in its transaction', async (way) => {
    // A first part recorded while the company invoiced on shipping: planned on the order's receivable, no invoice.
    await company({ invoice_on: 'ship' });
    const order = await newOrder();
    const total = Number(order.grand_total);
    await fire('confirm', order.fsm_instance_id as number);
    const today = (await one('select current_date::text as d')).d;
    await ok(
      admin,
      'trigger_fsm',
      'set',
      { event_code: 'pay', fsm_instance_id: order.fsm_instance_id, params: { checkbox: false, payment: { amount: 10, paid_on: today, pay_method: 'card' } } },
      'SK01',
    );
    expect(await invoiceOf(order.order_id)).toBeUndefined();
    const item = (await one(`select cashflow_id from app.cashflow_items where order_id = $1 and type_code = 'customer_invoice'`, [order.order_id])).cashflow_id;
    // The rest paid on the Cash flow once it invoices on payment.
    await company({ invoice_on: 'pay' });
    try {
      await payOnCashflow[way]!(item, today, Number((total - 10).toFixed(2)));
    } finally {
      await company({ invoice_on: 'confirm' });
    }
    const inv = (await invoiceOf(order.order_id))!;
    expect(inv.issued_by).not.toBeNull();
    expect((await one('select s.state_code from app.fsm_instances i join app.fsm_states s using (state_id) where fsm_instance_id = $1', [order.fsm_instance_id])).state_code).toBe('paid');
    expect(await kept(order.order_id)).toEqual([{ generated_key: `invoice:${inv.invoice_id}:sk`, uploaded_by: inv.issued_by }]);
    expect(await queued(order.order_id)).toEqual([{ recipients: [order.to], language_code: 'de', documents: ['invoice', 'ubl'] }]);
    await expectInvoiceMailed(order, inv);
  });

  it('an invoice issued by SQL outside the server is delivered by the scheduler’s next pass, once', async () => {
    await company({ invoice_on: 'confirm' });
    const order = await newOrder();
    await s.db.query(
      `select app.fsm_move(i.fsm_instance_id, t.transition_id, null, '{}'::jsonb, now())
       from app.fsm_instances i join app.fsm_transitions t on t.type_code = i.type_code and t.event_code = 'confirm' and t.from_state_id = i.state_id
       where i.fsm_instance_id = $1`,
      [order.fsm_instance_id],
    );
    const inv = (await invoiceOf(order.order_id))!;
    expect(await kept(order.order_id)).toEqual([]);
    expect(await queued(order.order_id)).toEqual([]);
    expect((await tick(s.db, new Date())).leftovers).toBeGreaterThanOrEqual(1);
    expect(await kept(order.order_id)).toEqual([{ generated_key: `invoice:${inv.invoice_id}:sk`, uploaded_by: null }]);
    expect(await queued(order.order_id)).toEqual([{ recipients: [order.to], language_code: 'de', documents: ['invoice', 'ubl'] }]);
    expect((await tick(s.db, new Date())).leftovers).toBe(0);
    expect(await queued(order.order_id)).toHaveLength(1);
    await expectInvoiceMailed(order, inv);
  });
});
