import { describe, expect, it } from 'vitest';
import { browserSuite, signIn } from './browser.ts';

const t = browserSuite();

const grid = () => t.page.getByRole('grid').first();

describe('product relations in the browser', () => {
  it('adds an accessory found by typing part of its name; after a reload the grid shows it with its code and name', async () => {
    // A product without accessories, and another whose name (without its first word) finds it among the first matches.
    const [product, accessory] = (
      await t.server.db.query<{ product_code: string; name: string }>(
        `select product_code, product_name ->> 'en' as name from app.products p
         where company_code = 'SK01' and not exists (select 1 from app.product_accessories a where a.product_code = p.product_code)
         order by product_code limit 2`,
      )
    ).rows as [{ product_code: string; name: string }, { product_code: string; name: string }];
    const typed = accessory.name.split(' ').slice(1).join(' ').toLowerCase();
    expect(typed.length).toBeGreaterThan(3);

    await signIn(t.page, t.server.url, 'catalog@example.com');
    await t.page.goto(`${t.server.url}/en/products/product_accessories`);
    await t.page.getByRole('button', { name: 'Add' }).click();
    const dialog = t.page.getByRole('dialog');

    // The product by its code, the accessory by part of its name.
    const productInput = dialog.getByRole('combobox', { name: 'Product code' });
    await productInput.fill(product.product_code);
    await dialog.getByRole('option', { name: new RegExp(`^${product.product_code} · `) }).click();
    await expect.poll(() => productInput.inputValue()).toBe(`${product.product_code} · ${product.name}`);

    const accessoryInput = dialog.getByRole('combobox', { name: 'Accessory' });
    await accessoryInput.pressSequentially(typed, { delay: 20 });
    const option = dialog.getByRole('option', { name: `${accessory.product_code} · ${accessory.name}` });
    await option.waitFor();
    // Every match holds what was typed (words of the name, in the user's language).
    for (const text of await dialog.getByRole('option').allInnerTexts()) {
      for (const word of typed.split(' ')) expect(text.toLowerCase()).toContain(word);
    }
    await option.click();
    await expect.poll(() => accessoryInput.getAttribute('aria-expanded')).toBe('false');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => t.page.getByRole('dialog').count()).toBe(0);

    const stored = await t.server.db.query('select accessory_code from app.product_accessories where product_code = $1', [product.product_code]);
    expect(stored.rows).toEqual([{ accessory_code: accessory.product_code }]);

    // After a reload: filtered by the product's code, the row's cells show code and name of both products.
    await t.page.reload();
    await t.page.getByRole('textbox', { name: 'Product code' }).fill(product.product_code);
    const row = grid().locator(`[role=row][data-key='${JSON.stringify([product.product_code, accessory.product_code])}']`);
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.locator('[data-field="accessory_code"]').innerText()).toBe(`${accessory.product_code} · ${accessory.name}`);
    await expect.poll(() => row.locator('[data-field="product_code"]').innerText()).toBe(`${product.product_code} · ${product.name}`);
  });
});
