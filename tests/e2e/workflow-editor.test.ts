/**
 * The workflow editor in the browser (issue 48, point 3): in the diagram an administrator adds
 * a state, then — dragging from Placed to it — a transition with a new event, gives the event a
 * style and an icon from the lists (the preview shows the button) and reserves it to one role;
 * retiring a state records are in is refused above the diagram, naming them. On the kanban
 * board a user of that role moves an order along the new event; a user of another role, with
 * the same Events right, is not offered it.
 */
import { describe, expect, it } from 'vitest';
import { makeUser } from '../api/accountsHelpers.ts';
import { grantRolePage } from '../api/grants.ts';
import { DEMO_PASSWORD } from '../api/harness.ts';
import { browserSuite, signIn } from './browser.ts';

const t = browserSuite({ width: 1600, height: 1000 });

describe('workflow editor', () => {
  it('adds a state and an event in the diagram, reserves the event to a role: its user presses it on the board, another role’s cannot', async () => {
    const db = t.server.db;
    const q = async <T extends Record<string, unknown>>(sql: string, args: unknown[] = []) => (await db.query<T>(sql, args)).rows;
    for (const role of ['packer', 'clerk']) {
      await db.query('insert into app.roles (role_code, role_name) values ($1, $2)', [role, { en: role === 'packer' ? 'Packer' : 'Clerk' }]);
      await grantRolePage(t.server, role, 'sales.sales_orders', { can_list: true, can_events: true });
      await grantRolePage(t.server, role, 'settings.kanban', { can_list: true });
      const id = await makeUser(t.server, `${role}@example.com`, { password: DEMO_PASSWORD });
      await db.query('insert into app.user_roles (user_id, role_id) select $1, role_id from app.roles where role_code = $2', [id, role]);
    }
    const stateId = async (code: string) => (await q<{ state_id: number }>("select state_id from app.fsm_states where type_code = 'sales_order' and state_code = $1", [code]))[0]?.state_id;
    const states = (await q("select 1 from app.fsm_states where type_code = 'sales_order'")).length;

    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(`${t.server.url}/en/settings/gojs`);
    const page = t.page;
    const nodes = page.locator('.react-flow__node');
    const node = (id: number) => page.locator(`.react-flow__node[data-id="${id}"]`);
    const dialog = page.locator('[role=dialog]');
    await expect.poll(() => nodes.count(), { timeout: 15_000 }).toBe(states);

    // A state, from the toolbar: its code made from its name.
    await page.locator('.wf-add-state').click();
    await dialog.locator('input[name=state_name]').fill('In review');
    expect(await dialog.locator('input[name=state_code]').inputValue()).toBe('in_review');
    await dialog.locator('button[type=submit]').click();
    await expect.poll(() => stateId('in_review')).toBeGreaterThan(0);
    const review = (await stateId('in_review'))!;
    await expect.poll(() => node(review).innerText()).toBe('In review');

    // A drag from Placed to it: a transition with a new event.
    const placed = (await stateId('placed'))!;
    const from = (await node(placed).locator('.react-flow__handle.source').boundingBox())!;
    const to = (await node(review).locator('.react-flow__handle.target').boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 10 });
    await page.mouse.up();
    await expect.poll(() => dialog.locator('.dialog-title').innerText()).toBe('New transition');
    await dialog.locator('select[name=event_code]').selectOption('');
    await dialog.locator('input[name=new_event]').fill('Send to review');
    await dialog.locator('button[type=submit]').click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect
      .poll(() => q("select t.from_state_id, t.to_state_id from app.fsm_transitions t where t.type_code = 'sales_order' and t.event_code = 'send_to_review'"))
      .toEqual([{ from_state_id: placed, to_state_id: review }]);

    // Its button: a style and an icon from the lists, shown as it will look; pressed by packers only.
    await page.locator('.wf-event[data-event="send_to_review"]').click();
    await dialog.locator('select[name=bv_variant]').selectOption('warning');
    await dialog.locator('[data-icon-choice="eye"]').click();
    const preview = dialog.locator('.wf-preview .wf-event-preview');
    await expect.poll(() => preview.getAttribute('data-variant')).toBe('warning');
    expect(await preview.locator('[data-icon="eye"]').count()).toBe(1);
    expect(await preview.innerText()).toBe('Send to review');
    await dialog.locator('[data-role="packer"] input').check();
    await dialog.locator('button[type=submit]').click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(
      await q(
        "select e.event_params, array(select r.role_code from app.fsm_event_roles g join app.roles r using (role_id) where g.event_id = e.event_id) as roles from app.fsm_events e where e.event_code = 'send_to_review'",
      ),
    ).toEqual([{ event_params: { bv_variant: 'warning', bv_icon: 'eye' }, roles: ['packer'] }]);
    await expect.poll(() => page.locator('.wf-event[data-event="send_to_review"] .wf-event-roles').count()).toBe(1);

    // Retiring a state records are in: refused above the diagram, naming them.
    const waiting = (await stateId('waiting_for_payment'))!;
    const named = (await q<{ i: string }>("select app.fsm_instances_named($1) ->> 'instances' as i", [waiting]))[0]!.i;
    await node(waiting).click({ button: 'right' });
    await page.locator('.wf-menu .wf-retire').click();
    await expect.poll(() => page.locator('.wf-problem').innerText()).toContain(`“Waiting for payment” still holds`);
    expect(await page.locator('.wf-problem').innerText()).toContain(named);
    expect((await q('select retired from app.fsm_states where state_id = $1', [waiting]))[0]).toEqual({ retired: false });

    // The board: the newest placed orders of SK01 are the first cards of their column.
    const newest = async () =>
      (
        await q<{ id: number }>(
          "select fsm_instance_id::int as id from app.v_sales_orders where company_code = 'SK01' and state_code = 'placed' and not deleted order by opened_on desc, order_id desc limit 1",
        )
      )[0]!.id;
    const board = async (email: string) => {
      const context = await t.browser.newContext({ viewport: { width: 1600, height: 1000 } });
      const p = await context.newPage();
      await signIn(p, t.server.url, email);
      await p.goto(`${t.server.url}/en/settings/kanban`);
      return { context, p };
    };
    const stateOf = async (id: number) => (await q<{ c: string }>('select s.state_code as c from app.fsm_instances i join app.fsm_states s using (state_id) where fsm_instance_id = $1', [id]))[0]!.c;

    const packer = await board('packer@example.com');
    try {
      const order = await newest();
      const card = packer.p.locator(`.kanban-card[data-key="${order}"]`);
      await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(1);
      expect(await packer.p.locator('.kanban-col[data-state="in_review"] h2').innerText()).toBe('In review');
      await card.locator('select.kanban-move').selectOption(String(review));
      const ask = packer.p.locator('[role=dialog]');
      await expect.poll(() => ask.locator('.dialog-title').innerText()).toContain('Send to review');
      await ask.locator('.dialog-buttons .btn').last().click();
      await expect.poll(() => stateOf(order)).toBe('in_review');
    } finally {
      await packer.context.close();
    }

    const clerk = await board('clerk@example.com');
    try {
      const order = await newest();
      const move = clerk.p.locator(`.kanban-card[data-key="${order}"] select.kanban-move`);
      await expect.poll(() => move.count(), { timeout: 15_000 }).toBe(1);
      const offered = await move.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
      expect(offered).toContain(String(waiting));
      expect(offered).not.toContain(String(review));
    } finally {
      await clerk.context.close();
    }
  }, 180_000);
});
