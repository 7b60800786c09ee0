/**
 * Table state → the list payload of the server-side row model (AG Grid's shape, which
 * the api_action engine reads). Pure functions: the query key is derived from them.
 */
import { columnTypes } from '../../core/columnTypes/index.ts';
import type { ColumnFiltersState, SortingState } from '@tanstack/react-table';
import { localDate, parseDateInput } from '../../core/format.ts';
import { editableNumber, readNumber } from '../../core/numberInput.ts';
import { cursorCarries, cursorValues } from '../../core/query/keyset.ts';
import { sortsByLabel } from '../../core/query/order.ts';
import type { FilterKind, GridColumn } from './types.ts';
import type { FilterItem, SortItem } from './dataProvider/contract.ts';

/** A column's filter and a sort item as the list payload has them (the contract's FilterItem, SortModel). */
export type { FilterItem, SortItem };
/** The order of a query as the server runs it (the sort, then the keys): core/query/order.ts. */
export { fullOrder } from '../../core/query/order.ts';
export type FilterModel = Record<string, FilterItem>;

export const toSortModel = (sorting: SortingState): SortItem[] => sorting.map((s) => ({ colId: s.id, sort: s.desc ? 'desc' : 'asc' }));

const OPS: [string, string][] = [
  ['>=', 'greaterThanOrEqual'],
  ['<=', 'lessThanOrEqual'],
  ['<>', 'notEqual'],
  ['!=', 'notEqual'],
  ['>', 'greaterThan'],
  ['<', 'lessThan'],
  ['=', 'equals'],
];

/**
 * A number with an optional leading minus, as the UI language writes it (core
 * numberInput.ts), and nothing else: a filter is not an editor, which may drop what is no
 * number (the box then shows what it saves); text in a filter that is no number ('12abc',
 * '1.5' in German) filters nothing.
 */
const signedNumber =
  (lang: string) =>
  (s: string): number | null => {
    const t = s.trim();
    return /^[-−]?\s*[\d.,\s]*\d[\d.,\s]*$/.test(t) ? readNumber(t, lang) : null;
  };

/** '12-14' (or an en dash): two numbers joined by a dash are the range 12..14, not 1214. */
const DASH_RANGE = /^\s*(\d[\d.,\s]*?)\s*[-–—]\s*(\d[\d.,\s]*)$/;

/** A filter expression over values of one kind: one value, a comparison, or a range. */
type Expr<T> = { type: string; from: T; to?: T };

/**
 * `v` equals, `>v` `>=v` `<v` `<=v` `!=v` (or `<>v`), `a..b` in range (inclusive, either
 * order); `value` reads one value. A range splits at the first `..` where both sides read
 * ('2026. 01. 31...2026. 02. 28.' too). Null for text that is not one.
 */
function parseExpr<T>(input: string, value: (s: string) => T | null, less: (a: T, b: T) => boolean): Expr<T> | null {
  const s = input.trim();
  if (!s) return null;
  for (let i = s.indexOf('..'); i >= 0; i = s.indexOf('..', i + 1)) {
    const from = value(s.slice(0, i));
    const to = value(s.slice(i + 2));
    if (from !== null && to !== null) return less(to, from) ? { type: 'inRange', from: to, to: from } : { type: 'inRange', from, to };
  }
  // A range with a side missing ('10..') is not a value either.
  if (s.includes('..')) return null;
  for (const [prefix, type] of OPS) {
    if (s.startsWith(prefix)) {
      const v = value(s.slice(prefix.length));
      return v === null ? null : { type, from: v };
    }
  }
  const v = value(s);
  return v === null ? null : { type: 'equals', from: v };
}

/**
 * A number filter expression: `10` equals, `>10` `>=10` `<5` `<=5` `!=3` (or `<>3`),
 * `10..20` or `10-20` in range (inclusive). Answers null for text that is not one.
 */
export function parseNumberFilter(input: string, lang: string): FilterItem | null {
  const dash = DASH_RANGE.exec(input);
  const e = parseExpr(dash ? `${dash[1]}..${dash[2]}` : input, signedNumber(lang), (a, b) => a < b);
  if (!e) return null;
  return e.to === undefined ? { filterType: 'number', type: e.type, filter: e.from } : { filterType: 'number', type: e.type, filter: e.from, filterTo: e.to };
}

const PREFIX: Record<string, string> = { equals: '', notEqual: '!=', greaterThan: '>', greaterThanOrEqual: '>=', lessThan: '<', lessThanOrEqual: '<=' };

/**
 * A number filter's text with its numbers multiplied by `ratio` and rounded to `digits`
 * (a money filter carried into another view currency: '>100' in EUR → '>39500' in HUF);
 * null when the text is no number filter.
 */
export function rescaleNumberFilter(text: string, ratio: number, digits: number, lang: string): string | null {
  const f = parseNumberFilter(text, lang);
  if (!f) return null;
  const n = (x: unknown) => editableNumber(Number(((x as number) * ratio).toFixed(digits)), lang);
  return f.type === 'inRange' ? `${n(f.filter)}..${n(f.filterTo)}` : `${PREFIX[f.type!] ?? ''}${n(f.filter)}`;
}

/** The first and last instant of a local day, as ISO instants. */
const dayStart = (d: string) => localDate(d)!.toISOString();
const dayEnd = (d: string) => {
  const x = localDate(d)!;
  x.setHours(23, 59, 59, 999);
  return x.toISOString();
};

/**
 * A date filter expression, as number filters read (`31.12.2026`, `>2026-01-01`,
 * `2026-01-01..2026-03-31`), each date typed as the editors read it (parseDateInput). On
 * a date-time column a day means all of it: `= d` its instants, `> d` after its end,
 * `<= d` up to its end.
 */
function parseDateFilter(input: string, datetime: boolean): FilterItem | null {
  const e = parseExpr(input, parseDateInput, (a, b) => a < b);
  if (!e) return null;
  if (!datetime) return e.to === undefined ? { filterType: 'date', type: e.type, dateFrom: e.from } : { filterType: 'date', type: e.type, dateFrom: e.from, dateTo: e.to };
  switch (e.type) {
    case 'equals':
      return { filterType: 'date', type: 'inRange', dateFrom: dayStart(e.from), dateTo: dayEnd(e.from) };
    case 'inRange':
      return { filterType: 'date', type: 'inRange', dateFrom: dayStart(e.from), dateTo: dayEnd(e.to!) };
    case 'greaterThan':
    case 'lessThanOrEqual':
      return { filterType: 'date', type: e.type, dateFrom: dayEnd(e.from) };
    case 'notEqual':
      // Not on that day: no instant of it (one condition cannot say so; before or after is two).
      return null;
    default:
      return { filterType: 'date', type: e.type, dateFrom: dayStart(e.from) };
  }
}

/**
 * The value of a choice filter's "(empty)" choice (saved with the grid state like any
 * choice): the rows whose value is null. No key or option of the app reads like this.
 */
export const BLANK_CHOICE = '∅';

/**
 * Several choices in one filter value: joined by U+001F (the unit separator, in no key,
 * option or "(empty)"), so the grid state, saved views and older states keep holding one
 * text per column; a single choice reads as before.
 */
const CHOICE_SEP = '\u001f';
/** The choices of a set filter's value (none for no filter). */
export const choiceList = (value: unknown): string[] => (typeof value === 'string' && value !== '' ? value.split(CHOICE_SEP) : []);
/** A set filter's value of these choices; undefined (no filter) for none. */
export const choiceValue = (choices: readonly string[]): string | undefined => (choices.length ? choices.join(CHOICE_SEP) : undefined);

/** The set filter of a column's choices: each as the column stores it, "(empty)" as null; null when none reads. */
function choiceItem(choices: readonly string[], read: (s: string) => unknown): FilterItem | null {
  const values: (string | number | boolean | null)[] = [];
  for (const c of choices) {
    const v = c === BLANK_CHOICE ? null : read(c);
    if (v !== undefined && !values.includes(v as never)) values.push(v as string | number | boolean | null);
  }
  return values.length ? { filterType: 'set', values } : null;
}

/** One column's filter value (as its floating filter holds it) → a filter model item. */
export function filterItem(kind: FilterKind, value: unknown, col: GridColumn, lang: string): FilterItem | null {
  if (value === undefined || value === null || value === '') return null;
  const s = String(value);
  switch (kind) {
    case 'text': {
      const t = s.trim();
      return t ? { filterType: 'text', type: 'contains', filter: t } : null;
    }
    case 'number': {
      const item = parseNumberFilter(s, lang);
      if (item && col.valueType === 'int' && ![item.filter, item.filterTo].every((x) => x === undefined || Number.isInteger(x))) return null;
      return item;
    }
    case 'bool': {
      // One of yes/no is an equality (as before); both, or with "(empty)", a set.
      if (s === 'true' || s === 'false') return { type: 'equals', filter: s === 'true' };
      return choiceItem(choiceList(s), (c) => (c === 'true' ? true : c === 'false' ? false : undefined));
    }
    case 'date':
    case 'datetime':
      return parseDateFilter(s, kind === 'datetime');
    case 'option':
      // The options as the column stores them (its list holds the column's own values).
      return choiceItem(choiceList(s), (c) => col.meta.options?.find((o) => String(o) === c));
    case 'ref': {
      // A search lookup offers no list to pick from: its filter is text in the key.
      if (col.lookup?.search) return s.trim() ? { filterType: 'text', type: 'contains', filter: s.trim() } : null;
      const keyType = col.lookup?.keyType ?? 'text';
      const numeric = columnTypes[keyType].numeric;
      return choiceItem(choiceList(s), (c) => {
        if (!numeric) return c;
        const n = Number(c);
        return Number.isFinite(n) ? n : undefined;
      });
    }
  }
}

/**
 * A number filter typed against amounts shown converted (shown = stored × factor, rounded
 * to `precision` digits) → the same filter on the stored amounts, so that it keeps
 * exactly the rows whose shown amount passes: '= 21595' keeps the amounts shown as
 * 21,595 Ft, '> 21595' those shown above it.
 */
function shownToStored(item: FilterItem, view: { factor: number; precision: number }): FilterItem {
  const h = 0.5 * 10 ** -view.precision;
  const s = (x: number) => x / view.factor;
  const a = item.filter as number;
  switch (item.type) {
    case 'equals':
      return { filterType: 'number', type: 'inRange', filter: s(a - h), filterTo: s(a + h) };
    case 'greaterThan':
      return { filterType: 'number', type: 'greaterThanOrEqual', filter: s(a + h) };
    case 'greaterThanOrEqual':
      return { filterType: 'number', type: 'greaterThanOrEqual', filter: s(a - h) };
    case 'lessThan':
      return { filterType: 'number', type: 'lessThan', filter: s(a - h) };
    case 'lessThanOrEqual':
      return { filterType: 'number', type: 'lessThan', filter: s(a + h) };
    case 'inRange':
      return { filterType: 'number', type: 'inRange', filter: s(a - h), filterTo: s((item.filterTo as number) + h) };
    default:
      return { ...item, filter: s(a) };
  }
}

/**
 * The filter model of the table's column filters; filters that do not parse are left out.
 * `moneyView`: how a money column shows its amounts, when converted (moneyCurrency.ts).
 */
export function toFilterModel(
  filters: ColumnFiltersState,
  columns: ReadonlyMap<string, GridColumn>,
  lang: string,
  moneyView?: (col: GridColumn) => { factor: number; precision: number } | null,
): FilterModel {
  const out: FilterModel = {};
  for (const f of filters) {
    const col = columns.get(f.id);
    if (!col?.filter) continue;
    const item = filterItem(col.filter, f.value, col, lang);
    if (!item) continue;
    const view = item.filterType === 'number' ? moneyView?.(col) : null;
    out[f.id] = view ? shownToStored(item, view) : item;
  }
  return out;
}

/**
 * The keyset `after` of a window: the sort values of the row before it, in the order the
 * server sorts (`fullOrder`: the sort, then the key), as core/query/keyset.ts reads them.
 * Undefined when a column of the order cannot be carried exactly (`cursorCarries`).
 */
export function keysetAfter(row: Record<string, unknown>, order: readonly SortItem[], columns: ReadonlyMap<string, GridColumn>, lang: string, keys: readonly string[] = []): unknown[] | undefined {
  for (const s of order) {
    const col = columns.get(s.colId);
    if (!col || !cursorCarries({ valueType: col.valueType, html: col.meta.html }, sortsByLabel(col, keys.includes(s.colId), !!col.lookup?.search))) return undefined;
  }
  const out = cursorValues(row, order, (f) => ({ multi: columns.get(f)!.valueType === 'multi' }), lang);
  return out.every((v) => v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') ? out : undefined;
}
