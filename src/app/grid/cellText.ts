/**
 * A cell's value as text — what copy puts on the clipboard and group rows show (the
 * rendered text, multi-language values in the current language's own text, never a
 * fallback from another language; the column type's `format`, core/columnTypes/) — and
 * value comparisons of edits. Pure given the cell context; no React. Text back into values: cellValues.ts.
 */
import { cellFormat } from '../fields/typeCtx.ts';
import { displayText } from './renderers/index.tsx';
import type { CellCtx, GridColumn, Row } from './types.ts';

const str = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** The text a cell shows, for the clipboard and for group labels. */
export function cellText(col: GridColumn, value: unknown, row: Row, ctx: CellCtx): string {
  if (col.renderer.text) return col.renderer.text({ value, row, col, ctx, canEdit: false });
  if (value === null || value === undefined) return '';
  if (col.renderer.optionLabelId) return ctx.t(col.renderer.optionLabelId(value));
  if (col.lookup) {
    const data = ctx.lookup(col.lookup.form);
    const hit = data?.byKey.get(String(value));
    if (data && hit) return (col.renderer.lookupText ?? displayText)(hit, data, ctx) || str(value);
    return str(value);
  }
  // The column type's text (core/columnTypes/): a multi-language value's own text in the
  // language — a fallback from another language (the cell marks it) is not copied as this
  // language's, as the export writes it and filters read it; money as the cell shows it.
  return cellFormat(col, value, row, ctx);
}

/** Same value (objects compared by content). */
export const sameValue = (a: unknown, b: unknown): boolean => a === b || (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b));

/** The languages of a multi value that changed (set merges per language). */
export function multiChanges(before: unknown, after: unknown): Row {
  const a = before && typeof before === 'object' ? (before as Row) : {};
  const b = after && typeof after === 'object' ? (after as Row) : {};
  return Object.fromEntries(Object.entries(b).filter(([l, x]) => a[l] !== x));
}
