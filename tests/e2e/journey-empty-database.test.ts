/**
 * Issue 46's done-when, second half, in the browser: a new PostgreSQL database (PGlite without
 * TEST_DATABASE_URL) started with ADMIN_EMAIL/ADMIN_PASSWORD and DEMO_DATA=0 — no demo data,
 * no SQL. In German, the administrator signs in, is led by the home page's set-up checklist,
 * and sets up VAT, a shop with its host, a category, delivery and payment, two products with
 * their fields, prices and pictures, listed in the shop; the storefront at that host shows
 * both, a customer orders one, and the order is in the sales orders in the company's currency.
 *
 * One function per set-up step (`steps`), so a step is easy to swap for a screen a later
 * release brings.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { IntlMessageFormat } from 'intl-messageformat';
import sharp from 'sharp';
import type { Locator, Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../api/harness.ts';
import { screens } from '../../src/server/actions/engine/screens.ts';
import { axeProblems } from './axe.ts';
import { openInApp } from './browser.ts';
import { emptyDatabaseSuite } from './emptyDatabase.ts';
import { typeIntoCell } from './gridPage.ts';
import { mainRoutes } from './routeAreas.ts';

const LANG = 'de';
/** No ADMIN_COMPANY: the database starts without a company, and she creates it in the browser. */
const ADMIN = {
  ADMIN_EMAIL: 'inhaberin@muster.test',
  ADMIN_PASSWORD: 'ein langes Passwort 46',
};
const COMPANY = { code: 'MUST', name: 'Muster Werkzeuge GmbH', currency: 'EUR', country: 'Deutschland' };
const HOST = 'werkzeug.muster.test';
const catalogue = JSON.parse(readFileSync(`locales/${LANG}.json`, 'utf8')) as Record<string, string>;
/** A text of the German catalogue (its placeholders left as they are). */
const de = (key: string): string => {
  const text = catalogue[key];
  if (text === undefined) throw new Error(`no ${key} in locales/${LANG}.json`);
  return text;
};

const t = emptyDatabaseSuite(ADMIN, { width: 1600, height: 1000 });

/** The two products, every field of the product list's add form. */
const PRODUCTS = [
  {
    code: 'HAM-500',
    name: { de: 'Schlosserhammer 500 g', en: 'Machinist hammer 500 g' },
    supplierCode: 'SUP-HAM-500',
    purchase: '7,40',
    price: '16,50',
    minMargin: '20',
    expMargin: '35',
    maxDiscount: '10',
    origin: 'Deutschland',
    hsCode: '820520',
    weight: '0,6',
    discountEnd: '31.12.2030',
    color: [200, 40, 40] as const,
    short: 'Geschmiedeter Hammer mit Eschenstiel.',
    long: 'Kopf aus C45-Stahl, gehärtet und geschliffen.',
    days: ['5', '2', '14'],
    size: ['30', '4', '11,5'],
  },
  {
    code: 'ZAN-200',
    name: { de: 'Kombizange 200 mm', en: 'Combination pliers 200 mm' },
    supplierCode: 'SUP-ZAN-200',
    purchase: '5,10',
    price: '11,90',
    minMargin: '20',
    expMargin: '30',
    maxDiscount: '5',
    origin: 'Österreich',
    hsCode: '820320',
    weight: '0,35',
    discountEnd: '30.06.2031',
    color: [40, 80, 200] as const,
    short: 'Zange mit Zweikomponentengriffen.',
    long: 'Chrom-Vanadium-Stahl, induktiv gehärtete Schneiden.',
    days: ['3', '1', '10'],
    size: ['20', '6', '2,5'],
  },
];

const grid = (form: string) => t.page.locator(`.screen-grid[data-form="${form}"]`).first();
const rows = (form: string) => grid(form).locator('[role=row][data-key]');

/** Every answer of the server ≥ 400 and every console error of the page, as `status path` / `console: text`. */
function watchProblems(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (r) => void (r.status() >= 400 && seen.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname} ${r.request().postData()?.slice(0, 200) ?? ''}`)));
  page.on('console', (m) => void (m.type() === 'error' && seen.push(`console: ${m.text()}`)));
  page.on('pageerror', (e) => void seen.push(`pageerror: ${e.message}`));
  return seen;
}

/** Signs in through the login form, as the administrator does the first time. */
async function signInByForm(page: Page, base: string, lang: string): Promise<void> {
  await page.goto(`${base}/${lang}/login`);
  await page.locator('#login-email').fill(ADMIN.ADMIN_EMAIL);
  await page.locator('#login-password').fill(ADMIN.ADMIN_PASSWORD);
  await page.locator('form.login-form button[type=submit]').click();
  await page.waitForURL((u) => !u.pathname.endsWith('/login'));
}

/** Opens a screen of the back office in German and waits for its grid (empty or not) to be drawn. */
async function openScreen(path: string, form: string): Promise<void> {
  if (new URL(t.page.url()).pathname !== `/${LANG}${path}`) await t.page.goto(`${t.server.url}/${LANG}${path}`);
  await expect
    .poll(
      () =>
        grid(form)
          .locator('[role=grid]')
          .first()
          .evaluate((g) => !g.hasAttribute('aria-busy')),
      { timeout: 20_000 },
    )
    .toBe(true);
}

/** The form of a grid's Add button: `fill` types into it, then Save; waits until it closed (else says what it shows). */
async function addWithForm(form: string, fill: (dialog: Locator) => Promise<void>, toolbar: Locator = grid(form).locator(':scope > .grid-toolbar')): Promise<void> {
  await toolbar.getByRole('button', { name: de('common.add'), exact: true }).click();
  const dialog = t.page.getByRole('dialog');
  await expect.poll(() => dialog.count()).toBe(1);
  await fill(dialog);
  await dialog.getByRole('button', { name: de('common.save'), exact: true }).click();
  // allInnerTexts, not innerText: the dialog may close between the count and the read, and innerText would wait 30 s for it.
  await expect
    .poll(async () => ((await dialog.count()) === 0 ? 'closed' : `${(await dialog.allInnerTexts()).join(' ')} | ${(await t.page.locator('.toast-text').allInnerTexts()).join(' | ')}`), {
      timeout: 15_000,
    })
    .toBe('closed');
}

const field = (dialog: Locator, name: string) => dialog.locator(`[id$="-${name}"]`);
const selectLabel = async (dialog: Locator, name: string, label: string) => {
  const select = dialog.locator(`select[id$="-${name}"]`);
  await expect.poll(() => select.locator('option', { hasText: label }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
  await select.selectOption({ label });
};

/** A row of a screen's detail grid below the picked row: `tab` its title. */
async function openDetail(master: string, key: string, clickField: string, tab: string | undefined, detailForm: string): Promise<Locator> {
  await grid(master).locator(`[role=row][data-key="${key}"] [role=gridcell][data-field="${clickField}"]`).click();
  if (tab) await t.page.locator('.grid-detail').getByRole('tab', { name: tab }).click();
  const detail = t.page.locator(`.screen-grid[data-form="${detailForm}"]`);
  await expect.poll(() => detail.count(), { timeout: 15_000 }).toBe(1);
  return detail;
}

/** The server's database: only reads, to find keys the browser shows and what was stored (never a set-up write). */
const one = async <T>(s: TestServer, sql: string, params: unknown[] = []): Promise<T> => (await s.db.query<T & Record<string, unknown>>(sql, params)).rows[0]!;

/**
 * From the home page, the checklist's item `key`: not done yet, saying what is missing, its link
 * followed to its screen (in German); the items before it are done.
 */
async function followChecklist(key: string, path: string, codes = 'address_line_1'): Promise<void> {
  await t.page.goto(`${t.server.url}/${LANG}`);
  const checklist = t.page.locator('.setup-checklist');
  const item = checklist.locator(`li[data-setup="${key}"]`);
  await expect.poll(() => item.count(), { timeout: 15_000 }).toBe(1);
  expect(await item.getAttribute('data-done')).toBeNull();
  // The company's line says there is none (`codes` 'company') or names its settings (the select's other branch); the others have no value.
  expect(await item.locator('.setup-missing').innerText()).toBe(new IntlMessageFormat(de(`home.setup_${key}_missing`), LANG).format({ codes, count: 1 }));
  const keys = await checklist.locator('li[data-setup]').evaluateAll((els) => els.map((e) => [e.getAttribute('data-setup'), e.hasAttribute('data-done')] as const));
  const before = keys
    .slice(
      0,
      keys.findIndex(([k]) => k === key),
    )
    .filter(([k]) => k !== 'company' && k !== 'rates');
  expect(
    before.every(([, done]) => done),
    JSON.stringify(keys),
  ).toBe(true);
  await item.locator('a').click();
  await t.page.waitForURL((u) => u.pathname === `/${LANG}${path}`);
}

const steps = {
  /**
   * The company, created on the companies screen the checklist leads to (the only item while
   * there is none): the header offers it at once, with its currency as the view currency.
   */
  async createCompany() {
    const items = t.page.locator('.setup-checklist li[data-setup]');
    await followChecklist('company', '/settings/companies', 'company');
    await openScreen('/settings/companies', 'companies');
    expect(await t.page.getByRole('combobox', { name: de('common.company') }).count()).toBe(0);
    await addWithForm('companies', async (d) => {
      await field(d, 'company_code').fill(COMPANY.code);
      await field(d, 'company_name').fill(COMPANY.name);
      await selectLabel(d, 'currency_code', COMPANY.currency);
      await selectLabel(d, 'country_code', COMPANY.country);
    });
    await expect.poll(() => rows('companies').count(), { timeout: 15_000 }).toBe(1);
    await steps.header();
    // Back home, the checklist has every item now, the company's asking for its settings.
    await t.page.goto(`${t.server.url}/${LANG}`);
    await expect.poll(() => items.count(), { timeout: 15_000 }).toBeGreaterThan(1);
    expect(await t.page.locator('.setup-checklist li[data-setup="vats"] a').getAttribute('href')).toBe('/de/settings/vats');
    expect(await t.page.locator('.setup-checklist li[data-setup="vats"] .setup-missing').innerText()).toBe(de('home.setup_vats_missing'));
  },

  /** The company's settings on the companies screen, its row's cells typed in. */
  async company() {
    await followChecklist('company', '/settings/companies');
    await openScreen('/settings/companies', 'companies');
    const settings: [string, string][] = [
      ['address_line_1', 'Heidestraße 17'],
      ['zip_code', '51147'],
      ['city', 'Köln'],
      ['vat_number', 'DE123456789'],
      ['email', 'info@muster.test'],
    ];
    for (const [name, value] of settings) {
      const cell = grid('companies').locator(`[role=row][data-key="${COMPANY.code}"] [role=gridcell][data-field="${name}"]`);
      await typeIntoCell(t.page, cell, value);
      await expect.poll(() => cell.innerText(), { timeout: 10_000 }).toBe(value);
    }
  },

  /** The header with exactly one company, its name (no reload: the save read the session again), and the view currency (the company's). */
  async header() {
    const company = t.page.getByRole('combobox', { name: de('common.company') });
    await expect.poll(() => company.locator('option').allInnerTexts(), { timeout: 15_000 }).toEqual([COMPANY.name]);
    await expect.poll(() => t.page.getByRole('combobox', { name: de('common.currency') }).inputValue()).toBe(COMPANY.currency);
  },

  /** A currency the reference data lacks (the Swiss franc), on the currencies screen. */
  async currency() {
    await openScreen('/settings/currencies', 'currencies');
    await addWithForm('currencies', async (d) => {
      await field(d, 'currency_code').fill('CHF');
      await field(d, 'currency_name-de').fill('Schweizer Franken');
      await field(d, 'currency_name-en').fill('Swiss franc');
    });
    await expect.poll(() => grid('currencies').locator('[role=row][data-key="CHF"]').count(), { timeout: 15_000 }).toBe(1);
  },

  /**
   * Today's rates on the rates screen: the US dollar's added, then typed over in its cell, and
   * the new currency's (the day is today's unless she picks another). A new company has only
   * its own currency's rate.
   */
  async rates() {
    await openScreen('/finance/currency_rates', 'currency_rates');
    await expect.poll(() => rows('currency_rates').count(), { timeout: 15_000 }).toBe(1);
    const rateOf = async (currency: string) =>
      (
        await t.server.db.query<{ rate_id: number; rate: string; source: string; today: boolean }>(
          `select rate_id, rate::float8::text as rate, source, rate_date = current_date as today from app.currency_rate_days where company_code = $1 and currency_code = $2`,
          [COMPANY.code, currency],
        )
      ).rows[0];
    await addWithForm('currency_rates', async (d) => {
      await selectLabel(d, 'currency_code', 'USD');
      await field(d, 'rate').fill('0,93');
    });
    await expect.poll(() => rateOf('USD'), { timeout: 10_000 }).toMatchObject({ rate: '0.93', today: true });
    const usd = (await rateOf('USD'))!;
    const cell = grid('currency_rates').locator(`[role=row][data-key="${usd.rate_id}"] [role=gridcell][data-field="rate"]`);
    await typeIntoCell(t.page, cell, '0,9251');
    await expect.poll(() => cell.innerText(), { timeout: 10_000 }).toBe('0,9251');
    // Saved as a rate of the user's own, which the daily feed leaves alone.
    await expect.poll(() => rateOf('USD'), { timeout: 10_000 }).toMatchObject({ rate: '0.9251', source: 'manual' });
    await addWithForm('currency_rates', async (d) => {
      await selectLabel(d, 'currency_code', 'CHF');
      await field(d, 'rate').fill('1,0712');
    });
    await expect.poll(() => rateOf('CHF'), { timeout: 10_000 }).toMatchObject({ rate: '1.0712', today: true });
  },

  async vat() {
    await openScreen('/settings/vats', 'vats');
    await addWithForm('vats', async (d) => {
      await field(d, 'vat_code').fill('DE19');
      await field(d, 'vat_names-de').fill('Normalsatz');
      await field(d, 'vat_names-en').fill('Standard rate');
      await field(d, 'vat_rate').fill('19');
      await field(d, 'vat_default').check();
    });
    await expect.poll(() => rows('vats').count()).toBe(1);
  },

  async shop() {
    await openScreen('/shops/frontend_shops', 'frontend_shops');
    await addWithForm('frontend_shops', async (d) => {
      await field(d, 'shop_name').fill('Muster Werkzeug-Shop');
      await field(d, 'hostname').fill(HOST);
      await selectLabel(d, 'currency_code', 'EUR');
      const language = d.getByRole('combobox', { name: de('fields.language_code') });
      await language.click();
      await d
        .getByRole('listbox')
        .getByRole('option', { name: /Deutsch/ })
        .click();
    });
    await expect.poll(() => rows('frontend_shops').count()).toBe(1);
  },

  async category() {
    await openScreen('/products/categories', 'categories');
    await addWithForm('categories', async (d) => {
      await field(d, 'product_category_names-de').fill('Handwerkzeug');
      await field(d, 'product_category_names-en').fill('Hand tools');
    });
    await expect.poll(() => rows('categories').count()).toBe(1);
  },

  /** The category in the shop (the shop's categories screen). */
  async shopCategory() {
    await openScreen('/shops/frontend_categories', 'frontend_categories');
    await addWithForm('frontend_categories', async (d) => {
      await selectLabel(d, 'shop_id', HOST);
      await selectLabel(d, 'product_category_id', 'Handwerkzeug');
    });
    await expect.poll(() => rows('frontend_categories').count()).toBe(1);
  },

  async delivery() {
    await openScreen('/shops/delivery_methods', 'delivery_methods');
    await addWithForm('delivery_methods', async (d) => {
      await field(d, 'dm_code').fill('dhl');
      await field(d, 'dm_names-de').fill('DHL Paket');
      await field(d, 'price').fill('4,90');
      await field(d, 'free_from').fill('100');
    });
    await expect.poll(() => rows('delivery_methods').count()).toBe(1);
    const dm = await one<{ dm_id: number }>(t.server, `select dm_id from app.delivery_methods where dm_code = 'dhl'`);
    const detail = await openDetail('delivery_methods', String(dm.dm_id), 'dm_code', undefined, 'delivery_method_details');
    await addWithForm(
      'delivery_method_details',
      async (d) => {
        await selectLabel(d, 'country_code', 'Deutschland');
        await field(d, 'weight_from').fill('0');
        await field(d, 'price').fill('4,90');
        await field(d, 'delivery_days').fill('2');
      },
      detail.locator(':scope > .grid-toolbar'),
    );
    await expect.poll(() => detail.locator('[role=row][data-key]').count()).toBe(1);
  },

  async payment() {
    await openScreen('/shops/payment_methods', 'payment_methods');
    await addWithForm('payment_methods', async (d) => {
      await field(d, 'pm_code').fill('rechnung');
      await field(d, 'pm_names-de').fill('Kauf auf Rechnung');
      await field(d, 'fee').fill('0');
    });
    await expect.poll(() => rows('payment_methods').count()).toBe(1);
    const pm = await one<{ pm_id: number }>(t.server, `select pm_id from app.payment_methods where pm_code = 'rechnung'`);
    const detail = await openDetail('payment_methods', String(pm.pm_id), 'pm_code', undefined, 'payment_method_shops');
    await addWithForm('payment_method_shops', (d) => selectLabel(d, 'shop_id', HOST), detail.locator(':scope > .grid-toolbar'));
    await expect.poll(() => detail.locator('[role=row][data-key]').count()).toBe(1);
  },

  async brand() {
    await openScreen('/products/brands', 'brands');
    await addWithForm('brands', (d) => field(d, 'brand_name').fill('Muster Pro'));
    await expect.poll(() => rows('brands').count()).toBe(1);
  },

  async manufacturer() {
    await openScreen('/products/manufacturers', 'manufacturers');
    await addWithForm('manufacturers', async (d) => {
      await field(d, 'mf_name').fill('Muster Schmiede KG');
      await selectLabel(d, 'country_code', 'Deutschland');
    });
    await expect.poll(() => rows('manufacturers').count()).toBe(1);
  },

  /** A collection (a product line) the products belong to. */
  async collection() {
    await openScreen('/products/collections', 'collections');
    await addWithForm('collections', (d) => field(d, 'ct_name').fill('Meisterlinie'));
    await expect.poll(() => rows('collections').count()).toBe(1);
  },

  /**
   * A product with every field of the product list's add form, tab by tab (basics, prices,
   * logistics, shop, texts; the long description in the rich-text editor), then its picture
   * in the images grid below it. Every field the form lets her change is filled: the form is
   * checked for an empty one before it is saved.
   */
  async product(p: (typeof PRODUCTS)[number]) {
    await openScreen('/products/product_list', 'product_list');
    await addWithForm('product_list', async (d) => {
      const tab = async (group: string) => {
        await d
          .getByRole('tablist', { name: de('forms.groups') })
          .getByRole('tab', { name: de(`groups.${group}`) })
          .click();
        await expect
          .poll(() =>
            d
              .getByRole('tablist', { name: de('forms.groups') })
              .getByRole('tab', { name: de(`groups.${group}`) })
              .getAttribute('aria-selected'),
          )
          .toBe('true');
      };
      const fill = async (values: Record<string, string>) => {
        for (const [name, value] of Object.entries(values)) await field(d, name).fill(value);
      };
      // Every field of the tab she may change holds a value (other languages' texts may stay empty; the rich-text editor's link box is no field).
      const filled = async (group: string) => {
        const empty = await d
          .getByRole('tabpanel')
          .evaluate((panel) =>
            [...panel.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input:not([type=checkbox]):not([type=file]):not(:disabled), select:not(:disabled)')]
              .filter((e) => e.value === '' && !e.closest('.ql-tooltip, .ql-toolbar') && !/-(en|hu|sk|ro|cs|bg)$/.test(e.id))
              .map((e) => e.id),
          );
        expect(empty, group).toEqual([]);
      };
      await tab('basics');
      await fill({ product_code: p.code, 'product_name-de': p.name.de, 'product_name-en': p.name.en, supplier_product_code: p.supplierCode });
      await selectLabel(d, 'brand_id', 'Muster Pro');
      await selectLabel(d, 'mf_id', 'Muster Schmiede KG');
      await selectLabel(d, 'ct_id', 'Meisterlinie');
      await d.locator('select[id$="-pt_id"]').selectOption({ index: 1 });
      await selectLabel(d, 'main_product_category_id', 'Handwerkzeug');

      await filled('basics');
      await tab('prices');
      await selectLabel(d, 'vat_id', 'Normalsatz');
      await selectLabel(d, 'purchase_price_currency_code', 'EUR');
      await fill({
        purchase_price_original: p.purchase,
        purchase_price_base: p.purchase,
        selling_price_shop: p.price,
        min_margin: p.minMargin,
        exp_margin: p.expMargin,
        max_discount_limit_percent: p.maxDiscount,
        discount_percent: '0',
        max_discount: p.maxDiscount,
        new_discount: '0',
        discounted_price_shop: p.price,
        new_discounted_price: p.price,
        discount_end_date: p.discountEnd,
        unit_price: p.price,
        new_unit_price: p.price,
        unit_price_original: p.purchase,
      });

      await filled('prices');
      await tab('logistics');
      await selectLabel(d, 'keep_in_stock', de('options.keep_in_stock.1'));
      await d.locator('select[id$="-packing_template_id"]').selectOption({ index: 1 });
      await selectLabel(d, 'country_of_origin', p.origin);
      const [length, width, height] = p.size;
      await fill({
        new_qty: '0',
        hs_code: p.hsCode,
        production_time: p.days[0]!,
        delivery_time: p.days[1]!,
        purchase_time: p.days[2]!,
        weight: p.weight,
        length: length!,
        width: width!,
        height: height!,
        volume: '0,002',
        pallet_length: '120',
        pallet_width: '80',
        pallet_height: '100',
        master_box_length: '40',
        master_box_width: '30',
        master_box_height: '20',
        master_box_qty: '24',
      });

      await filled('logistics');
      await tab('shop');
      expect(await field(d, 'active').isChecked()).toBe(true);
      expect(await field(d, 'can_order').isChecked()).toBe(true);
      await field(d, 'new_product').check();
      await field(d, 'free_shipping').check();

      await filled('shop');
      await tab('texts');
      await fill({ 'description_short-de': p.short });
      const editor = d.locator('.ql-editor');
      await expect.poll(() => editor.count()).toBe(1);
      await editor.click();
      await t.page.keyboard.type(p.long);

      await filled('texts');
    });
    await expect.poll(() => grid('product_list').locator(`[role=row][data-key="${p.code}"]`).count(), { timeout: 15_000 }).toBe(1);
    // Its picture: a file dropped on the images grid below the product.
    const images = await openDetail('product_list', p.code, 'product_name', de('screens.product_images.title'), 'product_images');
    const png = [
      ...(await sharp({ create: { width: 400, height: 400, channels: 3, background: { r: p.color[0], g: p.color[1], b: p.color[2] } } })
        .png()
        .toBuffer()),
    ];
    await images.evaluate(
      (el, file) => {
        const dt = new DataTransfer();
        dt.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: 'image/png' }));
        const at = el.querySelector('[role=grid]') ?? el;
        for (const type of ['dragenter', 'dragover', 'drop']) at.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
      },
      { name: `${p.code}.png`, bytes: png },
    );
    await expect.poll(() => images.locator('[role=row][data-key]').count(), { timeout: 15_000 }).toBe(1);
  },

  /** Both products picked in the product list and listed in the shop with its category ("In Shop listen…"). */
  async listInShop(codes: string[]) {
    await openScreen('/products/product_list', 'product_list');
    const list = grid('product_list');
    for (const code of codes) await list.locator(`[role=row][data-key="${code}"] [role=checkbox]`).first().click();
    const button = list.locator(':scope > .grid-toolbar .grid-bulk-shop-list');
    await expect.poll(() => button.innerText()).toBe(`${de('grid.bulk_shop_list')} (${codes.length})`);
    await button.click();
    const dialog = t.page.getByRole('dialog', { name: de('grid.bulk_shop_list_title') });
    await dialog.getByTestId('shop-list-shop').selectOption({ label: `Muster Werkzeug-Shop (${HOST})` });
    await dialog.getByTestId('shop-list-categories').selectOption({ label: 'Handwerkzeug' });
    await expect.poll(() => dialog.getByTestId('shop-list-preview').innerText()).toContain(String(codes.length));
    await dialog.getByTestId('shop-list-run').click();
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0);
  },
};

const shopper = {
  /** A customer puts the product in the cart from its card and checks out with delivery and payment; answers the order's reference. */
  async order(code: string): Promise<string> {
    const page = t.page;
    const card = page.locator('.card[data-product]').filter({ has: page.locator(`a[href$="/product/${code.toLowerCase()}"]`) });
    await card.locator('form.add button').click();
    await expect.poll(() => page.locator('.cart-button').getAttribute('data-cart-count'), { timeout: 15_000 }).toBe('1');
    await page.goto(`${t.server.url}/storefront/${HOST}/checkout`);
    await page.fill('#f-name', 'Erika Mustermann');
    await page.fill('#f-email', 'erika.mustermann@example.com');
    await page.fill('#f-phone', '+49 30 1234567');
    await page.fill('#f-address', 'Heidestraße 17');
    await page.fill('#f-zip', '51147');
    await page.fill('#f-city', 'Köln');
    await expect.poll(() => page.locator('#f-country').inputValue()).toBe('DE');
    await page.locator('input[name="dm"]').first().check();
    await page.locator('input[name="pm"]').first().check();
    await page.locator('button[value="place"]').click();
    const done = page.locator('[data-reference]');
    await expect.poll(() => done.count(), { timeout: 15_000 }).toBe(1);
    return (await done.getAttribute('data-reference'))!;
  },
};

const backOffice = {
  /** The administrator finds the order in the sales orders, its total in the company's currency. */
  async orderIsThere(reference: string) {
    const page = t.page;
    const order = await one<{ order_id: number; currency_code: string; grand_total: string; state_code: string }>(
      t.server,
      'select order_id, currency_code, grand_total::text as grand_total, state_code from app.v_sales_orders where fsm_reference = $1',
      [reference],
    );
    expect(order).toMatchObject({ currency_code: COMPANY.currency, state_code: 'placed' });
    await signInByForm(page, t.server.url, LANG);
    await openScreen('/sales/sales_orders', 'sales_orders');
    await expect.poll(() => rows('sales_orders').count(), { timeout: 15_000 }).toBe(1);
    const total = grid('sales_orders').locator(`[role=row][data-key="${order.order_id}"] [role=gridcell][data-field="grand_total"]`);
    const euros = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(Number(order.grand_total));
    await expect.poll(async () => (await total.innerText()).replace(/\s/g, ' '), { timeout: 15_000 }).toBe(euros.replace(/\s/g, ' '));
  },
};

/** The storefront at HOST: its root answered for that Host header (no back office). */
function storefrontRoot(url: string): Promise<{ status: number; body: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path: '/', headers: { host: HOST } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('from an empty database to the first storefront order, in German, without SQL', () => {
  it('every screen of the menu opens on the empty database with no company yet, in German, without a failed request or an error', async () => {
    const page = t.page;
    const problems = watchProblems(page);
    await signInByForm(page, t.server.url, LANG);
    // The first page after signing in: home, with the set-up checklist.
    await expect.poll(() => page.locator('.setup-checklist h2').count(), { timeout: 15_000 }).toBe(1);
    expect(await axeProblems(page, '/de with the set-up checklist')).toEqual([]);
    // Dismissed, it stays away in this browser (a page load later too).
    await page.getByRole('button', { name: de('home.setup_dismiss') }).click();
    await expect.poll(() => page.locator('.setup-checklist').count()).toBe(0);
    await page.reload();
    await expect.poll(() => page.locator('.home-welcome').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => page.locator('.area-grid').count()).toBe(1);
    expect(await page.locator('.setup-checklist').count()).toBe(0);
    let title = '';
    for (const r of mainRoutes) {
      problems.push(`— ${r.path}`);
      await openInApp(page, `${t.server.url}/${LANG}${r.path}`);
      await expect.poll(() => page.locator('h1.page-title').innerText(), { message: r.path, timeout: 15_000 }).not.toBe(title);
      title = await page.locator('h1.page-title').innerText();
      await expect.poll(() => page.locator('[role=grid][aria-busy]').count(), { message: r.path, timeout: 15_000 }).toBe(0);
      problems.push(...(await page.locator('.toast-danger, .alert-danger, .error-page').allInnerTexts()).map((x) => `${r.path}: ${x}`));
      // No company yet: a company's screen says so, with the way to create one; the others list.
      const companyScreen = !!screens.get(r.form)?.source.company;
      await expect.poll(() => page.locator('.no-company').count(), { message: r.path }).toBe(companyScreen ? 1 : 0);
      if (companyScreen) expect(await page.locator('.no-company a').getAttribute('href')).toBe(`/${LANG}/settings/companies`);
    }
    expect(problems.filter((p) => !p.startsWith('— ')).length ? problems : [], 'failed requests, errors shown and console errors (after the route they came on)').toEqual([]);
  }, 300_000);

  it('the administrator signs in, picks German, is led by the checklist and sets the company up in the browser', async () => {
    const page = t.page;
    const problems = watchProblems(page);
    // Signed in through the form in English, German picked in the header: the page stays, its words change.
    await signInByForm(page, t.server.url, 'en');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await page.waitForURL((u) => u.pathname === '/de' || u.pathname === '/de/');
    // The checklist says what is missing, linking each screen under /de: with no company yet, only that.
    const checklist = page.locator('.setup-checklist');
    await expect.poll(() => checklist.getByRole('heading').innerText(), { timeout: 15_000 }).toBe(de('home.setup_title'));
    expect(await checklist.locator('li[data-setup]').evaluateAll((els) => els.map((e) => e.getAttribute('data-setup')))).toEqual(['company']);

    await steps.createCompany();
    await steps.company();
    await steps.currency();
    await steps.rates();
    await followChecklist('vats', '/settings/vats');
    await steps.vat();
    await followChecklist('shop', '/shops/frontend_shops');
    await steps.shop();
    await followChecklist('delivery', '/shops/delivery_methods');
    await steps.delivery();
    await followChecklist('payment', '/shops/payment_methods');
    await steps.payment();
    await followChecklist('category', '/products/categories');
    await steps.category();
    await steps.shopCategory();
    await steps.brand();
    await steps.manufacturer();
    await steps.collection();
    await followChecklist('product', '/products/product_list');
    for (const p of PRODUCTS) await steps.product(p);
    // What the forms stored, typed the German way (decimal commas, day-first dates).
    const stored = await t.server.db.query(
      `select product_code, product_name ->> 'de' as name, selling_price_shop::text as price, purchase_price_base::text as purchase, weight::text as weight,
              discount_end_date::text as discount_end, keep_in_stock, b.brand_name, m.mf_name, v.vat_code, country_of_origin, p.company_code,
              c.ct_name, length::text as length, height::text as height, master_box_qty, production_time, purchase_time, free_shipping, new_product, can_order,
              description_short ->> 'de' as short, description ->> 'de' as long,
              (select count(*)::int from app.product_images i where i.product_code = p.product_code) as pictures
       from app.products p left join app.brands b using (brand_id) left join app.manufacturers m using (mf_id) left join app.vats v using (vat_id) left join app.collections c using (ct_id) order by product_code`,
    );
    expect(stored.rows).toEqual([
      {
        product_code: 'HAM-500',
        name: 'Schlosserhammer 500 g',
        price: '16.5000',
        purchase: '7.4000',
        weight: '0.600',
        discount_end: '2030-12-31',
        keep_in_stock: 1,
        brand_name: 'Muster Pro',
        mf_name: 'Muster Schmiede KG',
        vat_code: 'DE19',
        country_of_origin: 'DE',
        company_code: 'MUST',
        ct_name: 'Meisterlinie',
        length: '30.00',
        height: '11.50',
        master_box_qty: 24,
        production_time: 5,
        purchase_time: 14,
        free_shipping: true,
        new_product: true,
        can_order: true,
        short: PRODUCTS[0]!.short,
        long: `<p>${PRODUCTS[0]!.long}</p>`,
        pictures: 1,
      },
      {
        product_code: 'ZAN-200',
        name: 'Kombizange 200 mm',
        price: '11.9000',
        purchase: '5.1000',
        weight: '0.350',
        discount_end: '2031-06-30',
        keep_in_stock: 1,
        brand_name: 'Muster Pro',
        mf_name: 'Muster Schmiede KG',
        vat_code: 'DE19',
        country_of_origin: 'AT',
        company_code: 'MUST',
        ct_name: 'Meisterlinie',
        length: '20.00',
        height: '2.50',
        master_box_qty: 24,
        production_time: 3,
        purchase_time: 10,
        free_shipping: true,
        new_product: true,
        can_order: true,
        short: PRODUCTS[1]!.short,
        long: `<p>${PRODUCTS[1]!.long}</p>`,
        pictures: 1,
      },
    ]);
    await steps.listInShop(PRODUCTS.map((p) => p.code));

    // Everything done: the checklist is gone from the home page.
    await page.goto(`${t.server.url}/de`);
    await expect.poll(() => page.locator('.home-welcome').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => page.locator('.setup-checklist').count()).toBe(0);
    expect(problems, 'failed requests and console errors on the way').toEqual([]);
  }, 300_000);

  it('the storefront at the shop’s host shows both products; a customer orders one; the order is in the sales orders in euros', async () => {
    const page = t.page;
    const problems = watchProblems(page);
    const root = await storefrontRoot(t.server.url);
    expect(root.status).toBe(200);
    expect(root.body).toContain('Muster Werkzeug-Shop');

    const base = `${t.server.url}/storefront/${HOST}`;
    await page.goto(base);
    await page.locator('a', { hasText: 'Handwerkzeug' }).first().click();
    const cards = page.locator('.card[data-product]');
    await expect.poll(() => cards.evaluateAll((els) => els.map((e) => (e.getAttribute('data-product') ?? '').toUpperCase()).sort()), { timeout: 15_000 }).toEqual(['HAM-500', 'ZAN-200']);
    // Each card with its picture from this server.
    await expect.poll(() => cards.locator('img').evaluateAll((imgs) => (imgs as HTMLImageElement[]).map((i) => i.complete && i.naturalWidth > 0)), { timeout: 15_000 }).toEqual([true, true]);

    const reference = await shopper.order(PRODUCTS[0]!.code);
    await backOffice.orderIsThere(reference);
    expect(problems, 'failed requests and console errors on the way').toEqual([]);
  }, 180_000);
});
