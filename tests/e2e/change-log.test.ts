/**
 * The change log in words (finding A14): an inline price edit on product_list shows in the
 * product change log and in the product's "Change history" as "Selling price: old → new",
 * with the screen's title and the action by name, in the UI language; the raw before/after
 * JSON columns are hidden by default and stay in the column chooser.
 */
import { describe, expect, it } from 'vitest';
import { browserSuite } from './browser.ts';
import { gridPage } from './gridPage.ts';

const t = browserSuite({ width: 1600, height: 900 });
const { header, cell, rowKeys, openProducts } = gridPage(() => t.page, () => t.server);

const money = (locale: string, n: number) => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);

describe('product change log', () => {
  it('says what an inline edit changed, in English and in German', async () => {
    await t.server.db.query('delete from app.user_grid_states');
    await openProducts();
    const [key] = await rowKeys(1);
    const old = (await t.server.db.query<{ p: number }>('select selling_price_shop as p from app.products where product_code = $1', [key])).rows[0]!.p;
    const next = old === 59.99 ? 61.5 : 59.99;
    await cell(key!, 'selling_price_shop').dblclick();
    const input = cell(key!, 'selling_price_shop').locator('input');
    await input.fill(String(next));
    await input.press('Enter');
    await expect.poll(async () => (await t.server.db.query<{ p: number }>('select selling_price_shop as p from app.products where product_code = $1', [key])).rows[0]!.p).toBe(next);
    const logId = String(
      (await t.server.db.query<{ id: number }>(`select max(log_id)::int as id from app.product_change_log where entity_name = 'product_list' and entity_id = $1`, [key])).rows[0]!.id,
    );

    // The product's Change history (detail of product_list).
    await cell(key!, 'product_code').click();
    const panel = t.page.locator('.grid-detail');
    await panel.getByRole('tab', { name: 'Change history' }).click();
    const detailCell = (field: string) => panel.locator(`[role=row][data-key="${logId}"] [role=gridcell][data-field="${field}"]`);
    const en = `Selling price: ${money('en-GB', old)} → ${money('en-GB', next)}`;
    await expect.poll(() => detailCell('changes').allInnerTexts(), { timeout: 10_000 }).toEqual([en]);
    expect(await detailCell('log_action').innerText()).toBe('Changed');
    expect(await detailCell('entity_name').innerText()).toBe('Product list');

    // The change log report.
    await t.page.goto(`${t.server.url}/en/reports/product_change_log`);
    const row = (field: string) => cell(logId, field);
    await expect.poll(() => row('changes').allInnerTexts(), { timeout: 10_000 }).toEqual([en]);
    expect(await row('log_action').innerText()).toBe('Changed');
    expect(await row('entity_name').innerText()).toBe('Product list');
    expect(await row('changes').locator('[title]').getAttribute('title')).toBe(en);
    // The raw JSON is hidden, not gone: the column chooser offers it.
    expect(await header('before').count()).toBe(0);
    expect(await header('after').count()).toBe(0);
    await t.page.locator('.grid-toolbar button.grid-columns').first().click();
    const offered = t.page.locator('.grid-chooser-item[data-field="before"] input');
    await expect.poll(() => offered.count()).toBe(1);
    expect(await offered.isChecked()).toBe(false);
    await t.page.keyboard.press('Escape');

    // In German: labels, number format, the action and the screen title.
    await t.page.goto(`${t.server.url}/de/reports/product_change_log`);
    await expect.poll(() => row('changes').allInnerTexts(), { timeout: 10_000 }).toEqual([`Verkaufspreis: ${money('de-DE', old)} → ${money('de-DE', next)}`]);
    expect(await row('log_action').innerText()).toBe('Geändert');
    expect(await row('entity_name').innerText()).toBe('Produktliste');
  });
});
