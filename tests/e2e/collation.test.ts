/**
 * Texts sorted the way the UI language orders them, in a real browser: on /cs/ a product
 * list sorted by name puts Č after C and "ch" after H — the server row model (a filtered
 * product_list) and the client row model (brands, held in memory) alike.
 */
import type { Request } from 'playwright';
import { describe, expect, it } from 'vitest';
import { browserSuite, signIn } from './browser.ts';
import { gridPage } from './gridPage.ts';

const s = browserSuite({ width: 1400, height: 900 });
const { grid, header } = gridPage(
  () => s.page,
  () => s.server,
);
const texts = (field: string) => grid().locator(`[role=row][data-key] [data-field="${field}"]`).allInnerTexts();

describe("texts in the UI language's order", () => {
  it('sorts product names on /cs/ as Czech orders them (server row model), both ways', async () => {
    const names = ['Zkouška Hrách', 'Zkouška chleba', 'Zkouška Dýně', 'Zkouška Čaj', 'Zkouška Cibule'];
    for (const [i, n] of names.entries()) {
      await s.server.db.query(`insert into app.products (product_code, company_code, product_name) values ($1, 'SK01', $2)`, [`CZ-E2E-${i}`, JSON.stringify({ cs: n, en: `Test ${i}` })]);
    }
    await signIn(s.page, s.server.url, 'admin@example.com', 'cs');
    await s.page.goto(`${s.server.url}/cs/products/product_list`);
    const input = grid().locator('[data-filter-field="product_name"] input');
    await input.fill('zkouška');
    await input.press('Enter');
    await expect.poll(async () => (await texts('product_name')).length).toBe(5);
    await header('product_name').locator('.grid-sort').click();
    await expect.poll(() => header('product_name').getAttribute('aria-sort')).toBe('ascending');
    const czech = ['Zkouška Cibule', 'Zkouška Čaj', 'Zkouška Dýně', 'Zkouška Hrách', 'Zkouška chleba'];
    await expect.poll(() => texts('product_name')).toEqual(czech);
    await header('product_name').locator('.grid-sort').click();
    await expect.poll(() => header('product_name').getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => texts('product_name')).toEqual([...czech].reverse());
  });

  it('sorts brand names on /cs/ as Czech orders them in memory (client row model)', async () => {
    for (const b of ['Ochutnávka Hradec', 'Ochutnávka chalupa', 'Ochutnávka Čajovna', 'Ochutnávka Cibulka']) {
      await s.server.db.query('insert into app.brands (brand_name) values ($1)', [b]);
    }
    await signIn(s.page, s.server.url, 'admin@example.com', 'cs');
    const lists: string[] = [];
    s.page.on('request', (r: Request) => {
      if (r.url().endsWith('/rpc/api_action') && (r.postDataJSON() as { entity: string }).entity === 'brands') lists.push(r.url());
    });
    await s.page.goto(`${s.server.url}/cs/products/brands`);
    await expect.poll(() => grid().locator('[role=row][data-key]').count()).toBeGreaterThan(3);
    // The in-memory model's chunk is in: sorts and filters no longer ask the server.
    await expect.poll(() => s.page.evaluate(() => performance.getEntriesByType('resource').some((e) => /\/clientRows-[^/]*\.js$/.test(e.name))), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => grid().getAttribute('data-row-model')).toBe('client');
    const asked = lists.length;
    const input = grid().locator('[data-filter-field="brand_name"] input');
    await input.fill('ochutnávka');
    await input.press('Enter');
    await expect.poll(async () => (await texts('brand_name')).length).toBe(4);
    await header('brand_name').locator('.grid-sort').click();
    await expect.poll(() => header('brand_name').getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(() => texts('brand_name')).toEqual(['Ochutnávka Cibulka', 'Ochutnávka Čajovna', 'Ochutnávka Hradec', 'Ochutnávka chalupa']);
    expect(lists.length).toBe(asked);
  });
});
