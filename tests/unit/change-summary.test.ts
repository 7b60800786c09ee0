import { describe, expect, it } from 'vitest';
import { parseScreen } from '../../schemas/screen.ts';
import productList from '../../screens/products/product_list.ts';
import { changeLines, changeText, type SummaryWords } from '../../src/core/changeSummary.ts';
import { namedCell } from '../../src/server/transfer/named.ts';
import de from '../../locales/de.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };

const screen = parseScreen(productList, 'screens/products/product_list.ts');

function words(lang: 'en' | 'de', cat: Record<string, string>): SummaryWords {
  const locale = lang === 'en' ? 'en-GB' : 'de-DE';
  const num = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
  const money = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return {
    lang,
    t: (id) => cat[id] ?? id,
    int: (n) => num.format(Math.round(n)),
    number: (n) => num.format(n),
    money: (n) => money.format(n),
    date: (v) => String(v),
    datetime: (v) => String(v),
    option: (col, v) => (col.optionsKey === 'keep_in_stock' ? cat[`options.keep_in_stock.${String(v)}`] : undefined),
  };
}
const EN = words('en', en);
const DE = words('de', de);

describe('change summary', () => {
  it('says what a set changed, in the screen column order, with labels and number formats of the language', () => {
    const changes = { min_margin: [10, 12], selling_price_shop: [53.99, 59.99] };
    expect(changeText(changeLines(changes, screen, EN), 'set')).toBe('Selling price: 53.99 → 59.99 · Min. margin %: 10 → 12');
    expect(changeText(changeLines(changes, screen, DE), 'set')).toBe('Verkaufspreis: 53,99 → 59,99 · Min. Marge %: 10 → 12');
    expect(changeText(changeLines({ selling_price_shop: [1234.5, 1300] }, screen, DE), 'set')).toBe('Verkaufspreis: 1.234,50 → 1.300,00');
  });

  it('writes booleans as yes/no, options by name, multi-language texts in the language, empty values as a dash', () => {
    const lines = changeLines(
      {
        active: [true, false],
        keep_in_stock: [0, 2],
        product_names: [
          { en: 'Chair', de: 'Stuhl' },
          { en: 'Oak chair', de: 'Eichenstuhl' },
        ],
        min_margin: [null, 5],
      },
      screen,
      DE,
    );
    const byField = Object.fromEntries(lines.map((l) => [l.field, `${l.before} → ${l.after}`]));
    expect(byField.active).toBe(`${de['common.yes']} → ${de['common.no']}`);
    expect(byField.keep_in_stock).toBe(`${de['options.keep_in_stock.0']} → ${de['options.keep_in_stock.2']}`);
    expect(byField.product_names).toBe('Stuhl → Eichenstuhl');
    expect(
      changeText(
        lines.filter((l) => l.field === 'min_margin'),
        'set',
      ),
    ).toBe('Min. Marge %: – → 5');
  });

  it('names the languages that changed when the text in the UI language stayed', () => {
    const lines = changeLines(
      {
        product_names: [
          { en: 'Chair', de: 'Stuhl' },
          { en: 'Chair', de: 'Sessel' },
        ],
      },
      screen,
      EN,
    );
    expect(changeText(lines, 'set')).toBe(`${en['fields.product_names']} (DE): Stuhl → Sessel`);
  });

  it('lists an add by its values, the key first; a delete by what was there', () => {
    const add = changeLines({ selling_price_shop: [null, 10], product_code: [null, 'P1'] }, screen, EN);
    expect(changeText(add, 'add')).toBe(`${en['fields.product_code']}: P1 · Selling price: 10.00`);
    const del = changeLines({ product_code: ['P1', null], min_margin: [3.5, null] }, screen, EN);
    expect(changeText(del, 'delete')).toBe(`${en['fields.product_code']}: P1 · Min. margin %: 3.5`);
  });

  it('infers formats without a descriptor and keeps unknown fields by name', () => {
    expect(changeText(changeLines({ zz_flag: [false, true], zz_count: [1000, 2000.5] }, undefined, DE), 'set')).toBe(`zz_count: 1.000 → 2.000,5 · zz_flag: ${de['common.no']} → ${de['common.yes']}`);
    expect(changeLines(null, screen, EN)).toEqual([]);
  });

  it('is the text the server exports for the column, with action and screen title by name', () => {
    const col = { renderer: 'changeSummary' } as Parameters<typeof namedCell>[0];
    const row = { entity_name: 'product_list', log_action: 'set', changes: { selling_price_shop: [53.99, 59.99] } };
    expect(namedCell(col, row, 'changes', { lang: 'de', timeZone: 'UTC' })).toBe('Verkaufspreis: 53,99 → 59,99');
    expect(namedCell({ options: ['add', 'set', 'delete'], optionsKey: 'log_action' } as typeof col, row, 'log_action', { lang: 'de', timeZone: 'UTC' })).toBe(de['options.log_action.set']);
    expect(namedCell({ renderer: 'screenTitle' } as typeof col, row, 'entity_name', { lang: 'en', timeZone: 'UTC' })).toBe('Product list');
    expect(namedCell({ renderer: 'json' } as typeof col, row, 'changes', { lang: 'en', timeZone: 'UTC' })).toBeUndefined();
  });

  it('shows a ref value by its looked-up text where known, else by its key', () => {
    const refs = { brand_id: { '3': 'Bosch' }, vat_id: { '7': 'Standard 20 %' } };
    const lines = changeLines({ brand_id: [3, 5], vat_id: [null, 7] }, screen, EN, refs);
    expect(changeText(lines, 'set')).toBe(`${en['fields.brand_id']}: Bosch → 5 · ${en['fields.vat_id']}: – → Standard 20 %`);
    // Without texts the keys stay (an entry whose lookup is not read).
    expect(changeText(changeLines({ brand_id: [3, 5] }, screen, EN), 'set')).toBe(`${en['fields.brand_id']}: 3 → 5`);
  });

  it('exports option values by name and ref values by their text, as the grid shows them', () => {
    const col = { renderer: 'changeSummary' } as Parameters<typeof namedCell>[0];
    const row = { entity_name: 'product_list', log_action: 'set', changes: { keep_in_stock: [0, 2], brand_id: [3, 5] } };
    expect(namedCell(col, row, 'changes', { lang: 'de', timeZone: 'UTC' }, { brand_id: { '3': 'Bosch', '5': 'Makita' } })).toBe(
      `${de['fields.brand_id']}: Bosch → Makita · ${de['fields.keep_in_stock']}: ${de['options.keep_in_stock.0']} → ${de['options.keep_in_stock.2']}`,
    );
  });
});
