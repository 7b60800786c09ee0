/**
 * Cash flow from the business (issue 47, point 4; migration 117), on both engines: the sales
 * order's Record payment records amount, date and method on the order's receivable; partial
 * payments leave it open, the payment that reaches the amount closes it and pays the order
 * (its `pay` fired by the system in the same transaction, with the dialog's checkbox: the
 * confirmation mails); an overpayment is kept as a credit item of the partner that follows
 * the payments and is refunded at most in full; a payment before the invoice is planned on
 * the order's total and taken over by the invoice; a received purchase order makes one
 * payable (value, currency, rate of the day, supplier's term, account); rights and company.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantUserPage } from './grants.ts';
import { engines, serverHelpers, startSignedIn, type Json, type TestServer } from './harness.ts';

type Row = Record<string, Json>;

describe.each(engines)('payments on %s', (engine) => {
  let s: TestServer, admin: string, catalog: string, warehouse: string, today: string;
  beforeAll(async () => {
    ({ s, admin, catalog, warehouse } = await startSignedIn(engine));
    today = (await one('select current_date::text as d')).d as string;
  });
  afterAll(() => s?.close());
  const { ok, rows, one } = serverHelpers(() => s);

  const partnerOf = async (company: string, supplier = false, offset = 0) =>
    Number(
      (await one('select partner_id from app.partners where company_code = $1 and is_supplier = $2 and not deleted order by partner_id offset $3 limit 1', [company, supplier, offset])).partner_id,
    );
  const daysFrom = async (n: number) => (await one('select (current_date + $1::int)::text as d', [n])).d as string;
  /** A sales order of `company` with one line (2 × 50 at 20 %: 120 gross), confirmed unless told. */
  const order = async (company: string, confirm = true) => {
    const o = (await ok(admin, 'sales_orders', 'add', { partner_id: await partnerOf(company), email: 'buyer@example.com' }, company)).row as Row;
    const product = (await one('select product_code from app.products where company_code = $1 order by product_code offset 20 limit 1', [company])).product_code;
    const item = (await ok(admin, 'sales_order_items', 'add', { order_id: o.order_id, product_code: product, quantity: 2, unit_price: 50 }, company)).row as Row;
    await s.db.query('update app.sales_order_items set vat_rate = 20 where item_id = $1', [item.item_id]);
    if (confirm) await ok(admin, 'fsm_trigger', 'set', { event_code: 'confirm', fsm_instance_id: [o.fsm_instance_id], params: {} }, company);
    return o;
  };
  const recordPayment = (o: Row, amount: number, extra: Row = {}, company = 'SK01', token = admin) =>
    s.action(
      token,
      'trigger_fsm',
      'set',
      { event_code: 'pay', fsm_instance_id: o.fsm_instance_id, params: { checkbox: false, ...extra, payment: { amount, paid_on: today, pay_method: 'card', ...extra.payment } } },
      company,
    );
  const items = (where: string, args: unknown[]) =>
    rows(
      `select cashflow_id, fsm_instance_id, type_code, direction, state_code, payment_status, amount::float8 as amount, total_paid::float8 as total_paid, amount_open::float8 as amount_open,
              credit_amount::float8 as credit_amount, credit_of, invoice_number, currency_code, partner_id
       from app.v_cashflow where ${where} order by cashflow_id`,
      args,
    );
  const lastMove = async (instance: number) => one('select event_code, params, user_id from app.fsm_history where fsm_instance_id = $1 order by history_id desc limit 1', [instance]);

  it('records partial payments on the receivable; the one reaching the amount closes it and pays the order; the excess is the customer’s credit', async () => {
    const o = await order('SK01');
    const [receivable] = await items('order_id = $1', [o.order_id]);
    expect(receivable).toMatchObject({ type_code: 'customer_invoice', state_code: 'due', payment_status: 'open', amount: 120 });

    const part = await recordPayment(o, 40);
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body.data.rows[0].state_code).toBe('waiting_for_payment');
    expect(part.body.data.payment).toMatchObject({
      cashflow_id: receivable!.cashflow_id,
      invoice_number: receivable!.invoice_number,
      total_paid: 40,
      amount_open: 80,
      credit_amount: 0,
      payment_status: 'partly_paid',
      moved: false,
    });
    expect((await items('cashflow_id = $1', [receivable!.cashflow_id]))[0]).toMatchObject({ state_code: 'due', payment_status: 'partly_paid' });

    // 100 more than the 80 open: the order is paid (its confirmation mailed: the box was ticked), 20 kept as credit.
    const rest = await recordPayment(o, 100, { checkbox: true, payment: { pay_method: 'bank_transfer' } });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body.data.rows[0]).toMatchObject({ state_code: 'paid' });
    expect(rest.body.data.payment).toMatchObject({ total_paid: 140, amount_open: 0, credit_amount: 20, payment_status: 'closed', moved: true });
    const me = Number((await one("select user_id from app.users where user_email = 'admin@example.com'")).user_id);
    expect(await lastMove(receivable!.fsm_instance_id)).toMatchObject({
      event_code: 'pay',
      params: { settled: 140 },
      user_id: me,
    });
    expect(await lastMove(o.fsm_instance_id)).toMatchObject({ event_code: 'pay', params: { checkbox: true, settled: receivable!.cashflow_id, invoice: receivable!.invoice_number }, user_id: me });
    // The payment confirmation (after the order confirmation and the invoice mailed on confirm: tests/api/mail-documents.test.ts).
    expect(
      await rows(`select recipients from app.mail_outbox o where source_type = 'sales_order' and source_id = $1 and not exists (select 1 from app.mail_attachments a where a.mail_id = o.mail_id)`, [
        o.order_id,
      ]),
    ).toEqual([{ recipients: ['buyer@example.com'] }]);
    expect((await ok(admin, 'cashflow_payments', 'filter', { cashflow_id: receivable!.cashflow_id }, 'SK01')).rows.map((p: Row) => [p.amount, p.pay_method, p.paid_on])).toEqual([
      [40, 'card', today],
      [100, 'bank_transfer', today],
    ]);
    const [credit] = await items('credit_of = $1', [receivable!.cashflow_id]);
    expect(credit).toMatchObject({
      type_code: 'customer_credit',
      direction: 'out',
      state_code: 'due',
      amount: 20,
      payment_status: 'open',
      invoice_number: receivable!.invoice_number,
      currency_code: 'EUR',
      partner_id: receivable!.partner_id,
    });
    // Closed: its payments stay; the credit is the system's, refunded at most in full, and closes when refunded.
    const late = await s.action(admin, 'cashflow_payments', 'add', { cashflow_id: receivable!.cashflow_id, paid_on: today, amount: 1 }, 'SK01');
    expect([late.status, late.body.rule], JSON.stringify(late.body)).toEqual([400, 'cashflow_closed']);
    const typed = await s.action(
      admin,
      'cashflow',
      'set',
      { cashflow_id: credit!.cashflow_id, row_version: (await one('select row_version from app.cashflow_items where cashflow_id = $1', [credit!.cashflow_id])).row_version, amount: 5 },
      'SK01',
    );
    expect([typed.status, typed.body.rule, typed.body.params?.field]).toEqual([400, 'cashflow_credit_fixed', 'payload.amount']);
    const over = await s.action(admin, 'cashflow_payments', 'add', { cashflow_id: credit!.cashflow_id, paid_on: today, amount: 25 }, 'SK01');
    expect([over.status, over.body.rule]).toEqual([400, 'cashflow_overpaid']);
    await ok(admin, 'cashflow_payments', 'add', { cashflow_id: credit!.cashflow_id, paid_on: today, amount: 20, pay_method: 'bank_transfer' }, 'SK01');
    expect((await items('cashflow_id = $1', [credit!.cashflow_id]))[0]).toMatchObject({ state_code: 'paid', payment_status: 'closed' });
    // The order is paid: Record payment is no longer offered.
    const again = await recordPayment(o, 1);
    expect([again.status, again.body.error]).toEqual([409, 'event_not_allowed']);
  });

  it('keeps credits equal to the overpayment as grid payments change; an item paid in full while planned closes when invoiced', async () => {
    const item = (await ok(admin, 'cashflow', 'add', { type_code: 'supplier_invoice', partner_id: await partnerOf('SK01', true), amount: 100 }, 'SK01')).row as Row;
    const pay = async (amount: number, id = item.cashflow_id) => (await ok(admin, 'cashflow_payments', 'add', { cashflow_id: id, paid_on: today, amount }, 'SK01')).row as Row;
    await pay(60);
    expect((await items('cashflow_id = $1', [item.cashflow_id]))[0]).toMatchObject({ payment_status: 'partly_paid', amount_open: 40 });
    const second = await pay(60);
    expect((await items('cashflow_id = $1', [item.cashflow_id]))[0]).toMatchObject({ state_code: 'planned', payment_status: 'paid', amount_open: 0, credit_amount: 20 });
    expect(await items('credit_of = $1', [item.cashflow_id])).toMatchObject([{ type_code: 'supplier_credit', direction: 'in', amount: 20, state_code: 'due' }]);
    // The payment deleted: nothing is overpaid, the credit is cancelled; a new overpayment is a new credit.
    await ok(admin, 'cashflow_payments', 'delete', { keys: [second.payment_id] }, 'SK01');
    await pay(50);
    const credits = await items('credit_of = $1', [item.cashflow_id]);
    expect(credits.map((c) => [c.state_code, c.amount])).toEqual([
      ['cancelled', 20],
      ['due', 10],
    ]);
    // A credit partly refunded is not taken back.
    await pay(4, credits[1]!.cashflow_id);
    const last = (await rows('select payment_id from app.cashflow_payments where cashflow_id = $1 order by payment_id desc limit 1', [item.cashflow_id]))[0]!;
    const undo = await s.action(admin, 'cashflow_payments', 'delete', { keys: [last.payment_id] }, 'SK01');
    expect([undo.status, undo.body.rule]).toEqual([400, 'cashflow_credit_used']);
    // Invoiced, the settled item closes by itself.
    const r = await ok(admin, 'trigger_fsm', 'set', { event_code: 'invoice', fsm_instance_id: item.fsm_instance_id, params: {} }, 'SK01');
    expect(r.rows[0]).toMatchObject({ state_code: 'paid', final_state: true });
    expect(await lastMove(item.fsm_instance_id)).toMatchObject({
      event_code: 'pay',
      params: { settled: 110 },
      user_id: Number((await one("select user_id from app.users where user_email = 'admin@example.com'")).user_id),
    });
  });

  it('plans the receivable of an order invoiced on shipping, which its invoice takes over; invoicing on pay issues at the first payment', async () => {
    const setInvoiceOn = async (company: string, on: string) => {
      const c = await one('select row_version from app.companies where company_code = $1', [company]);
      await ok(admin, 'companies', 'set', { company_code: company, row_version: c.row_version, invoice_on: on }, company);
    };
    await setInvoiceOn('CZ01', 'ship');
    const o = await order('CZ01');
    const paid = await recordPayment(o, 120, {}, 'CZ01');
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data).toMatchObject({ rows: [{ state_code: 'paid' }], payment: { invoice_number: '', payment_status: 'paid', amount_open: 0, moved: true } });
    expect(await items('order_id = $1', [o.order_id])).toMatchObject([{ state_code: 'planned', amount: 120, total_paid: 120 }]);
    // Shipped: the invoice takes the planned item over, which closes.
    const product = (await one('select product_code from app.sales_order_items where order_id = $1', [o.order_id])).product_code;
    await s.db.query(
      `insert into app.stock_corrections (company_code, product_code, storage_id, quantity, reason)
       select 'CZ01', $1, st.storage_id, 10000, 'test' from app.storages st where st.company_code = 'CZ01' order by st.storage_id limit 1`,
      [product],
    );
    await ok(admin, 'fsm_trigger', 'set', { event_code: 'ship', fsm_instance_id: [o.fsm_instance_id], params: {} }, 'CZ01');
    const invoice = (await one(`select invoice_number from app.invoices where order_id = $1 and kind = 'invoice'`, [o.order_id])).invoice_number;
    expect(await items('order_id = $1', [o.order_id])).toMatchObject([{ state_code: 'paid', invoice_number: invoice, amount: 120, payment_status: 'closed' }]);

    await setInvoiceOn('HU01', 'pay');
    const h = await order('HU01');
    expect(await items('order_id = $1', [h.order_id])).toEqual([]);
    const first = await recordPayment(h, 10, {}, 'HU01');
    expect(first.body.data).toMatchObject({ rows: [{ state_code: 'waiting_for_payment' }], payment: { payment_status: 'partly_paid', moved: false } });
    expect(first.body.data.payment.invoice_number).toMatch(/^INV-/);
    expect(await items('order_id = $1', [h.order_id])).toMatchObject([{ state_code: 'due', total_paid: 10, invoice_number: first.body.data.payment.invoice_number }]);
  });

  it('makes one payable of a received purchase order: its value, currency and day, the supplier’s term or the company’s, its account', async () => {
    const supplier = await partnerOf('SK01', true, 1);
    const p = await one('select row_version from app.partners where partner_id = $1', [supplier]);
    await ok(admin, 'partner_list', 'set', { partner_id: supplier, row_version: p.row_version, payment_days: 21 }, 'SK01');
    const account = (await one(`select account_id from app.accounts where company_code = 'SK01' order by account_id limit 1`)).account_id;
    const products = (
      await rows(
        `select p.product_code, (select ps.storage_id from app.product_pack_storages ps where ps.product_code = p.product_code order by ps.pack_no, ps.storage_id limit 1) as storage_id
         from app.products p where p.company_code = 'SK01' and p.active and exists (select 1 from app.product_pack_storages ps where ps.product_code = p.product_code)
         order by p.product_code offset 30 limit 2`,
      )
    ).map((r) => r as { product_code: string; storage_id: number });
    const po = async (partner: number, extra: Row, code: string) => {
      const o = (await ok(admin, 'purchase_orders', 'add', { partner_id: partner, ...extra }, 'SK01')).row as Row;
      await ok(admin, 'purchase_order_items', 'add', { po_id: o.po_id, product_code: code, quantity: 12, unit_price: 3.5 }, 'SK01');
      await ok(admin, 'purchase_order_costs', 'add', { po_id: o.po_id, cost_name: 'Freight', cost_amount: 10, cost_currency_code: 'EUR' }, 'SK01');
      for (const event of ['order', 'confirm']) await ok(admin, 'fsm_trigger', 'set', { event_code: event, fsm_instance_id: [o.fsm_instance_id], params: {} }, 'SK01');
      return o;
    };
    const payable = (poId: number) =>
      rows(
        `select type_code, state_code, amount::float8 as amount, currency_code, opened_on::text as opened_on, due_date::text as due_date, account_id, po_reference, partner_id,
                rate::float8 as rate, (select u.user_email from app.cashflow_items c join app.users u on u.user_id = c.opened_by where c.po_id = v.po_id) as opened_by
         from app.v_cashflow v where po_id = $1`,
        [poId],
      );
    // Received by the workflow's Receive goods: 12 × 3.50 in USD, the freight is not the supplier's.
    const a = await po(supplier, { currency_code: 'USD', account_id: account }, products[0]!.product_code);
    await ok(admin, 'fsm_trigger', 'set', { event_code: 'receive', fsm_instance_id: [a.fsm_instance_id], params: {} }, 'SK01');
    const usd = Number((await one(`select app.rate_on('SK01', 'USD', current_date)::float8 as r`)).r);
    expect(await payable(a.po_id)).toEqual([
      {
        type_code: 'supplier_invoice',
        state_code: 'due',
        amount: 42,
        currency_code: 'USD',
        opened_on: today,
        due_date: await daysFrom(21),
        account_id: account,
        po_reference: a.fsm_reference,
        partner_id: supplier,
        rate: usd,
        opened_by: 'admin@example.com',
      },
    ]);
    expect(await one('select app.po_payable($1, current_date, null) as again', [a.po_id])).toEqual({ again: null });
    expect((await payable(a.po_id)).length).toBe(1);

    // Received in full on Arriving shipments by the warehouse: a supplier without a term is due after the company's.
    const other = await partnerOf('SK01', true, 2);
    expect((await one('select payment_days from app.partners where partner_id = $1', [other])).payment_days).toBeNull();
    const b = await po(other, { currency_code: 'EUR' }, products[1]!.product_code);
    const line = (await one('select po_item_id from app.purchase_order_items where po_id = $1', [b.po_id])).po_item_id;
    await ok(warehouse, 'purchase_receipts', 'add', { po_id: b.po_id, po_item_id: line, storage_id: products[1]!.storage_id, quantity: 5 }, 'SK01');
    expect(await payable(b.po_id)).toEqual([]);
    await ok(warehouse, 'purchase_receipts', 'add', { po_id: b.po_id, po_item_id: line, storage_id: products[1]!.storage_id, quantity: 7 }, 'SK01');
    const term = Number((await one(`select payment_days from app.companies where company_code = 'SK01'`)).payment_days);
    expect(await payable(b.po_id)).toMatchObject([{ amount: 42, currency_code: 'EUR', due_date: await daysFrom(term), account_id: null, rate: 1, opened_by: 'warehouse@example.com' }]);
  });

  it('asks the events right on orders and the add right on the cash flow, in the session’s company; a payment only where the event takes one', async () => {
    const o = await order('SK01');
    const paidOf = async () =>
      Number((await one('select coalesce(sum(p.amount), 0)::float8 as t from app.cashflow_payments p join app.cashflow_items c using (cashflow_id) where c.order_id = $1', [o.order_id])).t);
    const cz = await order('CZ01', false);
    const foreign = await recordPayment(cz, 10);
    expect([foreign.status, foreign.body.error]).toEqual([404, 'not_found']);

    const catalogId = Number((await one("select user_id from app.users where user_email = 'catalog@example.com'")).user_id);
    await grantUserPage(s, catalogId, 'sales.sales_orders', { can_list: true, can_events: true });
    const refused = await recordPayment(o, 10, {}, 'SK01', catalog);
    expect([refused.status, refused.body.error]).toEqual([403, 'forbidden']);
    expect(await paidOf()).toBe(0);
    await grantUserPage(s, catalogId, 'finance.cashflow', { can_list: true, can_add: true });
    const allowed = await recordPayment(o, 10, {}, 'SK01', catalog);
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    expect(await paidOf()).toBe(10);

    const onConfirm = await s.action(
      admin,
      'trigger_fsm',
      'set',
      { event_code: 'confirm', fsm_instance_id: o.fsm_instance_id, params: { payment: { amount: 1, paid_on: today, pay_method: 'cash' } } },
      'SK01',
    );
    expect(onConfirm.status).toBe(400);
    const badMethod = await recordPayment(o, 1, { payment: { pay_method: 'cheque' } });
    expect(badMethod.status).toBe(400);
    const grid = await s.action(
      admin,
      'cashflow_payments',
      'add',
      { cashflow_id: (await items('order_id = $1', [o.order_id]))[0]!.cashflow_id, paid_on: today, amount: 1, pay_method: 'cheque' },
      'SK01',
    );
    expect([grid.status, grid.body.params?.field]).toEqual([400, 'payload.pay_method']);
    expect(await paidOf()).toBe(10);
  });
});
