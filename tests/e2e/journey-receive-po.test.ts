/**
 * The tester's journey (issue 43) in English and German: a purchase order sent to its
 * supplier is confirmed (Purchasing → Purchase orders, the row picked, the toolbar's
 * workflow menu: "Supplier confirmed"), then received by its row's "Receive goods" button:
 * its open lines go onto each product's home storage, the stock on hand rises by what was
 * ordered, the ledger records the receipts at landed cost, and the order closes as
 * received. Fails if the workflow's Receive closes the order without the goods entering
 * stock (as it did: the state moved, the stock did not).
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

describe('journey: a purchase order received into stock', () => {
  JOURNEY_LANGS.forEach((lang, i) => {
    it(`confirms a sent purchase order and receives it by its row's button: the stock rises (${lang})`, async () => {
      const texts = words(lang);
      // The scene: two products with 5 on hand each, ordered from a supplier (12 at 3 €, 8 at 5 €) and sent.
      const [a, b] = [await kit.productWith(70 + 2 * i, 5), await kit.productWith(71 + 2 * i, 5)];
      const supplier = (await kit.one<{ partner_id: number }>("select partner_id from app.partners where company_code = 'SK01' and is_supplier and not deleted order by partner_id limit 1"))
        .partner_id;
      const po = (await kit.ok('purchase_orders', 'add', { partner_id: supplier, currency_code: 'EUR' })).row as { po_id: number; fsm_instance_id: number };
      await kit.ok('purchase_order_items', 'add', { po_id: po.po_id, product_code: a.product_code, quantity: 12, unit_price: 3 });
      await kit.ok('purchase_order_items', 'add', { po_id: po.po_id, product_code: b.product_code, quantity: 8, unit_price: 5 });
      await kit.fire('order', po.fsm_instance_id);
      expect(await kit.stateOf(po.fsm_instance_id)).toBe('ordered');

      await signIn(t.page, t.server.url, 'admin@example.com', lang);
      await t.page.goto(`${t.server.url}/${lang}/purchasing/purchase_orders`);
      await expect.poll(() => bodyRows().count(), { timeout: 15_000 }).toBeGreaterThan(0);
      const key = String(po.po_id);
      await expect.poll(() => row(key).count()).toBe(1);
      const dialog = t.page.getByRole('dialog');
      const confirmDialog = async (event: string) => {
        await expect.poll(() => dialog.count(), { message: event }).toBe(1);
        await dialog.locator('.dialog-buttons .btn').last().click();
        await expect.poll(() => dialog.count(), { message: event }).toBe(0);
      };

      // Confirmed by the supplier: the row picked, the toolbar's workflow menu.
      await row(key).getByRole('checkbox', { name: texts['grid.select_row'] }).click();
      await t.page.locator('.screen-grid[data-form="purchase_orders"] > .grid-toolbar .grid-workflow').click();
      await t.page.locator('.grid-workflow-menu [role=menuitem][data-event=confirm]').click();
      await confirmDialog('confirm');
      await expect.poll(() => cell(key, 'state_names').innerText()).toBe(await kit.stateName('purchase_order', 'confirmed', lang));
      expect(await kit.stateOf(po.fsm_instance_id)).toBe('confirmed');

      // Received by the row's button: the goods onto their home storages, the order closed.
      const receive = cell(key, 'fsm_actions').locator('[data-action=fsm][data-event=receive]');
      await receive.click();
      await confirmDialog('receive');
      await expect.poll(() => kit.stateOf(po.fsm_instance_id)).toBe('received');
      await expect.poll(() => cell(key, 'state_names').innerText()).toBe(await kit.stateName('purchase_order', 'received', lang));
      expect(await t.page.locator('.toast-danger').count()).toBe(0);
      expect((await kit.stock(a.product_code)).onHand).toBe(17);
      expect((await kit.stock(b.product_code)).onHand).toBe(13);
      const admin = (await kit.one<{ user_id: number }>("select user_id from app.users where user_email = 'admin@example.com'")).user_id;
      expect(
        await kit.rows(
          `select m.product_code, m.storage_id, m.quantity::float8 as q, m.unit_cost::float8 as cost, m.user_id from app.stock_movements m
           where m.kind = 'receipt' and m.product_code = any($1) order by m.product_code`,
          [[a.product_code, b.product_code]],
        ),
      ).toEqual(
        [
          { product_code: a.product_code, storage_id: a.storage_id, q: 12, cost: 3, user_id: admin },
          { product_code: b.product_code, storage_id: b.storage_id, q: 8, cost: 5, user_id: admin },
        ].sort((x, y) => x.product_code.localeCompare(y.product_code)),
      );
      expect(await kit.rows('select open_qty::float8 as open from app.v_purchase_order_items where po_id = $1', [po.po_id])).toEqual([{ open: 0 }, { open: 0 }]);
      // The workflow's history says who received it, once.
      expect(await kit.rows("select user_id from app.fsm_history where fsm_instance_id = $1 and event_code = 'receive'", [po.fsm_instance_id])).toEqual([{ user_id: admin }]);
    }, 120_000);
  });
});
