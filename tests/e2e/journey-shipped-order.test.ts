/**
 * The tester's journey (issue 43) in English and German: a sales order shipped through its
 * workflow, opened on /<lang>/sales/sales_orders — its Order items are read-only: the
 * quantity cell says why (the state locks it) and opens no editor, Add is disabled with the
 * same reason; a direct set by the same session's API call is refused (409
 * locked_in_state) and the stock the order took stays as it was: on hand less the shipped
 * units, nothing reserved. Fails if the state lock (sales_order_items `editableIn`, the
 * engine's check) is gone: the cell opens an editor, Add is enabled, the set is written.
 */
import { describe, expect, it } from 'vitest';
import { browserSuite, sessionToken, signIn } from './browser.ts';
import { gridPage } from './gridPage.ts';
import { JOURNEY_LANGS, journeyKit, said, words } from './journeys.ts';
import { expectLockedCell } from './lockedGrid.ts';

const t = browserSuite({ width: 1600, height: 1000 });
const { cell } = gridPage(
  () => t.page,
  () => t.server,
);
const kit = journeyKit(() => t.server);

describe('journey: a shipped sales order', () => {
  JOURNEY_LANGS.forEach((lang, i) => {
    it(`shows its items read-only with the reason, Add disabled, and the server refuses a set (${lang})`, async () => {
      const texts = words(lang);
      // The scene: 10 on hand, an order of 3 confirmed, paid and shipped (ship takes the 3 off the shelf).
      const p = await kit.productWith(10 + i, 10);
      const order = await kit.orderOf(await kit.customer(`Journey shipped ${lang}`), [[p.product_code, 3]], ['confirm', 'pay', 'ship']);
      expect(await kit.stateOf(order.fsm_instance_id)).toBe('shipped');
      const shipped = { onHand: 7, reserved: 0 };
      expect(await kit.stock(p.product_code)).toEqual(shipped);
      const line = async () => kit.one<{ quantity: string; row_version: number }>('select quantity::text, row_version from app.sales_order_items where item_id = $1', [order.items[0]]);
      const before = await line();

      await signIn(t.page, t.server.url, 'admin@example.com', lang);
      await t.page.goto(`${t.server.url}/${lang}/sales/sales_orders`);
      const id = String(order.order_id);
      const stateShown = await kit.stateName('sales_order', 'shipped', lang);
      await expect.poll(() => cell(id, 'state_names').innerText(), { timeout: 15_000 }).toBe(stateShown);
      await cell(id, 'fsm_reference').click();
      const items = t.page.locator('.grid-detail .screen-grid[data-form="sales_order_items"]');
      await expect.poll(() => items.locator(`[role=row][data-key="${order.items[0]}"]`).count()).toBe(1);
      expect(await t.page.locator('.grid-detail').getByRole('tab', { name: texts['screens.sales_order_items.title'] }).getAttribute('aria-selected')).toBe('true');

      // Read-only with the reason: on the cell, on the disabled Add and beside it.
      const reason = said(lang, 'server.locked_in_state', { state: stateShown });
      const quantity = items.locator(`[role=row][data-key="${order.items[0]}"] [role=gridcell][data-field="quantity"]`);
      // Read-only with the reason, Add disabled; typing into the cell opens no editor, saves nothing.
      await expectLockedCell(t.page, items, quantity, reason);

      // The same session sets the quantity directly: refused with the state, nothing written.
      const r = await t.context.request.post(`${t.server.url}/rpc/api_action`, {
        data: { entity: 'sales_order_items', action: 'set', payload: { item_id: order.items[0], row_version: before.row_version, quantity: 30 } },
        headers: { authorization: `Bearer ${await sessionToken(t.context)}`, 'x-company': 'SK01' },
        failOnStatusCode: false,
      });
      const body = (await r.json()) as { error?: string; params?: { state?: string } };
      expect([r.status(), body.error]).toEqual([409, 'locked_in_state']);
      expect(body.params?.state).toBe(await kit.stateName('sales_order', 'shipped', await kit.languageOf('admin@example.com')));
      expect(await line()).toEqual(before);
      expect(await kit.stock(p.product_code)).toEqual(shipped);
    }, 120_000);
  });
});
