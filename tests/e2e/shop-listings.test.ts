/**
 * "List in shop…" in the browser (issue 46): the administrator picks two products in the
 * product list, lists them in the Slovak shop with a category of that shop from the
 * toolbar's dialog (which counts them first), and then finds them in the shop's products
 * grid and on the shop's storefront (its host reached through the local /storefront/<host>/
 * path), on the next request.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { axeProblems } from './axe.ts';
import { browserSuite, signIn } from './browser.ts';
import { gridPage } from './gridPage.ts';

const t = browserSuite({ width: 1600, height: 1000 });
const { row, rowKeys, tool, bodyRows } = gridPage(
  () => t.page,
  () => t.server,
);
const en = JSON.parse(readFileSync('locales/en.json', 'utf8')) as Record<string, string>;

describe('shop listings', () => {
  it('lists the picked products in a shop from the product list; the shop’s grid and storefront show them', async () => {
    const db = t.server.db;
    const codes = ['A0-LST-1', 'A0-LST-2'];
    // Two products of SK01 listed nowhere (their codes sort first in the list), and a category of the Slovak shop.
    await db.query(
      `insert into app.products (product_code, company_code, product_name, selling_price_shop, vat_id, active)
       select c, 'SK01', jsonb_build_object('en', 'Listing lamp ' || c), 20,
              (select vat_id from app.vats where company_code = 'SK01' and vat_default), true
       from unnest($1::text[]) c`,
      [codes],
    );
    const shop = Number((await db.query<{ id: number }>(`select shop_id as id from app.shops where hostname = 'shop-sk.example.com'`)).rows[0]!.id);
    const category = Number(
      (await db.query<{ id: number }>(`insert into app.product_categories (product_category_names) values ('{"en": "Listed lights"}') returning product_category_id as id`)).rows[0]!.id,
    );
    await db.query(`insert into app.shop_categories (shop_id, product_category_id, position) values ($1, $2, 99)`, [shop, category]);

    await signIn(t.page, t.server.url, 'admin@example.com', 'en');
    await t.page.goto(`${t.server.url}/en/products/product_list`);
    expect(await rowKeys(2)).toEqual(codes);
    for (const code of codes) await row(code).locator('[role=checkbox]').first().click();
    const button = tool('.grid-bulk-shop-list');
    await expect.poll(() => button.innerText()).toBe(`${en['grid.bulk_shop_list']} (2)`);
    await button.click();

    const dialog = t.page.getByRole('dialog', { name: en['grid.bulk_shop_list_title'] });
    await dialog.getByTestId('shop-list-shop').selectOption(String(shop));
    await dialog.getByTestId('shop-list-categories').selectOption(String(category));
    // The counts come before anything is written.
    await expect.poll(() => dialog.getByTestId('shop-list-preview').innerText()).toBe('2 products chosen: 2 to list, 0 to replace, 0 to keep as they are.');
    expect((await db.query(`select 1 from app.shop_products where product_code = any($1::text[])`, [codes])).rows).toEqual([]);
    expect(await axeProblems(t.page, 'List in shop… dialog')).toEqual([]);
    await dialog.getByTestId('shop-list-run').click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => t.page.getByText('2 products listed, 0 replaced.').count()).toBe(1);

    // The shop's products grid has them, published.
    for (const code of codes) {
      await t.page.goto(`${t.server.url}/en/shops/frontend_shop_products?product_code=${code}`);
      await expect.poll(() => bodyRows().count()).toBe(1);
      expect(await bodyRows().first().innerText()).toContain(code);
    }

    // The storefront shows them on the category's page and their own, on the next request.
    const base = `${t.server.url}/storefront/shop-sk.example.com/en`;
    await t.page.goto(`${base}/product/${codes[0]!.toLowerCase()}`);
    expect(await t.page.locator('h1').innerText()).toBe(`Listing lamp ${codes[0]}`);
    await t.page.goto(`${base}/c/listed-lights`);
    for (const code of codes) await expect.poll(() => t.page.getByText(`Listing lamp ${code}`).count()).toBeGreaterThan(0);
  });
});
