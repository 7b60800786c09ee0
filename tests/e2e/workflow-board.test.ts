/**
 * The kanban board and the workflow diagram in the browser (issue 22): an order's card
 * moves placed → waiting for payment by dragging (the columns no transition leads to
 * refuse it), then on by its keyboard list to paid and shipped — each with the event's
 * confirmation and the same trigger call as the grid; the diagram draws every state and
 * transition of the type, a click on a transition changes it (a bad timeout is refused
 * with the column's message and nothing is lost), a drag between states adds one (a second
 * one of the same event from the same state is refused), and the dialog deletes it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stockFor } from '../api/stockFor.ts';
import { browserSuite, signIn } from './browser.ts';

const t = browserSuite({ width: 1600, height: 1000 });
const catalogue = (lang: string) => JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as Record<string, string>;

const stateOf = async (id: number) =>
  (await t.server.db.query<{ state_code: string }>('select s.state_code from app.fsm_instances i join app.fsm_states s using (state_id) where i.fsm_instance_id = $1', [id])).rows[0]!.state_code;
const eventName = async (code: string, lang: string) =>
  (await t.server.db.query<{ n: string }>("select event_names ->> $2 as n from app.fsm_events where type_code = 'sales_order' and event_code = $1", [code, lang])).rows[0]!.n;

describe('kanban board', () => {
  it('moves a card only along allowed transitions: by dragging, then from the keyboard (German)', async () => {
    const de = catalogue('de');
    // The newest placed order of SK01: the first card of its column (the list's own order).
    const order = (
      await t.server.db.query<{ order_id: number; fsm_instance_id: number; fsm_reference: string }>(
        `select order_id, fsm_instance_id::int, fsm_reference from app.v_sales_orders where company_code = 'SK01' and state_code = 'placed' order by opened_on desc, order_id desc limit 1`,
      )
    ).rows[0]!;
    await stockFor(t.server.db, [order.order_id]);
    await signIn(t.page, t.server.url, 'admin@example.com', 'de');
    await t.page.goto(`${t.server.url}/de/settings/kanban`);
    await expect.poll(() => t.page.locator('h1').first().innerText()).toContain(de['kanban.title']);
    const column = (state: string) => t.page.locator(`.kanban-col[data-state="${state}"]`);
    const card = t.page.locator(`.kanban-card[data-key="${order.fsm_instance_id}"]`);
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(1);
    expect(await column('placed').locator('h2').innerText()).toBe('Aufgegeben');
    expect(await card.locator('strong').innerText()).toBe(order.fsm_reference);
    const placedCount = Number((await column('placed').locator('.kanban-count').innerText()).replace(/\D/g, ''));
    const inDb = (await t.server.db.query<{ n: number }>("select count(*)::int as n from app.v_sales_orders where company_code = 'SK01' and state_code = 'placed'")).rows[0]!.n;
    expect(placedCount).toBe(inDb);

    // While dragging, the columns say where the card may go.
    const box = (await card.boundingBox())!;
    const target = (await column('shipped').boundingBox())!;
    await t.page.mouse.move(box.x + 20, box.y + 10);
    await t.page.mouse.down();
    await t.page.mouse.move(target.x + 40, target.y + 80, { steps: 8 });
    await expect.poll(() => column('waiting_for_payment').getAttribute('data-drop')).toBe('allowed');
    expect(await column('shipped').getAttribute('data-drop')).toBe('blocked');
    // Dropped where no transition leads: nothing is asked, nothing moves.
    await t.page.mouse.up();
    await expect.poll(() => column('shipped').getAttribute('data-drop')).toBe(null);
    expect(await t.page.locator('[role=dialog]').count()).toBe(0);
    expect(await stateOf(order.fsm_instance_id)).toBe('placed');

    await card.dragTo(column('waiting_for_payment'));
    const dialog = t.page.locator('[role=dialog]');
    await expect.poll(() => dialog.locator('.dialog-title').innerText()).toContain(await eventName('confirm', 'de'));
    await dialog.locator('.dialog-buttons .btn').last().click();
    await expect.poll(() => stateOf(order.fsm_instance_id)).toBe('waiting_for_payment');
    await expect.poll(() => column('waiting_for_payment').locator(`.kanban-card[data-key="${order.fsm_instance_id}"]`).count()).toBe(1);
    await expect.poll(() => column('placed').locator('.kanban-count').innerText()).toBe(String(placedCount - 1));

    // From the keyboard: the card's list offers only where its state leads.
    for (const [event, to] of [
      ['pay', 'paid'],
      ['ship', 'shipped'],
    ] as const) {
      const select = card.locator('select.kanban-move');
      const options = await select.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
      const toId = (await t.server.db.query<{ state_id: number }>("select state_id from app.fsm_states where type_code = 'sales_order' and state_code = $1", [to])).rows[0]!.state_id;
      expect(options).toContain(String(toId));
      await select.selectOption(String(toId));
      await expect.poll(() => dialog.locator('.dialog-title').innerText()).toContain(await eventName(event, 'de'));
      await dialog.locator('.dialog-buttons .btn').last().click();
      await expect.poll(() => stateOf(order.fsm_instance_id), { message: event }).toBe(to);
      await expect.poll(() => column(to).locator(`.kanban-card[data-key="${order.fsm_instance_id}"]`).count(), { message: event }).toBe(1);
    }
  }, 120_000);

  // Issue 43: "Move to… → Cancel" asked with two buttons both called "Cancel" (one dismissed, one cancelled the order) and named no order.
  it('asks "Move to… → Cancel" naming the order, with a confirming button that says what it does and a distinct one that keeps the order', async () => {
    const en = catalogue('en');
    const db = t.server.db;
    const partner = (await db.query<{ partner_id: number }>("select partner_id from app.partners where company_code = 'SK01' and not is_supplier and not deleted order by partner_id limit 1")).rows[0]!
      .partner_id;
    // A new placed order: the first card of its column.
    const order = (
      await db.query<{ fsm_instance_id: number; fsm_reference: string }>(
        "insert into app.sales_orders (company_code, partner_id, email) values ('SK01', $1, 'kanban-cancel@example.com') returning fsm_instance_id::int, fsm_reference",
        [partner],
      )
    ).rows[0]!;
    const cancelled = (await db.query<{ state_id: number }>("select state_id from app.fsm_states where type_code = 'sales_order' and state_code = 'cancelled'")).rows[0]!.state_id;
    const typeName = (await db.query<{ n: string }>("select type_names ->> 'en' as n from app.fsm_types where type_code = 'sales_order'")).rows[0]!.n;
    const cancel = await eventName('cancel', 'en');
    await signIn(t.page, t.server.url, 'admin@example.com', 'en');
    await t.page.goto(`${t.server.url}/en/settings/kanban`);
    const card = t.page.locator(`.kanban-card[data-key="${order.fsm_instance_id}"]`);
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(1);
    const dialog = t.page.locator('[role=dialog]');
    const buttons = dialog.locator('.dialog-buttons .btn');

    await card.locator('select.kanban-move').selectOption(String(cancelled));
    await expect.poll(() => dialog.locator('.dialog-body').innerText()).toBe(en['workflow.confirm_one']!.replace('{document}', `${typeName} ${order.fsm_reference}`).replace('{event}', cancel));
    expect(await dialog.locator('.dialog-title').innerText()).toContain(cancel);
    const labels = await buttons.allInnerTexts();
    expect(labels).toEqual([en['workflow.confirm_back'], `${cancel} ${order.fsm_reference}`]);
    expect(new Set(labels).size).toBe(2);
    // The keeping button is the safe one: a reflex Enter does not cancel.
    await expect.poll(() => buttons.first().evaluate((el) => el === document.activeElement)).toBe(true);
    await t.page.getByRole('button', { name: en['workflow.confirm_back'], exact: true }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await stateOf(order.fsm_instance_id)).toBe('placed');

    // Asked again, the confirming button cancels the order.
    await card.locator('select.kanban-move').selectOption(String(cancelled));
    await t.page.getByRole('button', { name: `${cancel} ${order.fsm_reference}`, exact: true }).click();
    await expect.poll(() => stateOf(order.fsm_instance_id)).toBe('cancelled');
    await expect.poll(() => t.page.locator(`.kanban-col[data-state="cancelled"] .kanban-card[data-key="${order.fsm_instance_id}"]`).count()).toBe(1);
  }, 120_000);
});

describe('workflow diagram', () => {
  it('draws the type; a transition is changed, added and deleted with the grid’s validation', async () => {
    const db = t.server.db;
    const states = (await db.query<{ state_id: number; state_code: string }>("select state_id, state_code from app.fsm_states where type_code = 'sales_order'")).rows;
    const transitions = (await db.query<{ transition_id: number }>("select transition_id from app.fsm_transitions where type_code = 'sales_order'")).rows;
    const id = (code: string) => states.find((s) => s.state_code === code)!.state_id;
    await signIn(t.page, t.server.url, 'admin@example.com', 'en');
    await t.page.goto(`${t.server.url}/en/settings/gojs`);
    const node = (state: number) => t.page.locator(`.react-flow__node[data-id="${state}"]`);
    await expect.poll(() => t.page.locator('.react-flow__node').count(), { timeout: 15_000 }).toBe(states.length);
    await expect.poll(() => t.page.locator('.react-flow__edge').count()).toBe(transitions.length);
    expect(await node(id('placed')).innerText()).toBe('Placed');
    // Laid out left to right from the initial state.
    const x = async (code: string) => (await node(id(code)).boundingBox())!.x;
    expect(await x('placed')).toBeLessThan(await x('waiting_for_payment'));
    expect(await x('paid')).toBeLessThan(await x('shipped'));

    // A click on confirm (placed → waiting for payment) opens it; a bad timeout is refused and kept.
    const confirm = (await db.query<{ transition_id: number; timeout: number }>("select transition_id, timeout from app.fsm_transitions where type_code = 'sales_order' and event_code = 'confirm'"))
      .rows[0]!;
    // Clicked on its own path (edges cross: a click at a point may hit another).
    await t.page.locator(`[data-testid="rf__edge-${confirm.transition_id}"] path`).first().dispatchEvent('click');
    const dialog = t.page.locator('[role=dialog]');
    await expect.poll(() => dialog.locator('.dialog-title').innerText()).toBe('Transition');
    expect(await dialog.locator('input[name=timeout]').inputValue()).toBe(String(confirm.timeout));
    await dialog.locator('input[name=timeout]').fill('0');
    await dialog.locator('button[type=submit]').click();
    await expect.poll(() => dialog.locator('[role=alert]').count()).toBe(1);
    expect(await dialog.locator('input[name=timeout]').inputValue()).toBe('0');
    expect((await db.query('select timeout from app.fsm_transitions where transition_id = $1', [confirm.transition_id])).rows[0]!.timeout).toBe(confirm.timeout);
    await dialog.locator('input[name=timeout]').fill('86400');
    await dialog.locator('button[type=submit]').click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(async () => (await db.query('select timeout from app.fsm_transitions where transition_id = $1', [confirm.transition_id])).rows[0]!.timeout).toBe(86_400);

    // A drag from delivered to shipped adds a transition (here: cancel).
    const connect = async (from: string, to: string) => {
      const source = (await node(id(from)).locator('.react-flow__handle.source').boundingBox())!;
      // Dropped on the state's entry (its left side: the layout runs left to right).
      const target = (await node(id(to)).locator('.react-flow__handle.target').boundingBox())!;
      await t.page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
      await t.page.mouse.down();
      await t.page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 10 });
      await t.page.mouse.up();
      await expect.poll(() => dialog.locator('.dialog-title').innerText()).toBe('New transition');
    };
    await connect('delivered', 'shipped');
    expect(await dialog.locator('.wf-transition-states').innerText()).toBe('Delivered → Shipped');
    await dialog.locator('select[name=event_code]').selectOption('goods_missing');
    await dialog.locator('button[type=submit]').click();
    await expect.poll(() => dialog.count()).toBe(0);
    const added = async () =>
      (
        await db.query<{ transition_id: number }>("select transition_id from app.fsm_transitions where type_code = 'sales_order' and event_code = 'goods_missing' and from_state_id = $1", [
          id('delivered'),
        ])
      ).rows;
    await expect.poll(async () => (await added()).length).toBe(1);
    await expect.poll(() => t.page.locator('.react-flow__edge').count()).toBe(transitions.length + 1);

    // The same event from the same state again: refused (the grid's rule), said in the dialog.
    await connect('delivered', 'cancelled');
    await dialog.locator('select[name=event_code]').selectOption('goods_missing');
    await dialog.locator('button[type=submit]').click();
    await expect.poll(() => dialog.locator('[role=alert]').count()).toBe(1);
    expect((await added()).length).toBe(1);
    await dialog.locator('.dialog-buttons .btn-secondary').click();

    // Deleted from its dialog.
    const newId = (await added())[0]!.transition_id;
    await t.page.locator(`[data-testid="rf__edge-${newId}"] path`).first().dispatchEvent('click');
    await dialog.locator('.wf-delete').click();
    await expect.poll(async () => (await added()).length).toBe(0);
    await expect.poll(() => t.page.locator('.react-flow__edge').count()).toBe(transitions.length);
  }, 120_000);
});
