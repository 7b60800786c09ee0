/**
 * A purchase order's currency is chosen from the currencies (issue 43): the form offers a
 * list of them, a pasted 'eur' is saved as EUR, a code that is no currency is flagged at the
 * cell and nothing is written.
 */
import { describe, expect, it } from 'vitest';
import { browserSuite, signIn } from './browser.ts';
import { gridPage } from './gridPage.ts';

const t = browserSuite();
const { grid, cell, paste } = gridPage(
  () => t.page,
  () => t.server,
);

describe('currency chosen from the currencies', () => {
  it('saves a pasted lower-case code as the currency, flags one that is no currency, and offers the currencies in the form', async () => {
    const po = (
      await t.server.db.query<{ po_id: number; fsm_reference: string }>(
        `update app.purchase_orders set currency_code = 'HUF'
         where po_id = (select po_id from app.purchase_orders where company_code = 'SK01' order by po_id limit 1) returning po_id, fsm_reference`,
      )
    ).rows[0]!;
    const stored = async () => (await t.server.db.query<{ currency_code: string }>('select currency_code from app.purchase_orders where po_id = $1', [po.po_id])).rows[0]!.currency_code;
    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(`${t.server.url}/en/purchasing/purchase_orders`);
    await grid().locator('[data-filter-field="fsm_reference"] input').fill(po.fsm_reference);
    const currency = cell(String(po.po_id), 'currency_code');
    await expect.poll(() => currency.innerText(), { timeout: 10_000 }).toBe('HUF');

    await currency.click();
    await paste('eur');
    await expect.poll(stored).toBe('EUR');
    await expect.poll(() => currency.innerText()).toBe('EUR');
    expect(await currency.getAttribute('aria-invalid')).toBeNull();

    await paste('xyz');
    await expect.poll(() => currency.getAttribute('aria-invalid')).toBe('true');
    expect(await stored()).toBe('EUR');

    // The form: a list of the currencies, not a text box.
    await t.page.locator('.screen-grid[data-form="purchase_orders"] > .grid-toolbar .grid-add').click();
    const select = t.page.getByRole('dialog').locator('select[id$="-currency_code"]');
    await expect
      .poll(async () => (await select.locator('option').allInnerTexts()).filter((o) => /^[A-Z]{3}$/.test(o)).sort(), { timeout: 5000 })
      .toEqual((await t.server.db.query<{ c: string }>('select currency_code as c from app.currencies order by 1')).rows.map((r) => r.c));
  });
});
