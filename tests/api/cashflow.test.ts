/**
 * Cashflow (issue 22, migration 041): the demo items of every company in every state of
 * the `cashflow` workflow, consistent with their dates and histories; payment count and
 * total, payment delay and the amount in the company currency computed in SQL, checked
 * here exactly, and its conversion into each view currency (the grid's core/money rule)
 * against an exact computation of amount × rate[from] / rate[view]; adding an item
 * (its instance, author, currency and due date) and payments that update its totals
 * (overpayments and closing by payments: payments.test.ts); `invoice` and `pay` through trigger_fsm, the due date as the
 * workflow's deadline; a closed item kept, an open one deleted with its payments and
 * restored by undo; another company's rows refused; only the administrator's pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGS } from '../../src/core/langs.ts';
import { shownAmount } from '../../src/core/money.ts';
import { tick } from '../../src/server/workflow/scheduler.ts';
import { scaled } from './exact.ts';
import { engines, serverHelpers, startSignedIn, type Json, type TestServer } from './harness.ts';

type Row = Record<string, Json>;

/** n / d rounded half away from zero (n, d > 0). */
const divRound = (n: bigint, d: bigint) => (n * 2n + d) / (2n * d);
const asNumber = (v: bigint, digits: number) => Number(digits ? `${v / 10n ** BigInt(digits)}.${String(v % 10n ** BigInt(digits)).padStart(digits, '0')}` : String(v));
const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000);

describe.each(engines)('cashflow on %s', (engine) => {
  let s: TestServer, admin: string, catalog: string, warehouse: string;
  beforeAll(async () => void ({ s, admin, catalog, warehouse } = await startSignedIn(engine)));
  afterAll(() => s?.close());
  const { ok, rows, one } = serverHelpers(() => s);

  const partnerOf = async (company: string, supplier = false) =>
    (await one('select partner_id from app.partners where company_code = $1 and is_supplier = $2 and not deleted order by partner_id limit 1', [company, supplier])).partner_id as number;
  const item = async (id: number, company?: string) => (await ok(admin, 'cashflow', 'filter', { cashflow_id: id }, company)).rows[0] as Row;

  it('lists every company’s items in every state, with payments, delay and closing day computed from the stored facts', async () => {
    const today = (await one('select current_date as d')).d as string;
    for (const company of ['SK01', 'HU01', 'CZ01']) {
      const listed: Row[] = (await ok(admin, 'cashflow', 'list', { endRow: 5000 }, company)).rows;
      expect(listed.length).toBe((await one('select count(*)::int as n from app.cashflow_items where company_code = $1', [company])).n);
      expect(listed.length).toBeGreaterThan(100);
      const first = listed[0]!;
      for (const f of [
        'fsm_instance_id',
        'fsm_actions',
        'state_code',
        'state_names',
        'type_code',
        'due_date',
        'payment_delay',
        'payment_count',
        'total_paid',
        'amount',
        'currency_code',
        'amount_view_currency',
        'invoice_number',
        'opened_by',
        'closed_on',
      ]) {
        expect(first, f).toHaveProperty(f);
      }
      expect(Object.keys(first.state_names).sort()).toEqual([...LANGS].sort());
      expect(new Set(listed.map((r) => r.state_code))).toEqual(new Set(['planned', 'due', 'overdue', 'reminded', 'paid', 'written_off', 'cancelled']));
      expect(new Set(listed.map((r) => r.type_code))).toEqual(new Set(['customer_invoice', 'supplier_invoice', 'freight_invoice']));
      expect(listed.filter((r) => r.order_id !== null).length).toBeGreaterThan(50); // incoming from the sales orders
      expect(listed.find((r) => r.state_code === 'planned')?.fsm_actions.map((a: Row) => a.event_code)).toEqual(expect.arrayContaining(['invoice', 'cancel']));
      expect(listed.find((r) => r.state_code === 'paid')?.fsm_actions).toEqual([]);
      // Due dates descending (the screen's order).
      const due = listed.map((r) => r.due_date as string);
      expect([...due].sort().reverse()).toEqual(due);

      const pays = await rows(`select p.cashflow_id, p.amount::text as amount from app.cashflow_payments p join app.cashflow_items c using (cashflow_id) where c.company_code = $1`, [company]);
      const sums = new Map<number, { n: number; total: bigint }>();
      for (const p of pays) {
        const t = sums.get(p.cashflow_id) ?? { n: 0, total: 0n };
        sums.set(p.cashflow_id, { n: t.n + 1, total: t.total + scaled(p.amount, 4) });
      }
      const facts = new Map(
        (
          await rows(
            `select c.cashflow_id, c.amount::text as amount, r.rate::text as rate, co.currency_code as company_currency, i.entered_at::date as entered_on, i.due_at,
                    (c.due_date + 1)::timestamptz as deadline, v.amount_view_currency::text as in_company_currency,
                    (select h.to_state_id = i.state_id from app.fsm_history h where h.fsm_instance_id = i.fsm_instance_id order by h.history_id desc limit 1) as history_ends_here
             from app.cashflow_items c join app.companies co using (company_code) join app.fsm_instances i using (fsm_instance_id) join app.v_cashflow v using (cashflow_id)
             left join app.company_currency_rates r on r.company_code = c.company_code and r.currency_code = c.currency_code
             where c.company_code = $1`,
            [company],
          )
        ).map((r) => [r.cashflow_id as number, r]),
      );
      for (const r of listed) {
        const f = facts.get(r.cashflow_id)!;
        const paid = sums.get(r.cashflow_id) ?? { n: 0, total: 0n };
        const final = ['paid', 'written_off', 'cancelled'].includes(r.state_code);
        expect([r.cashflow_id, r.payment_count, r.total_paid]).toEqual([r.cashflow_id, paid.n, asNumber(paid.total, 4)]);
        expect(paid.total <= scaled(f.amount, 4)).toBe(true);
        expect(r.closed_on).toBe(final ? f.entered_on : null);
        expect(r.payment_delay).toBe(Math.max(0, daysBetween(r.closed_on ?? today, r.due_date)));
        expect(f.history_ends_here).toBe(true);
        // amount × the company's rate of its currency, exact (rates have 10 decimals, amounts 4).
        const rate = f.company_currency === r.currency_code ? 10n ** 10n : scaled(f.rate, 10);
        expect(scaled(f.in_company_currency, 14)).toBe(scaled(f.amount, 4) * rate);
        expect(r.amount_view_currency).toBe(Number(f.in_company_currency)); // as the grid receives it
        // The workflow agrees with the dates: a due item is not past its due date, and its deadline is the day after.
        if (r.state_code === 'due') {
          expect(r.due_date >= today, `${r.cashflow_id} due ${r.due_date}`).toBe(true);
          expect(f.due_at).toBe(f.deadline);
        }
        if (r.state_code === 'overdue' || r.state_code === 'reminded') expect(r.due_date < today).toBe(true);
        if (r.state_code === 'planned') expect(r.due_date >= today).toBe(true);
      }
      // Sales-order items: the order's partner and total.
      expect(
        await one(
          `select count(*)::int as n from app.cashflow_items c join app.v_sales_orders o using (order_id)
           where c.company_code = $1 and (c.partner_id <> o.partner_id or c.amount <> o.total or c.currency_code <> o.currency_code)`,
          [company],
        ),
      ).toEqual({ n: 0 });
    }
    // The scheduler finds nothing to do at once: no due deadline, no late loop.
    expect(await tick(s.db, new Date())).toMatchObject({ timeouts: 0, loops: 0 });
  });

  it('shows amount_view_currency in any view currency as amount × rate[from] / rate[view], rounded once in the view currency', async () => {
    const digits = new Map((await rows('select currency_code, currency_precision from app.currencies')).map((r) => [r.currency_code as string, r.currency_precision as number]));
    let checked = 0;
    for (const company of ['SK01', 'HU01', 'CZ01']) {
      const cur = await s.post('/rpc/currencies', { currency_code: null }, { token: admin, company });
      const companyCurrency = cur.body.data.currency.currency_code as string;
      const rates = cur.body.data.company_rates as Record<string, number>;
      const rateText = new Map(
        (await rows('select currency_code, rate::text as rate from app.company_currency_rates where company_code = $1', [company])).map((r) => [r.currency_code as string, r.rate as string]),
      );
      const listed: Row[] = (await ok(admin, 'cashflow', 'list', { endRow: 5000 }, company)).rows;
      const foreign = listed.filter((r) => r.currency_code !== companyCurrency).slice(0, 40);
      expect(foreign.length).toBeGreaterThan(5);
      for (const r of [...foreign, ...listed.slice(0, 20)]) {
        for (const view of ['EUR', 'HUF', 'CZK', 'USD']) {
          const d = digits.get(view)!;
          const from = r.currency_code as string;
          const rf = from === companyCurrency ? 10n ** 10n : scaled(rateText.get(from)!, 10);
          const rv = view === companyCurrency ? 10n ** 10n : scaled(rateText.get(view)!, 10);
          // amount (4 decimals) × rf / rv in units of the view currency's last digit, rounded half away from zero.
          const exact = divRound(scaled(String(r.amount), 4) * rf * 10n ** BigInt(d), rv * 10n ** 4n);
          const shown = shownAmount(r.amount_view_currency, companyCurrency, view, rates, (c) => digits.get(c) ?? 2);
          expect([r.cashflow_id, view, shown]).toEqual([r.cashflow_id, view, { amount: asNumber(exact, d), currency: view }]);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('adds an item with its workflow instance and author; payments update its totals; invoice and pay through trigger_fsm', async () => {
    const partner = await partnerOf('SK01', true);
    const added = (await ok(admin, 'cashflow', 'add', { type_code: 'supplier_invoice', partner_id: partner, invoice_number: 'SUP-T-1', amount: 1000 })).row as Row;
    const today = (await one('select current_date as d')).d as string;
    expect(added).toMatchObject({
      state_code: 'planned',
      currency_code: 'EUR',
      opened_on: today,
      payment_count: 0,
      total_paid: 0,
      amount_open: 1000,
      closed_on: null,
      payment_delay: 0,
      opened_by: 'Ada Admin',
    });
    expect(daysBetween(added.due_date, today)).toBe(14);
    expect(await one('select company_code, type_code, user_id from app.fsm_instances i join app.fsm_history h using (fsm_instance_id) where fsm_instance_id = $1', [added.fsm_instance_id])).toEqual({
      company_code: 'SK01',
      type_code: 'cashflow',
      user_id: 1,
    });

    const p1 = (await ok(admin, 'cashflow_payments', 'add', { cashflow_id: added.cashflow_id, paid_on: today, amount: 400.25 })).row;
    expect(p1).toMatchObject({ amount: 400.25, currency_code: 'EUR', paid_on: today });
    expect(await item(added.cashflow_id)).toMatchObject({ payment_count: 1, total_paid: 400.25, amount_open: 599.75, payment_status: 'partly_paid', state_code: 'planned' });

    // planned has no `pay`; invoice makes it due, with the due date as its deadline.
    const early = await s.action(admin, 'trigger_fsm', 'set', { event_code: 'pay', fsm_instance_id: added.fsm_instance_id, params: {} });
    expect([early.status, early.body.error]).toEqual([409, 'event_not_allowed']);
    const invoiced = await ok(admin, 'trigger_fsm', 'set', { event_code: 'invoice', fsm_instance_id: added.fsm_instance_id, params: { state_code: 'planned' } });
    expect(invoiced.rows[0]).toMatchObject({ state_code: 'due', final_state: false });
    expect(
      await one('select due_at = (c.due_date + 1)::timestamptz as deadline from app.fsm_instances i join app.cashflow_items c using (fsm_instance_id) where fsm_instance_id = $1', [
        added.fsm_instance_id,
      ]),
    ).toEqual({
      deadline: true,
    });
    expect((await item(added.cashflow_id)).fsm_actions.map((a: Row) => a.event_code)).toEqual(expect.arrayContaining(['pay', 'cancel']));
    // Paid in part, settled by the user's decision (a last payment short by a fee).
    const paid = await ok(admin, 'trigger_fsm', 'set', { event_code: 'pay', fsm_instance_id: added.fsm_instance_id, params: { state_code: 'due' } });
    expect(paid.rows[0]).toMatchObject({ state_code: 'paid', final_state: true, fsm_actions: [] });
    expect(await item(added.cashflow_id)).toMatchObject({ state_code: 'paid', closed_on: today, payment_delay: 0, fsm_actions: [] });
    // A closed item keeps its payments.
    const late = await s.action(admin, 'cashflow_payments', 'add', { cashflow_id: added.cashflow_id, paid_on: today, amount: 0.01 });
    expect([late.status, late.body.error, late.body.rule]).toEqual([400, 'rule_violated', 'cashflow_closed']);
    expect((await ok(admin, 'cashflow_payments', 'filter', { cashflow_id: added.cashflow_id })).rows.map((r: Row) => r.amount)).toEqual([400.25]);
    // ... and is not deleted; an open item goes with its payments, and an undo brings both back.
    const gone = await s.action(admin, 'cashflow', 'delete', { keys: [added.cashflow_id] });
    expect([gone.status, gone.body.error, gone.body.rule]).toEqual([400, 'rule_violated', 'cashflow_closed']);
    const open = (await ok(admin, 'cashflow', 'add', { type_code: 'supplier_invoice', partner_id: partner, amount: 80 })).row as Row;
    await ok(admin, 'cashflow_payments', 'add', { cashflow_id: open.cashflow_id, paid_on: today, amount: 30 });
    const deleted = await ok(admin, 'cashflow', 'delete', { keys: [open.cashflow_id] });
    expect(deleted.deleted).toBe(1);
    expect(await one('select count(*)::int as n from app.cashflow_payments where cashflow_id = $1', [open.cashflow_id])).toEqual({ n: 0 });
    await ok(admin, 'cashflow', 'undo', { log_ids: deleted.log_ids });
    expect(await item(open.cashflow_id)).toMatchObject({ state_code: 'planned', payment_count: 1, total_paid: 30 });
  });

  it('goes overdue the day after its due date (the scheduler), with the delay counted in days', async () => {
    const partner = await partnerOf('SK01');
    const today = (await one('select current_date as d')).d as string;
    const dueDate = (await one(`select (current_date - 3)::text as d`)).d as string;
    const added = (await ok(admin, 'cashflow', 'add', { type_code: 'customer_invoice', partner_id: partner, amount: 50, currency_code: 'USD', opened_on: dueDate, due_date: dueDate })).row as Row;
    expect(added).toMatchObject({ currency_code: 'USD', payment_delay: 3 });
    await ok(admin, 'trigger_fsm', 'set', { event_code: 'invoice', fsm_instance_id: added.fsm_instance_id, params: {} });
    expect(await tick(s.db, new Date())).toMatchObject({ timeouts: 1 });
    expect(await item(added.cashflow_id)).toMatchObject({ state_code: 'overdue', payment_delay: daysBetween(today, dueDate) });
    // A later due date moves a pending deadline: a new item, invoiced, then given more time.
    const other = (await ok(admin, 'cashflow', 'add', { type_code: 'customer_invoice', partner_id: partner, amount: 70, opened_on: null, due_date: null, currency_code: null })).row as Row;
    expect(other).toMatchObject({ opened_on: today, currency_code: 'EUR' }); // empty form fields take the defaults
    await ok(admin, 'trigger_fsm', 'set', { event_code: 'invoice', fsm_instance_id: other.fsm_instance_id, params: {} });
    await ok(admin, 'cashflow', 'set', { cashflow_id: other.cashflow_id, row_version: other.row_version, due_date: '2099-12-31' });
    expect(await one('select due_at = $2::timestamptz as moved from app.fsm_instances where fsm_instance_id = $1', [other.fsm_instance_id, '2100-01-01 00:00'])).toEqual({ moved: true });
  });

  it('refuses another company’s partner, item and instance', async () => {
    const before = await one('select count(*)::int as n from app.cashflow_items');
    const r = await s.action(admin, 'cashflow', 'add', { type_code: 'customer_invoice', partner_id: await partnerOf('CZ01'), amount: 10 }, 'SK01');
    expect([r.status, r.body.error, r.body.params?.field]).toEqual([400, 'foreign_reference', 'payload.partner_id']);
    expect(await one('select count(*)::int as n from app.cashflow_items')).toEqual(before);
    const cz = (await one(`select cashflow_id, fsm_instance_id from app.v_cashflow where company_code = 'CZ01' and state_code = 'planned' order by cashflow_id limit 1`)) as Row;
    expect((await ok(admin, 'cashflow', 'filter', { cashflow_id: cz.cashflow_id }, 'SK01')).rows).toEqual([]);
    const pay = await s.action(admin, 'cashflow_payments', 'add', { cashflow_id: cz.cashflow_id, paid_on: '2026-01-01', amount: 1 }, 'SK01');
    expect([pay.status, pay.body.error]).toEqual([400, 'foreign_reference']);
    const fire = await s.action(admin, 'trigger_fsm', 'set', { event_code: 'invoice', fsm_instance_id: cz.fsm_instance_id, params: {} }, 'SK01');
    expect([fire.status, fire.body.error]).toEqual([404, 'not_found']);
    expect((await item(cz.cashflow_id, 'CZ01')).state_code).toBe('planned');
    // Other writers meet the rule: an item's partner is its company's.
    await expect(s.db.query('update app.cashflow_items set partner_id = $1 where cashflow_id = $2', [await partnerOf('SK01'), cz.cashflow_id])).rejects.toMatchObject({
      constraint: 'cashflow_company',
    });
  });

  it('grants the cashflow page to the administrator only among the demo roles', async () => {
    const it0 = (await one(`select cashflow_id, fsm_instance_id, row_version from app.cashflow_items where company_code = 'SK01' order by cashflow_id limit 1`)) as Row;
    for (const token of [catalog, warehouse]) {
      for (const [form, action, payload] of [
        ['cashflow', 'list', {}],
        ['cashflow', 'add', { type_code: 'customer_invoice', partner_id: 1, amount: 1 }],
        ['cashflow', 'set', { cashflow_id: it0.cashflow_id, row_version: it0.row_version, note: 'x' }],
        ['cashflow_payments', 'filter', { cashflow_id: it0.cashflow_id }],
        ['cashflow_payments', 'add', { cashflow_id: it0.cashflow_id, paid_on: '2026-01-01', amount: 1 }],
      ] as const) {
        const r = await s.action(token, form, action, payload, 'SK01');
        expect([form, action, r.status, r.body.error]).toEqual([form, action, 403, 'forbidden']);
      }
      const fire = await s.action(token, 'trigger_fsm', 'set', { event_code: 'invoice', fsm_instance_id: it0.fsm_instance_id, params: {} }, 'SK01');
      expect(fire.status).toBe(403);
    }
  });
});
