/**
 * Issue 46 point 3 in the browser: the reference-data screens open in all seven languages with
 * their titles and every column header in the language (no catalogue key shows), the first
 * company's settings are edited inline, and deleting a currency still in use is refused with
 * a German toast naming what uses it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import accounts from '../../screens/finance/accounts.ts';
import cashflowTypes from '../../screens/finance/cashflow_types.ts';
import channels from '../../screens/settings/channels.ts';
import checklistItems from '../../screens/settings/checklist_items.ts';
import companies from '../../screens/settings/companies.ts';
import countries from '../../screens/settings/countries.ts';
import currencies from '../../screens/settings/currencies.ts';
import languages from '../../screens/settings/languages.ts';
import productTypes from '../../screens/settings/product_types.ts';
import { fieldLabelId } from '../../src/core/fieldLabel.ts';
import { LANGS } from '../../src/core/langs.ts';
import { browserSuite, openInApp, signIn } from './browser.ts';

const t = browserSuite();
const catalogue = (lang: string) => JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as Record<string, string>;

const SCREENS = [
  ['/settings/companies', companies],
  ['/settings/currencies', currencies],
  ['/settings/countries', countries],
  ['/settings/languages', languages],
  ['/settings/product_types', productTypes],
  ['/settings/checklist_items', checklistItems],
  ['/settings/channels', channels],
  ['/finance/cashflow_types', cashflowTypes],
  ['/finance/accounts', accounts],
] as const;

const grid = (form: string) => t.page.locator(`.screen-grid[data-form="${form}"]`);

describe('the reference-data screens', () => {
  it('open in all seven languages with their title, rows and every header in the language', async () => {
    await signIn(t.page, t.server.url, 'admin@example.com');
    const problems: string[] = [];
    t.page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    for (const lang of LANGS) {
      const texts = catalogue(lang);
      // A language's first route loaded, the others opened in the app, as its menu does (routeWalk.ts).
      for (const [i, [path, screen]] of SCREENS.entries()) {
        const url = `${t.server.url}/${lang}${path}`;
        if (i === 0) await t.page.goto(url);
        else await openInApp(t.page, url);
        await expect.poll(() => t.page.locator('h1.page-title').innerText(), { message: url }).toBe(texts[`screens.${screen.form}.title`]);
        await expect.poll(() => grid(screen.form).locator('[role=row][data-key]').count(), { message: `${url}: rows`, timeout: 10_000 }).toBeGreaterThan(0);
        const headers = await grid(screen.form)
          .locator('[role=columnheader][data-field]')
          .evaluateAll((hs) => hs.map((h) => [h.getAttribute('data-field')!, (h as HTMLElement).innerText.trim()] as const));
        expect(headers.length, url).toBeGreaterThan(1);
        for (const [field, text] of headers) {
          const column = (screen.columns as Record<string, Parameters<typeof fieldLabelId>[1]>)[field];
          if (!column) continue; // a column of the grid's own (selection, actions)
          const label = texts[fieldLabelId(field, column)];
          expect(label, `${url}: ${field} has a text`).toBeTruthy();
          expect(text, `${url}: ${field}`).toContain(label);
        }
        const alerts = await t.page.locator('.toast-danger').allInnerTexts();
        if (alerts.length) problems.push(`${url}: ${alerts.join(' | ')}`);
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it("edits the first company's name inline", async () => {
    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(`${t.server.url}/en/settings/companies`);
    const cell = grid('companies').locator('[role=row][data-key="SK01"] [role=gridcell][data-field="company_name"]');
    await expect.poll(() => cell.innerText(), { timeout: 10_000 }).toBe('Dunaj Trade s.r.o.');
    await cell.dblclick();
    const input = cell.locator('input');
    await expect.poll(() => input.count()).toBe(1);
    await input.fill('Dunaj Trade a.s.');
    await t.page.keyboard.press('Enter');
    await expect.poll(async () => (await t.server.db.query("select company_name from app.companies where company_code = 'SK01'")).rows[0]?.company_name).toBe('Dunaj Trade a.s.');
    await expect.poll(() => cell.innerText()).toBe('Dunaj Trade a.s.');
  });

  it('refuses deleting a currency in use before asking, with a German toast naming what uses it', async () => {
    const de = catalogue('de');
    await t.server.db.query(`insert into app.currencies (currency_code, currency_name, position) values ('XTU', '{"en": "Used units"}', 99)`);
    await t.server.db.query(`insert into app.shops (hostname, shop_name, company_code, currency_code, language_code) values ('xtu.example.com', 'XTU', 'HU01', 'XTU', 'en')`);
    await signIn(t.page, t.server.url, 'admin@example.com', 'de');
    await t.page.goto(`${t.server.url}/de/settings/currencies`);
    const row = grid('currencies').locator('[role=row][data-key="XTU"]');
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    const box = row.getByRole('checkbox');
    await box.click();
    await expect.poll(() => box.getAttribute('aria-checked')).toBe('true');
    await t.page.locator('.grid-toolbar button.grid-delete').first().click();
    // The preview knows the delete would be refused: said at once, no question asked in vain.
    const said = de['messages.in_use_by']!.replace('{label}', de['screens.frontend_shops.title']!).replace('{count}', '1');
    await expect.poll(() => t.page.locator('.toast-danger .toast-text').allInnerTexts(), { timeout: 10_000 }).toContain(said);
    expect(await t.page.getByRole('dialog').count()).toBe(0);
    expect((await t.server.db.query("select 1 from app.currencies where currency_code = 'XTU'")).rows).toHaveLength(1);
  });
});
