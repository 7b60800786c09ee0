/**
 * The one check of a value about to be written into a cell, shared by the inline editors,
 * paste and the Fill dialog: the column's schema (cellValues.ts `validateCell`, the rules
 * the server applies too), with a refusal as the message in the UI language
 * ("Must be at most 1000"), never a server 400.
 */
import { cellFromText, messageText, validateCell } from './cellValues.ts';
import type { CellCtx, GridColumn, Row } from './types.ts';

export type Checked = { ok: true; value: unknown } | { ok: false; message: string };

/** A parsed value of the column, validated: the value to store, or the message to show. */
export function checkCellValue(col: GridColumn, value: unknown, t: CellCtx['t']): Checked {
  const r = validateCell(col, value);
  return r.ok ? r : { ok: false, message: messageText(r.message, t) };
}

/** Typed or pasted text of the column (its text rules, then the schema): the value, or the message to show. */
export function checkCellText(col: GridColumn, text: string, current: unknown, ctx: CellCtx, row: Row = {}): Checked {
  const r = cellFromText(col, text, current, ctx, row);
  return r.ok ? r : { ok: false, message: messageText(r.message, ctx.t) };
}
