/**
 * Keyset cursors (`after`): the values of the order's columns (order.ts `fullOrder`) of the
 * row before a window, as `queryValue` reads them — the client sends them with a window, the
 * server makes them for a row it locates (engine/list.ts `cursorOf`) and compares them with
 * the order's own expressions, collation and NULL placement.
 */
import type { ValueType } from './kinds.ts';
import type { SortItem } from './order.ts';
import { queryValue, type ValueColumn } from './values.ts';

/** A row's cursor on an order: one value per order column. */
export function cursorValues(row: Readonly<Record<string, unknown>>, order: readonly SortItem[], column: (field: string) => ValueColumn | undefined, lang: string): unknown[] {
  return order.map((s) => queryValue(row[s.colId], column(s.colId) ?? {}, lang));
}

/**
 * Whether the browser can carry a column's sort value exactly in a cursor: not a looked-up
 * text (the row holds the key, the server sorts by the text), not rich text (sorted by
 * its text as read), not a timestamp (JSON loses microseconds), not JSON (no order).
 */
export const cursorCarries = (col: { valueType: ValueType; html?: boolean | undefined }, byLabel: boolean): boolean =>
  !byLabel && !col.html && col.valueType !== 'datetime' && col.valueType !== 'json';
