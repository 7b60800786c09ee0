/**
 * Workflow actions in the browser (issue 22, spec §4): an order goes placed → waiting for
 * payment → paid → shipped through its row buttons (German), each confirmation titled with
 * the event's name and styled by its bv_variant with its bv_icon, the shipping e-mail
 * arriving at a local SMTP server in the order's language; then several picked orders
 * move together through the toolbar's menu, which offers only the actions all of them have
 * (Hungarian).
 */
import { readFileSync } from 'node:fs';
import PostalMime from 'postal-mime';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../api/smtpSink.ts';
import { stockFor } from '../api/stockFor.ts';
import { browserSuite, signIn } from './browser.ts';
import { gridPage } from './gridPage.ts';

// The shipping e-mail goes to a local SMTP server (the outbox worker ticks fast here).
let sink: SmtpSink | undefined;
const t = browserSuite({ width: 1600, height: 1000 }, async () => {
  sink = await startSmtpSink();
  return { smtpUrl: `smtp://127.0.0.1:${sink.port}`, mailTickMs: 200 };
});
afterAll(() => sink?.close());
const { bodyRows, row, cell } = gridPage(
  () => t.page,
  () => t.server,
);
const catalogue = (lang: string) => JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as Record<string, string>;

interface Order {
  order_id: number;
  fsm_reference: string;
  fsm_instance_id: number;
  email: string;
  language_code: string;
}
const stateOf = async (id: number) =>
  (await t.server.db.query<{ state_code: string }>('select s.state_code from app.fsm_instances i join app.fsm_states s using (state_id) where i.fsm_instance_id = $1', [id])).rows[0]!.state_code;
const eventNames = async (code: string) =>
  (
    await t.server.db.query<{ event_names: Record<string, string>; event_params: Record<string, unknown> }>(
      "select event_names, event_params from app.fsm_events where type_code = 'sales_order' and event_code = $1",
      [code],
    )
  ).rows[0]!;
const ordersIn = async (state: string, n: number): Promise<Order[]> =>
  (
    await t.server.db.query<Order>(
      `select order_id, fsm_reference, fsm_instance_id::int, email, language_code from app.v_sales_orders
       where company_code = 'SK01' and state_code = $1 and not deleted and email <> '' order by order_id limit $2`,
      [state, n],
    )
  ).rows;

/** Only the orders with these references in the grid. */
async function showOnly(refs: string[]) {
  const filter = t.page.locator('[data-filter-field="fsm_reference"] input');
  await filter.fill(refs.length === 1 ? refs[0]! : refs[0]!.replace(/\d+$/, ''));
}

describe('workflow actions', () => {
  it('moves an order placed → waiting for payment → paid → shipped by its row buttons, each confirmation named and styled by its event', async () => {
    const [order] = await ordersIn('placed', 1);
    await stockFor(t.server.db, [order!.order_id]);
    await signIn(t.page, t.server.url, 'admin@example.com', 'de');
    await t.page.goto(`${t.server.url}/de/sales/sales_orders`);
    await expect.poll(() => bodyRows().count(), { timeout: 15_000 }).toBeGreaterThan(5);
    await showOnly([order!.fsm_reference]);
    const key = String(order!.order_id);
    await expect.poll(() => bodyRows().count()).toBe(1);
    await expect.poll(() => row(key).count()).toBe(1);

    // Row markers (spec §4): placed and waiting for payment are tinted and barred; paid and shipped are not.
    const marks = () => row(key).getAttribute('data-marks');
    const tint = () => row(key).evaluate((el) => getComputedStyle(el).backgroundColor);
    await expect.poll(marks).toBe('state-placed');
    expect(await tint()).toBe('rgb(239, 246, 255)');
    const dialog = t.page.locator('[role=dialog]');
    for (const [event, to] of [
      ['confirm', 'waiting_for_payment'],
      ['pay', 'paid'],
      ['ship', 'shipped'],
    ] as const) {
      const { event_names, event_params } = await eventNames(event);
      const button = cell(key, 'fsm_actions').locator(`[data-action=fsm][data-event=${event}]`);
      await expect.poll(() => button.innerText(), { message: event }).toBe(event_names.de);
      await button.click();
      await expect.poll(() => dialog.locator('.dialog-title').innerText(), { message: event }).toContain(event_names.de);
      const ok = dialog.locator('.dialog-buttons .btn').last();
      await expect.poll(() => ok.getAttribute('class'), { message: event }).toContain(`btn-${String(event_params.bv_variant)}`);
      // The confirming button says what it does to which order; the other keeps it (issue 43).
      expect(await ok.innerText()).toBe(catalogue('de')['workflow.confirm_ok']!.replace('{event}', event_names.de!).replace('{reference}', order!.fsm_reference));
      expect(await dialog.locator('.dialog-buttons .btn').first().innerText()).toBe(catalogue('de')['workflow.confirm_back']);
      await expect.poll(() => dialog.locator(`[data-icon="${String(event_params.bv_icon)}"]`).count(), { message: `${event} icon` }).toBeGreaterThan(0);
      if (event === 'ship') await dialog.locator('textarea').fill('Ihre Bestellung ist unterwegs.');
      await ok.click();
      await expect.poll(() => dialog.count(), { message: event }).toBe(0);
      await expect.poll(() => stateOf(order!.fsm_instance_id), { message: event }).toBe(to);
      const names = (await t.server.db.query<{ n: string }>("select state_names ->> 'de' as n from app.fsm_states where type_code = 'sales_order' and state_code = $1", [to])).rows[0]!.n;
      await expect.poll(() => cell(key, 'state_names').innerText(), { message: event }).toBe(names);
      await expect.poll(marks, { message: event }).toBe(`state-${to}`);
      // Paid and shipped are marked but not coloured (spec §4 names the others).
      if (to !== 'waiting_for_payment') expect(await tint()).not.toBe('rgb(255, 251, 235)');
    }
    const history = await t.server.db.query<{ event_code: string; params: Record<string, unknown>; user_id: number | null }>(
      'select event_code, params, user_id from app.fsm_history where fsm_instance_id = $1 and event_code is not null order by history_id',
      [order!.fsm_instance_id],
    );
    expect(history.rows.slice(-3).map((h) => h.event_code)).toEqual(['confirm', 'pay', 'ship']);
    expect(history.rows.at(-1)!.params.email_body).toBe('Ihre Bestellung ist unterwegs.');
    expect(history.rows.every((h) => h.user_id !== null)).toBe(true);
    // Shipping e-mailed the customer: the body typed, the subject in the order's language (paying without the checkbox sent none).
    // (It carries the delivery note: multipart, read with postal-mime.)
    const subject = catalogue(order!.language_code)['mail.order_shipped.subject']!.replace('{reference}', order!.fsm_reference);
    const shipped = () => sink!.messages.filter((m) => m.subject === subject);
    await expect.poll(() => shipped().length, { timeout: 15_000 }).toBe(1);
    const mail = shipped()[0]!;
    expect(mail.to).toEqual([order!.email]);
    expect((await PostalMime.parse(mail.raw)).text).toContain('Ihre Bestellung ist unterwegs.');
  }, 120_000);

  it('moves several picked orders together through the menu, which offers only the actions all of them have (Hungarian)', async () => {
    const hu = catalogue('hu');
    const db = t.server.db;
    const partner = (await db.query<{ partner_id: number }>("select partner_id from app.partners where company_code = 'SK01' and not is_supplier and not deleted order by partner_id limit 1")).rows[0]!
      .partner_id;
    const ids: number[] = [];
    for (const n of [1, 2, 3]) {
      const r = await db.query<{ order_id: number; fsm_instance_id: number }>(
        `insert into app.sales_orders (company_code, partner_id, email) values ('SK01', $1, $2) returning order_id, fsm_instance_id::int`,
        [partner, `multi-e2e-${n}@example.com`],
      );
      ids.push(r.rows[0]!.fsm_instance_id);
    }
    // The third is paid already: placed → waiting for payment → paid.
    for (const event of ['confirm', 'pay']) {
      await db.query(
        `select app.fsm_move(i.fsm_instance_id, t.transition_id, null, '{}'::jsonb, now()) from app.fsm_instances i
         join app.fsm_transitions t on t.type_code = i.type_code and t.event_code = $2 and t.from_state_id = i.state_id where i.fsm_instance_id = $1`,
        [ids[2], event],
      );
    }
    const keys = (await db.query<{ order_id: number }>('select order_id from app.sales_orders where fsm_instance_id = any($1) order by order_id', [ids])).rows.map((r) => String(r.order_id));

    await signIn(t.page, t.server.url, 'admin@example.com', 'hu');
    await t.page.goto(`${t.server.url}/hu/sales/sales_orders`);
    // The grid restores the filter the first test left (saved per user): rows first, then the filters.
    await expect.poll(() => bodyRows().count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await t.page.locator('[data-filter-field="fsm_reference"] input').fill('');
    await t.page.locator('[data-filter-field="email"] input').fill('multi-e2e');
    await expect.poll(() => bodyRows().count()).toBe(3);

    const menuButton = t.page.locator('.grid-workflow');
    const menu = t.page.locator('.grid-workflow-menu');
    const offered = async () => {
      await menuButton.click();
      await expect.poll(() => menu.count()).toBe(1);
      const events = await menu.locator('[role=menuitem]').evaluateAll((els) => els.map((e) => e.getAttribute('data-event')));
      return events;
    };
    const pick = (key: string) => row(key).getByRole('checkbox', { name: hu['grid.select_row'] }).click();
    const run = async (event: string) => {
      const { event_names } = await eventNames(event);
      const item = menu.locator(`[role=menuitem][data-event=${event}]`);
      expect(await item.innerText()).toContain(event_names.hu);
      await item.click();
      const dialog = t.page.locator('[role=dialog]');
      await expect.poll(() => dialog.locator('.dialog-title').innerText()).toContain(event_names.hu);
      await dialog.locator('.dialog-buttons .btn').last().click();
      await expect.poll(() => dialog.count()).toBe(0);
    };

    for (const k of keys) await pick(k);
    // Placed, placed and paid have only cancelling in common.
    expect(await offered()).toEqual(['cancel']);
    await t.page.keyboard.press('Escape');
    await pick(keys[2]!);
    expect(await offered()).toEqual(['confirm', 'require_prepayment', 'cancel']);
    await run('confirm');
    await expect.poll(() => Promise.all(ids.slice(0, 2).map(stateOf))).toEqual(['waiting_for_payment', 'waiting_for_payment']);
    expect(await offered()).toEqual(['pay', 'cancel']);
    await run('pay');
    await expect.poll(() => Promise.all(ids.map(stateOf))).toEqual(['paid', 'paid', 'paid']);
    await pick(keys[2]!);
    expect(await offered()).toEqual(['goods_missing', 'ship', 'cancel']);
    await run('ship');
    await expect.poll(() => Promise.all(ids.map(stateOf))).toEqual(['shipped', 'shipped', 'shipped']);
    const shipped = (await db.query<{ n: string }>("select state_names ->> 'hu' as n from app.fsm_states where type_code = 'sales_order' and state_code = 'shipped'")).rows[0]!.n;
    for (const k of keys) await expect.poll(() => cell(k, 'state_names').innerText()).toBe(shipped);
    expect(hu['workflow.actions']).toBeTruthy();
  }, 120_000);
});
