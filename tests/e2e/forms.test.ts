/**
 * Form inputs that follow the column's editor key, in the browser: the shop/language form
 * (flagged language select, a default that ticks "enabled") from frontend_shops' detail
 * grid, and a banner added with tag chips and a date picked in the calendar.
 */
import { describe, expect, it } from 'vitest';
import { browserSuite, signIn } from './browser.ts';

const t = browserSuite();

const grid = () => t.page.getByRole('grid').first();
const cell = (key: string, field: string) => grid().locator(`[role=row][data-key="${key}"] [role=gridcell][data-field="${field}"]`);

describe('form inputs by editor key', () => {
  it('adds a shop language from the flagged select in the shop/language form, as the default', async () => {
    const shop = (
      await t.server.db.query<{ shop_id: number; hostname: string; language_code: string }>(`select shop_id, hostname, language_code from app.shops where hostname = 'shop-sk.example.com'`)
    ).rows[0]!;
    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(`${t.server.url}/en/shops/frontend_shops`);
    await cell(String(shop.shop_id), 'hostname').click();
    const detail = t.page.locator('.grid-detail');
    await expect.poll(() => detail.locator('[role=row][data-key]').count(), { timeout: 10_000 }).toBe(3);
    await detail.getByRole('button', { name: 'Add' }).click();

    const dialog = t.page.getByRole('dialog');
    await expect.poll(() => dialog.locator('select[id$="-shop_id"] option:checked').innerText(), { timeout: 5000 }).toBe(shop.hostname);
    // The column default: a new shop language is enabled unless unticked.
    expect(await dialog.locator('input[id$="-enabled"]').isChecked()).toBe(true);
    expect(await dialog.locator('input[id$="-is_default"]').isChecked()).toBe(false);

    const language = dialog.getByRole('combobox', { name: 'Language' });
    // Keyboard: ArrowDown opens the list, Escape closes it and leaves the dialog open.
    await language.focus();
    await t.page.keyboard.press('ArrowDown');
    const list = dialog.getByRole('listbox');
    await expect.poll(() => list.getByRole('option').count()).toBe(7);
    await t.page.keyboard.press('Escape');
    await expect.poll(() => list.count()).toBe(0);
    expect(await t.page.getByRole('dialog').count()).toBe(1);

    // Each language shows its flag and its name in the UI language.
    await language.click();
    const romanian = list.getByRole('option', { name: /Romanian/ });
    expect(await romanian.locator('img').getAttribute('src')).toBe('/flags/ro.svg');
    expect(
      await list
        .getByRole('option', { name: /English/ })
        .locator('img')
        .getAttribute('src'),
    ).toBe('/flags/gb.svg');
    await romanian.click();
    await expect.poll(() => language.innerText()).toContain('Romanian');

    await dialog.locator('input[id$="-is_default"]').check();
    await dialog.locator('input[id$="-url_prefix"]').fill('/ro');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => t.page.getByRole('dialog').count()).toBe(0);

    const key = JSON.stringify([shop.shop_id, 'ro']);
    await expect.poll(() => detail.locator(`[role=row][data-key='${key}']`).count(), { timeout: 5000 }).toBe(1);
    const stored = await t.server.db.query(`select language_code, is_default, enabled, url_prefix from app.shop_languages where shop_id = $1 order by language_code`, [shop.shop_id]);
    expect(stored.rows).toEqual([
      { language_code: 'en', is_default: false, enabled: true, url_prefix: '/en' },
      { language_code: 'hu', is_default: false, enabled: true, url_prefix: '/hu' },
      { language_code: 'ro', is_default: true, enabled: true, url_prefix: '/ro' },
      { language_code: shop.language_code, is_default: false, enabled: true, url_prefix: '' },
    ]);
    // The default language is the shop's language.
    expect((await t.server.db.query(`select language_code from app.shops where shop_id = $1`, [shop.shop_id])).rows[0]).toEqual({ language_code: 'ro' });
  }, 120_000);

  it('adds a banner with tag chips and a date picked in the German calendar', async () => {
    await signIn(t.page, t.server.url, 'admin@example.com', 'de');
    await t.page.goto(`${t.server.url}/de/shops/banners`);
    await expect.poll(() => grid().locator('[role=row][data-key]').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await t.page.getByRole('button', { name: 'Hinzufügen' }).click();
    const dialog = t.page.getByRole('dialog');
    await dialog.locator('select[id$="-shop_id"]').selectOption({ label: 'shop-sk.example.com' });
    await dialog.locator('[id$="banner_title-de"]').first().fill('Sommerschlussverkauf');
    expect(await dialog.locator('input[id$="-active"]').isChecked()).toBe(true);

    // Tags: Enter and comma add, a repeated tag is refused, Backspace and × remove, leaving adds the typed one.
    const tags = dialog.locator('input[id$="-tags"]');
    const chips = dialog.locator('.tag-chip > span');
    await tags.fill('summer');
    await tags.press('Enter');
    await tags.pressSequentially('sale,');
    await tags.pressSequentially('Summer');
    await tags.press('Enter');
    await expect.poll(() => dialog.locator('.tag-note').innerText()).toBe('Dieser Tag ist schon vorhanden');
    await tags.fill('outlet');
    await tags.press('Enter');
    await expect.poll(() => chips.allInnerTexts()).toEqual(['summer', 'sale', 'outlet']);
    await tags.press('Backspace');
    await dialog.getByRole('button', { name: 'sale entfernen' }).click();
    await tags.fill('garden');
    await expect.poll(() => chips.allInnerTexts()).toEqual(['summer']);

    // valid_from: a day-first date typed, then the calendar (weeks from Monday, German names) by keyboard.
    const from = dialog.locator('input[id$="-valid_from"]');
    await from.fill('10.06.2027'); // leaving the tag input adds 'garden'
    await expect.poll(() => chips.allInnerTexts()).toEqual(['summer', 'garden']);
    await from.press('Alt+ArrowDown');
    const calendar = dialog.locator('.date-input-calendar');
    await expect.poll(() => calendar.locator('.rdp-caption_label').innerText(), { timeout: 5000 }).toBe('Juni 2027');
    expect((await calendar.locator('.rdp-weekday').allInnerTexts()).slice(0, 2)).toEqual(['Mo', 'Di']);
    await expect.poll(() => t.page.evaluate(() => document.activeElement?.closest('.rdp-day')?.getAttribute('data-day'))).toBe('2027-06-10');
    await t.page.keyboard.press('ArrowRight');
    await t.page.keyboard.press('Enter');
    await expect.poll(() => calendar.count()).toBe(0);
    expect(await from.inputValue()).toBe('2027-06-11');
    await expect.poll(() => t.page.evaluate(() => document.activeElement?.id ?? '')).toMatch(/-valid_from$/);

    // valid_to: a click on a day of the month the calendar opens at (the current one).
    const to = dialog.locator('.form-field').filter({ has: t.page.locator('input[id$="-valid_to"]') });
    await to.getByRole('button', { name: 'Datum wählen' }).click();
    await to.locator('.rdp-day:not(.rdp-outside) .rdp-day_button', { hasText: /^28$/ }).click();
    const now = new Date();
    const day28 = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-28`;
    expect(await to.locator('input').inputValue()).toBe(day28);
    // The banner must end after it starts: the ISO text typed over it stays as it is.
    await to.locator('input').fill('2027-12-31');

    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect.poll(() => t.page.getByRole('dialog').count()).toBe(0);
    const stored = (
      await t.server.db.query<{ banner_id: number }>(`select banner_id, shop_id, tags, valid_from, valid_to, active from app.banners where banner_title ->> 'de' = 'Sommerschlussverkauf'`)
    ).rows;
    expect(stored).toEqual([{ banner_id: expect.any(Number), shop_id: 1, tags: 'summer, garden', valid_from: '2027-06-11', valid_to: '2027-12-31', active: true }]);
    const id = String(stored[0]!.banner_id);
    await expect.poll(() => cell(id, 'tags').innerText(), { timeout: 5000 }).toBe('summer, garden');

    // The grid's date editor shows the same calendar.
    await cell(id, 'valid_to').dblclick();
    const popup = t.page.locator('.cell-editor-calendar');
    await expect.poll(() => popup.locator('.rdp-caption_label').innerText(), { timeout: 5000 }).toBe('Dezember 2027');
    expect((await popup.locator('.rdp-weekday').allInnerTexts()).slice(0, 2)).toEqual(['Mo', 'Di']);
    await popup.locator('[data-day="2027-12-30"] .rdp-day_button').click();
    await expect.poll(async () => (await t.server.db.query('select valid_to from app.banners where banner_id = $1', [id])).rows[0]).toEqual({ valid_to: '2027-12-30' });

    // …and reads a date typed the German way; its placeholder is German too. The cell shows the day as German writes it.
    await expect.poll(() => cell(id, 'valid_to').innerText()).toBe('30.12.2027');
    await cell(id, 'valid_to').dblclick();
    const editor = t.page.locator('input.cell-editor');
    expect(await editor.getAttribute('placeholder')).toBe('JJJJ-MM-TT');
    expect(await editor.inputValue()).toBe('30.12.2027');
    await editor.fill('31.12.2027');
    await editor.press('Enter');
    await expect.poll(async () => (await t.server.db.query('select valid_to from app.banners where banner_id = $1', [id])).rows[0]).toEqual({ valid_to: '2027-12-31' });
    await expect.poll(() => cell(id, 'valid_to').innerText()).toBe('31.12.2027');
  }, 120_000);
});
