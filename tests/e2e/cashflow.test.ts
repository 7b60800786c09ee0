/**
 * Cashflow in the browser (issue 22): /de/finance/cashflow opens with the company's items
 * under German headers, their state in German, the amount in the item's currency and the
 * amount in the view currency (EUR for SK01) converted with the company's rates; a click
 * on an item opens its payments below, with German headers.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/core/format.ts';
import { LOCALE } from '../../src/core/langs.ts';
import { shownAmount } from '../../src/core/money.ts';
import { browserSuite, signIn } from './browser.ts';
import { gridPage } from './gridPage.ts';

const t = browserSuite({ width: 1800, height: 1000 });
const { header, bodyRows, cell } = gridPage(
  () => t.page,
  () => t.server,
);
const de = JSON.parse(readFileSync('locales/de.json', 'utf8')) as Record<string, string>;

describe('cashflow', () => {
  it('opens in German with the items, their states and amounts in the view currency; an item’s payments open below', async () => {
    await signIn(t.page, t.server.url, 'admin@example.com');
    const top = (
      await t.server.db.query<{ cashflow_id: number; state: string; currency_code: string; amount_view_currency: number; payments: number }>(
        `select cashflow_id, state_names ->> 'de' as state, currency_code, amount_view_currency, payment_count as payments
         from app.v_cashflow where company_code = 'SK01' order by due_date desc, cashflow_id desc limit 12`,
      )
    ).rows;
    const rates = Object.fromEntries(
      (await t.server.db.query<{ currency_code: string; rate: number }>(`select currency_code, rate from app.company_currency_rates where company_code = 'SK01'`)).rows.map((r) => [
        r.currency_code,
        r.rate,
      ]),
    );
    await t.page.goto(`${t.server.url}/de/finance/cashflow`);
    await expect.poll(() => bodyRows().count(), { timeout: 10_000 }).toBeGreaterThan(5);
    await expect.poll(() => t.page.locator('h1').first().innerText()).toContain(de['screens.cashflow.title']);
    for (const field of ['state_names', 'invoice_number', 'due_date', 'payment_delay', 'payment_count', 'total_paid', 'amount', 'amount_view_currency', 'opened_by', 'closed_on']) {
      await expect.poll(() => header(field).innerText(), { message: field }).toContain(de[`fields.${field}`]);
    }
    await expect.poll(() => header('type_code').innerText()).toContain(de['fields.cashflow_type']);
    await expect.poll(() => header('partner_id').innerText()).toContain(de['fields.partner']);
    for (const r of top.slice(0, 5)) {
      await expect.poll(() => cell(String(r.cashflow_id), 'state_names').innerText()).toBe(r.state);
    }
    // An amount in another currency is shown in euros: converted with the company's rates, rounded once.
    const foreign = top.slice(0, 5).find((r) => r.currency_code !== 'EUR') ?? top[0]!;
    const shown = shownAmount(foreign.amount_view_currency, 'EUR', 'EUR', rates, () => 2);
    expect(await cell(String(foreign.cashflow_id), 'amount_view_currency').innerText()).toBe(formatMoney(shown.amount, 'EUR', LOCALE.de, 2));

    const paid = top.slice(0, 5).find((r) => r.payments > 0) ?? top[0]!;
    await cell(String(paid.cashflow_id), 'invoice_number').click();
    const detail = t.page.locator('.grid-detail');
    await expect.poll(() => detail.locator('.screen-grid[data-form="cashflow_payments"]').count(), { timeout: 5000 }).toBe(1);
    await expect.poll(() => detail.locator('[role=row][data-key]').count(), { timeout: 5000 }).toBe(paid.payments);
    for (const field of ['paid_on', 'amount']) {
      await expect.poll(() => detail.locator(`[role=columnheader][data-field="${field}"]`).first().innerText(), { message: field }).toContain(de[`fields.${field}`]);
    }
  }, 120_000);
});
