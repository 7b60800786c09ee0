/**
 * The tester's journey (issue 43) in English and German, all in the browser: a new customer
 * on Partners, a new sales order for it, an item added below it (the product searched by
 * its code, the quantity typed), then the order through its workflow by its row buttons —
 * Confirm (waiting for payment), Record payment (paid), Ship (shipped). The stock follows:
 * the item reserves its units, shipping takes them off the shelf (on hand falls, the
 * reservation ends) and the ledger records the pick by the user who shipped. Fails if an
 * order's lines stop reserving, or Ship stops taking the goods.
 */
import { describe, expect, it } from 'vitest';
import { browserSuite, signIn } from './browser.ts';
import { gridPage } from './gridPage.ts';
import { JOURNEY_LANGS, journeyKit, words } from './journeys.ts';

const t = browserSuite({ width: 1600, height: 1000 });
const { bodyRows, row, cell } = gridPage(
  () => t.page,
  () => t.server,
);
const kit = journeyKit(() => t.server);

describe('journey: a customer’s sales order through its workflow', () => {
  JOURNEY_LANGS.forEach((lang, i) => {
    it(`adds a customer, its order and an item, moves it to shipped, and the stock follows (${lang})`, async () => {
      const texts = words(lang);
      const p = await kit.productWith(50 + i, 10);
      const name = `Journey customer ${lang} ${Date.now()}`;
      const dialog = t.page.getByRole('dialog');
      const save = async () => {
        await dialog.locator('button[type=submit]').click();
        await expect.poll(() => dialog.count(), { timeout: 10_000 }).toBe(0);
      };

      // A customer: Partners → Add, its name, saved.
      await signIn(t.page, t.server.url, 'admin@example.com', lang);
      await t.page.goto(`${t.server.url}/${lang}/partners/partner_list`);
      await expect.poll(() => bodyRows().count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await t.page.locator('.grid-toolbar .grid-add').first().click();
      await dialog.locator('input[id$="-partner_name"]').fill(name);
      await save();
      const partner = await kit.one<{ partner_id: number; is_supplier: boolean }>('select partner_id, is_supplier from app.partners where partner_name = $1', [name]);
      expect(partner.is_supplier).toBe(false);

      // Its order: Sales orders → Add, the customer picked, saved; it starts placed.
      await t.page.goto(`${t.server.url}/${lang}/sales/sales_orders`);
      await expect.poll(() => bodyRows().count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await t.page.locator('.screen-grid[data-form="sales_orders"] > .grid-toolbar .grid-add').click();
      const customer = dialog.locator('select[id$="-partner_id"]');
      const option = customer.locator('option', { hasText: name });
      await expect.poll(() => option.count()).toBe(1);
      await customer.selectOption((await option.getAttribute('value'))!);
      await save();
      await expect.poll(() => kit.rows('select order_id from app.sales_orders where partner_id = $1', [partner.partner_id]).then((r) => r.length)).toBe(1);
      const order = await kit.one<{ order_id: number; fsm_instance_id: number }>('select order_id, fsm_instance_id::int from app.sales_orders where partner_id = $1', [partner.partner_id]);
      const key = String(order.order_id);
      await expect.poll(() => row(key).count()).toBe(1);
      expect(await kit.stateOf(order.fsm_instance_id)).toBe('placed');

      // An item: the order's Order items → Add, the product found by its code, 3 of it.
      await cell(key, 'fsm_reference').click();
      await expect.poll(() => t.page.locator('.grid-detail').getByRole('tab', { name: texts['screens.sales_order_items.title'] }).count()).toBe(1);
      const items = t.page.locator('.grid-detail .screen-grid[data-form="sales_order_items"]');
      await items.locator('.grid-toolbar .grid-add').click();
      const product = dialog.locator('input[id$="-product_code"]');
      await product.fill(p.product_code);
      await dialog
        .getByRole('option', { name: new RegExp(p.product_code) })
        .first()
        .click();
      await dialog.locator('input[id$="-quantity"]').fill('3');
      await save();
      await expect.poll(() => items.locator('[role=row][data-key]').count()).toBe(1);
      expect(await kit.rows('select product_code, quantity::float8 as q from app.sales_order_items where order_id = $1', [order.order_id])).toEqual([{ product_code: p.product_code, q: 3 }]);
      expect(await kit.stock(p.product_code)).toEqual({ onHand: 10, reserved: 3 });

      // Through the workflow by the row's buttons, each confirmed in its dialog.
      for (const [event, state] of [
        ['confirm', 'waiting_for_payment'],
        ['pay', 'paid'],
        ['ship', 'shipped'],
      ] as const) {
        await cell(key, 'fsm_actions').locator(`[data-action=fsm][data-event=${event}]`).click();
        await expect.poll(() => dialog.count(), { message: event }).toBe(1);
        await dialog.locator('.dialog-buttons .btn').last().click();
        await expect.poll(() => dialog.count(), { message: event }).toBe(0);
        await expect.poll(() => cell(key, 'state_names').innerText(), { message: event }).toBe(await kit.stateName('sales_order', state, lang));
        expect(await kit.stateOf(order.fsm_instance_id)).toBe(state);
        // Reserved until shipped; shipping takes the 3 off the shelf.
        expect(await kit.stock(p.product_code), event).toEqual(state === 'shipped' ? { onHand: 7, reserved: 0 } : { onHand: 10, reserved: 3 });
      }
      const admin = (await kit.one<{ user_id: number }>("select user_id from app.users where user_email = 'admin@example.com'")).user_id;
      expect(await kit.rows("select storage_id, quantity::float8 as q, user_id from app.stock_movements where product_code = $1 and kind = 'pick'", [p.product_code])).toEqual([
        { storage_id: p.storage_id, q: -3, user_id: admin },
      ]);
    }, 120_000);
  });
});
