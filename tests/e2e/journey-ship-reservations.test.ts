/**
 * The tester's journey (issue 43) in English and German: shipping honours reservations. A
 * product with 4 units; an order placed first reserves 3 of them; a later, paid order
 * wants 2 — only 1 is there for it. Its Ship button on /<lang>/sales/sales_orders is
 * refused with the message naming the order, the product and what it lacks; the order
 * stays paid and the stock stays as it was (4 on hand, 5 reserved). The earlier order,
 * paid, then ships its 3 from the same screen: 1 left on hand, the later order's 2
 * still reserved. Fails if Ship takes what an earlier open order reserves (migration 092's
 * available-to-order rule): the later order would ship from the 4 on hand.
 */
import { describe, expect, it } from 'vitest';
import { browserSuite, signIn } from './browser.ts';
import { gridPage } from './gridPage.ts';
import { JOURNEY_LANGS, journeyKit, said, type Order } from './journeys.ts';

const t = browserSuite({ width: 1600, height: 1000 });
const { bodyRows, row, cell } = gridPage(
  () => t.page,
  () => t.server,
);
const kit = journeyKit(() => t.server);

/** Only the order with this reference in the grid (the reference filter). */
async function showOnly(o: Order) {
  await expect.poll(() => bodyRows().count(), { timeout: 15_000 }).toBeGreaterThan(0);
  await t.page.locator('[data-filter-field="fsm_reference"] input').fill(o.fsm_reference);
  await expect.poll(() => bodyRows().count()).toBe(1);
  await expect.poll(() => row(String(o.order_id)).count()).toBe(1);
}

/** The row's button of the event, confirmed in its dialog. */
async function press(o: Order, event: string) {
  await cell(String(o.order_id), 'fsm_actions').locator(`[data-action=fsm][data-event=${event}]`).click();
  const dialog = t.page.getByRole('dialog');
  await expect.poll(() => dialog.count()).toBe(1);
  await dialog.locator('.dialog-buttons .btn').last().click();
  await expect.poll(() => dialog.count()).toBe(0);
}

describe('journey: shipping honours reservations', () => {
  JOURNEY_LANGS.forEach((lang, i) => {
    it(`refuses to ship a later order what an earlier one reserves, naming the product; the earlier one ships (${lang})`, async () => {
      const p = await kit.productWith(40 + i, 4);
      const partner = await kit.customer(`Journey reservations ${lang}`);
      const earlier = await kit.orderOf(partner, [[p.product_code, 3]]); // placed: it reserves 3
      const later = await kit.orderOf(partner, [[p.product_code, 2]], ['confirm', 'pay']);
      expect(await kit.stock(p.product_code)).toEqual({ onHand: 4, reserved: 5 });
      const moves = async () => (await kit.one<{ n: number }>('select count(*)::int as n from app.stock_movements where product_code = $1', [p.product_code])).n;
      const movesBefore = await moves();

      await signIn(t.page, t.server.url, 'admin@example.com', lang);
      await t.page.goto(`${t.server.url}/${lang}/sales/sales_orders`);
      await showOnly(later);
      await press(later, 'ship');
      // Said in the user's language (the product's name too), naming the order, the product and the 1 it lacks.
      const userLang = await kit.languageOf('admin@example.com');
      const refusal = said(lang, 'server.ship_short_stock', { order: later.fsm_reference, product: p.product_code, name: p.name[userLang]!, short: 1 });
      await expect.poll(() => t.page.locator('.toast-danger .toast-text').allInnerTexts()).toContain(refusal);
      expect(await kit.stateOf(later.fsm_instance_id)).toBe('paid');
      expect(await cell(String(later.order_id), 'state_names').innerText()).toBe(await kit.stateName('sales_order', 'paid', lang));
      expect(await kit.stock(p.product_code)).toEqual({ onHand: 4, reserved: 5 });
      expect(await moves()).toBe(movesBefore);

      // The earlier order, confirmed and paid, ships its 3: one unit is left, the later order's 2 still reserved (free −1).
      await showOnly(earlier);
      for (const [event, state] of [
        ['confirm', 'waiting_for_payment'],
        ['pay', 'paid'],
        ['ship', 'shipped'],
      ] as const) {
        await press(earlier, event);
        await expect.poll(() => cell(String(earlier.order_id), 'state_names').innerText(), { message: event }).toBe(await kit.stateName('sales_order', state, lang));
        expect(await kit.stateOf(earlier.fsm_instance_id)).toBe(state);
      }
      expect(await kit.stock(p.product_code)).toEqual({ onHand: 1, reserved: 2 });
      const picked = await kit.one<{ q: number }>("select coalesce(sum(quantity), 0)::float8 as q from app.stock_movements where product_code = $1 and kind = 'pick'", [p.product_code]);
      expect(picked.q).toBe(-3);
    }, 120_000);
  });
});
