/**
 * Workflow events need a right of their own (issue 43, point 18), in the browser: a clerk
 * with view, add and edit on sales orders (and the kanban board) is offered no event — no
 * row buttons, no Actions menu of events, a board without moves and a note why —
 * while she still edits the orders. The administrator ticks "Events" of the sales orders
 * page in the clerk's pages grid (Settings → Users); on her next load the buttons are there
 * and Confirm moves the order.
 */
import { describe, expect, it } from 'vitest';
import { makeUser } from '../api/accountsHelpers.ts';
import { DEMO_PASSWORD } from '../api/harness.ts';
import { grantUserPage } from '../api/grants.ts';
import { browserSuite, signIn } from './browser.ts';
import { gridPage } from './gridPage.ts';

const t = browserSuite({ width: 1600, height: 1000 });
const { bodyRows, row, cell } = gridPage(
  () => t.page,
  () => t.server,
);
const stateOf = async (id: number) =>
  (await t.server.db.query<{ state_code: string }>('select s.state_code from app.fsm_instances i join app.fsm_states s using (state_id) where i.fsm_instance_id = $1', [id])).rows[0]!.state_code;

describe('the events right in the browser', () => {
  it('offers no event to a clerk without it; ticked on her pages grid, Confirm is offered and runs', async () => {
    const db = t.server.db;
    const clerkId = await makeUser(t.server, 'clerk.events@example.com', { password: DEMO_PASSWORD });
    await grantUserPage(t.server, clerkId, 'sales.sales_orders', { can_list: true, can_add: true, can_set: true });
    await grantUserPage(t.server, clerkId, 'settings.kanban', { can_list: true });
    const order = (
      await db.query<{ order_id: number; fsm_instance_id: number; fsm_reference: string }>(
        `select order_id, fsm_instance_id::int, fsm_reference from app.v_sales_orders where company_code = 'SK01' and state_code = 'placed' and not deleted
         order by opened_on desc, order_id desc limit 1`,
      )
    ).rows[0]!;
    const key = String(order.order_id);

    // The clerk: the orders with their states, no event anywhere.
    await signIn(t.page, t.server.url, 'clerk.events@example.com');
    await t.page.goto(`${t.server.url}/en/sales/sales_orders`);
    await expect.poll(() => bodyRows().count(), { timeout: 15_000 }).toBeGreaterThan(5);
    await t.page.locator('[data-filter-field="fsm_reference"] input').fill(order.fsm_reference);
    await expect.poll(() => row(key).count()).toBe(1);
    await expect.poll(() => cell(key, 'state_names').innerText()).toBe('Placed');
    expect(await t.page.locator('[data-action=fsm]').count()).toBe(0);
    // Rows are picked for the page's print actions (their right is list), but no menu of events comes with them.
    await expect.poll(() => row(key).getByRole('checkbox', { name: 'Select row' }).count()).toBe(1);
    expect(await t.page.locator('.grid-workflow').count()).toBe(0);
    // Her edit right stands: the order's cells are editable.
    expect(await cell(key, 'email').getAttribute('aria-readonly')).toBe('false');

    // The board shows the cards, says why they do not move, and offers no move.
    await t.page.goto(`${t.server.url}/en/settings/kanban`);
    const card = t.page.locator(`.kanban-card[data-key="${order.fsm_instance_id}"]`);
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => t.page.locator('.kanban-read-only').innerText()).toContain('“Events” right');
    expect(await t.page.locator('select.kanban-move').count()).toBe(0);
    expect(await card.getAttribute('draggable')).toBe('false');

    // The administrator ticks Events of the sales orders page in her pages grid.
    const admin = await t.browser.newContext();
    try {
      const page = await admin.newPage();
      await signIn(page, t.server.url, 'admin@example.com');
      await page.goto(`${t.server.url}/en/settings/users`);
      const users = page.locator('.screen-grid[data-form="users"]').first();
      await expect.poll(() => users.locator('[role=row][data-key]').count(), { timeout: 10_000 }).toBeGreaterThan(2);
      await users.locator('[data-filter-field="user_email"] input').fill('clerk.events');
      await expect.poll(() => users.locator('[role=row][data-key]').count()).toBe(1);
      await users.locator(`[role=row][data-key="${clerkId}"] [role=gridcell][data-field="user_name"]`).click();
      const detail = page.locator('.grid-detail');
      await detail.getByRole('tab', { name: 'Pages of the user' }).click();
      const pages = detail.locator('.screen-grid[data-form="user_pages"]');
      await pages.locator('[data-filter-field="url"] input').fill('/sales/sales_orders');
      await expect.poll(() => pages.locator('[role=row][data-key]').count(), { timeout: 10_000 }).toBe(1);
      expect(await pages.locator('[role=columnheader][data-field="can_events"]').innerText()).toContain('Events');
      const events = pages.locator('[role=row][data-key] [data-field="can_events"] [role=checkbox]');
      expect(await events.getAttribute('aria-checked')).toBe('false');
      await events.click();
      await expect.poll(() => events.getAttribute('aria-checked')).toBe('true');
      await expect.poll(() => pages.locator('[role=row][data-key] [data-field="eff_events"] [role=checkbox]').getAttribute('aria-checked')).toBe('true');
      expect((await db.query('select can_events from app.user_pages where user_id = $1 and page_code = $2', [clerkId, 'sales.sales_orders'])).rows[0]).toEqual({ can_events: true });
    } finally {
      await admin.close();
    }

    // Her next load: the row's Confirm is there and moves the order.
    await t.page.goto(`${t.server.url}/en/sales/sales_orders`);
    await t.page.reload();
    await expect.poll(() => row(key).count(), { timeout: 15_000 }).toBe(1);
    const confirm = cell(key, 'fsm_actions').locator('[data-action=fsm][data-event=confirm]');
    await expect.poll(() => confirm.count(), { timeout: 10_000 }).toBe(1);
    expect(await row(key).getByRole('checkbox', { name: 'Select row' }).count()).toBe(1);
    await confirm.click();
    const dialog = t.page.locator('[role=dialog]');
    await expect.poll(() => dialog.locator('.dialog-title').innerText()).toContain('Confirm');
    await dialog.locator('.dialog-buttons .btn').last().click();
    await expect.poll(() => stateOf(order.fsm_instance_id)).toBe('waiting_for_payment');
    await expect.poll(() => cell(key, 'state_names').innerText()).toBe('Waiting for payment');
  }, 120_000);
});
