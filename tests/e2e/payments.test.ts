/**
 * Record payment in the browser (issue 47, point 4), in Hungarian: the order's event asks
 * amount, day and method; the amount field says what is open and what an excess would be
 * kept as, refuses a number written the English way at the field; a partial payment leaves
 * the order waiting, says what is still open, and the cash flow shows the receivable partly
 * paid with the payment's method.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/core/format.ts';
import { LOCALE } from '../../src/core/langs.ts';
import { browserSuite, signIn } from './browser.ts';
import { gridPage } from './gridPage.ts';

const t = browserSuite({ width: 1800, height: 1000 });
const { bodyRows, row, cell } = gridPage(
  () => t.page,
  () => t.server,
);
const hu = JSON.parse(readFileSync('locales/hu.json', 'utf8')) as Record<string, string>;
const huf = (n: number) => formatMoney(n, 'EUR', LOCALE.hu, 2);
const fill = (text: string, values: Record<string, string>) => Object.entries(values).reduce((s, [k, v]) => s.replace(`{${k}}`, v), text);

describe('record payment', () => {
  it('records a partial payment through the order’s dialog (Hungarian) and shows the receivable partly paid on the cash flow', async () => {
    const db = t.server.db;
    // A confirmed order of 2 × 50 at 20 % (120 € gross) with its invoice and receivable, as Confirm leaves it.
    const partner = (await db.query<{ partner_id: number }>("select partner_id from app.partners where company_code = 'SK01' and not is_supplier and not deleted order by partner_id limit 1")).rows[0]!
      .partner_id;
    const o = (
      await db.query<{ order_id: number; fsm_reference: string; fsm_instance_id: number }>(
        `insert into app.sales_orders (company_code, partner_id, currency_code) values ('SK01', $1, 'EUR') returning order_id, fsm_reference, fsm_instance_id::int`,
        [partner],
      )
    ).rows[0]!;
    await db.query(
      `insert into app.sales_order_items (order_id, product_code, quantity, unit_price, vat_rate)
       select $1, product_code, 2, 50, 20 from app.products where company_code = 'SK01' order by product_code offset 40 limit 1`,
      [o.order_id],
    );
    await db.query(
      `select app.fsm_move(i.fsm_instance_id, t.transition_id, 1, '{}'::jsonb, now()), app.invoice_issue($2, 1) from app.fsm_instances i
       join app.fsm_transitions t on t.type_code = i.type_code and t.event_code = 'confirm' and t.from_state_id = i.state_id where i.fsm_instance_id = $1`,
      [o.fsm_instance_id, o.order_id],
    );
    const receivable = (await db.query<{ cashflow_id: number; invoice_number: string }>('select cashflow_id, invoice_number from app.cashflow_items where order_id = $1', [o.order_id])).rows[0]!;

    await signIn(t.page, t.server.url, 'admin@example.com', 'hu');
    await t.page.goto(`${t.server.url}/hu/sales/sales_orders`);
    await expect.poll(() => bodyRows().count(), { timeout: 15_000 }).toBeGreaterThan(5);
    await t.page.locator('[data-filter-field="fsm_reference"] input').fill(o.fsm_reference);
    const key = String(o.order_id);
    await expect.poll(() => row(key).count()).toBe(1);
    await cell(key, 'fsm_actions').locator('[data-action=fsm][data-event=pay]').click();

    const dialog = t.page.locator('[role=dialog]');
    const amount = dialog.locator('input[name=amount]');
    const said = dialog.locator('#payment-amount-said');
    // What is open, said at the amount (which starts with it); an excess is said as the customer's credit.
    await expect.poll(() => said.innerText()).toContain(fill(hu['workflow.payment_open']!, { open: huf(120), amount: huf(120) }));
    expect(await amount.inputValue()).toBe('120');
    await amount.fill('130');
    await expect.poll(() => said.innerText()).toContain(fill(hu['workflow.payment_excess']!, { excess: huf(10) }));
    // Written the English way: refused at the field, nothing recorded, the dialog stays.
    await amount.fill('40.5');
    await dialog.locator('.dialog-buttons .btn').last().click();
    await expect.poll(() => amount.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => said.locator('.field-error').innerText()).toContain(hu['validation.number_format']!.replace(/\{example\}.*/, '').trim());
    await amount.fill('40,5');
    await dialog.locator('select[name=pay_method]').selectOption('cash');
    await dialog.locator('.dialog-buttons .btn').last().click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect
      .poll(() => t.page.locator('.toast-success .toast-text').first().innerText())
      .toBe(fill(hu['workflow.payment_recorded']!, { paid: huf(40.5), document: receivable.invoice_number, open: huf(79.5) }));
    const state = await db.query<{ state_code: string }>('select s.state_code from app.fsm_instances i join app.fsm_states s using (state_id) where fsm_instance_id = $1', [o.fsm_instance_id]);
    expect(state.rows[0]!.state_code).toBe('waiting_for_payment');

    // The cash flow: the receivable partly paid, 40,50 € paid, 79,50 € open; its payment in cash.
    await t.page.goto(`${t.server.url}/hu/finance/cashflow`);
    await expect.poll(() => bodyRows().count(), { timeout: 15_000 }).toBeGreaterThan(5);
    await t.page.locator('[data-filter-field="invoice_number"] input').fill(receivable.invoice_number);
    const item = String(receivable.cashflow_id);
    await expect.poll(() => row(item).count()).toBe(1);
    await expect.poll(() => cell(item, 'payment_status').innerText()).toBe(hu['options.payment_status.partly_paid']);
    expect(await cell(item, 'amount_open').innerText()).toContain('79,5');
    await cell(item, 'invoice_number').click();
    const detail = t.page.locator('.grid-detail');
    await expect.poll(() => detail.locator('[role=row][data-key] [data-field="pay_method"]').first().innerText(), { timeout: 5000 }).toBe(hu['options.pay_method.cash']);
  }, 120_000);
});
