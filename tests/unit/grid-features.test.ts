import { describe, expect, it } from 'vitest';
import { parseScreen } from '../../schemas/screen.ts';
import { cellFromText, parseCellText } from '../../src/app/grid/cellValues.ts';
import { parseMessage } from '../../src/core/validation/messages.ts';
import { clearRange, pasteBlock, pasteNotices } from '../../src/app/grid/features/clipboard/pasteFill.ts';
import { buildGridModel } from '../../src/app/grid/columns.ts';
import { defaultViewState, inViewCurrency, moveColumn, pinColumn, resetColumns, toSaved, totalsColumns, type ViewState } from '../../src/app/grid/columnState.ts';
import { testGrid } from './gridTable.ts';
import { readSaved } from '../../src/app/grid/features/viewState/savedShape.ts';
import { bulkErrorCell } from '../../src/app/grid/features/edits/writes.ts';
import { M } from '../../src/core/validation/messages.ts';
import { ApiError } from '../../src/app/api/client.ts';
import { invalidValueParams } from '../../src/core/errorCodes.ts';
import { filterItem, keysetAfter } from '../../src/app/grid/filters.ts';
import { aggregateRows } from '../../src/app/grid/rowModel/clientAggregate.ts';
import { buildGroupTree, flattenGroups, groupFilter, locate } from '../../src/app/grid/rowModel/grouping.ts';
import { planTranslation, runTranslation, sourceLanguage, TEXTS_PER_CALL, type Translator } from '../../src/app/grid/translate.ts';
import type { CellCtx, CellSession, GridRow } from '../../src/app/grid/types.ts';
import { UndoStack } from '../../src/app/grid/features/edits/undo.ts';
import productList from '../../screens/products/product_list.ts';
import brandsScreen from '../../screens/products/brands.ts';
import purchasePrices from '../../screens/prices/frontend_purchase_prices.ts';
import { storedCurrency } from '../../src/app/grid/moneyCurrency.ts';
import categoriesScreen from '../../screens/products/categories.ts';
import shopsScreen from '../../screens/shops/frontend_shops.ts';
import pagesScreen from '../../screens/shops/frontend_pages.ts';
import { cellText } from '../../src/app/grid/cellText.ts';
import { addLookups } from '../../src/app/grid/lookupScreens.ts';
import { lookupScreens } from '../../src/generated/lookups.ts';

// The lookups the screens' chunks bring in the browser (pages/loadScreen.ts).
addLookups(lookupScreens);

const screen = parseScreen(productList, 'screens/products/product_list.ts');
const model = buildGridModel(screen);
const col = (f: string) => model.byField.get(f)!;

const ctx: CellCtx = {
  lang: 'de',
  fmt: { int: String, number: String, money: (v) => v.toFixed(2), weight: String, volume: String, date: (v) => String(v ?? ''), datetime: (v) => String(v ?? '') },
  t: (id) => ({ 'common.yes': 'Ja', 'common.no': 'Nein' })[id] ?? id,
  lookup: () => undefined,
  multi: (v) => (v && typeof v === 'object' ? String((v as Record<string, string>).de ?? '') : ''),
};

describe('pasted and filled text → values (validated with the shared column schemas)', () => {
  it('reads numbers as the UI language writes them, keeping a leading minus', () => {
    expect(cellFromText(col('selling_price_shop'), '1.234,5', null, ctx)).toEqual({ ok: true, value: 1234.5 });
    expect(parseCellText(col('min_margin'), '-12,5', null, ctx)).toEqual({ ok: true, value: -12.5 });
    // Issue 43: '1.000' is a thousand in German, '1,000' in English; what fits no reading is refused, never saved otherwise.
    expect(cellFromText(col('selling_price_shop'), '1.000', null, ctx)).toEqual({ ok: true, value: 1000 });
    expect(cellFromText(col('selling_price_shop'), '1,000', null, { ...ctx, lang: 'en' })).toEqual({ ok: true, value: 1000 });
    expect(cellFromText(col('selling_price_shop'), '1.5', null, ctx)).toEqual({ ok: false, message: 'validation.number_format?example=1.234%2C56' });
    expect(cellFromText(col('selling_price_shop'), '1,00,0', null, { ...ctx, lang: 'en' })).toEqual({ ok: false, message: 'validation.number_format?example=1%2C234.56' });
    expect(cellFromText(col('selling_price_shop'), '12,50 €', null, ctx)).toEqual({ ok: true, value: 12.5 });
    expect(cellFromText(col('selling_price_shop'), '', 3, ctx)).toEqual({ ok: true, value: null });
  });

  it('flags what the column refuses, with the schema message key', () => {
    expect(cellFromText(col('min_margin'), '5000', null, ctx)).toEqual({ ok: false, message: 'validation.max?max=1000' });
    expect(cellFromText(col('selling_price_shop'), '-1', null, ctx)).toEqual({ ok: false, message: 'validation.min?min=0' });
    expect(cellFromText(col('selling_price_shop'), 'abc', null, ctx)).toEqual({ ok: false, message: 'validation.number_format?example=1.234%2C56' });
    // The column names its allowed characters (patternHint): the message carries them.
    const hs = cellFromText(col('hs_code'), '12a', null, ctx);
    expect(hs.ok).toBe(false);
    expect(parseMessage((hs as { message: string }).message)).toEqual({ id: 'validation.pattern_chars', values: { chars: '0–9' } });
    expect(cellFromText(col('keep_in_stock'), '1.5', null, ctx).ok).toBe(false);
    expect(cellFromText(col('keep_in_stock'), '2', null, ctx)).toEqual({ ok: true, value: 2 });
  });

  it("reads booleans as yes/no/true/false/1/0 or the language's words, dates as yyyy-MM-dd", () => {
    for (const t of ['yes', 'TRUE', '1', 'Ja']) expect(cellFromText(col('active'), t, null, ctx)).toEqual({ ok: true, value: true });
    for (const t of ['no', 'false', '0', 'nein']) expect(cellFromText(col('active'), t, null, ctx)).toEqual({ ok: true, value: false });
    expect(cellFromText(col('active'), 'maybe', null, ctx)).toEqual({ ok: false, message: 'validation.type_bool' });
    expect(cellFromText(col('discount_end_date'), '2026-03-01', null, ctx)).toEqual({ ok: true, value: '2026-03-01' });
    expect(cellFromText(col('discount_end_date'), '2026-02-30', null, ctx).ok).toBe(false);
    expect(cellFromText(col('discount_end_date'), '1.3.2026', null, ctx)).toEqual({ ok: true, value: '2026-03-01' });
    expect(cellFromText(col('discount_end_date'), '3/1/2026x', null, ctx)).toEqual({ ok: false, message: 'validation.type_date' });
  });

  it('merges a multi-language text into the cell in the current language; required stays required', () => {
    expect(cellFromText(col('product_name'), 'Spaten', { en: 'Spade' }, ctx)).toEqual({ ok: true, value: { en: 'Spade', de: 'Spaten' } });
    expect(cellFromText(col('product_name'), '', { de: 'x' }, ctx)).toEqual({ ok: false, message: 'validation.required_any_language' });
  });

  it('maps a lookup text to its key', () => {
    const data = {
      def: { form: 'product_brands_brief', keyField: 'brand_id', keyType: 'int' as const, displayField: 'brand_name', displayType: 'text' as const },
      rows: [
        { brand_id: 1, brand_name: 'Acme' },
        { brand_id: 2, brand_name: 'Globex' },
      ],
      byKey: new Map<string, Record<string, unknown>>([
        ['1', { brand_id: 1, brand_name: 'Acme' }],
        ['2', { brand_id: 2, brand_name: 'Globex' }],
      ]),
    };
    const c2 = { ...ctx, lookup: () => data };
    expect(cellFromText(col('brand_id'), 'globex', null, c2)).toEqual({ ok: true, value: 2 });
    expect(cellFromText(col('brand_id'), '1', null, c2)).toEqual({ ok: true, value: 1 });
    expect(cellFromText(col('brand_id'), 'Initech', null, c2)).toEqual({ ok: false, message: 'validation.invalid' });
  });

  it('finds the cell a bulk set refused by the parameters of its error, with the reason to say there', () => {
    const refused = (field: string, reason: string, values: Record<string, string>) =>
      new ApiError(400, 'invalid_value', `${field}: …`, 'messages.status_text', undefined, invalidValueParams(field, { id: reason, values }));
    expect(bulkErrorCell(refused('payload.rows.3.min_margin', M.max, { max: '1000' }))).toEqual({
      index: 3,
      field: 'min_margin',
      said: { id: M.max, values: expect.objectContaining({ max: 1000 }), or: { id: M.invalid } },
    });
    expect(bulkErrorCell(refused('payload.rows.0.product_name.de', M.max_length, { max: '200' }))?.field).toBe('product_name');
    expect(bulkErrorCell(new ApiError(409, 'stale_row', 'The row was changed', 'messages.status_text'))).toBeNull();
    expect(bulkErrorCell(new Error('payload.rows.3.x: no'))).toBeNull();
  });
});

describe('column state', () => {
  it('saves and restores order, widths, hidden, pinned, sort, filters, totals and groups', () => {
    const s = defaultViewState(model);
    const changed = {
      ...s,
      columnOrder: moveColumn(s.columnOrder, 'weight', 'product_name', false),
      columnSizing: { weight: 180, nope: 50 },
      columnVisibility: { ...s.columnVisibility, mf_id: false, hs_code: true },
      columnPinning: pinColumn(s.columnPinning, 'active', 'end'),
      sorting: [{ id: 'selling_price_shop', desc: true }],
      columnFilters: [{ id: 'product_code', value: 'P00' }],
      aggs: { selling_price_shop: 'avg' as const },
      totals: true,
      grouping: ['brand_id'],
    };
    const saved = JSON.parse(JSON.stringify(toSaved(changed, model)));
    // TanStack Table's state, as the table holds it.
    expect(saved.v).toBe(2);
    expect(saved.columnVisibility.mf_id).toBe(false);
    expect(saved.columnVisibility.hs_code).toBe(true);
    expect(saved.columnSizing).toEqual({ weight: 180 });
    const back = readSaved(saved, model);
    expect(back.columnOrder.indexOf('weight')).toBe(back.columnOrder.indexOf('product_name') - 1);
    expect(back.columnSizing).toEqual({ weight: 180 });
    expect(back.columnVisibility.mf_id).toBe(false);
    expect(back.columnVisibility.hs_code).toBe(true);
    expect(back.columnPinning).toEqual({ start: ['product_code'], end: ['active'] });
    expect(back.sorting).toEqual([{ id: 'selling_price_shop', desc: true }]);
    expect(back.columnFilters).toEqual([{ id: 'product_code', value: 'P00' }]);
    expect(back.aggs).toEqual({ selling_price_shop: 'avg' });
    expect(back.totals).toBe(true);
    expect(back.grouping).toEqual(['brand_id']);
  });

  it('checks a saved state against the descriptor: unknown columns go, new ones keep their place', () => {
    const back = readSaved(
      {
        order: ['gone', 'weight', 'product_code'],
        widths: { weight: 99999, gone: 10 },
        sort: [
          { colId: 'before', sort: 'asc' },
          { colId: 'weight', sort: 'up' },
        ],
        filters: { gone: 'x', weight: '>1' },
        groupBy: ['product_name', 'brand_id', 'mf_id', 'vat_id', 'pt_id'],
        aggs: { product_code: 'sum' },
      },
      model,
    );
    // Saved order first; a column it does not know follows its descriptor predecessor.
    expect(back.columnOrder[0]).toBe('weight');
    const fields = model.columns.map((c) => c.field);
    expect(back.columnOrder.indexOf(fields[fields.indexOf('weight') + 1]!)).toBe(1);
    expect(back.columnOrder.indexOf('product_name')).toBe(back.columnOrder.indexOf('product_code') + 1);
    expect([...back.columnOrder].sort()).toEqual(model.columns.map((c) => c.field).sort());
    expect(back.columnSizing.weight).toBe(2000);
    expect(back.sorting).toEqual([]);
    expect(back.columnFilters).toEqual([{ id: 'weight', value: '>1' }]);
    // multi-language columns are not grouped by; at most three group columns
    expect(back.grouping).toEqual(['brand_id', 'mf_id', 'vat_id']);
    expect(back.aggs).toEqual({});
    expect(readSaved('garbage', model)).toEqual(defaultViewState(model));
  });

  it('drops the filter of a column it hides, not of one it shows', () => {
    const s = {
      ...defaultViewState(model),
      columnFilters: [
        { id: 'weight', value: '>2' },
        { id: 'product_code', value: 'GX' },
      ],
    };
    // Through the grid's TanStack table: the column menu's Hide, the chooser's checkbox.
    const setColumnVisible = (from: ViewState, id: string, visible: boolean) => {
      const g = testGrid(model, from);
      g.table.getColumn(id)!.toggleVisibility(visible);
      return g.state;
    };
    const hidden = setColumnVisible(s, 'weight', false);
    expect(hidden.columnVisibility.weight).toBe(false);
    expect(hidden.columnFilters).toEqual([{ id: 'product_code', value: 'GX' }]);
    expect(setColumnVisible(hidden, 'weight', true).columnFilters).toEqual([{ id: 'product_code', value: 'GX' }]);
  });

  it('resets the layout but keeps sort and filters', () => {
    const s = { ...defaultViewState(model), columnSizing: { weight: 300 }, sorting: [{ id: 'weight', desc: false }], totals: true };
    const r = resetColumns(model, s);
    expect(r.columnSizing).toEqual({});
    expect(r.totals).toBe(false);
    expect(r.sorting).toEqual(s.sorting);
  });

  it('offers totals for numeric columns that are neither keys nor choices', () => {
    const fields = totalsColumns(model).map((c) => c.field);
    expect(fields).toContain('selling_price_shop');
    expect(fields).not.toContain('keep_in_stock');
    expect(fields).not.toContain('brand_id');
  });

  it('shows a money amount stored in the currency its row names converted into the view currency, and offers no totals for it', () => {
    const m = buildGridModel(parseScreen(purchasePrices, 'screens/prices/frontend_purchase_prices.ts'));
    const c = m.byField.get('purchase_price_original')!;
    const session: CellSession = {
      currency: 'EUR',
      companyCurrency: 'EUR',
      companyRates: { EUR: 1, USD: 0.9 },
      currencies: [
        { currency_code: 'EUR', currency_precision: 2 },
        { currency_code: 'USD', currency_precision: 2 },
      ],
      cdn: '',
      shops: [],
      languages: [],
    };
    const mctx = { ...ctx, lang: 'en' as const, session };
    const row = { purchase_price_original: 10, purchase_price_currency_code: 'USD' };
    expect(storedCurrency(c, row, mctx)).toBe('USD');
    const shown = c.renderer.render({ value: 10, row, col: c, ctx: mctx, canEdit: false }) as { props: { title: string; children: string } };
    expect(shown.props.children).toBe('€9.00');
    expect(shown.props.title).toBe('US$10.00');
    expect(totalsColumns(m).map((x) => x.field)).toEqual(['purchase_price_base', 'selling_price_shop', 'purchase_time']);
  });

  it('names options as the renderer does: in copies, pasted text, the filter and form choices (keep_in_stock 2 → On order)', () => {
    const kis = col('keep_in_stock');
    const t = (id: string) => ({ 'options.keep_in_stock.0': 'Nein', 'options.keep_in_stock.1': 'Ja', 'options.keep_in_stock.2': 'Bestellt' })[id] ?? id;
    const c2 = { ...ctx, t };
    expect(kis.filter).toBe('option');
    expect(cellText(kis, 2, {}, c2)).toBe('Bestellt');
    expect(cellFromText(kis, 'bestellt', 0, c2)).toEqual({ ok: true, value: 2 });
    expect(filterItem('option', '2', kis, 'de')).toEqual({ filterType: 'set', values: [2] });
    expect(filterItem('option', '7', kis, 'de')).toBeNull();
  });

  it('shows integer ids (keys and …_id fields) as plain digits, other integers grouped, and offers no totals for them', () => {
    const brands = buildGridModel(parseScreen(brandsScreen, 'screens/products/brands.ts'));
    const shops = buildGridModel(parseScreen(shopsScreen, 'screens/shops/frontend_shops.ts'));
    const categories = buildGridModel(parseScreen(categoriesScreen, 'screens/products/categories.ts'));
    const gctx = { ...ctx, fmt: { ...ctx.fmt, int: (v: number) => v.toLocaleString('en') } };
    const shown = (m: typeof model, f: string, v: number) => {
      const c = m.byField.get(f)!;
      return [c.rendererKey, c.renderer.render({ value: v, row: {}, col: c, ctx: gctx, canEdit: false }), cellText(c, v, {}, gctx)];
    };
    expect(shown(brands, 'brand_id', 24003)).toEqual(['identifier', '24003', '24003']);
    expect(shown(shops, 'shop_id', 12345)).toEqual(['identifier', '12345', '12345']);
    expect(shown(categories, 'position', 12345)).toEqual(['int', '12,345', '12,345']);
    expect(totalsColumns(categories).map((c) => c.field)).toEqual(['position']);
  });
});

describe('keyset windows', () => {
  it('carries the sort values of the last row, multi in the language; not timestamps', () => {
    const order = [
      { colId: 'product_name', sort: 'asc' as const },
      { colId: 'selling_price_shop', sort: 'desc' as const },
      { colId: 'product_code', sort: 'asc' as const },
    ];
    expect(keysetAfter({ product_name: { en: 'A', de: 'B' }, selling_price_shop: null, product_code: 'P1' }, order, model.byField, 'de')).toEqual(['B', null, 'P1']);
    expect(keysetAfter({ product_name: { en: 'A' }, selling_price_shop: 3, product_code: 'P1' }, order, model.byField, 'de')).toEqual([null, 3, 'P1']);
    expect(keysetAfter({ updated_at: '2026-01-01T00:00:00.123Z', product_code: 'P1' }, [{ colId: 'updated_at', sort: 'asc' }], model.byField, 'en')).toBeUndefined();
    // A looked-up column sorts by its text on the server: no cursor; as a key it sorts by its value.
    const byBrand = [
      { colId: 'brand_id', sort: 'asc' as const },
      { colId: 'product_code', sort: 'asc' as const },
    ];
    expect(keysetAfter({ brand_id: 3, product_code: 'P1' }, byBrand, model.byField, 'en', model.keys)).toBeUndefined();
    expect(keysetAfter({ brand_id: 3, product_code: 'P1' }, byBrand, model.byField, 'en', ['brand_id', 'product_code'])).toEqual([3, 'P1']);
  });
});

describe('grouping', () => {
  const groups = [
    { key: { brand_id: 1, vat_id: 'A' }, count: 3, aggs: {} },
    { key: { brand_id: 1, vat_id: 'B' }, count: 2, aggs: {} },
    { key: { brand_id: null, vat_id: 'A' }, count: 1, aggs: {} },
    { key: { brand_id: 2, vat_id: 'A' }, count: 4, aggs: {} },
  ];

  it('builds the tree with parents summing their children, sorted by key (NULL last)', () => {
    const tree = buildGroupTree(groups, ['brand_id', 'vat_id']);
    expect(tree.map((n) => [n.value, n.count])).toEqual([
      [1, 5],
      [2, 4],
      [null, 1],
    ]);
    expect(tree[0]!.children!.map((n) => n.keys)).toEqual([
      { brand_id: 1, vat_id: 'A' },
      { brand_id: 1, vat_id: 'B' },
    ]);
  });

  it('orders groups by what they show (a name, not an id), descending when sorted so, empty last', () => {
    const names: Record<string, string> = { 1: 'Zeta', 2: 'alpha', 10: 'Beta' };
    const more = [...groups, { key: { brand_id: 10, vat_id: 'A' }, count: 1, aggs: {} }];
    const order = (desc: boolean) => ({
      key: (field: string, v: unknown) => (field === 'brand_id' ? (v === null ? '' : names[String(v)]) : v),
      desc: (field: string) => desc && field === 'brand_id',
    });
    expect(buildGroupTree(more, ['brand_id', 'vat_id'], order(false)).map((n) => n.value)).toEqual([2, 10, 1, null]);
    const desc = buildGroupTree(more, ['brand_id', 'vat_id'], order(true));
    expect(desc.map((n) => n.value)).toEqual([1, 10, 2, null]);
    // Only the sorted column's level turns round.
    expect(desc[0]!.children!.map((n) => n.value)).toEqual(['A', 'B']);
  });

  it('flattens expanded groups with their rows, and finds positions', () => {
    const tree = buildGroupTree(groups, ['brand_id', 'vat_id']);
    const open = new Set([tree[0]!.id, tree[0]!.children![1]!.id]);
    const { segments, total } = flattenGroups(tree, open, (n) => n.count);
    // brand 1, vat A, vat B, its 2 rows, brand 2, brand null
    expect(total).toBe(1 + 1 + 1 + 2 + 1 + 1);
    expect(locate(segments, 0)!.segment.kind).toBe('group');
    const r = locate(segments, 4)!;
    expect(r.segment.kind).toBe('rows');
    expect(r.offset).toBe(1);
    expect(locate(segments, 5)!.segment.kind).toBe('group');
    expect(locate(segments, 7)).toBeNull();
    expect(groupFilter({ a: { type: 'contains', filter: 'x' } }, { brand_id: 1, vat_id: null })).toEqual({
      a: { type: 'contains', filter: 'x' },
      brand_id: { filterType: 'set', values: [1] },
      vat_id: { filterType: 'set', values: [null] },
    });
  });

  it('computes the aggregate in memory like the server answers it', () => {
    const rows = [
      { b: 1, p: 10 },
      { b: 1, p: 30 },
      { b: 2, p: null },
      { b: 2, p: 5 },
    ];
    const cols = new Map([
      ['b', { field: 'b', valueType: 'int' as const }],
      ['p', { field: 'p', valueType: 'money' as const }],
    ]);
    const r = aggregateRows(rows, cols, ['b'], { p: ['sum', 'avg', 'min', 'max'] }, 'en');
    expect(r.totals).toEqual({ count: 4, aggs: { p: { sum: 45, avg: 15, min: 5, max: 30 } } });
    expect(r.groups).toEqual([
      { key: { b: 1 }, count: 2, aggs: { p: { sum: 40, avg: 20, min: 10, max: 30 } } },
      { key: { b: 2 }, count: 2, aggs: { p: { sum: 5, avg: 5, min: 5, max: 5 } } },
    ]);
  });
});

describe('translate (spec §2)', () => {
  const row = (id: string, name: Record<string, string>, desc: Record<string, string> = {}): GridRow => ({ index: 0, id, data: { product_name: name, description: desc } });
  const langs = ['en', 'de', 'hu'];

  it('fills only empty languages from the UI language (else English, else the first with text)', () => {
    expect(sourceLanguage({ en: 'x', de: 'y' }, 'de', langs)).toBe('de');
    expect(sourceLanguage({ en: 'x', de: ' ' }, 'de', langs)).toBe('en');
    expect(sourceLanguage({ hu: 'z' }, 'de', langs)).toBe('hu');
    expect(sourceLanguage({}, 'de', langs)).toBeNull();
    const tasks = planTranslation([row('1', { en: 'Spade', de: 'Spaten' })], ['product_name'], { lang: 'en', langs, overwrite: false, overwriteName: false });
    expect(tasks).toEqual([{ rowId: '1', field: 'product_name', from: 'en', text: 'Spade', to: ['hu'] }]);
  });

  it('overwrites with Ctrl/Meta; product_name only with Shift as well', () => {
    const rows = [row('1', { en: 'Spade', de: 'Spaten', hu: 'Ásó' }, { en: 'Steel', de: 'Stahl' })];
    const o = { lang: 'en', langs };
    expect(planTranslation(rows, ['product_name', 'description'], { ...o, overwrite: false, overwriteName: false })).toEqual([
      { rowId: '1', field: 'description', from: 'en', text: 'Steel', to: ['hu'] },
    ]);
    expect(planTranslation(rows, ['product_name', 'description'], { ...o, overwrite: true, overwriteName: false }).map((t) => [t.field, t.to])).toEqual([['description', ['de', 'hu']]]);
    expect(planTranslation(rows, ['product_name', 'description'], { ...o, overwrite: true, overwriteName: true }).map((t) => [t.field, t.to])).toEqual([
      ['product_name', ['de', 'hu']],
      ['description', ['de', 'hu']],
    ]);
  });

  it('asks once per distinct text, the texts of one language pair in one call, and merges the answers; the first failure stops it', async () => {
    const rows = [row('1', { en: 'Spade' }), row('2', { en: 'Spade' }), row('3', { en: 'Rake' }), row('4', { de: 'Hacke' })];
    const tasks = planTranslation(rows, ['product_name'], { lang: 'en', langs, overwrite: false, overwriteName: false });
    const calls: [Record<string, string>, string, string[]][] = [];
    const echo: Translator = async (texts, from, to) => {
      calls.push([texts, from, to]);
      return Object.fromEntries(to.map((l) => [l, Object.fromEntries(Object.entries(texts).map(([k, x]) => [k, `${x}-${l}`]))]));
    };
    const out = await runTranslation(tasks, new Map(rows.map((r) => [r.id, r.data])), echo);
    expect(calls).toEqual([
      [{ t0: 'Spade', t1: 'Rake' }, 'en', ['de', 'hu']],
      [{ t0: 'Hacke' }, 'de', ['en', 'hu']],
    ]);
    expect(out.find((x) => x.rowId === '2')!.value).toEqual({ en: 'Spade', de: 'Spade-de', hu: 'Spade-hu' });
    expect(out.find((x) => x.rowId === '4')!.value).toEqual({ de: 'Hacke', en: 'Hacke-en', hu: 'Hacke-hu' });
    await expect(runTranslation(tasks, new Map(), () => Promise.reject(new Error('503')))).rejects.toThrow('503');
  });

  it('sends at most TEXTS_PER_CALL texts a call', async () => {
    const rows = Array.from({ length: TEXTS_PER_CALL + 3 }, (_, i) => row(String(i), { en: `Tool ${i}` }));
    const tasks = planTranslation(rows, ['product_name'], { lang: 'en', langs, overwrite: false, overwriteName: false });
    const sizes: number[] = [];
    const out = await runTranslation(tasks, new Map(rows.map((r) => [r.id, r.data])), async (texts, _from, to) => {
      sizes.push(Object.keys(texts).length);
      return Object.fromEntries(to.map((l) => [l, Object.fromEntries(Object.entries(texts).map(([k, x]) => [k, `${x}-${l}`]))]));
    });
    expect(sizes.sort((a, b) => b - a)).toEqual([TEXTS_PER_CALL, 3]);
    expect(out.find((x) => x.rowId === '52')!.value).toEqual({ en: 'Tool 52', de: 'Tool 52-de', hu: 'Tool 52-hu' });
  });
});

describe('undo stack', () => {
  it('keeps batches newest first, ignores empty ones, caps its size', () => {
    const s = new UndoStack();
    s.push({ logIds: [], rowIds: ['x'] });
    expect(s.size).toBe(0);
    s.push({ logIds: [1], rowIds: ['a'] });
    s.push({ logIds: [2, 3], rowIds: ['b', 'c'] });
    expect(s.pop()!.logIds).toEqual([2, 3]);
    for (let i = 0; i < 150; i++) s.push({ logIds: [i + 10], rowIds: [] });
    expect(s.size).toBe(100);
    s.clear();
    expect(s.pop()).toBeUndefined();
  });
});

describe('money filters across view currencies (inViewCurrency)', () => {
  const session = (currency: string): CellSession => ({
    currency,
    companyCurrency: 'EUR',
    companyRates: { EUR: 1, HUF: 1 / 395 },
    currencies: [
      { currency_code: 'EUR', currency_precision: 2 },
      { currency_code: 'HUF', currency_precision: 0 },
    ],
    cdn: '',
    shops: [],
    languages: [],
  });
  const typed = {
    ...defaultViewState(model),
    columnFilters: [
      { id: 'selling_price_shop', value: '>100' },
      { id: 'product_code', value: '100' },
    ],
    filterCurrency: 'EUR',
  };

  it('carries money filters typed in one currency into the one shown; other filters stay', () => {
    const huf = inViewCurrency(typed, model, session('HUF'), 'de');
    expect(huf.columnFilters).toEqual([
      { id: 'selling_price_shop', value: '>39500' },
      { id: 'product_code', value: '100' },
    ]);
    expect(huf.filterCurrency).toBe('HUF');
    // Derived from what was typed each time: back in EUR it is the typed state itself.
    expect(inViewCurrency(typed, model, session('EUR'), 'de')).toBe(typed);
    expect(inViewCurrency(huf, model, session('EUR'), 'de').columnFilters[0]).toEqual({ id: 'selling_price_shop', value: '>100' });
  });

  it('takes a state without a currency (saved before) as typed in the one shown', () => {
    const old = { ...typed, filterCurrency: undefined };
    expect(inViewCurrency(old, model, session('HUF'), 'de').columnFilters).toEqual(old.columnFilters);
    expect(inViewCurrency(old, model, session('HUF'), 'de').filterCurrency).toBe('HUF');
  });

  it('saves the currency with a money filter only, and reads it back', () => {
    expect(toSaved(typed, model).currency).toBe('EUR');
    expect(readSaved(toSaved(typed, model), model).filterCurrency).toBe('EUR');
    expect(toSaved({ ...typed, columnFilters: [{ id: 'product_code', value: '1' }] }, model)).not.toHaveProperty('currency');
    expect(readSaved({ ...toSaved(typed, model), currency: 5 }, model).filterCurrency).toBeUndefined();
  });
});

describe('Delete on a range (clearRange)', () => {
  const brands = buildGridModel(parseScreen(brandsScreen, 'screens/products/brands.ts'));
  const rows: GridRow[] = [
    { index: 0, id: 'P1', data: { product_code: 'P1', supplier_product_code: 'S-1', active: true, keep_in_stock: 2, min_margin: 5 } },
    { index: 1, id: 'P2', data: { product_code: 'P2', supplier_product_code: null, active: false, keep_in_stock: 1, min_margin: 7 } },
  ];
  const cols = ['product_code', 'supplier_product_code', 'active', 'keep_in_stock', 'min_margin'].map((f) => ({ col: col(f), canEdit: col(f).editable }));
  const sheet = { cols, dataRow: (i: number) => rows[i], ctx };

  it('empties the editable cells that hold a value; keys, yes/no cells, fixed choices and empty cells are left', () => {
    const res = clearRange(sheet, { top: 0, left: 0, bottom: 1, right: 4 });
    expect(res.invalid).toEqual([]);
    expect(res.changes.map((c) => [c.row.id, c.col.field, c.value])).toEqual([
      ['P1', 'supplier_product_code', null],
      ['P1', 'min_margin', null],
      ['P2', 'min_margin', null],
    ]);
  });

  it('flags a required cell instead of emptying it', () => {
    const name = brands.columns.find((c) => c.editable && c.meta.required && c.type !== 'multi' && c.type !== 'bool');
    expect(name).toBeDefined();
    const row: GridRow = { index: 0, id: '1', data: { [name!.field]: 'Bosch' } };
    const res = clearRange({ cols: [{ col: name!, canEdit: true }], dataRow: () => row, ctx }, { top: 0, left: 0, bottom: 0, right: 0 });
    expect(res.changes).toEqual([]);
    expect(res.invalid).toEqual([{ rowId: '1', field: name!.field, message: expect.any(String) }]);
  });
});

describe('paste onto cells that keep their values (pasteBlock, pasteNotices)', () => {
  const pages = buildGridModel(parseScreen(pagesScreen, 'screens/shops/frontend_pages.ts'));
  const body = pages.columns.find((c) => c.meta.html)!;
  const rows: GridRow[] = [0, 1].map((i) => ({ index: i, id: `P${i}`, data: { product_code: `P${i}`, supplier_product_code: 'S', min_margin: 5 } }));
  const label = (f: string) => `«${f}»`;

  it('counts read-only cells by column and names them; the editable ones are written', () => {
    const cols = ['product_code', 'supplier_product_code', 'min_margin'].map((f) => ({ col: col(f), canEdit: f !== 'product_code' }));
    const res = pasteBlock({ cols, dataRow: (i) => rows[i], ctx }, { top: 0, left: 0, bottom: 0, right: 0 }, true, 'X1\tS-9\t7\nX2\tS-8\tnope\n', 1)!;
    expect(res.changes.map((c) => [c.row.id, c.col.field, c.value])).toEqual([
      ['P0', 'supplier_product_code', 'S-9'],
      ['P0', 'min_margin', 7],
      ['P1', 'supplier_product_code', 'S-8'],
    ]);
    expect([...res.readOnly]).toEqual([['product_code', 2]]);
    expect(pasteNotices(res, label)).toEqual([
      { variant: 'warning', id: 'messages.paste_read_only', values: { count: 2, columns: '«product_code»' } },
      { variant: 'warning', id: 'messages.invalid_cells', values: { count: 1 } },
    ]);
  });

  it('says rich text is edited in the form, not that it is not valid', () => {
    const row: GridRow = { index: 0, id: '1', data: { [body.field]: { de: '<p>a</p>' } } };
    const res = pasteBlock({ cols: [{ col: body, canEdit: true }], dataRow: () => row, ctx }, { top: 0, left: 0, bottom: 0, right: 0 }, true, 'text', 0)!;
    expect(res.changes).toEqual([]);
    expect(res.invalid).toHaveLength(1);
    expect(pasteNotices(res, label)).toEqual([{ variant: 'warning', id: 'messages.paste_rich_text', values: { count: 1, columns: `«${body.field}»` } }]);
  });
});
