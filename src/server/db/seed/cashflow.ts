/**
 * Demo cashflow items (migration 041) for every company: incoming ones from its sales
 * orders (seed/salesOrders.ts) — a proforma while the order waits for its prepayment, an
 * invoice once confirmed, paid when the order was paid (on that day, in full), cancelled
 * with it — a few invoices to customers without an order, and invoices of suppliers and
 * carriers going out, in the company currency, euros or dollars, over the last six months.
 * Every item walks the `cashflow` type (seed/workflows.ts) through app.fsm_move as the
 * engine would have moved it: invoiced after opening, `expire` (no user) at the start of
 * the day after the due date, `remind` at its daily loop's next run, paid on the day of the
 * last payment. Payments are inserted before the moves (a closed item keeps its payments).
 * So no item's state contradicts its dates: due ones are not yet past their due date,
 * overdue ones passed it yesterday (their loop runs later today), and the instances' next
 * loop runs are where a scheduler running since their creation would have put them.
 * Times are relative to the seed's run; everything else is deterministic (seed/prng.ts).
 */
import type { Queryable } from '../types.ts';
import { companies } from './companies.ts';
import { createRng, round, type Rng } from './prng.ts';

type State = 'planned' | 'due' | 'overdue' | 'reminded' | 'paid' | 'written_off' | 'cancelled';
const STATES: State[] = ['planned', 'due', 'overdue', 'reminded', 'paid', 'written_off', 'cancelled'];

/** A step of an item's workflow: at an exact time, or on a day (offset from today) at a minute, or (expire, remind, invoice without either) where the engine would. */
interface Step {
  event: string;
  ts?: string;
  day?: number;
  min?: number;
}
interface Item {
  n: number;
  company_code: string;
  type_code: string;
  partner_id: number;
  order_id: number | null;
  invoice_number: string;
  amount: number;
  currency_code: string;
  /** Days from today (≤ 0) the item was opened, and its due date (any sign). */
  opened_off: number;
  due_off: number;
  /** The instance's creation: exact, else the opening day at this minute. */
  created: string | null;
  created_min: number;
  steps: Step[];
  payments: { day: number; amount: number }[];
}

/** `amount` split into `parts` installments of the currency's last digit, the last taking the rest. */
function installments(rng: Rng, amount: number, parts: number, digits: number): number[] {
  const unit = 10 ** digits;
  const total = Math.round(amount * unit);
  const out: number[] = [];
  let left = total;
  for (let i = parts - 1; i > 0; i--) {
    const share = Math.max(1, Math.round((left * rng.float(0.3, 0.6, 3)) / 1));
    out.push(share);
    left -= share;
  }
  out.push(left);
  return out.filter((x) => x > 0).map((x) => x / unit);
}

/** A day in [from, to] (offsets from today), both inclusive. */
const dayIn = (rng: Rng, from: number, to: number) => rng.int(Math.min(from, to), Math.max(from, to));

/**
 * Dates, steps and payments of an item without an order that is to end in `state`
 * today; `digits` of its currency. Payments fall between the day after opening and yesterday.
 */
function planOf(rng: Rng, state: State, amount: number, digits: number): Pick<Item, 'opened_off' | 'due_off' | 'created_min' | 'steps' | 'payments'> {
  const term = rng.weighted([
    [14, 40],
    [30, 45],
    [60, 15],
  ]);
  const created_min = rng.int(8 * 60, 12 * 60);
  const partial = (from: number, to: number, p: number) => (to >= from && rng.chance(p) ? [{ day: dayIn(rng, from, to), amount: round(amount * rng.float(0.2, 0.7, 2), digits) }] : []);
  switch (state) {
    case 'planned': {
      const age = rng.int(1, Math.min(20, term - 1));
      return { opened_off: -age, due_off: term - age, created_min, steps: [], payments: [] };
    }
    case 'due': {
      const age = rng.int(1, Math.min(25, term));
      return { opened_off: -age, due_off: term - age, created_min, steps: [{ event: 'invoice' }], payments: partial(-age + 1, -1, 0.25) };
    }
    case 'overdue': {
      // Past the due date since midnight; the daily loop (from 23:59 of the opening day) has not run yet today.
      const opened = -1 - term;
      return { opened_off: opened, due_off: -1, created_min: 23 * 60 + 59, steps: [{ event: 'invoice' }, { event: 'expire' }], payments: partial(opened + 1, -1, 0.2) };
    }
    case 'reminded': {
      const due = rng.int(-40, -2);
      const opened = due - term;
      return { opened_off: opened, due_off: due, created_min, steps: [{ event: 'invoice' }, { event: 'expire' }, { event: 'remind' }], payments: partial(opened + 1, -1, 0.3) };
    }
    case 'written_off': {
      const due = rng.int(-130, -45);
      const opened = due - term;
      const off = due + rng.int(30, 40);
      return {
        opened_off: opened,
        due_off: due,
        created_min,
        steps: [{ event: 'invoice' }, { event: 'expire' }, { event: 'remind' }, { event: 'write_off', day: off, min: 11 * 60 }],
        payments: partial(opened + 1, off - 1, 0.3),
      };
    }
    case 'cancelled': {
      const opened = -rng.int(10, 150);
      const cancel = opened + rng.int(1, 5);
      const invoiced = rng.chance(0.5);
      return {
        opened_off: opened,
        due_off: opened + term,
        created_min,
        steps: [...(invoiced ? [{ event: 'invoice' }] : []), { event: 'cancel', day: cancel, min: 14 * 60 }],
        payments: [],
      };
    }
    case 'paid': {
      const opened = -rng.int(5, 170);
      const due = opened + term;
      // Late (after the reminder) or on time; never the day after the due date (the loop's run that day decides whether a reminder went out).
      const late = due <= -3 && rng.chance(0.35);
      const last = late ? dayIn(rng, due + 2, Math.min(-1, due + 30)) : dayIn(rng, opened + 1, Math.min(due, -1));
      const parts = installments(
        rng,
        amount,
        rng.weighted([
          [1, 75],
          [2, 18],
          [3, 7],
        ]),
        digits,
      );
      const payments = parts.map((a, i) => ({ day: i === parts.length - 1 ? last : dayIn(rng, opened + 1, last), amount: a }));
      const steps: Step[] = [{ event: 'invoice' }, ...(late ? [{ event: 'expire' }, { event: 'remind' }] : []), { event: 'pay', day: last, min: 16 * 60 }];
      return { opened_off: opened, due_off: due, created_min, steps, payments };
    }
  }
}

interface OrderFacts {
  order_id: number;
  partner_id: number;
  currency_code: string;
  total: number;
  fsm_reference: string;
  ks_invoice_no: string;
  state_code: string;
  requested_at: string | null;
  requested_off: number | null;
  confirmed: boolean;
  paid_at: string | null;
  paid_off: number | null;
  closed_at: string | null;
  closed_off: number | null;
}

/** The incoming item of a sales order, as its own history tells it (null: nothing to collect, or nothing consistent to say). */
function itemOfOrder(o: OrderFacts): Omit<Item, 'n' | 'company_code'> | null {
  if (!o.requested_at || o.requested_off === null || !(o.total > 0)) return null;
  const base = {
    type_code: 'customer_invoice',
    partner_id: o.partner_id,
    order_id: o.order_id,
    invoice_number: o.ks_invoice_no || `PF-${o.fsm_reference}`,
    amount: o.total,
    currency_code: o.currency_code,
    opened_off: o.requested_off,
    created: o.requested_at,
    created_min: 0,
  };
  const invoiceAt = (ts: string) => new Date(Date.parse(ts) + 60_000).toISOString();
  if (o.paid_at && o.paid_off !== null) {
    // Invoiced when the order was confirmed or the prepayment asked for, paid in full the day the order was.
    let due = o.requested_off + 14;
    if (o.paid_off === due + 1) due += 1;
    const late = o.paid_off >= due + 2;
    const steps: Step[] = [{ event: 'invoice', ts: invoiceAt(o.requested_at) }, ...(late ? [{ event: 'expire' }, { event: 'remind' }] : []), { event: 'pay', ts: invoiceAt(o.paid_at) }];
    return { ...base, due_off: due, steps, payments: [{ day: o.paid_off, amount: o.total }] };
  }
  const due = o.requested_off + 14;
  if (o.state_code === 'cancelled' && o.closed_at && o.closed_off !== null) {
    if (o.closed_off > due) return null; // cancelled after the due date: the item would have gone overdue first
    return { ...base, due_off: due, steps: [...(o.confirmed ? [{ event: 'invoice', ts: invoiceAt(o.requested_at) }] : []), { event: 'cancel', ts: invoiceAt(o.closed_at) }], payments: [] };
  }
  if (o.state_code === 'waiting_for_prepayment') return { ...base, due_off: due, steps: [], payments: [] };
  if (o.state_code === 'waiting_for_payment' && due >= 0) return { ...base, due_off: due, steps: [{ event: 'invoice', ts: invoiceAt(o.requested_at) }], payments: [] };
  return null;
}

/** Demo: the companies' cashflow items, their payments and workflow histories. */
export async function seedCashflow(tx: Queryable): Promise<void> {
  const rng = createRng(0xca5f_0041);
  const precision = new Map(
    (await tx.query<{ currency_code: string; currency_precision: number }>('select currency_code, currency_precision from app.currencies')).rows.map((r) => [r.currency_code, r.currency_precision]),
  );
  const items: Item[] = [];
  for (const company of companies) {
    const q = async <T>(sql: string): Promise<T[]> => (await tx.query<T & object>(sql, [company.code])).rows;
    const own = (await q<{ currency_code: string }>('select currency_code from app.companies where company_code = $1'))[0];
    if (!own) continue;
    const rates = new Map(
      (await q<{ currency_code: string; rate: number }>('select currency_code, rate from app.company_currency_rates where company_code = $1')).map((r) => [r.currency_code, Number(r.rate)]),
    );
    const partners = await q<{ partner_id: number; is_supplier: boolean }>('select partner_id, is_supplier from app.partners where company_code = $1 and not deleted order by partner_id');
    const suppliers = partners.filter((p) => p.is_supplier);
    const customers = partners.filter((p) => !p.is_supplier);
    const add = (it: Omit<Item, 'n' | 'company_code'>) => items.push({ ...it, n: items.length + 1, company_code: company.code });

    const orders = await q<OrderFacts>(
      `select o.order_id, o.partner_id, o.currency_code, o.total::float8 as total, o.fsm_reference, o.ks_invoice_no, o.state_code,
              r.at as requested_at, r.at::date - current_date as requested_off, r.event_code = 'confirm' as confirmed,
              p.at as paid_at, p.at::date - current_date as paid_off,
              c.at as closed_at, c.at::date - current_date as closed_off
       from app.v_sales_orders o
       left join lateral (select h.at, h.event_code from app.fsm_history h where h.fsm_instance_id = o.fsm_instance_id and h.event_code in ('confirm', 'require_prepayment') order by h.history_id limit 1) r on true
       left join lateral (select h.at from app.fsm_history h where h.fsm_instance_id = o.fsm_instance_id and h.event_code = 'pay' order by h.history_id limit 1) p on true
       left join lateral (select h.at from app.fsm_history h where h.fsm_instance_id = o.fsm_instance_id and h.event_code in ('cancel', 'expire') order by h.history_id limit 1) c on true
       where o.company_code = $1 and not o.deleted
       order by o.order_id`,
    );
    for (const o of orders) {
      const it = itemOfOrder(o);
      if (it) add(it);
    }

    // Without an order: invoices to business customers, of suppliers and of carriers. The first seven go through every state.
    const other = (customers.length ? 12 : 0) + (suppliers.length ? rng.int(35, 50) : 0);
    for (let k = 0; k < other; k++) {
      const incoming = customers.length > 0 && (k < 12 ? k % 3 === 0 : false);
      const pool = incoming || !suppliers.length ? customers : suppliers;
      const type = incoming ? 'customer_invoice' : rng.chance(0.25) ? 'freight_invoice' : 'supplier_invoice';
      const currency =
        type === 'freight_invoice'
          ? own.currency_code
          : rng.weighted<string>([
              [own.currency_code, 60],
              ['EUR', 25],
              ['USD', incoming ? 0 : 15],
            ]);
      const rate = currency === own.currency_code ? 1 : (rates.get(currency) ?? 1);
      const digits = precision.get(currency) ?? 2;
      const eur = (rates.get('EUR') ?? 1) / rate; // one euro in the item's currency
      const amount = round(rng.logFloat(type === 'freight_invoice' ? 80 : 250, type === 'freight_invoice' ? 2500 : 25_000) * eur, digits);
      const state =
        k < STATES.length
          ? STATES[k]!
          : rng.weighted<State>([
              ['paid', 45],
              ['due', 18],
              ['reminded', 10],
              ['overdue', 5],
              ['planned', 8],
              ['written_off', 5],
              ['cancelled', 5],
            ]);
      const plan = planOf(rng, state, amount, digits);
      const prefix = type === 'customer_invoice' ? `${company.code}-B2B` : type === 'freight_invoice' ? 'FR' : 'SUP';
      add({
        type_code: type,
        partner_id: rng.pick(pool).partner_id,
        order_id: null,
        invoice_number: state === 'planned' ? '' : `${prefix}-${String(rng.int(10_000, 99_999))}`,
        amount,
        currency_code: currency,
        created: null,
        ...plan,
      });
    }
  }
  if (!items.length) return;

  // Oldest first, so ids follow the dates; each with its instance created when the item was opened.
  const order = [...items].sort((a, b) => a.opened_off - b.opened_off || (a.created ?? '').localeCompare(b.created ?? '') || a.n - b.n);
  const inserted = (
    await tx.query<{ cashflow_id: number; fsm_instance_id: number }>(
      `with r as (
         select r.*, coalesce(r.created::timestamptz, (current_date + r.opened_off)::timestamptz + make_interval(mins => r.created_min)) as created_at
         from jsonb_to_recordset($1::jsonb) as r(k int, company_code text, type_code text, partner_id int, order_id int, invoice_number text, amount numeric,
              currency_code text, opened_off int, due_off int, created text, created_min int)
       )
       insert into app.cashflow_items (company_code, type_code, partner_id, order_id, invoice_number, amount, currency_code, opened_on, due_date, opened_by, fsm_instance_id)
       select r.company_code, r.type_code, r.partner_id, r.order_id, r.invoice_number, r.amount, r.currency_code, r.created_at::date, current_date + r.due_off, 1,
              app.fsm_create('cashflow', r.company_code, 1, r.created_at)
       from r order by r.k
       returning cashflow_id, fsm_instance_id`,
      [JSON.stringify(order.map((it, k) => ({ ...it, k, steps: undefined, payments: undefined })))],
    )
  ).rows.sort((a, b) => a.cashflow_id - b.cashflow_id);
  const ids = new Map<number, { cashflow_id: number; fsm_instance_id: number }>();
  order.forEach((it, k) => ids.set(it.n, inserted[k]!));

  await tx.query(
    `insert into app.cashflow_payments (cashflow_id, paid_on, amount)
     select r.cashflow_id, current_date + r.day, r.amount from jsonb_to_recordset($1::jsonb) as r(cashflow_id int, day int, amount numeric) order by r.cashflow_id, r.day`,
    [JSON.stringify(items.flatMap((it) => it.payments.map((p) => ({ cashflow_id: ids.get(it.n)!.cashflow_id, ...p }))))],
  );

  // Step k of every item in one statement, timed as the engine would have: expire at the start of the day after
  // the due date, remind at the first daily loop run after that, others as planned; the scheduler's (expire,
  // remind) without a user, like its own moves.
  const longest = Math.max(...items.map((it) => it.steps.length));
  for (let k = 0; k < longest; k++) {
    const moves = items.flatMap((it) => (it.steps[k] ? [{ id: ids.get(it.n)!.fsm_instance_id, ...it.steps[k] }] : []));
    const r = await tx.query(
      `select app.fsm_move(i.fsm_instance_id, t.transition_id, case when r.event in ('expire', 'remind') then null else 1 end,
                           case r.event when 'expire' then '{"timeout": true}'::jsonb when 'remind' then '{"loop": true}'::jsonb else '{}'::jsonb end,
                           case
                             when r.ts is not null then r.ts::timestamptz
                             when r.event = 'expire' then (c.due_date + 1)::timestamptz
                             when r.event = 'remind' then h.at + make_interval(days => ceil(extract(epoch from (c.due_date + 1)::timestamptz - h.at) / 86400)::int)
                             when r.day is null then h.at + interval '90 minutes'
                             else (current_date + r.day)::timestamptz + make_interval(mins => r.min)
                           end)
       from jsonb_to_recordset($1::jsonb) as r(id bigint, event text, ts text, day int, min int)
       join app.fsm_instances i on i.fsm_instance_id = r.id
       join app.cashflow_items c on c.fsm_instance_id = i.fsm_instance_id
       join lateral (select h.at from app.fsm_history h where h.fsm_instance_id = i.fsm_instance_id and h.from_state_id is null) h on true
       join app.fsm_transitions t on t.type_code = i.type_code and t.event_code = r.event and t.from_state_id = i.state_id`,
      [JSON.stringify(moves)],
    );
    if (r.rows.length !== moves.length) throw new Error(`seed: cashflow workflow step ${k}: ${r.rows.length} of ${moves.length} moved`);
  }
  // The reminders sent are the item's dunning level (migration 114).
  await tx.query(
    `update app.cashflow_items c set reminder_level = r.n
     from (select h.fsm_instance_id, least(count(*), 3)::int as n from app.fsm_history h where h.event_code = 'remind' group by h.fsm_instance_id) r
     where r.fsm_instance_id = c.fsm_instance_id`,
  );
  // The daily loop's next run, a whole number of days after the creation: the first one from tomorrow on, as a
  // scheduler running since then would have left it by the end of today. Not merely the next after now(): tests copy
  // a database seeded hours earlier the same day, which must not find loops come due in the meantime.
  await tx.query(
    `update app.fsm_instances i set next_loop_at = h.at + make_interval(days => ceil(extract(epoch from (current_date + 1)::timestamptz - h.at) / 86400)::int)
     from app.cashflow_items c, app.fsm_history h
     where c.fsm_instance_id = i.fsm_instance_id and h.fsm_instance_id = i.fsm_instance_id and h.from_state_id is null and i.next_loop_at is not null`,
  );
}
