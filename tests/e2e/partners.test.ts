/**
 * The partner list in the browser (issue 22): it opens with the company's partners in every
 * language, headers in that language; a partner is added with the form, then an address in
 * its detail grid and edited there, and both are stored.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { browserSuite, signIn } from './browser.ts';
import { gridPage } from './gridPage.ts';

const t = browserSuite({ width: 1600, height: 1000 });
const { grid, header, bodyRows, cell } = gridPage(
  () => t.page,
  () => t.server,
);
const LANGS = ['en', 'de', 'hu', 'sk', 'ro', 'cs', 'bg'] as const;
const text = (lang: string, key: string): string => (JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as Record<string, string>)[key]!;

describe('partner list', () => {
  it('opens with the company’s partners in all seven languages, its headers in the language', async () => {
    await signIn(t.page, t.server.url, 'admin@example.com');
    const partners = (await t.server.db.query<{ n: number }>(`select count(*)::int as n from app.partners where company_code = 'SK01'`)).rows[0]!.n;
    for (const lang of LANGS) {
      await t.page.goto(`${t.server.url}/${lang}/partners/partner_list`);
      await expect.poll(() => bodyRows().count(), { message: lang, timeout: 10_000 }).toBeGreaterThan(5);
      for (const field of ['partner_name', 'label_name', 'is_supplier', 'deleted']) {
        await expect.poll(() => header(field).innerText(), { message: `${lang} ${field}` }).toContain(text(lang, `fields.${field}`));
      }
      await expect.poll(() => t.page.locator('h1').first().innerText(), { message: lang }).toContain(text(lang, 'screens.partner_list.title'));
      await expect.poll(() => grid().getAttribute('aria-rowcount')).not.toBeNull();
      expect(Number(await grid().getAttribute('aria-rowcount'))).toBeGreaterThanOrEqual(partners);
    }
  }, 120_000);

  it('adds a partner with the form and an address in its detail grid; both are stored', async () => {
    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(`${t.server.url}/en/partners/partner_list`);
    await expect.poll(() => bodyRows().count(), { timeout: 10_000 }).toBeGreaterThan(5);

    await t.page.locator('.screen-grid[data-form="partner_list"] > .grid-toolbar').getByRole('button', { name: 'Add' }).click();
    let dialog = t.page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading').innerText()).toBe('New partner');
    await dialog.locator('input[id$="-partner_name"]').fill('Zelená Záhrada s.r.o.');
    await dialog.locator('input[id$="-label_name"]').fill('ZELENÁ ZÁHRADA');
    await dialog.locator('input[id$="-is_supplier"]').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => t.page.getByRole('dialog').count()).toBe(0);
    const partner = async () =>
      (
        await t.server.db.query<{ partner_id: number; company_code: string; label_name: string; is_supplier: boolean; deleted: boolean }>(
          `select partner_id, company_code, label_name, is_supplier, deleted from app.partners where partner_name = 'Zelená Záhrada s.r.o.'`,
        )
      ).rows[0];
    await expect.poll(partner).toMatchObject({ company_code: 'SK01', label_name: 'ZELENÁ ZÁHRADA', is_supplier: true, deleted: false });
    const id = String((await partner())!.partner_id);

    // The new row, found by its name; a click on it opens its (empty) addresses below.
    await grid().locator('[data-filter-field="partner_name"] input').fill('Zelená');
    await expect.poll(() => bodyRows().count()).toBe(1);
    await cell(id, 'partner_name').click();
    const detail = t.page.locator('.grid-detail');
    await expect.poll(() => detail.locator('.grid-detail-product').innerText(), { timeout: 5000 }).toBe(`${id} · Zelená Záhrada s.r.o.`);
    await expect.poll(() => detail.locator('.screen-grid[data-form="partner_addresses"]').count()).toBe(1);
    expect(await detail.locator('[role=row][data-key]').count()).toBe(0);

    await detail.getByRole('button', { name: 'Add', exact: true }).click();
    dialog = t.page.getByRole('dialog');
    await dialog.locator('input[id$="-address_name"]').fill('Sídlo');
    await dialog.locator('input[id$="-address_line_1"]').fill('Záhradnícka');
    await dialog.locator('input[id$="-address_house_no"]').fill('72/B');
    await dialog.locator('input[id$="-zip_code"]').fill('821 08');
    await dialog.locator('input[id$="-city"]').fill('Bratislava');
    await dialog.locator('select[id$="-country_code"]').selectOption({ label: 'Slovakia' });
    await dialog.locator('input[id$="-first_name"]').fill('Eva');
    await dialog.locator('input[id$="-last_name"]').fill('Zelená');
    await dialog.locator('input[id$="-phone"]').fill('+421 2 5566 7788');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => t.page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => detail.locator('[role=row][data-key]').count(), { timeout: 5000 }).toBe(1);
    expect(await detail.locator('[role=row][data-key] [data-field="city"]').innerText()).toBe('Bratislava');
    const stored = await t.server.db.query(
      `select address_name, address_line_1, address_house_no, zip_code, city, country_code, first_name, last_name, phone from app.partner_addresses where partner_id = $1`,
      [Number(id)],
    );
    expect(stored.rows).toEqual([
      {
        address_name: 'Sídlo',
        address_line_1: 'Záhradnícka',
        address_house_no: '72/B',
        zip_code: '821 08',
        city: 'Bratislava',
        country_code: 'SK',
        first_name: 'Eva',
        last_name: 'Zelená',
        phone: '+421 2 5566 7788',
      },
    ]);

    // Edited inline in the detail grid.
    const city = detail.locator('[role=row][data-key] [role=gridcell][data-field="city"]');
    await city.dblclick();
    await city.locator('input').fill('Senec');
    await t.page.keyboard.press('Enter');
    await expect
      .poll(async () => (await t.server.db.query(`select city, row_version from app.partner_addresses where partner_id = $1`, [Number(id)])).rows)
      .toEqual([{ city: 'Senec', row_version: 2 }]);
  }, 120_000);
});
