/**
 * The change log in words (finding A14): an inline price edit on product_list shows in the
 * product change log and in the product's "Change history" as "Selling price: old → new",
 * with the screen's title and the action by name, in the UI language; the raw before/after
 * JSON columns are hidden by default and stay in the column chooser.
 */
import type { Request } from 'playwright';
import { describe, expect, it } from 'vitest';
import { browserSuite, signIn } from './browser.ts';
import { gridPage } from './gridPage.ts';

const t = browserSuite({ width: 1600, height: 900 });
const { header, cell, rowKeys, openProducts } = gridPage(
  () => t.page,
  () => t.server,
);

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

  it('names looked-up values and options, one request per page; the Screen filter reads titles', async () => {
    const db = t.server.db;
    const [b1, b2] = (await db.query<{ brand_id: number; brand_name: string }>('select brand_id, brand_name from app.brands order by brand_id limit 2')).rows;
    const vat = (await db.query<{ en: string; de: string }>(`select vat_names->>'en' as en, vat_names->>'de' as de from app.vats where vat_id = 1`)).rows[0]!;
    const ins = async (form: string, action: string, before: unknown, after: unknown) =>
      String(
        (
          await db.query<{ id: number }>(
            `insert into app.product_change_log (entity_name, entity_id, entity_key, log_action, actor_user_id, company_code, before, after)
           values ($1, 'E2E-LOG', '["E2E-LOG"]', $2, 1, 'SK01', $3, $4) returning log_id::int as id`,
            [form, action, before === null ? null : JSON.stringify(before), JSON.stringify(after)],
          )
        ).rows[0]!.id,
      );
    const brandEdit = await ins('product_list', 'set', { brand_id: b1!.brand_id, vat_id: null }, { brand_id: b2!.brand_id, vat_id: 1 });
    // A brand key whose row is gone shows as the key; keep in stock by name.
    const goneEdit = await ins('product_list', 'set', { brand_id: 999999, keep_in_stock: 0 }, { brand_id: b1!.brand_id, keep_in_stock: 2 });
    const brandAdd = await ins('brands', 'add', null, { brand_name: 'E2E Nordwind' });
    const asked: string[] = [];
    const onRequest = (r: Request) => {
      if (r.url().endsWith('/rpc/api_action') && (r.postDataJSON() as { entity: string }).entity === 'change_labels') asked.push(r.postData() ?? '');
    };
    await signIn(t.page, t.server.url, 'admin@example.com');
    t.page.on('request', onRequest);
    try {
      await t.page.goto(`${t.server.url}/en/reports/product_change_log`);
      const changes = (key: string) => cell(key, 'changes');
      await expect.poll(() => changes(brandEdit).allInnerTexts(), { timeout: 10_000 }).toEqual([`Brand: ${b1!.brand_name} → ${b2!.brand_name} · VAT: – → ${vat.en}`]);
      await expect.poll(() => changes(goneEdit).allInnerTexts()).toEqual([`Brand: 999999 → ${b1!.brand_name} · Keep in stock: No → On order`]);
      // Both entries' texts came in one request.
      expect(asked).toHaveLength(1);
      expect((JSON.parse(asked[0]!) as { payload: { log_ids: number[] } }).payload.log_ids).toEqual(expect.arrayContaining([Number(brandEdit), Number(goneEdit)]));

      await t.page.goto(`${t.server.url}/de/reports/product_change_log`);
      await expect.poll(() => changes(brandEdit).allInnerTexts(), { timeout: 10_000 }).toEqual([`Marke: ${b1!.brand_name} → ${b2!.brand_name} · MwSt.: – → ${vat.de}`]);
      // The Screen filter matches the title in the UI language, not the form code.
      const filter = t.page.getByRole('textbox', { name: 'Maske' });
      await filter.fill('marken');
      await expect.poll(() => cell(brandAdd, 'entity_name').count(), { timeout: 10_000 }).toBe(1);
      await expect.poll(() => cell(brandEdit, 'entity_name').count()).toBe(0);
      expect(await cell(brandAdd, 'entity_name').innerText()).toBe('Marken');
      await filter.fill('produktliste');
      await expect.poll(() => cell(brandEdit, 'entity_name').count(), { timeout: 10_000 }).toBe(1);
      expect(await cell(brandAdd, 'entity_name').count()).toBe(0);
      await filter.fill('brands');
      await expect.poll(() => cell(brandEdit, 'entity_name').count(), { timeout: 10_000 }).toBe(0);
      expect(await cell(brandAdd, 'entity_name').count()).toBe(0);
    } finally {
      t.page.off('request', onRequest);
      await db.query(`delete from app.product_change_log where entity_id = 'E2E-LOG'`);
    }
  });
});
