/**
 * Invoices and credit notes of sales orders (issue 47; migration 113), on both engines: an
 * invoice is issued in the transaction of the workflow event the company chose (confirm by
 * default, pay or ship), as a snapshot of the order, the company and the customer, numbered
 * INV-<year>-<n> per company and year without gaps — also under 20 parallel issues — and it
 * never changes once issued; credit notes reverse all or some of its lines, never more than
 * is left; the receivable follows (a cashflow item with due date, currency and day rate).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readInvoice } from '../../src/server/invoices/read.ts';
import { engines, serverHelpers, startSignedIn, type Json, type TestServer } from './harness.ts';

const YEAR = new Date().getFullYear();
const numberOf = (ref: string) => Number(/^(?:INV|CN)-\d{4}-(\d+)$/.exec(ref)![1]);
const pad = (prefix: string, n: number, year = YEAR) => `${prefix}-${year}-${String(n).padStart(6, '0')}`;

describe.each(engines)('invoices on %s', (engine) => {
  let s: TestServer, admin: string, catalog: string;
  beforeAll(async () => void ({ s, admin, catalog } = await startSignedIn(engine)));
  afterAll(() => s?.close());
  const { ok, rows, one } = serverHelpers(() => s);

  const customerOf = async (company: string) =>
    Number((await one('select partner_id from app.partners where company_code = $1 and not is_supplier and not deleted order by partner_id limit 1', [company])).partner_id);
  /** Products of the company (this suite's own database: none is deleted). */
  const productsOf = async (company: string, n: number) =>
    (await rows('select product_code from app.products where company_code = $1 order by product_code offset 10 limit $2', [company, n])).map((r) => r.product_code as string);
  /** An order with lines (product, quantity, unit price, VAT rate), through the API; charges and currency by SQL where given. */
  const order = async (
    company: string,
    lines: { quantity: number; unit_price: number; vat_rate?: number; discount_percent?: number }[],
    extra: { delivery_price?: number; payment_fee?: number; currency_code?: string; partner_id?: number } = {},
  ) => {
    const o = (await ok(admin, 'sales_orders', 'add', { partner_id: extra.partner_id ?? (await customerOf(company)), ...(extra.currency_code ? { currency_code: extra.currency_code } : {}) }, company))
      .row as { order_id: number; fsm_instance_id: number; fsm_reference: string };
    const products = await productsOf(company, lines.length);
    for (const [i, l] of lines.entries()) {
      const item = (
        await ok(
          admin,
          'sales_order_items',
          'add',
          { order_id: o.order_id, product_code: products[i], quantity: l.quantity, unit_price: l.unit_price, discount_percent: l.discount_percent ?? 0 },
          company,
        )
      ).row;
      if (l.vat_rate !== undefined) await s.db.query('update app.sales_order_items set vat_rate = $2 where item_id = $1', [item.item_id, l.vat_rate]);
    }
    if (extra.delivery_price || extra.payment_fee)
      await s.db.query('update app.sales_orders set delivery_price = $2, payment_fee = $3 where order_id = $1', [o.order_id, extra.delivery_price ?? 0, extra.payment_fee ?? 0]);
    return o;
  };
  const fire = (event: string, instances: number[], company: string, token = admin) =>
    s.action(token, 'trigger_fsms', 'set', { event_code: event, fsm_instance_id: instances, ...(event === 'pay' ? { params: { checkbox: false } } : {}) }, company);
  const fireOk = async (event: string, instances: number[], company: string) => {
    const r = await fire(event, instances, company);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  };
  const invoiceOf = async (orderId: number) => (await rows(`select * from app.v_invoices where order_id = $1 and kind = 'invoice'`, [orderId]))[0];
  const highest = async (company: string, prefix: string, year = YEAR) =>
    Number(
      (await one(`select coalesce(max(substring(invoice_number from '\\d+$')::int), 0) as n from app.invoices where company_code = $1 and invoice_number like $2`, [company, `${prefix}-${year}-%`])).n,
    );
  const setCompany = async (company: string, values: Record<string, unknown>) => {
    const c = await one('select row_version from app.companies where company_code = $1', [company]);
    await ok(admin, 'companies', 'set', { company_code: company, row_version: c.row_version, ...values }, company);
  };

  it('issues the invoice on confirm (the default): the order, company and customer copied, VAT per rate, due by the payment term, a receivable due', async () => {
    const partner = await customerOf('SK01');
    const p = await one('select row_version from app.partners where partner_id = $1', [partner]);
    await ok(admin, 'partner_list', 'set', { partner_id: partner, row_version: p.row_version, vat_number: 'SK2020202020', payment_days: 30 }, 'SK01');
    await setCompany('SK01', { vat_number: 'SK1010101010', iban: 'SK31 1200 0000 1987 4263 7541', address_line_1: 'Hlavná 1', city: 'Bratislava', zip_code: '811 01' });
    const o = await order(
      'SK01',
      [
        { quantity: 3, unit_price: 10.05, vat_rate: 20 },
        { quantity: 1.5, unit_price: 7.33, vat_rate: 10, discount_percent: 5 },
      ],
      { delivery_price: 4.99, payment_fee: 1.5, partner_id: partner },
    );
    expect(await invoiceOf(o.order_id)).toBeUndefined();
    const before = await highest('SK01', 'INV');
    await fireOk('confirm', [o.fsm_instance_id], 'SK01');

    const inv = (await invoiceOf(o.order_id))!;
    expect(inv).toMatchObject({ kind: 'invoice', invoice_number: pad('INV', before + 1), order_reference: o.fsm_reference, partner_id: partner, buyer_vat_number: 'SK2020202020' });
    const so = await one('select grand_net::text, grand_vat::text, grand_total::text, invoice_number, language_code, currency_code from app.v_sales_orders where order_id = $1', [o.order_id]);
    expect(so.invoice_number).toBe(inv.invoice_number);

    const doc = (await readInvoice(s.db, 'SK01', Number(inv.invoice_id)))!;
    expect(doc).toMatchObject({
      kind: 'invoice',
      number: inv.invoice_number,
      currencyCode: so.currency_code,
      rate: expect.stringMatching(/^1(\.0+)?$/),
      languageCode: so.language_code,
      credited: null,
    });
    expect(doc.seller).toMatchObject({ vatNumber: 'SK1010101010', city: 'Bratislava', zipCode: '811 01', addressLine1: 'Hlavná 1', iban: 'SK31 1200 0000 1987 4263 7541' });
    expect(doc.buyer.vatNumber).toBe('SK2020202020');
    // The totals are the order's to the cent: lines and both charges, VAT taken out of the charges by 099's rule.
    expect(Number(doc.totals.gross)).toBeCloseTo(Number(so.grand_total), 6);
    expect(Number(doc.totals.vat)).toBeCloseTo(Number(so.grand_vat), 6);
    expect(Number(doc.totals.net)).toBeCloseTo(Number(so.grand_net), 6);
    expect(doc.lines.map((l) => [l.lineNo, l.kind, l.vatRate])).toEqual([
      [1, 'item', '20.00'],
      [2, 'item', '10.00'],
      [3, 'delivery', '20.00'],
      [4, 'delivery', '10.00'],
      [5, 'payment_fee', '20.00'],
      [6, 'payment_fee', '10.00'],
    ]);
    expect(doc.lines[0]).toMatchObject({ quantity: '3.000', unitPrice: '10.0500', netAmount: '30.15', vatAmount: '6.03', grossAmount: '36.18' });
    // 1.5 × 7.33 × 0.95 = 10.44525 → 10.45; VAT 1.045 → 1.05 (rounded once per line).
    expect(doc.lines[1]).toMatchObject({ discountPercent: '5.00', netAmount: '10.45', vatAmount: '1.05' });
    // The lines' names are the products' in the order's language.
    const names = await rows(
      `select app.name_in(p.product_name, $2, p.product_code) as n from app.sales_order_items i join app.products p using (product_code) where i.order_id = $1 order by i.item_id`,
      [o.order_id, so.language_code],
    );
    expect(doc.lines.slice(0, 2).map((l) => l.description)).toEqual(names.map((n) => n.n));
    // VAT per rate adds up the lines; together the totals.
    expect(doc.vat.map((v) => v.vatRate)).toEqual(['20.00', '10.00']);
    const sum = (k: 'netAmount' | 'vatAmount' | 'grossAmount') => doc.vat.reduce((a, v) => a + Number(v[k]), 0);
    expect([sum('netAmount'), sum('vatAmount'), sum('grossAmount')].map((x) => x.toFixed(2))).toEqual([doc.totals.net, doc.totals.vat, doc.totals.gross]);
    expect(doc.dueDate).toBe((await one(`select ($1::date + 30)::text as d`, [doc.issueDate])).d);

    // The receivable: a customer invoice due on the due date, in the invoice's currency, at its day's rate.
    const cf = await rows(`select type_code, state_code, amount::text, currency_code, due_date::text, opened_on::text, invoice_number, order_id from app.v_cashflow where order_id = $1`, [o.order_id]);
    expect(cf).toEqual([
      {
        type_code: 'customer_invoice',
        state_code: 'due',
        amount: Number(doc.totals.gross).toFixed(4),
        currency_code: doc.currencyCode,
        due_date: doc.dueDate,
        opened_on: doc.issueDate,
        invoice_number: doc.number,
        order_id: o.order_id,
      },
    ]);
    // The invoices screen lists it in its company only, with its lines as the detail.
    const listed = (await ok(admin, 'invoices', 'list', { filterModel: { invoice_number: { filterType: 'text', type: 'equals', filter: doc.number } } }, 'SK01')).rows;
    expect(listed).toHaveLength(1);
    expect((await ok(admin, 'invoices', 'list', { filterModel: { invoice_id: { filterType: 'number', type: 'equals', filter: doc.invoiceId } } }, 'CZ01')).rows).toHaveLength(0);
    const lines = (await ok(admin, 'invoice_lines', 'list', { filterModel: { invoice_id: { filterType: 'number', type: 'equals', filter: doc.invoiceId } } }, 'SK01')).rows;
    expect(lines).toHaveLength(6);
    expect((await s.action(catalog, 'invoices', 'list', {}, 'SK01')).status).toBe(403);
  });

  it('converts at the rate of the issue day in another currency, and the receivable shows it', async () => {
    const o = await order('HU01', [{ quantity: 2, unit_price: 12.5, vat_rate: 27 }], { currency_code: 'EUR' });
    await fireOk('confirm', [o.fsm_instance_id], 'HU01');
    const inv = (await invoiceOf(o.order_id))!;
    const rate = Number((await one(`select app.rate_on('HU01', 'EUR', $1::date)::float8 as r`, [inv.issue_date])).r);
    expect(rate).toBeGreaterThan(1);
    expect(inv.currency_code).toBe('EUR');
    expect(Number(inv.rate)).toBeCloseTo(rate, 6);
    const cf = await one('select amount::float8 as amount, currency_code, amount_view_currency::float8 as v from app.v_cashflow where order_id = $1', [o.order_id]);
    expect(cf).toMatchObject({ currency_code: 'EUR', amount: 31.75 });
    expect(cf.v).toBeCloseTo(31.75 * rate, 4);
  });

  it('issues on the event the company chose, once per order, and not for an order with nothing to invoice', async () => {
    await setCompany('CZ01', { invoice_on: 'pay', payment_days: 7 });
    const o = await order('CZ01', [{ quantity: 1, unit_price: 100, vat_rate: 21 }]);
    const empty = await order('CZ01', []);
    await fireOk('confirm', [o.fsm_instance_id, empty.fsm_instance_id], 'CZ01');
    expect(await invoiceOf(o.order_id)).toBeUndefined();
    // Paid by its payment (Record payment: paid needs money, migration 128); the empty order has nothing to pay.
    const today = (await one('select current_date::text as d')).d as string;
    const paid = await s.action(
      admin,
      'trigger_fsm',
      'set',
      { event_code: 'pay', fsm_instance_id: o.fsm_instance_id, params: { checkbox: false, payment: { amount: 121, paid_on: today, pay_method: 'card' } } },
      'CZ01',
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    await fireOk('pay', [empty.fsm_instance_id], 'CZ01');
    const inv = (await invoiceOf(o.order_id))!;
    expect(inv.due_date).toBe((await one(`select ($1::date + 7)::text as d`, [inv.issue_date])).d);
    expect(await invoiceOf(empty.order_id)).toBeUndefined();
    // A second issue of the same order gives nothing (one invoice per order).
    expect((await one('select app.invoice_issue($1, null) as id', [o.order_id])).id).toBeNull();
    await setCompany('CZ01', { invoice_on: 'confirm', payment_days: 14 });
    // The setting is one of the three events (said at the field).
    const c = await one('select row_version from app.companies where company_code = $1', ['CZ01']);
    const bad = await s.action(admin, 'companies', 'set', { company_code: 'CZ01', row_version: c.row_version, invoice_on: 'deliver' }, 'CZ01');
    expect(bad.status).toBe(400);
  });

  it("invoices each order once at its company's point whatever the path: a prepayment order on confirm, one shipped by SQL on ship (migration 128)", async () => {
    const invoices = async (orderId: number) => (await rows(`select invoice_number from app.invoices where order_id = $1 and kind = 'invoice'`, [orderId])).length;
    const copies = async (orderId: number) => (await rows(`select doc_id from app.sales_order_documents where order_id = $1 and doc_type = 'invoice'`, [orderId])).length;
    const today = (await one('select current_date::text as d')).d as string;
    const pay = (o: { fsm_instance_id: number }, amount: number, company: string) =>
      s.action(admin, 'trigger_fsm', 'set', { event_code: 'pay', fsm_instance_id: o.fsm_instance_id, params: { checkbox: false, payment: { amount, paid_on: today, pay_method: 'card' } } }, company);

    // invoice_on = confirm (CZ01's): a prepayment order never fires confirm — it is confirmed by require_prepayment, and invoiced then.
    const pre = await order('CZ01', [{ quantity: 1, unit_price: 100, vat_rate: 21 }]);
    expect(await invoices(pre.order_id)).toBe(0);
    await fireOk('require_prepayment', [pre.fsm_instance_id], 'CZ01');
    expect(await invoices(pre.order_id)).toBe(1);
    expect(await copies(pre.order_id)).toBe(1);
    // Its prepayment settles that invoice's receivable and pays the order: no second invoice.
    const paid = await pay(pre, 121, 'CZ01');
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data.rows).toMatchObject([{ state_code: 'paid' }]);
    expect(await invoices(pre.order_id)).toBe(1);
    // A cancelled order never reached the point.
    const gone = await order('CZ01', [{ quantity: 1, unit_price: 10 }]);
    await fireOk('cancel', [gone.fsm_instance_id], 'CZ01');
    expect(await invoices(gone.order_id)).toBe(0);

    // invoice_on = ship: the order is invoiced when shipped (not on confirm or its payment), once.
    await setCompany('CZ01', { invoice_on: 'ship' });
    try {
      const o = await order('CZ01', [{ quantity: 1, unit_price: 50, vat_rate: 21 }]);
      await fireOk('confirm', [o.fsm_instance_id], 'CZ01');
      expect((await pay(o, 60.5, 'CZ01')).status).toBe(200);
      expect(await invoices(o.order_id)).toBe(0);
      expect((await one('select s.state_code from app.fsm_instances i join app.fsm_states s using (state_id) where i.fsm_instance_id = $1', [o.fsm_instance_id])).state_code).toBe('paid');
      // Moved by SQL (a writer other than the trigger call): the point is the state reached, not the user's event.
      const move = (event: string) =>
        s.db.query(
          `select app.fsm_move($1, t.transition_id, null, '{}'::jsonb, now())
           from app.fsm_instances i join app.fsm_transitions t on t.type_code = i.type_code and t.from_state_id = i.state_id and t.event_code = $2
           where i.fsm_instance_id = $1`,
          [o.fsm_instance_id, event],
        );
      await move('goods_missing');
      await move('goods_arrived');
      expect(await invoices(o.order_id)).toBe(0);
      await move('ship');
      expect(await invoices(o.order_id)).toBe(1);
      await move('deliver');
      expect(await invoices(o.order_id)).toBe(1);
    } finally {
      await setCompany('CZ01', { invoice_on: 'confirm' });
    }
  });

  it('numbers per company and year: another company leaves no gap, a new year starts at 1', async () => {
    const sk = await highest('SK01', 'INV');
    const hu = await highest('HU01', 'INV');
    const a = await order('SK01', [{ quantity: 1, unit_price: 1 }]);
    const b = await order('HU01', [{ quantity: 1, unit_price: 1 }]);
    const c = await order('SK01', [{ quantity: 1, unit_price: 1 }]);
    await fireOk('confirm', [a.fsm_instance_id], 'SK01');
    await fireOk('confirm', [b.fsm_instance_id], 'HU01');
    await fireOk('confirm', [c.fsm_instance_id], 'SK01');
    expect([(await invoiceOf(a.order_id))!.invoice_number, (await invoiceOf(b.order_id))!.invoice_number, (await invoiceOf(c.order_id))!.invoice_number]).toEqual([
      pad('INV', sk + 1),
      pad('INV', hu + 1),
      pad('INV', sk + 2),
    ]);
    const d = await order('SK01', [{ quantity: 1, unit_price: 1 }]);
    const e = await order('SK01', [{ quantity: 1, unit_price: 1 }]);
    const ids = [];
    for (const x of [d, e]) ids.push((await one(`select app.invoice_issue($1, null, date '2031-01-05') as id`, [x.order_id])).id);
    expect((await rows('select invoice_number from app.invoices where invoice_id = any($1::int[]) order by invoice_id', [ids])).map((r) => r.invoice_number)).toEqual([
      pad('INV', 1, 2031),
      pad('INV', 2, 2031),
    ]);
  });

  it('gives 20 parallel issues numbers one after the other, without gap or duplicate', async () => {
    const orders = [];
    for (let i = 0; i < 20; i++) orders.push(await order('CZ01', [{ quantity: 1 + i, unit_price: 3 }]));
    const before = await highest('CZ01', 'INV');
    // Twenty users' confirmations at once, each its own request and transaction (own connection on a server).
    const answers = await Promise.all(orders.map((o) => fire('confirm', [o.fsm_instance_id], 'CZ01')));
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    const got = await rows(`select invoice_number from app.invoices where order_id = any($1::int[]) and kind = 'invoice'`, [orders.map((o) => o.order_id)]);
    expect(got.map((r) => numberOf(r.invoice_number as string)).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => before + 1 + i));
    expect(await highest('CZ01', 'INV')).toBe(before + 20);
    // Each with its receivable.
    expect((await rows(`select invoice_number from app.cashflow_items where order_id = any($1::int[])`, [orders.map((o) => o.order_id)])).map((r) => r.invoice_number).sort()).toEqual(
      got.map((r) => r.invoice_number).sort(),
    );
  });

  it('keeps an issued invoice and its lines as they are (rule invoice_issued), and the invoiced order too', async () => {
    const o = await order('SK01', [{ quantity: 2, unit_price: 5 }]);
    await fireOk('confirm', [o.fsm_instance_id], 'SK01');
    const inv = (await invoiceOf(o.order_id))!;
    const refusal = async (sql: string, args: unknown[]) => {
      const e = (await s.db.query(sql, args).catch((x: unknown) => x)) as { constraint?: string };
      return e.constraint;
    };
    expect(await refusal(`update app.invoices set buyer_name = 'Someone else' where invoice_id = $1`, [inv.invoice_id])).toBe('invoice_issued');
    expect(await refusal(`delete from app.invoices where invoice_id = $1`, [inv.invoice_id])).toBe('invoice_issued');
    expect(await refusal(`update app.invoice_lines set quantity = 99 where invoice_id = $1`, [inv.invoice_id])).toBe('invoice_issued');
    expect(await refusal(`delete from app.invoice_lines where invoice_id = $1`, [inv.invoice_id])).toBe('invoice_issued');
    expect(
      await refusal(
        `insert into app.invoice_lines (invoice_id, line_no, kind, description, quantity, unit_price, vat_rate, net_amount, vat_amount, gross_amount) values ($1, 9, 'item', 'x', 1, 1, 0, 1, 0, 1)`,
        [inv.invoice_id],
      ),
    ).toBe('invoice_issued');
    // A document written without being issued does not commit.
    const other = (await order('SK01', [{ quantity: 1, unit_price: 1 }])).order_id;
    const draft = await s.db
      .transaction(async (tx) => {
        await tx.query(
          `insert into app.invoices (company_code, kind, order_id, order_reference, partner_id, language_code, issue_date, due_date, currency_code, company_currency_code, seller_name, seller_country_code, buyer_name)
           select company_code, 'invoice', order_id, fsm_reference, partner_id, language_code, current_date, current_date, currency_code, currency_code, 'x', 'SK', 'y' from app.sales_orders where order_id = $1`,
          [other],
        );
      })
      .catch((x: { constraint?: string }) => x.constraint);
    expect(draft).toBe('invoice_not_issued');
    // The order keeps what was invoiced: the API answers with the rule.
    const items = await rows('select item_id, row_version from app.sales_order_items where order_id = $1', [o.order_id]);
    const r = await s.action(admin, 'sales_order_items', 'set', { item_id: items[0]!.item_id, row_version: items[0]!.row_version, quantity: 5 }, 'SK01');
    expect([r.status, r.body.rule]).toEqual([400, 'sales_order_invoiced']);
    expect(JSON.stringify(r.body)).not.toMatch(/violates|trigger/);
  });

  it('credits some lines, then the rest; never more than is left; the receivable follows', async () => {
    const o = await order('SK01', [
      { quantity: 4, unit_price: 10, vat_rate: 20 },
      { quantity: 1, unit_price: 50, vat_rate: 10 },
    ]);
    await fireOk('confirm', [o.fsm_instance_id], 'SK01');
    const inv = (await invoiceOf(o.order_id))!;
    const doc = (await readInvoice(s.db, 'SK01', Number(inv.invoice_id)))!;
    const lineIds = (await rows('select line_id from app.invoice_lines where invoice_id = $1 order by line_no', [inv.invoice_id])).map((r) => Number(r.line_id));
    expect(doc.totals.gross).toBe('103.00'); // 48 + 55
    const cn0 = await highest('SK01', 'CN');

    // Rights and company: the invoices page's add right, the session's company.
    expect((await s.action(catalog, 'credit_note', 'add', { invoice_id: doc.invoiceId }, 'SK01')).status).toBe(403);
    expect((await s.action(admin, 'credit_note', 'add', { invoice_id: doc.invoiceId }, 'CZ01')).status).toBe(404);

    const part = await ok(admin, 'credit_note', 'add', { invoice_id: doc.invoiceId, lines: [{ line_id: lineIds[0], quantity: 1 }], reason: 'Damaged' }, 'SK01');
    expect(part).toMatchObject({ invoice_number: pad('CN', cn0 + 1), gross_total: 12 });
    const cn = (await readInvoice(s.db, 'SK01', part.invoice_id))!;
    expect(cn).toMatchObject({ kind: 'credit_note', reason: 'Damaged', credited: { invoiceId: doc.invoiceId, number: doc.number }, totals: { net: '10.00', vat: '2.00', gross: '12.00' } });
    expect(cn.lines).toEqual([expect.objectContaining({ lineNo: 1, creditedLineNo: 1, quantity: '1.000', netAmount: '10.00' })]);
    // The open receivable is lowered by the credit note.
    const item = () => one(`select amount::float8 as amount, state_code from app.v_cashflow where order_id = $1`, [o.order_id]);
    expect(await item()).toEqual({ amount: 91, state_code: 'due' });

    // More than is left of line 1 (3): refused with the rule, nothing written.
    const over = await s.action(admin, 'credit_note', 'add', { invoice_id: doc.invoiceId, lines: [{ line_id: lineIds[0], quantity: 3.5 }] }, 'SK01');
    expect([over.status, over.body.rule], JSON.stringify(over.body)).toEqual([400, 'credit_note_limit']);
    const foreign = await s.action(admin, 'credit_note', 'add', { invoice_id: doc.invoiceId, lines: [{ line_id: 1, quantity: 1 }] }, 'SK01');
    expect([foreign.status, foreign.body.rule]).toEqual([400, 'credit_note_limit']);
    expect(await highest('SK01', 'CN')).toBe(cn0 + 1);

    // The rest: every line's remaining quantity; the invoice is then balanced to the cent.
    const rest = await ok(admin, 'credit_note', 'add', { invoice_id: doc.invoiceId }, 'SK01');
    expect(rest).toMatchObject({ invoice_number: pad('CN', cn0 + 2), gross_total: 91 });
    const listed = await one(`select credited_total::float8 as c, balance_total::float8 as b from app.v_invoices where invoice_id = $1`, [doc.invoiceId]);
    expect(listed).toEqual({ c: 103, b: 0 });
    expect(
      (await rows('select quantity::float8 as q, credited_quantity::float8 as c from app.v_invoice_lines where invoice_id = $1 order by line_no', [doc.invoiceId])).map((r) => [r.q, r.c]),
    ).toEqual([
      [4, 4],
      [1, 1],
    ]);
    // Fully credited, nothing paid: the receivable is cancelled.
    expect((await item()).state_code).toBe('cancelled');
    const nothing = await s.action(admin, 'credit_note', 'add', { invoice_id: doc.invoiceId }, 'SK01');
    expect([nothing.status, nothing.body.rule]).toEqual([400, 'credit_note_nothing']);
    // A credit note is as immutable as an invoice, and is not credited itself.
    await expect(s.db.query(`update app.invoices set reason = 'x' where invoice_id = $1`, [part.invoice_id])).rejects.toMatchObject({ constraint: 'invoice_issued' });
    expect((await s.action(admin, 'credit_note', 'add', { invoice_id: part.invoice_id }, 'SK01')).status).toBe(404);
  });

  it('pays back what was paid: a credit note of a paid invoice is an outgoing item', async () => {
    const o = await order('SK01', [{ quantity: 2, unit_price: 25, vat_rate: 20 }]);
    await fireOk('confirm', [o.fsm_instance_id], 'SK01');
    const inv = (await invoiceOf(o.order_id))!;
    const cf = await one('select cashflow_id from app.cashflow_items where order_id = $1', [o.order_id]);
    await s.db.query('insert into app.cashflow_payments (cashflow_id, amount) values ($1, 60)', [cf.cashflow_id]);
    const lineId = (await one('select line_id from app.invoice_lines where invoice_id = $1', [inv.invoice_id])).line_id;
    const cn = await ok(admin, 'credit_note', 'add', { invoice_id: inv.invoice_id, lines: [{ line_id: lineId, quantity: 1 }] }, 'SK01');
    expect(cn.gross_total).toBe(30);
    const items = await rows(`select type_code, direction, amount::float8 as amount, invoice_number, order_id from app.v_cashflow where order_id = $1 order by cashflow_id`, [o.order_id]);
    expect(items).toEqual([
      { type_code: 'customer_invoice', direction: 'in', amount: 60, invoice_number: inv.invoice_number, order_id: o.order_id },
      { type_code: 'customer_credit_note', direction: 'out', amount: 30, invoice_number: cn.invoice_number, order_id: o.order_id },
    ] as Json);
  });
});
