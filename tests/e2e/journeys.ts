/**
 * What the tester's journeys (issue 43, tests/e2e/journey-*.test.ts) share: the two UI
 * languages each journey runs in, their catalogues and messages, and the admin's API calls
 * that set a journey's scene (a product with a known stock, orders placed and moved) — the
 * way there is the app's own (api_action, fsm_trigger), never SQL that skips its rules —
 * and the stock a journey checks (on hand from the ledger, reserved by open orders).
 */
import { readFileSync } from 'node:fs';
import { IntlMessageFormat } from 'intl-messageformat';
import { expect } from 'vitest';
import { LOCALE } from '../../src/core/langs.ts';
import type { Json, TestServer } from '../api/harness.ts';

/** Each journey runs in English and in German (the tester's two languages). */
export const JOURNEY_LANGS = ['en', 'de'] as const;
export type JourneyLang = (typeof JOURNEY_LANGS)[number];

const catalogues = new Map<string, Record<string, string>>();
/** A language's catalogue (locales/<lang>.json). */
export function words(lang: string): Record<string, string> {
  let c = catalogues.get(lang);
  if (!c) catalogues.set(lang, (c = JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as Record<string, string>));
  return c;
}

/** A catalogue message said as the app says it (ICU, the language's number format). */
export const said = (lang: string, key: string, values: Record<string, string | number> = {}): string =>
  new IntlMessageFormat(words(lang)[key]!, LOCALE[lang as keyof typeof LOCALE]).format(values) as string;

export interface Order {
  order_id: number;
  fsm_instance_id: number;
  fsm_reference: string;
  row_version: number;
}

/** The admin's calls and the stock reads of a journey; `server` is read at each call (one server per file). */
export function journeyKit(server: () => TestServer) {
  let token: Promise<string> | undefined;
  const admin = () =>
    (token ??= server()
      .login('admin@example.com')
      .then((r) => r.token));
  const rows = async <T extends object = Record<string, Json>>(sql: string, args: unknown[] = []) => (await server().db.query<T>(sql, args)).rows;
  const one = async <T extends object = Record<string, Json>>(sql: string, args: unknown[] = []) => (await rows<T>(sql, args))[0]!;

  /** An api_action of the admin in SK01 that must succeed: its data. */
  async function ok(form: string, action: string, payload: unknown): Promise<Json> {
    const r = await server().action(await admin(), form, action, payload, 'SK01');
    expect(r.status, `${form} ${action}: ${JSON.stringify(r.body)}`).toBe(200);
    return r.body.data;
  }

  /** Fires a workflow event on one instance as the admin (the scene's way, the journey's own steps are the browser's). */
  async function fire(event: string, fsmInstanceId: number): Promise<void> {
    if (event === 'pay') {
      // Paid means money (migration 128): the order's total recorded as its payment, which moves it.
      const o = await one<{ total: string; today: string }>('select grand_total as total, current_date::text as today from app.v_sales_orders where fsm_instance_id = $1', [fsmInstanceId]);
      await ok('trigger_fsm', 'set', { event_code: 'pay', fsm_instance_id: fsmInstanceId, params: { checkbox: false, payment: { amount: Number(o.total), paid_on: o.today, pay_method: 'card' } } });
      return;
    }
    await ok('fsm_trigger', 'set', { event_code: event, fsm_instance_id: [fsmInstanceId], params: {} });
  }

  /**
   * A product of SK01 with a home storage, in no order yet (nothing reserves it), whose stock
   * is made exactly `qty` on its home storage by stock corrections (the ledger explains it).
   * `skip`: a different product per journey and language.
   */
  async function productWith(skip: number, qty: number): Promise<{ product_code: string; name: Record<string, string>; storage_id: number }> {
    const p = await one<{ product_code: string; product_name: Record<string, string>; storage_id: number }>(
      `select p.product_code, p.product_name, (select s.storage_id from app.product_pack_storages s where s.product_code = p.product_code order by s.pack_no, s.storage_id limit 1) as storage_id
       from app.products p
       where p.company_code = 'SK01' and p.active and p.purchase_price_base > 0
         and exists (select 1 from app.product_pack_storages s where s.product_code = p.product_code)
         and not exists (select 1 from app.sales_order_items i where i.product_code = p.product_code)
         and not exists (select 1 from app.purchase_order_items i where i.product_code = p.product_code)
       order by p.product_code offset $1 limit 1`,
      [skip],
    );
    for (const l of await rows<{ storage_id: number; q: number }>('select storage_id, on_hand::float8 as q from app.stock_levels where product_code = $1 and on_hand > 0', [p.product_code])) {
      await ok('stock_corrections', 'add', { product_code: p.product_code, storage_id: l.storage_id, quantity: -l.q, reason: 'journey: start from none' });
    }
    if (qty) await ok('stock_corrections', 'add', { product_code: p.product_code, storage_id: p.storage_id, quantity: qty, reason: 'journey: stock' });
    return { product_code: p.product_code, name: p.product_name, storage_id: p.storage_id };
  }

  /** A new customer of SK01 named `name`. */
  async function customer(name: string): Promise<number> {
    return ((await ok('partner_list', 'add', { partner_name: name })).row as { partner_id: number }).partner_id;
  }

  /** A new order of SK01 for `quantity` of each product, moved through `events` (confirm, pay: paid). */
  async function orderOf(partnerId: number, lines: [code: string, quantity: number][], events: string[] = []): Promise<Order & { items: number[] }> {
    const o = (await ok('sales_orders', 'add', { partner_id: partnerId })).row as Order;
    const items: number[] = [];
    for (const [code, quantity] of lines) items.push(((await ok('sales_order_items', 'add', { order_id: o.order_id, product_code: code, quantity })).row as { item_id: number }).item_id);
    for (const e of events) await fire(e, o.fsm_instance_id);
    return { ...o, items };
  }

  /** A product's stock as the ledger and the open orders give it: on hand (Σ stock levels) and reserved. */
  async function stock(code: string): Promise<{ onHand: number; reserved: number }> {
    return one<{ onHand: number; reserved: number }>(
      `select (select coalesce(sum(on_hand), 0)::float8 from app.stock_levels where product_code = $1) as "onHand",
              coalesce((select reserved_qty::float8 from app.v_stock_reserved where product_code = $1 and company_code = 'SK01'), 0) as reserved`,
      [code],
    );
  }

  /** A workflow instance's state code. */
  const stateOf = async (fsmInstanceId: number) =>
    (await one<{ state_code: string }>('select s.state_code from app.fsm_instances i join app.fsm_states s using (state_id) where i.fsm_instance_id = $1', [fsmInstanceId])).state_code;

  /** A state's name in a language (the grid's state column). */
  const stateName = async (type: string, state: string, lang: string) =>
    (await one<{ n: string }>('select state_names ->> $3 as n from app.fsm_states where type_code = $1 and state_code = $2', [type, state, lang])).n;

  /** The language the server says a user's refusals in (the user's own). */
  const languageOf = async (email: string) => (await one<{ l: string }>('select language_code as l from app.users where user_email = $1', [email])).l;

  return { admin, ok, fire, rows, one, productWith, customer, orderOf, stock, stateOf, stateName, languageOf };
}
