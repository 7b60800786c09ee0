/**
 * The server's list semantics, in the browser (the client row model filters and sorts
 * with these, so a grid answers the same whichever model serves it). Mirrors
 * src/server/actions/engine/list.ts:
 *
 * - text (text, multi in the query's language, ref with text keys): case-insensitive
 *   contains / notContains / equals / notEqual / startsWith / endsWith / blank / notBlank;
 *   NULL never matches contains, equals, startsWith, endsWith; it does match notContains
 *   and notEqual (SQL `coalesce`, `is distinct from`).
 * - number, date, datetime: equals / notEqual / lt / lte / gt / gte (and the long names)
 *   / inRange (inclusive) / blank / notBlank; NULL matches none but blank.
 * - bool: equals. set: exact equality with any of the values (null: is null).
 * - sort: NULL sorts as the largest value (ascending: last; descending: first); the key
 *   columns are appended ascending as tie-breakers.
 */
import { htmlText } from '../../core/htmlText.ts';
import type { FilterItem, FilterModel } from './filters.ts';
import type { Row, ValueType } from './types.ts';

export type Kind = 'text' | 'number' | 'date' | 'bool' | 'json';

export const kindOf = (t: ValueType): Kind =>
  t === 'text' || t === 'multi' ? 'text' : t === 'int' || t === 'number' || t === 'money' ? 'number' : t === 'date' || t === 'datetime' ? 'date' : t;

/** A column as the client model reads it. */
export interface QueryColumn {
  field: string;
  valueType: ValueType;
  /**
   * A looked-up column sorts by the text it shows (a brand's name, not its id): that text
   * of a value, and a version that changes when the texts may have (a lookup arrived).
   */
  sortText?: { of(value: unknown): string; version(): number };
  /** A column shown by name (a screen's title): text filters match that name (server: engine/namedFilter.ts). */
  filterText?(value: unknown): string;
  /** Rich text: filtered and sorted by its text as read (htmlText; server: app.html_text). */
  html?: boolean;
}

/** The value a filter or sort sees: a multi column's text in the language (rich text as read), else the field. */
export function queryValue(row: Row, col: QueryColumn, lang: string): unknown {
  const v = row[col.field];
  if (col.valueType === 'multi') {
    if (!v || typeof v !== 'object') return null;
    const t = (v as Record<string, unknown>)[lang];
    return typeof t !== 'string' ? null : col.html ? htmlText(t) : t;
  }
  return v === undefined ? null : v;
}

/** Text of a value as the text filters compare it (lower case), null for NULL. */
export function lowerText(v: unknown): string | null {
  return filterText(v)?.toLowerCase() ?? null;
}

/** Text of a value as the text filters read it, before lower-casing; null for NULL. */
export function filterText(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  return typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** The text a text filter looks for, lower-cased. */
export const filterNeedle = (item: FilterItem): string => String(item.filter ?? item.dateFrom ?? '').toLowerCase();

export type TextTest = (s: string | null) => boolean;

/** A text filter on lower-cased values. */
export function textTest(item: FilterItem): TextTest {
  const op = item.type ?? 'contains';
  if (op === 'blank') return (s) => s === null || s === '';
  if (op === 'notBlank') return (s) => s !== null && s !== '';
  const x = filterNeedle(item);
  switch (op) {
    case 'contains':
      return (s) => s !== null && s.includes(x);
    case 'notContains':
      return (s) => s === null || !s.includes(x);
    case 'equals':
      return (s) => s === x;
    case 'notEqual':
      return (s) => s !== x;
    case 'startsWith':
      return (s) => s !== null && s.startsWith(x);
    case 'endsWith':
      return (s) => s !== null && s.endsWith(x);
  }
  return () => false;
}

/** Number, date and datetime values as comparable numbers (NaN: not a value). */
export function orderNumber(v: unknown, t: ValueType): number {
  if (v === null || v === undefined || v === '') return Number.NaN;
  switch (t) {
    case 'date':
      return typeof v === 'string' ? Date.parse(`${v.slice(0, 10)}T00:00:00Z`) : Number.NaN;
    case 'datetime':
      return typeof v === 'string' || typeof v === 'number' ? new Date(v).getTime() : Number.NaN;
    case 'bool':
      return v === true ? 1 : v === false ? 0 : Number.NaN;
    default:
      return typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  }
}

export type ValueTest = (v: unknown) => boolean;

const RANGE_OPS: Record<string, (a: number, b: number) => boolean> = {
  equals: (a, b) => a === b,
  notEqual: (a, b) => a !== b,
  lt: (a, b) => a < b,
  lessThan: (a, b) => a < b,
  lte: (a, b) => a <= b,
  lessThanOrEqual: (a, b) => a <= b,
  gt: (a, b) => a > b,
  greaterThan: (a, b) => a > b,
  gte: (a, b) => a >= b,
  greaterThanOrEqual: (a, b) => a >= b,
};

/** Exact equality with one of the values (set filters, group keys, fixed filters). */
export function setTest(values: readonly unknown[], t: ValueType): ValueTest {
  const withNull = values.includes(null);
  const kind = kindOf(t);
  if (kind === 'text') {
    const set = new Set(values.filter((x) => x !== null).map(String));
    return (v) => (v === null ? withNull : set.has(String(v)));
  }
  const nums = new Set(values.filter((x) => x !== null).map((x) => orderNumber(x, t)));
  return (v) => (v === null ? withNull : nums.has(orderNumber(v, t)));
}

/** A filter on raw values (number, date, bool, set; text goes through `textTest`). */
export function valueTest(item: FilterItem, t: ValueType): ValueTest {
  if (item.filterType === 'set' || (item.values && item.type === undefined)) return setTest(item.values ?? [], t);
  const kind = kindOf(t);
  const op = item.type ?? (kind === 'text' ? 'contains' : 'equals');
  if (kind === 'text') {
    const test = textTest(item);
    return (v) => test(lowerText(v));
  }
  if (op === 'blank') return (v) => v === null || v === undefined;
  if (op === 'notBlank') return (v) => v !== null && v !== undefined;
  if (kind === 'bool') {
    const want = item.filter === true || item.filter === 'true';
    return (v) => v === want;
  }
  const first = orderNumber(item.filter ?? item.dateFrom, t);
  if (op === 'inRange') {
    const to = orderNumber(item.filterTo ?? item.dateTo, t);
    return (v) => {
      const n = orderNumber(v, t);
      return n >= first && n <= to;
    };
  }
  const f = RANGE_OPS[op];
  if (!f) return () => false;
  return (v) => {
    const n = orderNumber(v, t);
    return !Number.isNaN(n) && f(n, first);
  };
}

/**
 * True when every row the new filter keeps was kept by the old one (so the new filter
 * only needs to look at the old result): the old items are all still there, equal or a
 * `contains` narrowed to a longer text that includes the old one.
 */
export function narrows(oldModel: FilterModel, newModel: FilterModel): boolean {
  for (const [field, o] of Object.entries(oldModel)) {
    const n = newModel[field];
    if (!n) return false;
    if (JSON.stringify(n) === JSON.stringify(o)) continue;
    const contains = (i: FilterItem) => (i.type ?? 'contains') === 'contains' && i.filterType !== 'set' && !i.values;
    if (contains(o) && contains(n) && String(n.filter ?? '').toLowerCase().includes(String(o.filter ?? '').toLowerCase())) continue;
    return false;
  }
  return true;
}
