/**
 * Numbers are read as the UI language writes them (issue 43 point 2): in English "1,000"
 * in a money cell is a thousand (it was saved as 1.00), in German "1.000" is a thousand and
 * "1,5" one and a half; a text that fits no reading is refused at the cell with how the
 * language writes numbers, and nothing is saved; a form's number boxes read the same way
 * (English 1,000 and German 1.000 a thousand, English 1,00,0 and German 1.5 refused at the
 * field). Minor 4: text pasted past a column's maxLength is refused with its message, never
 * cut and saved.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { browserSuite, signIn } from './browser.ts';
import { gridPage, typeIntoCell } from './gridPage.ts';
import de from '../../locales/de.json';
import en from '../../locales/en.json';

const t = browserSuite({ width: 1600, height: 900 });

beforeEach(async () => {
  await t.server.db.query('delete from app.user_grid_states');
});

const { grid, bodyRows, cell, rowKeys, product, openProducts } = gridPage(
  () => t.page,
  () => t.server,
);

/** product_list of SK01 in its own currency, EUR (no conversion between what is typed and stored): the first product's key. */
async function euroProducts(lang: 'en' | 'de'): Promise<string> {
  const words = lang === 'de' ? de : en;
  await openProducts(lang);
  await t.page.getByRole('combobox', { name: words['common.company'] }).selectOption('SK01');
  await t.page.getByRole('combobox', { name: words['common.currency'] }).selectOption('EUR');
  await expect.poll(() => bodyRows().first().getAttribute('data-key')).toMatch(/./);
  const [k1] = await rowKeys(1);
  return k1!;
}

/** Types `text` into the cell's editor and presses Enter; the editor's input. */
async function typeInto(key: string, field: string, text: string) {
  return typeIntoCell(t.page, cell(key, field), text);
}

describe('numbers as the UI language writes them', () => {
  it('English: 1,000 is saved as 1000 and shown as 1,000', async () => {
    const k1 = await euroProducts('en');
    await t.server.db.query('update app.products set selling_price_shop = 7 where product_code = $1', [k1]);
    const input = await typeInto(k1, 'selling_price_shop', '1,000');
    await expect.poll(() => input.count()).toBe(0);
    await expect.poll(async () => Number((await product(k1)).selling_price_shop)).toBe(1000);
    await expect.poll(async () => (await cell(k1, 'selling_price_shop').innerText()).trim()).toBe('€1,000.00');
  });

  it('German: 1.000 is saved as 1000, 1,5 as 1.5', async () => {
    const k1 = await euroProducts('de');
    const input = await typeInto(k1, 'min_margin', '1,5');
    await expect.poll(() => input.count()).toBe(0);
    await expect.poll(async () => Number((await product(k1)).min_margin)).toBe(1.5);
    await typeInto(k1, 'selling_price_shop', '1.000');
    await expect.poll(async () => Number((await product(k1)).selling_price_shop)).toBe(1000);
    await expect.poll(async () => (await cell(k1, 'selling_price_shop').innerText()).trim()).toMatch(/^1\.000,00\s€$/u);
  });

  it('English 1,00,0 and German 1.5 are refused at the cell with how the language writes numbers; nothing is saved', async () => {
    const k1 = await euroProducts('en');
    await t.server.db.query('update app.products set selling_price_shop = 7 where product_code = $1', [k1]);
    const input = await typeInto(k1, 'selling_price_shop', '1,00,0');
    const alert = cell(k1, 'selling_price_shop').getByRole('alert');
    await expect.poll(() => alert.allInnerTexts()).toEqual(['Write the number like 1,234.56']);
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    await t.page.keyboard.press('Escape');
    expect(Number((await product(k1)).selling_price_shop)).toBe(7);

    const d1 = await euroProducts('de');
    const before = (await product(d1)).min_margin;
    await typeInto(d1, 'min_margin', '1.5');
    await expect.poll(() => cell(d1, 'min_margin').getByRole('alert').allInnerTexts()).toEqual(['Schreiben Sie die Zahl wie 1.234,56']);
    await t.page.keyboard.press('Escape');
    expect((await product(d1)).min_margin).toEqual(before);
  });
});

describe('numbers typed into a form as the UI language writes them', () => {
  // The form reads its number boxes by the UI language as the grid does (ScreenFormDialog passes it to formModel).
  (['en', 'de'] as const).forEach((lang) => {
    it(`refuses at the field what fits no reading, then saves a thousand and a fraction as the language writes them (${lang})`, async () => {
      const words = lang === 'de' ? de : en;
      const code = `typed_${lang}`;
      await signIn(t.page, t.server.url, 'admin@example.com', lang);
      await t.page.goto(`${t.server.url}/${lang}/shops/delivery_methods`);
      await expect.poll(() => grid().locator('[role=row][data-key]').count(), { timeout: 10_000 }).toBeGreaterThan(0);
      await t.page.getByRole('button', { name: words['common.add'], exact: true }).click();
      const dialog = t.page.getByRole('dialog');
      await dialog.locator('input[id$="-dm_code"]').fill(code);
      await dialog.locator(`[id$="dm_names-${lang}"]`).first().fill('Typed numbers');
      const price = dialog.locator('input[id$="-price"]');
      const freeFrom = dialog.locator('input[id$="-free_from"]');
      // English 1,00,0 and German 1.5 fit no reading: said at the field, the form stays open.
      await price.fill(lang === 'en' ? '1,00,0' : '1.5');
      await freeFrom.fill(lang === 'en' ? '2.5' : '2,5');
      await dialog.locator('button[type=submit]').click();
      const example = lang === 'en' ? '1,234.56' : '1.234,56';
      // allInnerTexts: a missing message fails with what was there, not after Playwright's 30 s wait for the element.
      await expect.poll(() => dialog.locator('[id$="-price-error"]').allInnerTexts()).toEqual([words['validation.number_format'].replace('{example}', example)]);
      expect(await price.getAttribute('aria-invalid')).toBe('true');
      // A thousand as the language writes it: saved as 1000, the fraction as 2.5.
      await price.fill(lang === 'en' ? '1,000' : '1.000');
      await dialog.locator('button[type=submit]').click();
      await expect.poll(() => t.page.getByRole('dialog').count(), { timeout: 10_000 }).toBe(0);
      const saved = await t.server.db.query('select price::float8 as price, free_from::float8 as free_from from app.delivery_methods where dm_code = $1', [code]);
      expect(saved.rows).toEqual([{ price: 1000, free_from: 2.5 }]);
    });
  });
});

describe('text past a column’s maxLength (issue 43 minor 4)', () => {
  it('a paste into the editor longer than maxLength is refused with its message, not cut and saved', async () => {
    const k1 = await euroProducts('en');
    const before = (await product(k1)).supplier_product_code;
    const c = cell(k1, 'supplier_product_code');
    await c.dblclick();
    const input = c.locator('input');
    await expect.poll(() => input.count()).toBe(1);
    await input.fill('');
    // As a paste arrives: one insertion of the whole text (a maxlength attribute would cut it here).
    await t.page.keyboard.insertText('A'.repeat(600));
    expect((await input.inputValue()).length).toBe(600);
    await t.page.keyboard.press('Enter');
    await expect.poll(() => c.getByRole('alert').innerText()).toBe('At most 60 characters');
    await t.page.keyboard.press('Escape');
    expect((await product(k1)).supplier_product_code).toEqual(before);
  });
});
