/**
 * The choices of ref and option columns (filter lists, select editors) in the order of the
 * text they show, in the UI language; the "(empty)" choice as a filter both row models and
 * the server read, kept through a saved state.
 */
import { describe, expect, it } from 'vitest';
import { parseScreen } from '../../schemas/screen.ts';
import productList from '../../screens/products/product_list.ts';
import { columnChoices, lookupChoices } from '../../src/app/grid/choices.ts';
import { buildGridModel } from '../../src/app/grid/columns.ts';
import { setTest, valueTest } from '../../src/app/grid/rowModel/clientQuery.ts';
import { defaultViewState, toSaved } from '../../src/app/grid/columnState.ts';
import { readSaved } from '../../src/app/grid/features/viewState/savedShape.ts';
import { BLANK_CHOICE, filterItem, toFilterModel } from '../../src/app/grid/filters.ts';
import type { CellCtx, LookupData, Row } from '../../src/app/grid/types.ts';
import type { Lang } from '../../src/core/langs.ts';
import { addLookups } from '../../src/app/grid/lookupScreens.ts';
import { lookupScreens } from '../../src/generated/lookups.ts';

// The lookups the screens' chunks bring in the browser (pages/loadScreen.ts).
addLookups(lookupScreens);

const model = buildGridModel(parseScreen(productList, 'screens/products/product_list.ts'));
const column = (f: string) => model.byField.get(f)!;

const NAMES: [string, string, string][] = [
  ['AT', 'Austria', 'Österreich'],
  ['BE', 'Belgium', 'Belgien'],
  ['CH', 'Switzerland', 'Schweiz'],
  ['CN', 'China', 'China'],
  ['DE', 'Germany', 'Deutschland'],
  ['DK', 'Denmark', 'Dänemark'],
  ['ES', 'Spain', 'Spanien'],
];
const countryRows: Row[] = NAMES.map(([code, en, de]) => ({ country_code: code, country_names: { en, de } }));

function countries(): LookupData {
  return {
    def: { form: 'countries_brief', keyField: 'country_code', keyType: 'text', displayField: 'country_names', displayType: 'multi' },
    rows: countryRows,
    byKey: new Map(countryRows.map((r) => [String(r.country_code), r])),
  };
}

function ctxOf(lang: Lang, data: LookupData): CellCtx {
  return {
    lang,
    fmt: { int: String, number: String, money: String, weight: String, volume: String, date: String, datetime: String },
    t: (id) => ({ 'options.keep_in_stock.0': 'No', 'options.keep_in_stock.1': 'Yes', 'options.keep_in_stock.2': 'On order' })[id] ?? id,
    lookup: (form) => (form === data.def.form ? data : undefined),
    multi: (v) => (v && typeof v === 'object' ? String((v as Record<string, string>)[lang] ?? '') : ''),
  };
}

describe('choices of a ref or option column', () => {
  it('orders a lookup by the names shown, by the collation of the UI language (not by code)', () => {
    const data = countries();
    const col = column('country_of_origin');
    expect(columnChoices(col, ctxOf('en', data)).map((c) => c.label)).toEqual(['Austria', 'Belgium', 'China', 'Denmark', 'Germany', 'Spain', 'Switzerland']);
    // German: Ä and Ö sort with A and O (a byte order would put them last).
    expect(columnChoices(col, ctxOf('de', data)).map((c) => c.label)).toEqual(['Belgien', 'China', 'Dänemark', 'Deutschland', 'Österreich', 'Schweiz', 'Spanien']);
    expect(columnChoices(col, ctxOf('de', data)).map((c) => c.value)).toEqual(['BE', 'CN', 'DK', 'DE', 'AT', 'CH', 'ES']);
  });

  it('sorts once per lookup data, label rule and language', () => {
    const data = countries();
    const col = column('country_of_origin');
    const en = columnChoices(col, ctxOf('en', data));
    expect(columnChoices(col, ctxOf('en', data))).toBe(en);
    expect(columnChoices(col, ctxOf('de', data))).not.toBe(en);
    // Another label rule over the same rows is another list.
    const codes = lookupChoices(data, (r) => String(r.country_code), ctxOf('en', data));
    expect(codes).not.toBe(en);
    expect(codes.map((c) => c.label)).toEqual(['AT', 'BE', 'CH', 'CN', 'DE', 'DK', 'ES']);
    // A lookup loaded again is new data: sorted again.
    expect(columnChoices(col, ctxOf('en', countries()))).not.toBe(en);
  });

  it('orders numbers inside texts by value; options keep the descriptor order, by their names', () => {
    const rows: Row[] = [
      { k: 1, n: 'Rate 23 %' },
      { k: 2, n: 'Rate 5 %' },
      { k: 3, n: 'Rate 10 %' },
    ];
    const data: LookupData = { def: { form: 'x', keyField: 'k', keyType: 'int', displayField: 'n', displayType: 'text' }, rows, byKey: new Map() };
    expect(lookupChoices(data, (r) => String(r.n), ctxOf('en', data)).map((c) => c.value)).toEqual([2, 3, 1]);
    const keep = column('keep_in_stock');
    expect(columnChoices(keep, ctxOf('en', countries()))).toEqual([
      { value: 0, label: 'No' },
      { value: 1, label: 'Yes' },
      { value: 2, label: 'On order' },
    ]);
  });
});

describe('the "(empty)" choice', () => {
  it('is offered on columns that may be empty: not required, not a key', () => {
    expect(column('brand_id').canBeEmpty).toBe(true);
    expect(column('keep_in_stock').canBeEmpty).toBe(true);
    expect(column('product_code').canBeEmpty).toBe(false);
    expect(column('product_name').canBeEmpty).toBe(false);
  });

  it('filters on null, for int and text keys and options alike (the server reads `values: [null]` as is null)', () => {
    for (const f of ['brand_id', 'country_of_origin', 'keep_in_stock']) {
      const c = column(f);
      expect(filterItem(c.filter!, BLANK_CHOICE, c, 'de')).toEqual({ filterType: 'set', values: [null] });
    }
    expect(toFilterModel([{ id: 'brand_id', value: BLANK_CHOICE }], model.byField, 'de')).toEqual({ brand_id: { filterType: 'set', values: [null] } });
    // The client row model keeps exactly the rows without a value.
    const test = valueTest(filterItem('ref', BLANK_CHOICE, column('brand_id'), 'de')!, 'int');
    expect([null, 0, 3].map(test)).toEqual([true, false, false]);
    expect([null, '', 'AT'].map(setTest([null], 'text'))).toEqual([true, false, false]);
  });

  it("leaves a search lookup's text filter as typed", () => {
    const c = { ...column('brand_id'), lookup: { ...column('brand_id').lookup!, search: true } };
    expect(filterItem('ref', BLANK_CHOICE, c, 'de')).toEqual({ filterType: 'text', type: 'contains', filter: BLANK_CHOICE });
  });

  it('is kept by the saved state and read back; older states load as before', () => {
    const s = {
      ...defaultViewState(model),
      columnFilters: [
        { id: 'brand_id', value: BLANK_CHOICE },
        { id: 'vat_id', value: '3' },
      ],
    };
    const saved = JSON.parse(JSON.stringify(toSaved(s, model)));
    expect(saved.columnFilters).toEqual([
      { id: 'brand_id', value: BLANK_CHOICE },
      { id: 'vat_id', value: '3' },
    ]);
    expect(readSaved(saved, model).columnFilters).toEqual(s.columnFilters);
    expect(readSaved({ v: 1, filters: { brand_id: '7' } }, model).columnFilters).toEqual([{ id: 'brand_id', value: '7' }]);
  });
});
