/**
 * Money in forms follows the grid's rule (issue 19 point 1): in a HUF company with the EUR
 * view, the add form of a product names EUR beside its price inputs, says what a typed
 * amount will be stored as ("= HUF 3,140.52"), stores the forints that show €8.00 in the
 * grid after the save and a reload. A max is refused in the currency typed in, by the
 * form, the grid's editor, paste and Fill alike ("Must be at most €254,734.88").
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { browserSuite } from './browser.ts';
import { gridPage } from './gridPage.ts';

const t = browserSuite({ width: 1600, height: 900 });

beforeEach(async () => {
  await t.server.db.query('delete from app.user_grid_states');
});

const { bodyRows, cell, rowKeys, paste, product, openProducts, viewDrawn } = gridPage(
  () => t.page,
  () => t.server,
);

/** HU01's EUR rate (forints per euro) as company_currency_rates keeps it. */
async function eurInHuf(): Promise<number> {
  return Number((await t.server.db.query<{ rate: string }>(`select rate from app.company_currency_rates where company_code = 'HU01' and currency_code = 'EUR'`)).rows[0]!.rate);
}

/** product_list of HU01 in the EUR view. */
async function huProductsInEur(): Promise<void> {
  await openProducts();
  // HU01's rows asked for: SK01's (in euros already) stay on screen until they have come.
  const huRows = t.page.waitForResponse((r) => r.url().endsWith('/rpc/api_action') && r.request().headers()['x-company'] === 'HU01' && (r.request().postData() ?? '').includes('"product_list"'));
  await t.page.getByRole('combobox', { name: 'Company' }).selectOption('HU01');
  await huRows;
  await t.page.getByRole('combobox', { name: 'Currency' }).selectOption('EUR');
  await expect.poll(async () => (await bodyRows().first().locator('[data-field="selling_price_shop"]').innerText()).trim()).toMatch(/^€/);
  await expect.poll(viewDrawn).toBe(true);
}

const eur = (n: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(n);
const huf = (n: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'HUF', minimumFractionDigits: 0, maximumFractionDigits: 4 }).format(n);
/** product_list's max of prices (100,000,000 Ft) in euros, rounded down to a cent: the largest amount accepted. */
const maxInEur = (rate: number) => eur(Math.floor((1e8 / rate) * 100) / 100);

describe('money in forms, typed in the view currency', () => {
  it('HU01 in EUR: the add form names EUR, says what 8 will be stored as, refuses beyond the max in euros, stores forints that read €8.00', async () => {
    const rate = await eurInHuf();
    await huProductsInEur();
    await t.page.locator('.screen-grid[data-form="product_list"] > .grid-toolbar').getByRole('button', { name: 'Add' }).click();
    const dialog = t.page.getByRole('dialog');
    await dialog.getByLabel('Product code').fill('MONEY-FORM-1');
    await dialog.locator('[id$="product_name-en"]').first().fill('Priced in euros');
    // The prices are on the form's Prices tab (product_list's groups).
    await dialog.getByRole('tab', { name: 'Prices' }).click();

    const price = dialog.locator('input[id$="-selling_price_shop"]');
    const field = price.locator('xpath=ancestor::div[contains(@class,"form-field")]');
    // The currency typed in, beside the input (and in its description).
    expect(await field.locator('.form-money-unit').innerText()).toBe('EUR');
    expect(await field.locator('.form-money').getAttribute('title')).toBe('Amount in EUR, the currency shown');

    // Beyond the max: said in euros, not in forints.
    await price.fill('300000');
    await price.blur();
    const error = field.locator('.field-error');
    await expect.poll(() => error.innerText()).toBe(`Must be at most ${maxInEur(rate)}`);

    await price.fill('8');
    const stored = Math.round(8 * rate * 1e4) / 1e4;
    const note = field.locator('.field-note');
    await expect.poll(() => note.innerText()).toBe(`= ${huf(stored)}`);
    expect(await note.getAttribute('role')).toBe('status');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => t.page.getByRole('dialog').count()).toBe(0);

    await expect.poll(async () => Number((await product('MONEY-FORM-1'))?.selling_price_shop)).toBe(stored);
    await expect.poll(async () => (await cell('MONEY-FORM-1', 'selling_price_shop').innerText()).trim()).toBe('€8.00');
    await t.page.reload();
    await t.page.getByRole('textbox', { name: 'Product code' }).fill('MONEY-FORM-1');
    await expect.poll(async () => (await cell('MONEY-FORM-1', 'selling_price_shop').innerText()).trim(), { timeout: 10_000 }).toBe('€8.00');
  });

  it('the grid refuses a price beyond the max in euros, typed, pasted or filled', async () => {
    const rate = await eurInHuf();
    await huProductsInEur();
    const [k1, k2] = await rowKeys(2);
    const before = (await product(k1!)).selling_price_shop;
    const price = cell(k1!, 'selling_price_shop');
    await price.dblclick();
    const input = price.locator('input');
    await input.fill('300000');
    await t.page.keyboard.press('Enter');
    await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
    expect(await price.locator('[role=alert]').innerText()).toBe(`Must be at most ${maxInEur(rate)}`);
    await t.page.keyboard.press('Escape');
    expect((await product(k1!)).selling_price_shop).toBe(before);

    await cell(k2!, 'selling_price_shop').click();
    await paste('300000');
    const bad = cell(k2!, 'selling_price_shop');
    await expect.poll(() => bad.getAttribute('aria-invalid')).toBe('true');
    expect(await bad.getAttribute('title')).toBe(`“300000”: Must be at most ${maxInEur(rate)}`);

    // Fill: the same refusal, in euros.
    await price.click();
    await t.page.locator('.screen-grid[data-form="product_list"] > .grid-toolbar button.grid-fill').click();
    await t.page.locator('select.grid-fill-column').selectOption('selling_price_shop');
    await t.page.locator('input.grid-fill-value').fill('300000');
    await t.page.locator('button.grid-fill-apply').click();
    await expect.poll(() => t.page.locator('#grid-fill-error').innerText()).toBe(`Must be at most ${maxInEur(rate)}`);
    expect((await product(k1!)).selling_price_shop).toBe(before);
  });
});
