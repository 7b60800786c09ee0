/**
 * Issue 50 point 3 in the browser: a save the server refuses says so in a toast with the
 * answer's request id ("Ref: …", the X-Request-Id the server sent and logged), small and
 * selectable, for the user to quote.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { browserSuite } from './browser.ts';
import { gridPage } from './gridPage.ts';

const t = browserSuite({ width: 1600, height: 900 });
let other: string;

beforeAll(async () => {
  other = (await t.server.login('catalog@example.com')).token;
});
beforeEach(async () => {
  await t.server.db.query('delete from app.user_grid_states');
  // No live rows: the grid keeps the old version, so the save meets the server's version check.
  await t.page.route('**/api/live', (r) => r.abort());
});

const { cell, rowKeys, product, openProducts } = gridPage(
  () => t.page,
  () => t.server,
);

describe('the request id in a toast', () => {
  it('shows the refused save’s X-Request-Id as “Ref: …”', async () => {
    await openProducts();
    const [k1] = await rowKeys(1);
    const p = await product(k1!);
    const changed = await t.server.action(other, 'product_list', 'set', { product_code: k1, row_version: p.row_version, min_margin: p.min_margin === 31 ? 32 : 31 }, p.company_code);
    expect(changed.status).toBe(200);

    const refused = t.page.waitForResponse((r) => r.url().endsWith('/rpc/api_action') && r.status() === 409);
    await cell(k1!, 'min_margin').dblclick();
    await cell(k1!, 'min_margin').locator('input').fill('13');
    await t.page.keyboard.press('Enter');
    const id = (await refused).headers()['x-request-id'];
    expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);

    const ref = t.page.locator('.toast-warning .toast-ref');
    await expect.poll(() => ref.innerText()).toBe(`Ref: ${id}`);
    expect(await ref.evaluate((el) => getComputedStyle(el).userSelect)).toBe('all');
  });
});
