/**
 * The remaining /sales screens in the browser (issue 22), each in another language than
 * English: /hu/sales/arrival_notifications (a click on a row's "notification sent" box marks
 * it notified today), /sk/sales/arriving_goods, /cs/sales/abandoned_carts (a cart's items
 * open below) and /bg/sales/newsletter_subscribers, with their rows and translated headers.
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
const catalogue = (lang: string) => JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as Record<string, string>;

/** Opens a route in a language: its title and the headers of `fields` in that language, and at least `rows` rows. */
async function open(lang: string, path: string, form: string, fields: Record<string, string>, rows: number) {
  const cat = catalogue(lang);
  await t.page.goto(`${t.server.url}/${lang}${path}`);
  await expect.poll(() => bodyRows().count(), { timeout: 10_000, message: path }).toBeGreaterThanOrEqual(Math.min(rows, 20));
  await expect.poll(() => t.page.locator('h1.page-title').innerText(), { message: path }).toBe(cat[`screens.${form}.title`]);
  for (const [field, label] of Object.entries(fields)) {
    await expect.poll(() => header(field).innerText(), { message: `${path} ${field}` }).toContain(cat[`fields.${label}`]);
  }
}

describe('sales screens', () => {
  it('open in Hungarian, Slovak, Czech and Bulgarian with their rows; a notification is marked sent, a cart’s items open below', async () => {
    await signIn(t.page, t.server.url, 'admin@example.com');
    const db = t.server.db;
    const count = async (sql: string) => (await db.query<{ n: number }>(sql)).rows[0]!.n;

    // Arrival notifications: the newest request not yet told, its box ticked in the grid.
    await open(
      'hu',
      '/sales/arrival_notifications',
      'arrival_notifications',
      { email: 'email', product_code: 'product_code', requested_on: 'requested_on', free_qty: 'free_qty', in_stock: 'in_stock', notification_sent: 'notification_sent', notified_on: 'notified_on' },
      await count(`select count(*)::int as n from app.arrival_notifications where company_code = 'SK01'`),
    );
    const waiting = (
      await db.query<{ notification_id: number; email: string }>(
        `select notification_id, email from app.arrival_notifications where company_code = 'SK01' and not notification_sent order by requested_on desc, notification_id desc limit 1`,
      )
    ).rows[0]!;
    const id = String(waiting.notification_id);
    await expect.poll(() => cell(id, 'email').innerText()).toBe(waiting.email);
    await cell(id, 'notification_sent').click();
    await expect
      .poll(
        async () =>
          (await db.query<{ ok: boolean }>('select notification_sent and notified_on = current_date as ok from app.arrival_notifications where notification_id = $1', [waiting.notification_id]))
            .rows[0]!.ok,
        {
          timeout: 10_000,
        },
      )
      .toBe(true);

    await open(
      'sk',
      '/sales/arriving_goods',
      'arriving_goods',
      { product_code: 'product_code', needed_qty: 'needed_qty', waiting_orders: 'waiting_orders', oldest_order_on: 'oldest_order_on', expected_on: 'expected_on' },
      await count(`select count(*)::int as n from app.v_arriving_goods where company_code = 'SK01'`),
    );

    // Abandoned carts: the most recently left cart first; its items below.
    await open(
      'cs',
      '/sales/abandoned_carts',
      'abandoned_carts',
      { updated_at: 'updated_at', item_count: 'item_count', cart_value: 'cart_value', reminder_sent: 'reminder_sent', recovered: 'recovered', partner_id: 'customer' },
      await count(`select count(*)::int as n from app.v_abandoned_carts where company_code = 'SK01'`),
    );
    const cart = (
      await db.query<{ cart_id: number; item_count: number }>(`select cart_id, item_count from app.v_abandoned_carts where company_code = 'SK01' order by updated_at desc, cart_id desc limit 1`)
    ).rows[0]!;
    expect(await bodyRows().first().getAttribute('data-key')).toBe(String(cart.cart_id));
    await cell(String(cart.cart_id), 'item_count').click();
    const detail = t.page.locator('.grid-detail');
    await expect.poll(() => detail.locator('.screen-grid[data-form="cart_items"]').count(), { timeout: 5000 }).toBe(1);
    await expect.poll(() => detail.locator('[role=row][data-key]').count(), { timeout: 5000 }).toBe(cart.item_count);
    const cs = catalogue('cs');
    for (const field of ['quantity', 'unit_price', 'gross_amount']) {
      await expect.poll(() => detail.locator(`[role=columnheader][data-field="${field}"]`).first().innerText(), { message: field }).toContain(cs[`fields.${field}`]);
    }

    await open(
      'bg',
      '/sales/newsletter_subscribers',
      'subscribers',
      { email: 'email', first_name: 'first_name', last_name: 'last_name', subscribed_on: 'subscribed_on', confirmed: 'confirmed', unsubscribed_on: 'unsubscribed_on' },
      await count(`select count(*)::int as n from app.newsletter_subscribers where company_code = 'SK01'`),
    );
  }, 180_000);
});
