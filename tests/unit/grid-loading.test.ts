/**
 * The column model (order, pinning, visibility, sort and filter transitions: TanStack
 * Table's, with the grid's options), the fixed-height row window, and the precompiled
 * catalogues (same texts as parsing at run time).
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScreen } from '../../schemas/screen.ts';
import { LANGS, LOCALE } from '../../src/core/langs.ts';
import { renderedPositions } from '../../src/app/grid/GridBody.tsx';
import { buildGridModel } from '../../src/app/grid/columns.ts';
import { SELECT_ID, type SortingState, type ViewColumn } from '../../src/app/grid/layout.ts';
import { columnsInView } from '../../src/app/grid/body/columnWindow.ts';
import type { ViewState } from '../../src/app/grid/columnState.ts';
import { testGrid } from './gridTable.ts';
import { visibleRows, withDirection } from '../../src/app/grid/body/visibleRows.ts';
import { expandMessages } from '../../src/app/i18n/messages.ts';
import { compileCatalogue } from '../../src/core/catalogue.ts';
import { partOf } from '../../src/core/catalogueParts.ts';

const model = buildGridModel(
  parseScreen(
    {
      form: 't_items',
      route: '/t/items',
      source: { relation: 'app.t_items', key: 'a' },
      columns: { a: {}, b: {}, c: {}, d: {}, e: { hidden: true } },
    },
    'test',
  ),
);
const ids = (cols: { id: string; pinned: unknown }[]) => cols.map((c) => (c.pinned ? `${c.id}:${String(c.pinned)}` : c.id));
/** The shown columns of the grid's TanStack table for this order, pinning and visibility. */
const leafColumns = (selectable: boolean, columnOrder: string[], pinning: Partial<ViewState['columnPinning']>, columnVisibility: Record<string, boolean>) =>
  testGrid(model, { columnOrder, columnPinning: { start: pinning.start ?? [], end: pinning.end ?? [] }, columnVisibility }, { selectable }).layout().cols;
/** A header click (`multi`: with Shift) on column `id`, from the sort `s`: the sort after it. */
const toggleSort = (s: SortingState, id: string, multi: boolean): SortingState => {
  const g = testGrid(model, { sorting: s });
  g.table.getColumn(id)!.toggleSorting(undefined, multi);
  return g.state.sorting;
};
const sortOf = (s: SortingState, id: string) => {
  const c = testGrid(model, { sorting: s }).table.getColumn(id)!;
  return { sorted: c.getIsSorted(), index: c.getSortIndex() };
};
/** A floating filter's value set on column `id`. */
const setFilter = (f: ViewState['columnFilters'], id: string, value: unknown) => {
  const g = testGrid(model, { columnFilters: f });
  g.table.getColumn(id)!.setFilterValue(value);
  return g.state.columnFilters;
};

describe('column model', () => {
  it('orders by the column order, unknown columns last, hidden ones left out', () => {
    expect(ids(leafColumns(false, ['c', 'a'], {}, { e: false }))).toEqual(['c', 'a', 'b', 'd']);
    expect(ids(leafColumns(false, ['c', 'a'], {}, { e: true, b: false }))).toEqual(['c', 'a', 'd', 'e']);
  });

  it('puts start-pinned columns first and end-pinned last, in pin order; the selection column leads', () => {
    const cols = leafColumns(true, ['a', 'b', 'c', 'd'], { start: ['c', 'b'], end: ['a'] }, { e: false });
    expect(ids(cols)).toEqual([`${SELECT_ID}:start`, 'c:start', 'b:start', 'd', 'a:end']);
    expect(cols[0]!.col).toBeNull();
    expect(cols[1]!.col?.field).toBe('c');
    expect(ids(leafColumns(true, ['a'], { start: ['b'] }, { b: false, e: false }))).toEqual([`${SELECT_ID}:start`, 'a', 'c', 'd']);
  });

  it('cycles a header click asc → desc → none, replacing other sorts without Shift', () => {
    let s: SortingState = [];
    s = toggleSort(s, 'a', false);
    expect(s).toEqual([{ id: 'a', desc: false }]);
    s = toggleSort(s, 'a', false);
    expect(s).toEqual([{ id: 'a', desc: true }]);
    expect(toggleSort(s, 'a', false)).toEqual([]);
    expect(toggleSort(s, 'b', false)).toEqual([{ id: 'b', desc: false }]);
    // Shift with nothing sorted is a plain click.
    expect(toggleSort([], 'b', true)).toEqual([{ id: 'b', desc: false }]);
  });

  it('with Shift adds a column, cycles it in place and removes only it', () => {
    let s: SortingState = [{ id: 'a', desc: true }];
    s = toggleSort(s, 'b', true);
    expect(s).toEqual([
      { id: 'a', desc: true },
      { id: 'b', desc: false },
    ]);
    s = toggleSort(s, 'b', true);
    expect(s).toEqual([
      { id: 'a', desc: true },
      { id: 'b', desc: true },
    ]);
    expect(sortOf(s, 'b')).toEqual({ sorted: 'desc', index: 1 });
    expect(sortOf(s, 'c')).toEqual({ sorted: false, index: -1 });
    expect(toggleSort(s, 'b', true)).toEqual([{ id: 'a', desc: true }]);
    // A plain click on a column of a several-column sort keeps only that column.
    expect(toggleSort(s, 'a', false)).toEqual([]);
    expect(
      toggleSort(
        [
          { id: 'a', desc: false },
          { id: 'b', desc: false },
        ],
        'a',
        false,
      ),
    ).toEqual([{ id: 'a', desc: true }]);
  });

  it('sets, replaces in place and removes (empty) floating-filter values', () => {
    let f = setFilter([], 'a', 'x');
    f = setFilter(f, 'b', 'true');
    expect(f).toEqual([
      { id: 'a', value: 'x' },
      { id: 'b', value: 'true' },
    ]);
    expect(setFilter(f, 'a', 'y')).toEqual([
      { id: 'a', value: 'y' },
      { id: 'b', value: 'true' },
    ]);
    expect(setFilter(f, 'a', '')).toEqual([{ id: 'b', value: 'true' }]);
    expect(setFilter(f, 'b', undefined)).toEqual([{ id: 'a', value: 'x' }]);
  });
});

describe('row window', () => {
  it('shows the rows between scrollTop and the viewport bottom, under the sticky header', () => {
    // 28 px rows, 62 px of header, a 700 px viewport: 638 px of body, 22.8 rows → 24 positions.
    expect(visibleRows(0, 700, 28, 62)).toEqual({ first: 0, last: 23, up: false, moving: false });
    expect(visibleRows(28 * 100 + 5, 700, 28, 62)).toEqual({ first: 100, last: 123, up: false, moving: false });
    // The same count at any offset within the first row: the rows change with the first only.
    for (const off of [0, 1, 10, 27]) expect(visibleRows(28 * 100 + off, 700, 28, 62).last).toBe(123);
    expect(visibleRows(28 * 101, 700, 28, 62)).toMatchObject({ first: 101, last: 124 });
    expect(visibleRows(0, 40, 28, 62)).toEqual({ first: 0, last: -1, up: false, moving: false });
  });

  it('knows which way the last scroll went (the side the rendered rows lean to)', () => {
    const at = (first: number, up = false) => ({ first, last: first + 22, up, moving: false });
    expect(withDirection(at(10), at(12), true)).toEqual({ ...at(12), moving: true });
    expect(withDirection(at(12), at(10), true).up).toBe(true);
    // The first row unchanged (the viewport grew): the direction stays.
    expect(withDirection(at(10, true), { first: 10, last: 40, up: false, moving: false }, false)).toEqual({ first: 10, last: 40, up: true, moving: false });
    expect(withDirection(at(10, false), at(10), false).up).toBe(false);
  });

  it('renders the overscan around them, clamped to the rows, plus the kept positions once', () => {
    expect(renderedPositions(0, 22, 1000, [], 2)).toEqual([...Array(25).keys()]);
    expect(renderedPositions(50, 52, 53, [], 2)).toEqual([48, 49, 50, 51, 52]);
    expect(renderedPositions(50, 51, 1000, [3, 3, 51, 900, 1000, -1], 1)).toEqual([3, 49, 50, 51, 52, 900]);
    expect(renderedPositions(0, -1, 0, [0], 10)).toEqual([]);
    // More on one side than on the other (ahead of the scroll).
    expect(renderedPositions(50, 52, 1000, [], 1, 3)).toEqual([49, 50, 51, 52, 53, 54, 55]);
    expect(renderedPositions(50, 52, 1000, [], 3, 1)).toEqual([47, 48, 49, 50, 51, 52, 53]);
  });

  it("draws a new view's first frame with the columns in view and the pinned ones; all when all are in view", () => {
    const col = (id: string, width: number | null, minWidth: number, pinned: ViewColumn['pinned'] = false) => ({ id, width, minWidth, pinned }) as ViewColumn;
    // A select column and a pinned key (136 px), then eight 100 px columns (one of them flex at its 100 px minimum), an end-pinned one.
    const cols = [col(SELECT_ID, 36, 36, 'start'), col('code', 100, 100, 'start'), ...[...Array(8).keys()].map((i) => col(`c${i}`, i === 3 ? null : 100, 100)), col('end', 80, 80, 'end')];
    // 500 px at the start: c0..c3 start before 500 (c3 at 436); c4 at 536 does not.
    expect(columnsInView(cols, 0, 500)).toEqual({ from: 2, to: 5 });
    // Scrolled 300 px: from c1 (236–336) to c6 (736–836 starts before 800).
    expect(columnsInView(cols, 300, 500)).toEqual({ from: 3, to: 8 });
    // Everything in view: the plain path (no window).
    expect(columnsInView(cols, 0, 2000)).toBeNull();
    expect(columnsInView([col(SELECT_ID, 36, 36, 'start')], 0, 10)).toBeNull();
  });
});

describe('precompiled catalogues', () => {
  const sample = (name: string) => (/count|n$|rows|total|max|min/.test(name) ? 3 : `‹${name}›`);
  const argNames = (text: string) => [...text.matchAll(/\{\s*([a-zA-Z_]\w*)/g)].map((m) => m[1]!);

  it.each(LANGS)('%s: every message formats as the runtime parse of its text does', (lang) => {
    const texts = JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as Record<string, string>;
    const shipped = compileCatalogue(texts, lang);
    // Plain texts travel as such; only messages with arguments as ASTs.
    expect(Object.values(shipped).some((m) => typeof m === 'string')).toBe(true);
    expect(shipped['common.yes']).toBe(texts['common.yes']);
    const messages = expandMessages(JSON.parse(JSON.stringify(shipped)) as typeof shipped);
    expect(Object.keys(messages).sort()).toEqual(Object.keys(texts).sort());
    for (const [id, text] of Object.entries(texts)) {
      const values = Object.fromEntries(argNames(text).map((n) => [n, sample(n)]));
      for (const v of [values, Object.fromEntries(Object.keys(values).map((n) => [n, typeof values[n] === 'number' ? 1 : values[n]]))]) {
        const fromText = new IntlMessageFormat(text, LOCALE[lang]).format(v);
        const fromAst = new IntlMessageFormat(messages[id]!, LOCALE[lang]).format(v);
        expect(fromAst, `${lang} ${id}`).toEqual(fromText);
      }
    }
  });
});

describe('catalogue parts', () => {
  it.each(LANGS)('%s: the first and the later part together are the catalogue, each key in one of them', (lang) => {
    const texts = JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as Record<string, string>;
    const first = compileCatalogue(texts, lang, 'first');
    const later = compileCatalogue(texts, lang, 'later');
    expect(Object.keys(first).filter((k) => k in later)).toEqual([]);
    expect([...Object.keys(first), ...Object.keys(later)].sort()).toEqual(Object.keys(texts).sort());
    // What the list paints with is in the first part; what a server answer or a dialog says, in the later one.
    expect(Object.keys(first)).toEqual(expect.arrayContaining(['grid.list_is_empty', 'grid.export', 'common.none', 'chrome.menu']));
    expect(Object.keys(later)).toEqual(expect.arrayContaining(['messages.data_saved', 'validation.required', 'forms.loading', 'grid.bulk_price', 'grid.view_save', 'grid.fill_apply']));
    expect(Object.keys(first)).toEqual(expect.arrayContaining(['grid.views', 'grid.views_applied', 'grid.fill', 'kanban.title', 'ai.title']));
    expect(Object.keys(later)).toEqual(expect.arrayContaining(['screens.product_list.new', 'screens.product_list.edit', 'grid.delete_confirm', 'grid.delete_question']));
    expect(Object.keys(first)).toEqual(expect.arrayContaining(['grid.delete_count']));
    // Titles of screens without a route (a lookup, a detail grid) only dialogs and the lazy detail panel say;
    // a routed screen's title comes with its labels (below): the first part does not grow with screens.
    expect(partOf('screens.sales_order_items.title')).toBe('later');
    expect(partOf('screens.sales_orders.title')).toBe('later');
    expect(Object.keys(first).filter((k) => k.startsWith('screens.'))).toEqual([]);
    expect(Object.keys(first).some((k) => partOf(k) === 'later')).toBe(false);
    // Column labels come per screen (and all of them with the later part): the first part does not grow with screens.
    expect(Object.keys(first).filter((k) => k.startsWith('fields.'))).toEqual([]);
    expect(Object.keys(texts).filter((k) => k.startsWith('fields.') && !(k in later))).toEqual([]);
  });

  it.each(LANGS)("%s: a routed screen's labels are its columns' headers, each with the catalogue's text", (lang) => {
    const texts = JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as Record<string, string>;
    const keys = (JSON.parse(readFileSync('src/generated/fieldKeys.json', 'utf8')) as Record<string, string[]>).product_list!;
    expect(keys).toEqual(expect.arrayContaining(['screens.product_list.title', 'fields.product_code', 'fields.keep_in_stock', 'fields.selling_price_shop']));
    const part = compileCatalogue(texts, lang, { keys });
    expect(Object.keys(part).sort()).toEqual([...keys].sort());
    expect(part['fields.product_code']).toBe(texts['fields.product_code']);
  });

  it("brings with a screen's labels its toolbar buttons' words and the titles of the screens above it in its breadcrumbs (the later part loads on first need)", () => {
    const all = JSON.parse(readFileSync('src/generated/fieldKeys.json', 'utf8')) as Record<string, string[]>;
    expect(all.product_list).toEqual(expect.arrayContaining(['grid.bulk_shop_list', 'grid.bulk_translate_texts', 'grid.bulk_translate_texts_pick', 'print.labels_action']));
    expect(all.frontend_pages2_col_defs).toEqual(expect.arrayContaining(['screens.frontend_pages2.title', 'screens.frontend_pages2_col_defs.title']));
    // A screen at the top of its area has no screen above it.
    expect(all.product_list!.filter((k) => k.startsWith('screens.'))).toEqual(['screens.product_list.title']);
  });
});
