/**
 * The server's first paint of a screen page (server/http/firstPaint.ts): its cells say what
 * the grid's renderers show, in every language (the grid's own renderers, rendered to
 * markup here, are the reference), its columns follow the saved state, and nothing in the
 * data reaches the page as markup.
 */
import { readFileSync } from 'node:fs';
import { createIntl } from 'react-intl';
import { isValidElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parseScreen } from '../../schemas/screen.ts';
import productList from '../../screens/products/product_list.ts';
import { buildGridModel } from '../../src/app/grid/columns.ts';
import { createFormatters } from '../../src/app/grid/format.ts';
import { addLookups } from '../../src/app/grid/lookupScreens.ts';
import type { CellCtx, CellSession, LookupData, Row } from '../../src/app/grid/types.ts';
import { pickText } from '../../src/core/multiText.ts';
import { LANGS, LOCALE, type Lang } from '../../src/core/langs.ts';
import { lookupScreens } from '../../src/generated/lookups.ts';
import { screens } from '../../src/server/actions/engine/screens.ts';
import { firstPaintHtml, FIRST_PAINT_ROWS } from '../../src/server/http/firstPaint.ts';
import { alignOf } from '../../src/server/http/firstPaintCells.ts';
import type { StartData } from '../../src/server/http/startData.ts';

addLookups(lookupScreens);

const names = (base: string, langs: readonly Lang[] = LANGS) => Object.fromEntries(langs.map((l) => [l, `${base} (${l})`]));
const lookups: Record<string, Row[]> = {
  product_brands_brief: [
    { brand_id: 1, brand_name: 'Nordvik', active: true },
    { brand_id: 2, brand_name: 'Ferrano & <Co>', active: true },
  ],
  product_manufacturers_brief: [{ mf_id: 7, mf_name: 'Brno Electric s.r.o.', country_code: 'CZ' }],
  product_types_brief: [{ pt_id: 1, pt_code: 'STD', pt_names: names('Standard') }],
  product_categories_brief: [
    { product_category_id: 1, product_category_names: names('Tools'), parent_category_id: null, position: 1, active: true },
    { product_category_id: 5, product_category_names: names('Hammers'), parent_category_id: 1, position: 1, active: true },
  ],
  vats_brief: [
    {
      vat_id: 1,
      vat_code: 'SK23',
      vat_names: {
        en: 'Standard rate 23 %',
        de: 'Normalsatz 23 %',
        hu: 'Általános kulcs 23 %',
        sk: 'Základná sadzba 23 %',
        ro: 'Cotă standard 23 %',
        cs: 'Základní sazba 23 %',
        bg: 'Стандартна ставка 23 %',
      },
      vat_rate: 23,
      vat_default: true,
    },
    { vat_id: 2, vat_code: 'SK5', vat_names: { en: 'Reduced 5.5%' }, vat_rate: 5.5, vat_default: false },
  ],
  countries_brief: [
    { country_code: 'SI', country_names: { en: 'Slovenia', de: 'Slowenien', hu: 'Szlovénia', sk: 'Slovinsko', ro: 'Slovenia', cs: 'Slovinsko', bg: 'Словения' } },
    { country_code: 'AT', country_names: { en: 'Austria' } },
  ],
};

const rows: Row[] = [
  {
    product_code: 'P000001',
    product_name: names('Hammer'),
    supplier_product_code: 'LJU-33792',
    brand_id: 1,
    mf_id: 7,
    pt_id: 1,
    main_product_category_id: 5,
    vat_id: 1,
    purchase_price_base: 1234.5,
    selling_price_shop: 53.99,
    min_margin: 16.25,
    exp_margin: 55,
    max_discount_limit_percent: 10,
    stock_qty: 12345.678,
    order_qty: 0,
    keep_in_stock: 2,
    active: true,
    country_of_origin: 'SI',
    weight: 1234.5,
  },
  {
    // Markup in the data stays text; a name only in English (another language's cell shows it); a lookup key nobody knows.
    product_code: 'P"2<b>',
    product_name: { en: '<img src=x onerror=alert(1)>' },
    supplier_product_code: null,
    brand_id: 2,
    mf_id: 99,
    pt_id: null,
    main_product_category_id: 1,
    vat_id: 2,
    purchase_price_base: null,
    selling_price_shop: 0,
    min_margin: null,
    exp_margin: -1.5,
    max_discount_limit_percent: 0,
    stock_qty: 0,
    order_qty: 3,
    keep_in_stock: 0,
    active: false,
    country_of_origin: 'AT',
    weight: 0.005,
  },
];

const session: CellSession = {
  currency: 'HUF',
  companyCurrency: 'EUR',
  companyRates: { EUR: 1, HUF: 0.0025316456, CZK: 0.0396825397 },
  currencies: [
    { currency_code: 'EUR', currency_precision: 2 },
    { currency_code: 'HUF', currency_precision: 0 },
  ],
  cdn: '',
  shops: [],
  languages: [],
};

function start(lang: Lang, state: unknown = null, data: Row[] = rows): StartData {
  return {
    request: { currency_code: session.currency ?? null, page: `/${lang}/products/product_list`, form: 'product_list' },
    bootstrap: {
      data: {
        user: { company: 'SK01', companies: [{ company_code: 'SK01', currency_code: 'EUR' }] },
        currencies: { currencies: session.currencies },
        view_rates: { currency_code: 'EUR', rates: session.companyRates },
        screen: {
          form: 'product_list',
          grid_state: { rows: state === null ? [] : [{ form: 'product_list', state }] },
          lookups: Object.fromEntries(Object.entries(lookups).map(([f, r]) => [f, { rows: r }])),
        },
      },
    },
    rows: { company: 'SK01', form: 'product_list', payload: {}, data: { rows: data, total: 20004, totalExact: true } },
  };
}

/** The first paint parsed back: per row, field → text (entities decoded, blanks folded). */
function paintedCells(html: string): { key: string; cells: Map<string, string> }[] {
  const decode = (s: string) => s.replace(/<[^>]*>/g, '').replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
  const body = html.slice(html.indexOf('class="grid-body"'));
  return [...body.matchAll(/<div role="row" [^>]*data-key="([^"]*)">(.*?)<\/div>(?=<div role="row"|<\/div><\/div>)/g)].map((m) => ({
    key: decode(m[1]!),
    cells: new Map([...m[2]!.matchAll(/<div role="gridcell" data-field="([a-z_]+)"[^>]*>(.*?)<\/div>/g)].map((c) => [c[1]!, decode(c[2]!).replace(/\s+/g, ' ').trim()])),
  }));
}

const fold = (s: string) => s.replace(/\s+/g, ' ').trim();
const catalogue = (lang: Lang) => ({
  ...(JSON.parse(readFileSync('locales/en.json', 'utf8')) as Record<string, string>),
  ...(JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as Record<string, string>),
});

describe('the first paint’s cells', () => {
  const model = buildGridModel(parseScreen(productList, 'screens/products/product_list.ts'));

  it.each(LANGS)('%s: each shown cell says what the grid’s renderer shows', (lang) => {
    const intl = createIntl({ locale: LOCALE[lang], messages: catalogue(lang) });
    const data = (form: string): LookupData | undefined => {
      const def = model.lookups.find((d) => d.form === form);
      const r = lookups[form];
      return def && r ? { def, rows: r, byKey: new Map(r.map((x) => [String(x[def.keyField]), x])) } : undefined;
    };
    const ctx: CellCtx = {
      lang,
      fmt: createFormatters(intl),
      t: (id, values) => intl.formatMessage({ id }, values as Record<string, string>),
      lookup: data,
      multi: (v) => pickText(v, lang)?.text ?? '',
      session,
    };
    const painted = paintedCells(firstPaintHtml(start(lang), lang, '/products/product_list', 'n0nce'));
    expect(painted.map((r) => r.key)).toEqual(['P000001', 'P"2<b>']);
    let compared = 0;
    rows.forEach((row, i) => {
      for (const [field, shown] of painted[i]!.cells) {
        const col = model.byField.get(field)!;
        const out = col.renderer.render({ value: row[field], row, col, ctx, canEdit: false });
        const expected = fold(
          typeof out === 'string' || typeof out === 'number'
            ? String(out)
            : isValidElement(out)
              ? renderToStaticMarkup(out)
                  .replace(/<[^>]*>/g, '')
                  .replace(/&amp;/g, '&')
                  .replace(/&lt;/g, '<')
                  .replace(/&gt;/g, '>')
                  .replace(/&quot;/g, '"')
                  .replace(/&#x27;/g, "'")
              : '',
        );
        // A text of another language: the grid adds its code as a tag (fallbackCell), the first paint the text alone.
        const fallback = col.type === 'multi' && pickText(row[field], lang)?.lang !== lang;
        if (fallback) expect(expected, `${lang} ${field}`).toContain(shown);
        else expect(shown, `${lang} ${String(row.product_code)} ${field}`).toBe(expected);
        compared++;
      }
    });
    expect(compared).toBeGreaterThanOrEqual(2 * 17);
  });

  it('aligns every column of every screen as the grid does', () => {
    let n = 0;
    for (const screen of screens.values()) {
      const grid = buildGridModel(screen);
      for (const [field, meta] of Object.entries(screen.columns)) {
        expect(alignOf(meta, screen.valueType[field]), `${screen.form}.${field}`).toBe(grid.byField.get(field)!.align);
        n++;
      }
    }
    expect(n).toBeGreaterThan(500);
  });

  it('writes markup in the data as text, and the response’s nonce on its style', () => {
    const html = firstPaintHtml(start('en'), 'en', '/products/product_list', 'abc+/=');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>');
    expect(html).toContain('data-key="P&#34;2&#60;b&#62;"');
    expect(html).toContain('Ferrano &#38; &#60;Co&#62;');
    expect(html).toMatch(/^<div id="first-paint" aria-hidden="true"><style nonce="abc\+\/=">/);
    expect(html.match(/<style/g)).toHaveLength(1);
    expect(html).not.toMatch(/ style="/);
  });
});

describe('the first paint’s columns and rows', () => {
  const header = (html: string) => [...html.matchAll(/role="columnheader" (?:aria-sort="(\w+)" )?(?:data-field="([a-z_]+)" )?/g)].map((m) => [m[2] ?? 'select', m[1] ?? '']);

  it('shows the descriptor’s columns without a saved state: the pinned code first, hidden ones left out', () => {
    const html = firstPaintHtml(start('en'), 'en', '/products/product_list', 'n');
    const fields = header(html).map((h) => h[0]);
    expect(fields.slice(0, 3)).toEqual(['select', 'product_code', 'product_name']);
    for (const hidden of ['pt_id', 'hs_code', 'discount_end_date', 'updated_at']) expect(fields).not.toContain(hidden);
    expect(html).toContain('--grid-cols:36px 150px 250px minmax(100px, 1fr)');
    expect(html).toContain('#first-paint .fp-c1{left:36px}');
    expect(html).toContain('<span class="grid-count">20,004 rows</span>');
    expect(html).toContain('<h1 class="page-title">Product list</h1>');
    expect(html).toContain('<li><a>Home</a></li><li><span>Products</span></li><li><span>Product list</span></li>');
  });

  it('says an administrator’s captions over the catalogue’s texts', () => {
    const html = firstPaintHtml(start('de'), 'de', '/products/product_list', 'n', { 'screens.product_list.title': 'Artikel', 'fields.weight': 'Masse' });
    expect(html).toContain('<h1 class="page-title">Artikel</h1>');
    expect(html).toContain('<span class="grid-hlabel">Masse</span>');
    expect(html).toContain('<span class="grid-hlabel">Einkaufspreis</span>');
  });

  it('follows a saved state: order, visibility, pins, widths and sort', () => {
    const state = {
      v: 2,
      sorting: [{ id: 'weight', desc: true }],
      columnOrder: ['weight', 'product_code', 'product_name'],
      columnVisibility: { product_name: false, hs_code: true },
      columnPinning: { start: ['weight'], end: ['active'] },
      columnSizing: { product_code: 90, supplier_product_code: 5000 },
    };
    const html = firstPaintHtml(start('en', state), 'en', '/products/product_list', 'n');
    const h = header(html);
    const fields = h.map((x) => x[0]);
    expect(fields.slice(0, 3)).toEqual(['select', 'weight', 'product_code']);
    expect(fields.at(-1)).toBe('active');
    expect(fields).not.toContain('product_name');
    expect(fields).toContain('hs_code');
    expect(h.find((x) => x[0] === 'weight')![1]).toBe('descending');
    expect(h.find((x) => x[0] === 'product_code')![1]).toBe('none');
    // Sized columns are fixed (a width beyond the grid's maximum is cut to it); the one pinned at the end sits at the right edge.
    expect(html).toMatch(/--grid-cols:36px 100px 90px 2000px /);
    expect(html).toContain(`.fp-c${fields.length - 1}{right:0px}`);
  });

  it('writes at most the rows of a tall screen, and nothing without a first block of this screen', () => {
    const many = Array.from({ length: 100 }, (_, i) => ({ ...rows[0]!, product_code: `P${i}` }));
    expect(paintedCells(firstPaintHtml(start('en', null, many), 'en', '/products/product_list', 'n'))).toHaveLength(FIRST_PAINT_ROWS);
    expect(firstPaintHtml(start('en', null, []), 'en', '/products/product_list', 'n')).toBe('');
    const other = start('en');
    other.rows = { ...other.rows!, form: 'partner_list' };
    expect(firstPaintHtml(other, 'en', '/products/product_list', 'n')).toBe('');
    const none = start('en');
    delete none.rows;
    expect(firstPaintHtml(none, 'en', '/products/product_list', 'n')).toBe('');
  });
});
