/**
 * The grid against edits of others and its own click saves:
 * - a cell save that meets a newer row version (409 stale_row) reloads the row and says
 *   that the typed value was not saved (not "Already exists"); a bulk paste likewise;
 * - a keep-in-stock click (saved by its own action) is on the undo stack: Ctrl+Z puts it
 *   back, not an earlier unrelated edit.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { browserSuite, signIn } from './browser.ts';
import { gridPage } from './gridPage.ts';

const t = browserSuite({ width: 1600, height: 900 });
let other: string;

beforeAll(async () => {
  other = (await t.server.login('catalog@example.com')).token;
});
beforeEach(async () => {
  await t.server.db.query('delete from app.user_grid_states');
  // The server's version check itself, as when live rows (live-rows.test.ts) have not brought the other user's change yet: no stream.
  await t.page.route('**/api/live', (r) => r.abort());
});

const { bodyRows, cell, rowKeys, focused, paste, product, openProducts } = gridPage(
  () => t.page,
  () => t.server,
);
const toasts = (variant: string) => t.page.locator(`.toast-${variant} .toast-text`).allInnerTexts();

/** Someone else (the catalog user, through the API) changes the row: its version moves on. */
async function changeElsewhere(code: string, fields: Record<string, unknown>) {
  const p = await product(code);
  const r = await t.server.action(other, 'product_list', 'set', { product_code: code, row_version: p.row_version, ...fields }, p.company_code);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

const num = (s: string) => Number(s.replace(',', '.'));

describe('ScreenGrid conflicts and click-save undo', () => {
  it('a cell save on a row someone else changed reloads the row and names the value that was not saved', async () => {
    await openProducts();
    const [k1] = await rowKeys(1);
    const p = await product(k1!);
    const [min, exp] = [p.min_margin === 31 ? 32 : 31, p.exp_margin === 41 ? 42 : 41];
    await changeElsewhere(k1!, { min_margin: min, exp_margin: exp });
    // The grid still shows the old row (and version); now the user types 13 into min_margin.
    expect(num(await cell(k1!, 'exp_margin').innerText())).toBe(p.exp_margin);
    await cell(k1!, 'min_margin').dblclick();
    await cell(k1!, 'min_margin').locator('input').fill('13');
    await t.page.keyboard.press('Enter');

    await expect.poll(() => toasts('warning')).toEqual([expect.stringContaining('"13" was not saved')]);
    const [text] = await toasts('warning');
    expect(text).toContain('changed this row');
    expect(text).not.toContain('Already exists');
    // The row as it is now: both cells show what the other user saved; the database kept it.
    await expect.poll(async () => num(await cell(k1!, 'exp_margin').innerText())).toBe(exp);
    await expect.poll(async () => num(await cell(k1!, 'min_margin').innerText())).toBe(min);
    expect((await product(k1!)).min_margin).toBe(min);

    // The reloaded row carries the new version: the next edit saves.
    await cell(k1!, 'min_margin').dblclick();
    await cell(k1!, 'min_margin').locator('input').fill('14');
    await t.page.keyboard.press('Enter');
    await expect.poll(async () => (await product(k1!)).min_margin).toBe(14);
  });

  it('a bulk paste onto a row someone else changed reloads the rows and says the changes were not saved', async () => {
    await openProducts();
    const [, k2, k3] = await rowKeys(3);
    const other3 = (await product(k3!)).exp_margin === 44 ? 45 : 44;
    await changeElsewhere(k3!, { exp_margin: other3 });
    const before2 = (await product(k2!)).exp_margin;
    await cell(k2!, 'exp_margin').click();
    await expect.poll(focused).toEqual([k2, 'exp_margin']);
    await paste('77\r\n78\r\n');
    await expect.poll(() => toasts('warning')).toEqual([expect.stringContaining('not saved')]);
    expect((await toasts('warning'))[0]).toContain('2 changes');
    await expect.poll(async () => num(await cell(k3!, 'exp_margin').innerText())).toBe(other3);
    await expect.poll(async () => num(await cell(k2!, 'exp_margin').innerText())).toBe(before2);
    expect((await product(k2!)).exp_margin).toBe(before2);
    expect((await product(k3!)).exp_margin).toBe(other3);
  });

  it('Ctrl+Z after a keep-in-stock click undoes that click, not the edit before it', async () => {
    await openProducts();
    const [k1, k2] = await rowKeys(2);
    const field = 'max_discount_limit_percent';
    const target = (await product(k2!))[field] === 42 ? 41 : 42;
    await cell(k2!, field).dblclick();
    await cell(k2!, field).locator('input').fill(String(target));
    await t.page.keyboard.press('Enter');
    await expect.poll(async () => (await product(k2!))[field]).toBe(target);

    const kis = cell(k1!, 'keep_in_stock').locator('[data-value]');
    const start = Number(await kis.getAttribute('data-value'));
    const next = (start + 1) % 3;
    await cell(k1!, 'keep_in_stock').click();
    await expect.poll(async () => Number((await product(k1!)).keep_in_stock)).toBe(next);
    await expect.poll(() => kis.getAttribute('data-value')).toBe(String(next));

    await t.page.keyboard.press('Control+z');
    await expect.poll(async () => Number((await product(k1!)).keep_in_stock)).toBe(start);
    await expect.poll(() => kis.getAttribute('data-value')).toBe(String(start));
    expect((await product(k2!))[field]).toBe(target);

    // The next Ctrl+Z undoes the earlier edit.
    await t.page.keyboard.press('Control+z');
    await expect.poll(async () => (await product(k2!))[field]).not.toBe(target);
    expect(Number((await product(k1!)).keep_in_stock)).toBe(start);
  });

  it('a save a database rule refuses, and a delete of a row still in use, are told in the UI language', async () => {
    await signIn(t.page, t.server.url, 'admin@example.com', 'de');
    await t.page.goto(`${t.server.url}/de/products/categories`);
    const pair = (
      await t.server.db.query<{ root: number; child: number; name: string }>(
        `select p.product_category_id as root, c.product_category_id as child, c.product_category_names->>'de' as name
       from app.product_categories p join app.product_categories c on c.parent_category_id = p.product_category_id
       where p.parent_category_id is null order by 1, 2 limit 1`,
      )
    ).rows[0]!;
    // Root categories sort last: filter to the one, once the grid has drawn its rows (as a user does).
    await expect.poll(() => bodyRows().count()).toBeGreaterThan(1);
    await t.page.locator('[data-filter-field="product_category_id"] input').fill(String(pair.root));
    await expect.poll(() => cell(String(pair.root), 'parent_category_id').count()).toBe(1);
    // Put the root category under its own child.
    await cell(String(pair.root), 'parent_category_id').dblclick();
    const select = cell(String(pair.root), 'parent_category_id').locator('select');
    const value = await select.evaluate((el, name) => [...(el as HTMLSelectElement).options].find((o) => o.text.endsWith(name))!.value, pair.name);
    await select.selectOption(value);
    await expect.poll(() => toasts('danger')).toContain('Fehler beim Speichern der Daten: Eine Kategorie kann nicht unter sich selbst oder unter eine ihrer Unterkategorien gestellt werden.');
    expect((await t.server.db.query('select parent_category_id from app.product_categories where product_category_id = $1', [pair.root])).rows[0]).toEqual({ parent_category_id: null });

    // A brand no product uses: the question starts on Cancel (a reflex Enter deletes nothing); Esc gives the focus back.
    const unused = (await t.server.db.query<{ id: number }>(`insert into app.brands (brand_name) values ('Unbenutzt 113') returning brand_id as id`)).rows[0]!.id;
    await t.page.goto(`${t.server.url}/de/products/brands`);
    await expect.poll(() => bodyRows().count()).toBeGreaterThan(1);
    const pick = async (id: number) => {
      const box = t.page.locator(`[role=row][data-key="${id}"] [role=checkbox]`);
      await box.click();
      await expect.poll(() => box.getAttribute('aria-checked')).toBe('true');
      return box;
    };
    const byName = t.page.getByRole('textbox', { name: 'Marke', exact: true });
    await byName.fill('Unbenutzt 113');
    await expect.poll(() => bodyRows().count()).toBe(1);
    const unusedBox = await pick(unused);
    await t.page.locator('button.grid-delete').click();
    await expect.poll(() => t.page.evaluate(() => document.activeElement?.textContent)).toBe('Abbrechen');
    await t.page.keyboard.press('Escape');
    await expect.poll(() => t.page.evaluate(() => document.activeElement?.className)).toBe('grid-delete');
    await unusedBox.click();
    await byName.fill('');
    await expect.poll(() => bodyRows().count()).toBeGreaterThan(1);
    // A brand that products still use: the preview knows, so no question is asked; the refusal names where and how often (engine/inUse.ts).
    const used = (await t.server.db.query<{ id: number }>(`select brand_id as id from app.products where brand_id is not null order by 1 limit 1`)).rows[0]!.id;
    await pick(used);
    await t.page.locator('button.grid-delete').click();
    const count = (await t.server.db.query<{ n: number }>(`select count(*)::int as n from app.products where brand_id = $1`, [used])).rows[0]!.n;
    await expect.poll(() => toasts('danger')).toContain(`Kann nicht gelöscht werden: wird noch in „Produktliste“ verwendet (Einträge: ${new Intl.NumberFormat('de-DE').format(count)}).`);
    expect(await t.page.getByRole('dialog').count()).toBe(0);
  });
});
