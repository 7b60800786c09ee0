/**
 * Texts in the browser (issue 24): an administrator's caption shows in the UI after a reload,
 * in its language only, and the catalogue's text again once removed — written in the captions
 * form and in a translation table cell; the translation table's "missing in …" filter; the
 * machine translation button's message while no engine is configured; the four settings
 * routes open in all seven languages with data.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../src/core/langs.ts';
import { browserSuite, openInApp, signIn } from './browser.ts';

const t = browserSuite();
const catalogue = (lang: string) => JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as Record<string, string>;
const de = catalogue('de');

describe('captions and the translation table', () => {
  const grid = () => t.page.getByRole('grid').first();
  const bodyRows = () => grid().locator('[role=row][data-key]');
  const homeCrumb = () => t.page.locator('ol.breadcrumbs li').first();

  it('shows a German caption added in the captions form after a reload, only in German, and the catalogue text once deleted', async () => {
    await signIn(t.page, t.server.url, 'admin@example.com', 'de');
    await t.page.goto(`${t.server.url}/de/settings/captions`);
    await expect.poll(() => bodyRows().count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await homeCrumb().innerText()).toBe(de['chrome.home']);

    await t.page.locator('.grid-toolbar .grid-add').first().click();
    const dialog = t.page.getByRole('dialog');
    await dialog.locator('input[id$="-text_key"]').fill('chrome.home');
    await dialog.getByRole('combobox', { name: de['fields.language_code'] }).click();
    await dialog
      .getByRole('listbox')
      .getByRole('option', { name: /Deutsch/ })
      .click();
    await dialog.locator('[id$="-caption_text"]').fill('Lager-Start');
    await dialog.getByRole('button', { name: de['common.save'] }).click();
    await expect.poll(() => t.page.getByRole('dialog').count()).toBe(0);
    await expect.poll(async () => (await t.server.db.query("select caption_text from app.captions where text_key = 'chrome.home' and language_code = 'de'")).rows[0]?.caption_text).toBe('Lager-Start');

    await t.page.reload();
    await expect.poll(() => homeCrumb().innerText()).toBe('Lager-Start');
    // Another language keeps the catalogue's text.
    await t.page.goto(`${t.server.url}/hu/settings/captions`);
    await expect.poll(() => homeCrumb().innerText()).toBe(catalogue('hu')['chrome.home']);

    // Deleting the caption brings the catalogue's text back.
    await t.server.db.query("delete from app.captions where text_key = 'chrome.home'");
    await t.page.goto(`${t.server.url}/de/settings/captions`);
    await expect.poll(() => homeCrumb().innerText()).toBe(de['chrome.home']);
  });

  it('writes a translation table cell as a caption: the German button reads it after a reload', async () => {
    await signIn(t.page, t.server.url, 'admin@example.com', 'de');
    await t.page.goto(`${t.server.url}/de/settings/translation_table?text_key=common.add`);
    await expect.poll(() => bodyRows().count(), { timeout: 10_000 }).toBe(1);
    const cell = grid().locator('[role=row][data-key="common.add"] [role=gridcell][data-field="de"]');
    expect(await cell.innerText()).toBe(de['common.add']);
    await cell.dblclick();
    const input = cell.locator('input, textarea');
    await expect.poll(() => input.count()).toBe(1);
    await input.fill('Neu anlegen');
    await t.page.keyboard.press('Enter');
    await expect.poll(async () => (await t.server.db.query("select caption_text from app.captions where text_key = 'common.add' and language_code = 'de'")).rows[0]?.caption_text).toBe('Neu anlegen');

    await t.page.goto(`${t.server.url}/de/settings/packing_templates`);
    await expect.poll(() => t.page.locator('.grid-toolbar .grid-add').first().innerText(), { timeout: 10_000 }).toBe('Neu anlegen');
    await t.page.goto(`${t.server.url}/en/settings/packing_templates`);
    await expect.poll(() => t.page.locator('.grid-toolbar .grid-add').first().innerText(), { timeout: 10_000 }).toBe('Add');
    await t.server.db.query("delete from app.captions where text_key = 'common.add'");
  });

  it('filters the keys missing in Hungarian, and says in German that no translation engine is set up', async () => {
    const missing = new Set((await t.server.db.query<{ text_key: string }>('select text_key from app.v_translation_table where missing_hu')).rows.map((r) => r.text_key));
    expect(missing.size).toBeGreaterThan(0);
    await signIn(t.page, t.server.url, 'admin@example.com', 'de');
    await t.page.goto(`${t.server.url}/de/settings/translation_table?missing_hu=true`);
    await expect.poll(() => bodyRows().count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const keys = await bodyRows().evaluateAll((rows) => rows.map((r) => r.getAttribute('data-key')!));
    expect(keys.length).toBe(Math.min(missing.size, keys.length));
    for (const k of keys) expect(missing.has(k), k).toBe(true);
    expect(keys).not.toContain('chrome.home');

    await t.page.getByRole('button', { name: de['screens.translation_table.machine_translate'] }).click();
    const dialog = t.page.getByRole('dialog');
    expect(await dialog.locator('[data-testid="machine-target"]').inputValue()).toBe('hu');
    await dialog.getByRole('button', { name: de['screens.translation_table.machine_run'] }).click();
    const message = de['messages.translate_not_configured']!.replace('{engine}', 'Google Translate').replace('{variable}', 'GOOGLE_TRANSLATE_API_KEY');
    await expect.poll(async () => (await t.page.locator('.toast[data-variant=danger]').allInnerTexts()).some((x) => x.includes(message)), { timeout: 10_000 }).toBe(true);
    // Nothing was written.
    expect((await t.server.db.query("select count(*)::int as n from app.captions where language_code = 'hu'")).rows[0]!.n).toBe(0);
  });

  it("prints the company's obd texts on the print page in the document's language", async () => {
    const id = (await t.server.db.query<{ id: string }>("select pick_list_id::text as id from app.pick_lists where company_code = 'SK01' order by pick_list_id limit 1")).rows[0]!.id;
    await signIn(t.page, t.server.url, 'admin@example.com', 'de');
    await t.page.goto(`${t.server.url}/de/print/pick_lists_print?pick_list_id=${id}`);
    await expect.poll(() => t.page.locator('.print-doc .print-text-footer').first().innerText(), { timeout: 10_000 }).toBe('Kommissioniert von: ____________ Geprüft von: ____________');
    await t.page.goto(`${t.server.url}/hu/print/pick_lists_print?pick_list_id=${id}`);
    await expect.poll(() => t.page.locator('.print-doc .print-text-footer').first().innerText(), { timeout: 10_000 }).toBe('Szedte: ____________ Ellenőrizte: ____________');
    // Text, never markup: the page holds no element the text did not come from.
    expect(await t.page.locator('.print-text-footer p').count()).toBe(1);
  });

  it('opens the four text settings routes in all seven languages with data', async () => {
    await signIn(t.page, t.server.url, 'admin@example.com');
    const problems: string[] = [];
    t.page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    for (const lang of LANGS) {
      // A language's first route loaded, the others opened in the app, as its menu does (routeWalk.ts).
      for (const [i, form] of ['captions', 'translation_table', 'packing_templates', 'obd_texts'].entries()) {
        const url = `${t.server.url}/${lang}/settings/${form}`;
        if (i === 0) await t.page.goto(url);
        else await openInApp(t.page, url);
        await expect.poll(() => t.page.locator('h1.page-title').innerText(), { message: url }).toBe(catalogue(lang)[`screens.${form}.title`]);
        await expect.poll(() => t.page.locator(`.screen-grid[data-form="${form}"] [role=row][data-key]`).count(), { message: `${url}: rows`, timeout: 10_000 }).toBeGreaterThan(0);
        const alerts = await t.page.locator('.toast-danger').allInnerTexts();
        if (alerts.length) problems.push(`${url}: ${alerts.join(' | ')}`);
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
