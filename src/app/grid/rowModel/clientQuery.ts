/**
 * The server's list semantics, in the browser (the client row model filters and sorts
 * with these, so a grid answers the same whichever model serves it). The rules live in
 * src/core/query/ and the server's SQL (src/server/actions/engine/list.ts) reads the same:
 * value kinds (kinds.ts), filter operators (operators.ts: text case-insensitive, NULL never
 * passes a positive text test and passes its negation; comparisons and inclusive ranges
 * pass no NULL; set: equality with any value, null = is null), the order (order.ts: keys
 * as tie-breakers, NULL last both ways, text by the language's collation) and the value a
 * query sees (values.ts: a multi column's own text in the language).
 */
import { kindOf } from '../../../core/query/kinds.ts';
import { COMPARE, TEXT_TESTS, comparisonOf, defaultOp, isSetItem, textOp } from '../../../core/query/operators.ts';
import { emptyCell, setParts } from '../../../core/query/setFilter.ts';
import { queryValue as valueOf } from '../../../core/query/values.ts';
import type { FilterItem, FilterModel } from '../filters.ts';
import type { Row, ValueType } from '../types.ts';

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

/** The value a filter or sort sees (core/query/values.ts): a multi column's own text in the language (rich text as read), else the field. */
export function queryValue(row: Row, col: QueryColumn, lang: string): unknown {
  return valueOf(row[col.field], { multi: col.valueType === 'multi', html: col.html }, lang);
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

/** A text filter on lower-cased values (core/query/operators.ts). */
export function textTest(item: FilterItem): TextTest {
  const op = item.type ?? 'contains';
  if (op === 'blank') return (s) => s === null || s === '';
  if (op === 'notBlank') return (s) => s !== null && s !== '';
  const t = textOp(op);
  if (!t) return () => false;
  const x = filterNeedle(item);
  const test = TEXT_TESTS[t.test];
  return t.negate ? (s) => s === null || !test(s, x) : (s) => s !== null && test(s, x);
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

/** Exact equality with one of the values (set filters, group keys, fixed filters). */
export function setTest(values: readonly unknown[], t: ValueType): ValueTest {
  const kind = kindOf(t);
  const { values: some, empty } = setParts(values);
  if (kind === 'text') {
    const set = new Set(some.map(String));
    return (v) => (emptyCell(v) ? empty : set.has(String(v)));
  }
  const nums = new Set(some.map((x) => orderNumber(x, t)));
  return (v) => (emptyCell(v) ? empty : nums.has(orderNumber(v, t)));
}

/** A filter on raw values (number, date, bool, set; text goes through `textTest`). */
export function valueTest(item: FilterItem, t: ValueType): ValueTest {
  if (isSetItem(item)) return setTest(item.values ?? [], t);
  const kind = kindOf(t);
  const op = item.type ?? defaultOp(kind);
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
  const c = comparisonOf(op);
  if (!c) return () => false;
  const f = COMPARE[c];
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
    if (
      contains(o) &&
      contains(n) &&
      String(n.filter ?? '')
        .toLowerCase()
        .includes(String(o.filter ?? '').toLowerCase())
    )
      continue;
    return false;
  }
  return true;
}
