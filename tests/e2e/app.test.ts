import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestServer } from '../api/harness.ts';
import { launch, signIn, startUiServer } from './browser.ts';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startUiServer(), launch()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});
beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  page = await context.newPage();
});
afterEach(async () => {
  await context?.close();
});

const grid = () => page.getByRole('grid');
const header = (field: string) => grid().locator(`[role=columnheader][data-field="${field}"]`);
const bodyRows = () => grid().locator('[role=row][data-key]');
const cell = (key: string, field: string) => grid().locator(`[role=row][data-key="${key}"] [role=gridcell][data-field="${field}"]`);
const cellTexts = (field: string) => grid().locator(`[role=row][data-key] [role=gridcell][data-field="${field}"]`).allInnerTexts();

async function firstRowKey(): Promise<string> {
  await expect.poll(() => bodyRows().count()).toBeGreaterThan(0);
  return (await bodyRows().first().getAttribute('data-key'))!;
}

describe('the browser runtime', () => {
  it('signs in through the login form and lands on the home page', async () => {
    await page.goto(`${server.url}/en/login`);
    await page.locator('form.login-form button[type=submit]').click();
    await expect.poll(() => page.locator('#login-email-error').innerText()).toBe('This field is required');
    await page.locator('#login-email').fill('not-an-email');
    await page.locator('#login-email').blur();
    await expect.poll(() => page.locator('#login-email-error').innerText()).toBe('Enter a valid email address');
    await page.locator('#login-email').fill('admin@example.com');
    await page.locator('#login-password').fill('wrong-password');
    await page.locator('form.login-form button[type=submit]').click();
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('Wrong email or password');
    await page.locator('#login-password').fill('demo-password');
    await page.locator('form.login-form button[type=submit]').click();
    await page.waitForURL(`${server.url}/en`);
    await expect.poll(() => page.locator('.home-welcome').innerText()).toContain('Ada');
  });

  it('returns to the page asked for after login, and opens /de/products/product_list with German labels and rows', async () => {
    await page.goto(`${server.url}/de/products/product_list`);
    await page.waitForURL(/\/de\/login$/);
    await page.locator('#login-email').fill('admin@example.com');
    await page.locator('#login-password').fill('demo-password');
    await page.locator('form.login-form button[type=submit]').click();
    await page.waitForURL(`${server.url}/de/products/product_list`);
    await expect.poll(() => header('product_name').innerText()).toContain('Produktname');
    await expect.poll(() => page.locator('.page-title').innerText()).toBe('Produktliste');
    await expect.poll(() => bodyRows().count()).toBeGreaterThan(10);
    await expect.poll(async () => Number(await grid().getAttribute('aria-rowcount'))).toBeGreaterThan(1000);
    // Names show in German, as the database holds them.
    const key = await firstRowKey();
    const de = await server.db.query<{ name: string }>(`select product_name ->> 'de' as name from app.products where product_code = $1`, [key]);
    await expect.poll(() => cell(key, 'product_name').innerText()).toBe(de.rows[0]!.name);
  });

  it('sorts and filters by a column on the server', async () => {
    await signIn(page, server.url, 'admin@example.com');
    await page.goto(`${server.url}/en/products/product_list`);
    await firstRowKey();
    await header('selling_price_shop').click();
    await expect.poll(() => header('selling_price_shop').getAttribute('aria-sort')).toBe('ascending');
    await header('selling_price_shop').click();
    await expect.poll(() => header('selling_price_shop').getAttribute('aria-sort')).toBe('descending');
    const top = await server.db.query<{ product_code: string }>(
      `select product_code from app.products where company_code = 'SK01' order by selling_price_shop desc nulls first, product_code limit 1`,
    );
    await expect.poll(firstRowKey).toBe(top.rows[0]!.product_code);

    const filter = page.getByRole('textbox', { name: 'Product code' });
    await filter.fill('P0000');
    await expect.poll(async () => (await cellTexts('product_code')).every((c) => c.startsWith('P0000') || c.includes('P0000'))).toBe(true);
    const n = await server.db.query<{ n: number }>(`select count(*)::int as n from app.products where company_code = 'SK01' and product_code ilike '%p0000%'`);
    await expect.poll(async () => Number(await grid().getAttribute("aria-rowcount")) - 2).toBe(n.rows[0]!.n);
  });

  it('edits a price inline and sees it after reload', async () => {
    await signIn(page, server.url, 'admin@example.com');
    await page.goto(`${server.url}/en/products/product_list`);
    const key = await firstRowKey();
    await cell(key, 'selling_price_shop').dblclick();
    const input = cell(key, 'selling_price_shop').locator('input');
    await input.fill('1234,5');
    await input.press('Enter');
    await expect.poll(() => page.locator('.toast-success').count()).toBeGreaterThan(0);
    const stored = await server.db.query<{ selling_price_shop: number }>('select selling_price_shop from app.products where product_code = $1', [key]);
    expect(stored.rows[0]!.selling_price_shop).toBe(1234.5);
    await page.reload();
    await expect.poll(() => cell(key, 'selling_price_shop').innerText()).toMatch(/1[, .]?234[.,]50/);
  });

  it('deletes with confirmation as admin', async () => {
    await server.db.query(`insert into app.products (product_code, company_code, product_name) values ('DEL-E2E', 'SK01', '{"en": "To be deleted"}')`);
    await signIn(page, server.url, 'admin@example.com');
    await page.goto(`${server.url}/en/products/product_list`);
    await page.getByRole('textbox', { name: 'Product code' }).fill('DEL-E2E');
    await expect.poll(() => bodyRows().count()).toBe(1);
    const box = grid().locator('[role=row][data-key="DEL-E2E"]').getByRole('checkbox', { name: 'Select row' });
    await box.click();
    await expect.poll(() => box.getAttribute('aria-checked')).toBe('true');
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading').innerText()).toBe('Are you sure?');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.locator('.toast-success').innerText()).toContain('1 record deleted');
    await expect.poll(() => bodyRows().count()).toBe(0);
    const left = await server.db.query(`select 1 from app.products where product_code = 'DEL-E2E'`);
    expect(left.rows).toHaveLength(0);
  });

  it('shows the catalog user no delete and sends them away from a warehouse page', async () => {
    await signIn(page, server.url, 'catalog@example.com', 'en');
    await page.goto(`${server.url}/en/products/product_list`);
    await firstRowKey();
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await grid().getByRole('checkbox', { name: /Select/ }).count()).toBe(0);
    await page.goto(`${server.url}/en/purchasing/low_stock`);
    await page.waitForURL(`${server.url}/en`);
  });

  it('switches the language on the same page, and the choice survives a reload', async () => {
    await signIn(page, server.url, 'warehouse@example.com');
    await page.goto(`${server.url}/en/purchasing/low_stock`);
    await expect.poll(() => page.locator('.page-title').innerText()).toBe('Low stock');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('hu');
    await page.waitForURL(`${server.url}/hu/purchasing/low_stock`);
    await expect.poll(() => page.locator('.page-title').innerText()).not.toBe('Low stock');
    const title = await page.locator('.page-title').innerText();
    await page.reload();
    await expect.poll(() => page.locator('.page-title').innerText()).toBe(title);
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'language')?.value).toBe('hu');
    // The root goes to the chosen language.
    await page.goto(server.url);
    await page.waitForURL(`${server.url}/hu`);
    const user = await server.db.query<{ language_code: string }>(`select language_code from app.users where user_email = 'warehouse@example.com'`);
    expect(user.rows[0]!.language_code).toBe('hu');
  });

  it('shows the 404 text for an unknown route', async () => {
    await page.goto(`${server.url}/en/no/such/page`);
    await expect.poll(() => page.getByText('This page could not be found').count()).toBe(1);
  });

  it('toggles the bookmark pin, and the bookmark survives a reload', async () => {
    await signIn(page, server.url, 'catalog@example.com');
    await page.goto(`${server.url}/en/products/brands`);
    const pin = page.getByRole('button', { name: /bookmark/i });
    const before = await pin.getAttribute('aria-pressed');
    await pin.click();
    const after = before === 'true' ? 'false' : 'true';
    await expect.poll(() => pin.getAttribute('aria-pressed')).toBe(after);
    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: /bookmark/i }).getAttribute('aria-pressed')).toBe(after);
    const stored = await server.db.query(`select path from app.user_bookmarks b join app.users u using (user_id) where u.user_email = 'catalog@example.com' and path = '/products/brands'`);
    expect(stored.rows.length).toBe(after === 'true' ? 1 : 0);
  });

  it('refreshes once on a 401 and retries; a blocked user (412) is logged out to the root', async () => {
    await signIn(page, server.url, 'admin@example.com');
    const cookies = await context.cookies();
    const token = cookies.find((c) => c.name === 'auth.token.local')!;
    // An access token the server no longer accepts: the client refreshes and retries.
    await context.addCookies([{ ...token, value: `${token.value.slice(0, -4)}AAAA` }]);
    await page.goto(`${server.url}/en/products/brands`);
    await expect.poll(() => bodyRows().count()).toBeGreaterThan(0);
    const after = await context.cookies();
    expect(after.find((c) => c.name === 'auth.token.local')!.value).not.toMatch(/AAAA$/);
    const refreshBefore = cookies.find((c) => c.name === 'auth.refresh_token.local')!.value;
    expect(after.find((c) => c.name === 'auth.refresh_token.local')!.value).not.toBe(refreshBefore); // rotated
    // Blocked meanwhile: the next call answers 412 → logout → root → login.
    await server.db.query(`update app.users set blocked = true where user_email = 'admin@example.com'`);
    try {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await page.waitForURL(`${server.url}/en/login`);
      expect((await context.cookies()).find((c) => c.name === 'auth.token.local')).toBeUndefined();
    } finally {
      await server.db.query(`update app.users set blocked = false where user_email = 'admin@example.com'`);
    }
  });
});
