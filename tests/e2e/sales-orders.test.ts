/**
 * Sales orders in the browser (issue 22): /de/sales/sales_orders opens with the company's
 * orders under German headers, their state in German; a click on an order opens its items
 * below, with German headers and the order's items, and its documents in the next tab.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { browserSuite, signIn } from './browser.ts';
import { gridPage } from './gridPage.ts';

const t = browserSuite({ width: 1600, height: 1000 });
const { header, bodyRows, cell } = gridPage(
  () => t.page,
  () => t.server,
);
const de = JSON.parse(readFileSync('locales/de.json', 'utf8')) as Record<string, string>;

describe('sales orders', () => {
  it('opens in German with the orders, their states and totals; an order’s items open below', async () => {
    await signIn(t.page, t.server.url, 'admin@example.com');
    const newest = (
      await t.server.db.query<{ order_id: number; fsm_reference: string; state: string; items: number }>(
        `select o.order_id, o.fsm_reference, o.state_names ->> 'de' as state, (select count(*)::int from app.sales_order_items i where i.order_id = o.order_id) as items
         from app.v_sales_orders o where company_code = 'SK01' order by opened_on desc, order_id desc limit 1`,
      )
    ).rows[0]!;
    await t.server.db.query(
      `insert into app.sales_order_documents (order_id, doc_type, document_code, file_name, content_type, size_bytes, content, uploaded_by)
       values ($1, 'delivery_note', 'LS-4711', 'Lieferschein.pdf', 'application/pdf', 8, '\\x255044462d312e37'::bytea, 1)`,
      [newest.order_id],
    );
    await t.page.goto(`${t.server.url}/de/sales/sales_orders`);
    await expect.poll(() => bodyRows().count(), { timeout: 10_000 }).toBeGreaterThan(5);
    await expect.poll(() => t.page.locator('h1').first().innerText()).toContain(de['screens.sales_orders.title']);
    for (const field of ['fsm_reference', 'state_names', 'opened_on', 'total', 'tracking_number']) {
      await expect.poll(() => header(field).innerText(), { message: field }).toContain(de[`fields.${field}`]);
    }
    await expect.poll(() => header('partner_id').innerText()).toContain(de['fields.customer']);
    const id = String(newest.order_id);
    await expect.poll(() => cell(id, 'fsm_reference').innerText()).toBe(newest.fsm_reference);
    expect(await cell(id, 'state_names').innerText()).toBe(newest.state);

    await cell(id, 'email').click();
    const detail = t.page.locator('.grid-detail');
    await expect.poll(() => detail.locator('.screen-grid[data-form="sales_order_items"]').count(), { timeout: 5000 }).toBe(1);
    await expect.poll(() => detail.locator('[role=row][data-key]').count(), { timeout: 5000 }).toBe(newest.items);
    for (const field of ['quantity', 'unit_price', 'discount_percent', 'gross_amount']) {
      await expect.poll(() => detail.locator(`[role=columnheader][data-field="${field}"]`).first().innerText(), { message: field }).toContain(de[`fields.${field}`]);
    }

    // Its documents: the second tab, with the file attached to the order.
    await detail.getByRole('tab', { name: de['screens.sales_order_documents.title'] }).click();
    const docs = detail.locator('.screen-grid[data-form="sales_order_documents"]');
    await expect.poll(() => docs.locator('[role=row][data-key]').count(), { timeout: 5000 }).toBe(1);
    await expect.poll(() => docs.locator('[role=columnheader][data-field="document_code"]').first().innerText()).toContain(de['fields.document_code']);
    expect(await docs.locator('[role=row][data-key]').first().innerText()).toContain('LS-4711');
  }, 120_000);
});
