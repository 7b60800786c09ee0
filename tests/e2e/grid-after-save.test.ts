/**
 * What the grid shows after a save: rows a trigger changed besides the saved one
 * (`source.siblingWrites`: a shop's languages, one default), and a row added through the
 * Add form, scrolled to and made the active row (client and server row models, detail
 * grids), or a note when the filters leave it out.
 */
import { describe, expect, it } from 'vitest';
import { browserSuite, signIn } from './browser.ts';

const t = browserSuite({ width: 1600, height: 900 });

const grid = () => t.page.getByRole('grid').first();
const detail = () => t.page.locator('.grid-detail');

/** The SK shop: its languages (sk the default, en and hu besides) as a detail grid of frontend_shops. */
async function openShopLanguages() {
  const shop = (await t.server.db.query<{ shop_id: number; language_code: string }>(
    `select shop_id, language_code from app.shops where hostname = 'shop-sk.example.com'`,
  )).rows[0]!;
  await signIn(t.page, t.server.url, 'admin@example.com');
  await t.page.goto(`${t.server.url}/en/shops/frontend_shops`);
  await grid().locator(`[role=row][data-key="${shop.shop_id}"] [role=gridcell][data-field="hostname"]`).click();
  await expect.poll(() => detail().locator('[role=row][data-key]').count(), { timeout: 10_000 }).toBe(3);
  const flag = (lang: string) =>
    detail().locator(`[role=row][data-key='${JSON.stringify([shop.shop_id, lang])}'] [role=gridcell][data-field="is_default"] [role=checkbox]`);
  return { shop, flag };
}

describe('the grid after a save', () => {
  it('shows the rows a trigger changed besides the saved one (a shop language made the default unticks the old one)', async () => {
    const { shop, flag } = await openShopLanguages();
    expect(shop.language_code).toBe('sk');
    expect(await flag('sk').getAttribute('aria-checked')).toBe('true');
    expect(await flag('en').getAttribute('aria-checked')).toBe('false');
    await detail().getByRole('grid').evaluate((el) => (el.scrollTop = 0));

    await flag('en').click();
    await expect.poll(async () => (await t.server.db.query(`select language_code from app.shop_languages where shop_id = $1 and is_default`, [shop.shop_id])).rows).toEqual([{ language_code: 'en' }]);
    // The old default is unticked in the grid too, without a reload (the database's trigger did it).
    await expect.poll(() => flag('sk').getAttribute('aria-checked'), { timeout: 5000 }).toBe('false');
    expect(await flag('en').getAttribute('aria-checked')).toBe('true');
    // Its new row version came with it: ticking it back saves (no stale-row conflict).
    await flag('sk').click();
    await expect.poll(() => flag('en').getAttribute('aria-checked'), { timeout: 5000 }).toBe('false');
    expect(await flag('sk').getAttribute('aria-checked')).toBe('true');
    expect((await t.server.db.query(`select language_code from app.shop_languages where shop_id = $1 and is_default`, [shop.shop_id])).rows).toEqual([{ language_code: 'sk' }]);
    expect(await t.page.locator('.toast-warning, .toast-danger').count()).toBe(0);
  });
});
