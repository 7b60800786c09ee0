/**
 * Issue 19, points 6, 14, 15 and 16 in the browser: a cleared English name shows the
 * fallback marked; the add form says the one-language rule and saves with German only;
 * form drop-downs in the UI language's text order; flags from our own server with no
 * request to another host; person-written dialog titles; VAT and category cells showing
 * what matters; the product code's allowed characters; Quill without an empty band and
 * in the UI language.
 */
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { browserSuite, clipboardText, signIn } from './browser.ts';
import { gridPage } from './gridPage.ts';

const t = browserSuite();
const g = gridPage(
  () => t.page,
  () => t.server,
);

/** Requests to any host but this machine's (the page's own server is loopback). */
function outsideRequests(page: Page): string[] {
  const out: string[] = [];
  page.on('request', (r) => {
    const host = new URL(r.url()).hostname;
    if (!['127.0.0.1', 'localhost', '[::1]', '::1'].includes(host) && !r.url().startsWith('data:')) out.push(r.url());
  });
  return out;
}

/** Option texts of a form select, without the first "(none)". */
const optionTexts = (page: Page, field: string) =>
  page
    .getByRole('dialog')
    .locator(`select[id$="-${field}"] option`)
    .evaluateAll((els) => els.slice(1).map((e) => e.textContent ?? ''));

/** Whether texts are in the order of the UI language's collation (numbers by value), computed in the page. */
const inOrder = (page: Page, texts: string[], locale: string) =>
  page.evaluate(
    ([xs, loc]) => {
      const c = new Intl.Collator(loc as string, { numeric: true });
      return (xs as string[]).every((x, i, a) => i === 0 || c.compare(a[i - 1]!, x) <= 0);
    },
    [texts, locale] as const,
  );

describe('point 6: a multi-language field needs one language', () => {
  it('clearing the English name with Delete shows the Bulgarian one, marked as a fallback', async () => {
    await g.openProducts();
    const [key] = await g.rowKeys(1);
    const before = await g.product(key!);
    expect(before.product_name.bg).toBeTruthy();
    await g.cell(key!, 'product_name').click();
    await t.page.keyboard.press('Delete');
    await expect.poll(async () => (await g.product(key!)).product_name.en ?? '', { timeout: 10_000 }).toBe('');
    const cell = g.cell(key!, 'product_name');
    await expect.poll(() => cell.locator('.cell-fallback').count()).toBe(1);
    expect(await cell.locator('.cell-lang-tag').innerText()).toBe('BG');
    expect(await cell.locator('.cell-fallback-text').innerText()).toBe(before.product_name.bg);
    expect(await cell.locator('.cell-fallback').getAttribute('title')).toBe('No text in English; showing Bulgarian');
    // Polled: the row's refresh after the save may replace the cell between the lookup and the read.
    await expect.poll(() => cell.locator('.cell-fallback-text').evaluate((el) => getComputedStyle(el).fontStyle)).toBe('italic');
    // A copy does not pass the Bulgarian text off as the English name.
    await t.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await cell.click();
    // The copy takes the focused cell: a row refresh may move rows under the click.
    await expect.poll(g.focused).toEqual([key, 'product_name']);
    await t.page.keyboard.press('Control+c');
    // (An empty cell is copied as an empty quoted field.)
    await expect.poll(() => clipboardText(t.page)).toMatch(/^(""|)$/);
  }, 120_000);

  it('the add form says the one-language rule and saves a product named in German only', async () => {
    await g.openProducts('de');
    await t.page.getByRole('button', { name: 'Hinzufügen' }).click();
    const dialog = t.page.getByRole('dialog');
    const names = dialog.locator('fieldset.multi-lang').first();
    await expect.poll(() => names.locator('.field-rule').innerText()).toBe('Pflichtfeld in mindestens einer Sprache');
    // No language input is marked required by itself.
    expect(await names.locator('input[aria-required]').count()).toBe(0);
    expect(await names.getAttribute('aria-describedby')).toContain('-rule');
    await dialog.locator('input[id$="-product_code"]').fill('DE-ONLY-1');
    // Saved with no name at all: the refusal says the same rule, not "Pflichtfeld".
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect.poll(() => names.locator('.field-error').allInnerTexts()).toEqual(['Geben Sie den Text in mindestens einer Sprache ein']);
    await dialog.locator('input[id$="-product_name-de"]').fill('Nur deutscher Name');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect.poll(() => t.page.getByRole('dialog').count(), { timeout: 10_000 }).toBe(0);
    expect((await g.product('DE-ONLY-1')).product_name).toEqual({ de: 'Nur deutscher Name' });
  }, 120_000);
});

describe('point 14: form drop-downs in the text order of the UI language', () => {
  for (const [lang, locale, add] of [
    ['en', 'en-GB', 'Add'],
    ['de', 'de-DE', 'Hinzufügen'],
  ] as const) {
    it(`orders countries, categories and VAT rates by what they show (${lang})`, async () => {
      await g.openProducts(lang);
      await t.page.getByRole('button', { name: add }).click();
      for (const field of ['country_of_origin', 'main_product_category_id', 'vat_id']) {
        await expect.poll(async () => (await optionTexts(t.page, field)).length, { timeout: 10_000 }).toBeGreaterThan(2);
        const texts = await optionTexts(t.page, field);
        expect(await inOrder(t.page, texts, locale), `${field}: ${texts.slice(0, 6).join(' | ')}`).toBe(true);
      }
      // Countries by name, not by ISO code: Austria (AT) is not after Germany (DE) in German either.
      const countries = await optionTexts(t.page, 'country_of_origin');
      if (lang === 'de') expect(countries.indexOf('Deutschland')).toBeLessThan(countries.indexOf('Österreich'));
    }, 120_000);
  }
});

describe('point 15: flags from our own server', () => {
  it('language and country flags are our SVGs, and no request leaves for another host', async () => {
    const outside = outsideRequests(t.page);
    await g.openProducts();
    // Country cells: a flag image from /flags/.
    await g.header('country_of_origin').scrollIntoViewIfNeeded();
    const flag = g.grid().locator('[data-field="country_of_origin"] img.cell-flag-img').first();
    await expect.poll(() => flag.count(), { timeout: 10_000 }).toBe(1);
    expect(await flag.getAttribute('src')).toMatch(/^\/flags\/[a-z]{2}\.svg$/);
    await expect.poll(() => flag.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);

    // The language select of the shop/language form: each flag is ours and loads.
    const shop = (await t.server.db.query<{ shop_id: number }>(`select shop_id from app.shops where hostname = 'shop-sk.example.com'`)).rows[0]!;
    await t.page.goto(`${t.server.url}/en/shops/frontend_shops`);
    await g.cell(String(shop.shop_id), 'hostname').click();
    const detail = t.page.locator('.grid-detail');
    await expect.poll(() => detail.locator('[role=row][data-key]').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const languageCell = detail.locator('[data-field="language_code"] img').first();
    await expect.poll(() => languageCell.count()).toBe(1);
    expect(await languageCell.getAttribute('src')).toMatch(/^\/flags\/[a-z]{2}\.svg$/);
    await detail.getByRole('button', { name: 'Add' }).click();
    const language = t.page.getByRole('dialog').getByRole('combobox', { name: 'Language' });
    await language.click();
    const list = t.page.getByRole('dialog').getByRole('listbox');
    await expect.poll(() => list.getByRole('option').count()).toBe(7);
    const srcs = await list.locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
    expect(srcs).toEqual(['/flags/gb.svg', '/flags/de.svg', '/flags/hu.svg', '/flags/sk.svg', '/flags/ro.svg', '/flags/cz.svg', '/flags/bg.svg']);
    await expect.poll(() => list.locator('img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0))).toBe(true);
    expect(outside).toEqual([]);
  }, 120_000);
});

describe('point 16: texts that read as a person wrote them', () => {
  it('titles the add form "New product" (and "Neues Produkt"), the edit form after the row', async () => {
    await g.openProducts();
    await t.page.getByRole('button', { name: 'Add' }).click();
    await expect.poll(() => t.page.getByRole('dialog').getByRole('heading').innerText()).toBe('New product');
    await t.page.keyboard.press('Escape');
    await expect.poll(() => t.page.getByRole('dialog').count()).toBe(0);

    await t.page.goto(`${t.server.url}/de/products/product_list`);
    await expect.poll(() => g.bodyRows().count(), { timeout: 10_000 }).toBeGreaterThan(5);
    await t.page.getByRole('button', { name: 'Hinzufügen' }).click();
    await expect.poll(() => t.page.getByRole('dialog').getByRole('heading').innerText()).toBe('Neues Produkt');
    await t.page.keyboard.press('Escape');

    // A screen without a phrase of its own: a general one naming the row and the screen.
    const page = (
      await t.server.db.query<{ page_id: number; title: string }>(
        `select f.page_id, f.page_title ->> 'en' as title from app.frontend_pages f join app.shops s using (shop_id) where s.company_code = 'SK01' order by f.page_id limit 1`,
      )
    ).rows[0]!;
    await t.page.goto(`${t.server.url}/en/shops/frontend_pages`);
    await expect.poll(() => g.cell(String(page.page_id), 'page_body').count(), { timeout: 10_000 }).toBe(1);
    await g.cell(String(page.page_id), 'page_body').dblclick();
    await expect.poll(() => t.page.getByRole('dialog').getByRole('heading').innerText()).toBe(`Edit ${page.title} — Shop pages`);
  }, 120_000);

  it('the product code refusal names the allowed characters', async () => {
    await g.openProducts();
    await t.page.getByRole('button', { name: 'Add' }).click();
    const dialog = t.page.getByRole('dialog');
    const code = dialog.locator('input[id$="-product_code"]');
    await code.fill('P 100');
    await code.blur();
    await expect.poll(() => dialog.locator('[id$="-product_code-error"]').innerText()).toBe('Allowed characters: A–Z a–z 0–9 . _ / -');
  }, 120_000);

  it('VAT cells show the rate first; a narrow category cell drops whole names and keeps the leaf', async () => {
    const withVat = (await t.server.db.query<{ product_code: string }>(`select product_code from app.products where company_code = 'SK01' and vat_id is not null order by product_code limit 1`))
      .rows[0]!.product_code;
    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(`${t.server.url}/en/products/product_list?product_code=${encodeURIComponent(withVat)}`);
    const vat = g.cell(withVat, 'vat_id');
    await expect.poll(() => vat.innerHTML(), { timeout: 10_000 }).toContain('cell-vat-rate');
    expect(await vat.innerText()).toMatch(/^\d+(\.\d+)?%\s+\S/);
    expect(await vat.locator('.cell-vat').getAttribute('title')).toMatch(/ \d+ %$/);

    // A product in a category three levels deep, its column narrowed to 150 px.
    const deep = (
      await t.server.db.query<{ product_code: string }>(
        `select p.product_code from app.products p join app.product_categories c on c.product_category_id = p.main_product_category_id
       join app.product_categories c1 on c1.product_category_id = c.parent_category_id
       where p.company_code = 'SK01' and c1.parent_category_id is not null order by p.product_code limit 1`,
      )
    ).rows[0]!;
    await t.page.goto(`${t.server.url}/en/products/product_list?product_code=${encodeURIComponent(deep.product_code)}`);
    const cat = g.cell(deep.product_code, 'main_product_category_id');
    await expect.poll(() => cat.locator('.cell-path-name').count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    const header = g.header('main_product_category_id');
    const box = (await header.boundingBox())!;
    await t.page.mouse.move(box.x + box.width - 1, box.y + box.height / 2);
    await t.page.mouse.down();
    await t.page.mouse.move(box.x + 150, box.y + box.height / 2, { steps: 5 });
    await t.page.mouse.up();
    await expect.poll(async () => Math.round((await cat.boundingBox())!.width)).toBeLessThanOrEqual(152);
    const shown = await cat.evaluate((el) => {
      const cell = el.getBoundingClientRect();
      const inside = (r: DOMRect) => r.top >= cell.top - 0.5 && r.bottom <= cell.bottom + 0.5;
      const names = [...el.querySelectorAll('.cell-path-name')].map((n) => ({ text: n.textContent ?? '', r: n.getBoundingClientRect(), leaf: n.classList.contains('cell-path-leaf') }));
      const visible = names.filter((n) => inside(n.r));
      const more = getComputedStyle(el.querySelector('.cell-path-line')!, '::before');
      return {
        leafVisible: names.some((n) => n.leaf && inside(n.r) && n.r.right <= cell.right + 0.5),
        // Every name in sight is whole: none is cut at the cell's left edge.
        cut: visible.filter((n) => n.r.left < cell.left - 0.5 || n.r.right > cell.right + 0.5).map((n) => n.text),
        dropped: names.length - visible.length,
        moreShown: parseFloat(more.height) > 0 && more.content.includes('…'),
      };
    });
    expect(shown.leafVisible).toBe(true);
    expect(shown.cut).toEqual([]);
    expect(shown.dropped).toBeGreaterThan(0);
    expect(shown.moreShown).toBe(true);
    // The whole path in the tooltip.
    expect((await cat.locator('.cell-path').getAttribute('title'))!.split(' › ').length).toBeGreaterThanOrEqual(3);
  }, 120_000);

  it('Quill leaves no empty band under its toolbar', async () => {
    const page = (await t.server.db.query<{ page_id: number }>(`select f.page_id from app.frontend_pages f join app.shops s using (shop_id) where s.company_code = 'SK01' order by f.page_id limit 1`))
      .rows[0]!;
    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(`${t.server.url}/en/shops/frontend_pages`);
    await expect.poll(() => g.cell(String(page.page_id), 'page_body').count(), { timeout: 10_000 }).toBe(1);
    await g.cell(String(page.page_id), 'page_body').dblclick();
    const dialog = t.page.getByRole('dialog');
    await expect.poll(() => dialog.locator('.ql-toolbar').count(), { timeout: 10_000 }).toBe(1);
    const m = await dialog.locator('.rich-text-editor').evaluate((box) => {
      const bar = box.querySelector('.ql-toolbar')!.getBoundingClientRect();
      const ed = box.querySelector('.ql-container')!.getBoundingClientRect();
      const buttons = [...box.querySelectorAll('.ql-toolbar button')].map((b) => b.getBoundingClientRect());
      return { bar: bar.height, buttonsBottom: Math.max(...buttons.map((b) => b.bottom)) - bar.top, gap: ed.top - bar.bottom, editor: ed.height, box: box.getBoundingClientRect().height };
    });
    // The toolbar is as high as its buttons (plus its padding), the editor starts right under it and takes the rest.
    expect(m.bar - m.buttonsBottom).toBeLessThan(16);
    expect(m.bar).toBeLessThan(60);
    expect(Math.abs(m.gap)).toBeLessThan(2);
    expect(m.editor).toBeGreaterThan(m.box - m.bar - 2);
  }, 120_000);

  it('an editor whose code comes late leaves the focus in the field the user went on typing in', async () => {
    const page = (await t.server.db.query<{ page_id: number }>(`select f.page_id from app.frontend_pages f join app.shops s using (shop_id) where s.company_code = 'SK01' order by f.page_id limit 1`))
      .rows[0]!;
    // Quill's chunk held until the user is typing in another field of the form.
    let release: (() => void) | undefined;
    await t.page.route('**/assets/quill-*.js', (route) => {
      release = () => void route.continue().catch(() => {});
    });
    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(`${t.server.url}/en/shops/frontend_pages`);
    await expect.poll(() => g.cell(String(page.page_id), 'page_body').count(), { timeout: 10_000 }).toBe(1);
    await g.cell(String(page.page_id), 'page_body').dblclick();
    const dialog = t.page.getByRole('dialog');
    const field = dialog.locator('input[type="text"]:not([readonly]):not([disabled])').first();
    await field.click();
    await t.page.keyboard.press('End');
    await t.page.keyboard.type('ab');
    await expect.poll(() => !!release).toBe(true);
    release!();
    await expect.poll(() => dialog.locator('.ql-toolbar').count(), { timeout: 10_000 }).toBe(1);
    await t.page.keyboard.type('cd');
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await field.inputValue()).toMatch(/abcd$/);
    expect(await dialog.locator('.ql-editor').first().innerText()).not.toContain('cd');
  }, 120_000);

  it("Quill speaks the UI language: the header picker, the buttons' names and the link tooltip in German", async () => {
    const page = (await t.server.db.query<{ page_id: number }>(`select f.page_id from app.frontend_pages f join app.shops s using (shop_id) where s.company_code = 'SK01' order by f.page_id limit 1`))
      .rows[0]!;
    await signIn(t.page, t.server.url, 'admin@example.com', 'de');
    await t.page.goto(`${t.server.url}/de/shops/frontend_pages`);
    await expect.poll(() => g.cell(String(page.page_id), 'page_body').count(), { timeout: 10_000 }).toBe(1);
    await g.cell(String(page.page_id), 'page_body').dblclick();
    const dialog = t.page.getByRole('dialog');
    await expect.poll(() => dialog.locator('.ql-toolbar').count(), { timeout: 10_000 }).toBe(1);
    // What the CSS shows (Quill's own is "Normal", "Heading 2"…), read as the user sees it.
    const shown = (sel: string, pseudo: '::before' | '::after' = '::before') =>
      dialog.locator(sel).evaluateAll((els, p) => els.map((e) => getComputedStyle(e, p).content.replace(/^"|"$/g, '')), pseudo);
    expect(await shown('.ql-picker.ql-header .ql-picker-item')).toEqual(['Überschrift 2', 'Überschrift 3', 'Standard']);
    expect(await shown('.ql-picker.ql-header .ql-picker-label')).toEqual(['Standard']);
    const names = await dialog.locator('.ql-toolbar button').evaluateAll((els) => els.map((e) => [e.getAttribute('aria-label'), e.getAttribute('title')]));
    expect(names).toEqual(['Fett', 'Kursiv', 'Unterstrichen', 'Nummerierte Liste', 'Aufzählung', 'Link', 'Zitat', 'Formatierung entfernen'].map((n) => [n, n]));
    // A heading chosen: the picker names it in German too.
    await dialog.locator('.ql-editor').click();
    await dialog.locator('.ql-picker.ql-header .ql-picker-label').click();
    await dialog.locator('.ql-picker.ql-header .ql-picker-item[data-value="2"]').click();
    expect(await shown('.ql-picker.ql-header .ql-picker-label')).toEqual(['Überschrift 2']);
    // The link tooltip asks and saves in German.
    await dialog.locator('.ql-editor').click();
    await t.page.keyboard.press('Control+a');
    await dialog.locator('.ql-toolbar button.ql-link').click();
    await expect.poll(async () => (await shown('.ql-tooltip'))[0]).toBe('Link eingeben:');
    expect(await shown('.ql-tooltip a.ql-action', '::after')).toEqual(['Speichern']);
  }, 120_000);
});
