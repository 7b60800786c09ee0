/**
 * The tester's journey (issue 43) in English and German: Purchasing → Purchase orders → an
 * order → Related costs → Amount, typed as the UI language writes numbers. English "1,000"
 * is a thousand (it was saved as 1.00) and shows as 1,000.00; German "1.000" is a thousand
 * and "1,5" one and a half. A text that fits no reading of the language ("1,00,0" in
 * English, "1.5" in German) is refused at the cell with how the language writes numbers,
 * and nothing is saved. The order's lines then show the landed unit cost the saved amount
 * gives (each line's value share of the costs, per unit, added to its price). Fails if
 * numbers are read another way than the language's (core/numberInput.ts).
 */
import { describe, expect, it } from 'vitest';
import { browserSuite, signIn } from './browser.ts';
import { gridPage, typeIntoCell } from './gridPage.ts';
import { JOURNEY_LANGS, journeyKit, said, words, type JourneyLang } from './journeys.ts';
import { LOCALE } from '../../src/core/langs.ts';

const t = browserSuite({ width: 1600, height: 1000 });
const { cell } = gridPage(
  () => t.page,
  () => t.server,
);
const kit = journeyKit(() => t.server);

/** An amount in euros as the grid shows it in the language ('€1,000.00', '1.000,00 €'). */
const euros = (lang: JourneyLang, n: number) => new Intl.NumberFormat(LOCALE[lang], { style: 'currency', currency: 'EUR' }).format(n).replace(/\s/gu, ' ');
const shown = async (l: ReturnType<typeof t.page.locator>) => (await l.innerText()).replace(/\s/gu, ' ').trim();

/** What the grid keeps typed: what a real user typed, Enter, and the cell's refusal or its save. */
async function typeAmount(c: ReturnType<typeof t.page.locator>, text: string) {
  return typeIntoCell(t.page, c, text);
}

describe('journey: a purchase order’s related costs typed in the UI language', () => {
  JOURNEY_LANGS.forEach((lang, i) => {
    it(`saves the amount as the language writes it, refuses what fits no reading, and lands the cost on the lines (${lang})`, async () => {
      const texts = words(lang);
      // The scene: an order of SK01 (EUR) with two lines worth 100 € — 10 × 4 € and 30 × 2 € — and one cost of 7 €.
      const supplier = (await kit.one<{ partner_id: number }>("select partner_id from app.partners where company_code = 'SK01' and is_supplier and not deleted order by partner_id limit 1"))
        .partner_id;
      const po = (await kit.ok('purchase_orders', 'add', { partner_id: supplier, currency_code: 'EUR' })).row as { po_id: number };
      const [a, b] = [await kit.productWith(20 + 2 * i, 0), await kit.productWith(21 + 2 * i, 0)];
      const lineA = (await kit.ok('purchase_order_items', 'add', { po_id: po.po_id, product_code: a.product_code, quantity: 10, unit_price: 4 })).row.po_item_id as number;
      const lineB = (await kit.ok('purchase_order_items', 'add', { po_id: po.po_id, product_code: b.product_code, quantity: 30, unit_price: 2 })).row.po_item_id as number;
      const cost = (await kit.ok('purchase_order_costs', 'add', { po_id: po.po_id, cost_name: 'Freight', cost_amount: 7, cost_currency_code: 'EUR' })).row.cost_id as number;
      const stored = async () => Number((await kit.one<{ a: string }>('select cost_amount::text as a from app.purchase_order_costs where cost_id = $1', [cost])).a);

      await signIn(t.page, t.server.url, 'admin@example.com', lang);
      await t.page.goto(`${t.server.url}/${lang}/purchasing/purchase_orders`);
      const key = String(po.po_id);
      await expect.poll(() => cell(key, 'fsm_reference').count(), { timeout: 15_000 }).toBe(1);
      await cell(key, 'fsm_reference').click();
      const detail = t.page.locator('.grid-detail');
      await detail.getByRole('tab', { name: texts['screens.purchase_order_costs.title'] }).click();
      const costs = detail.locator('.screen-grid[data-form="purchase_order_costs"]');
      await expect.poll(() => costs.locator(`[role=columnheader][data-field="cost_amount"]`).first().innerText()).toContain(texts['fields.cost_amount']);
      const amount = costs.locator(`[role=row][data-key="${cost}"] [role=gridcell][data-field="cost_amount"]`);
      await expect.poll(() => shown(amount)).toBe(euros(lang, 7));

      // A thousand, written the language's way: saved as 1000, shown back with its groups.
      const input = await typeAmount(amount, lang === 'en' ? '1,000' : '1.000');
      await expect.poll(() => input.count()).toBe(0);
      await expect.poll(stored).toBe(1000);
      await expect.poll(() => shown(amount)).toBe(euros(lang, 1000));
      let expected = 1000;
      if (lang === 'de') {
        await typeAmount(amount, '1,5');
        await expect.poll(stored).toBe(1.5);
        await expect.poll(() => shown(amount)).toBe(euros(lang, 1.5));
        expected = 1.5;
      }

      // A text that fits no reading: refused at the cell with the language's way, nothing saved.
      const bad = await typeAmount(amount, lang === 'en' ? '1,00,0' : '1.5');
      await expect.poll(() => amount.getByRole('alert').innerText()).toBe(said(lang, 'validation.number_format', { example: lang === 'en' ? '1,234.56' : '1.234,56' }));
      expect(await bad.getAttribute('aria-invalid')).toBe('true');
      await t.page.keyboard.press('Escape');
      await expect.poll(() => bad.count()).toBe(0);
      expect(await stored()).toBe(expected);
      await expect.poll(() => shown(amount)).toBe(euros(lang, expected));

      // Landed: each line's price plus its value's share of the costs per unit (4 + cost × 4/100, 2 + cost × 2/100).
      await detail.getByRole('tab', { name: texts['screens.purchase_order_items.title'] }).click();
      const lines = detail.locator('.screen-grid[data-form="purchase_order_items"]');
      const landed = (line: number) => lines.locator(`[role=row][data-key="${line}"] [role=gridcell][data-field="landed_unit_cost"]`);
      await expect.poll(() => shown(landed(lineA))).toBe(euros(lang, 4 + (expected * 4) / 100));
      await expect.poll(() => shown(landed(lineB))).toBe(euros(lang, 2 + (expected * 2) / 100));
      const total = await kit.one<{ costs: number; landed: number }>('select costs_total::float8 as costs, landed_total::float8 as landed from app.v_purchase_orders where po_id = $1', [po.po_id]);
      expect(total).toEqual({ costs: expected, landed: 100 + expected });
    }, 120_000);
  });
});
