/**
 * The one check of a value about to be written into a cell, shared by the inline editors,
 * paste and the Fill dialog: the column's schema (cellValues.ts `validateCell`, the rules
 * the server applies too), then its row rule over the row as the grid holds it
 * (core/validation/rowRules.ts: an order line's discount within its product's limit), with a
 * refusal as the message in the UI language
 * ("Must be at most 1000"), never a server 400. A money amount is typed in the currency
 * the cell shows, so its min/max is said in that currency ("Must be at most €254,452.31").
 */
import { LOCALE } from '../../../../core/langs.ts';
import { parseMessage } from '../../../../core/validation/messages.ts';
import { rowRuleRefusal } from '../../../../core/validation/rowRules.ts';
import { cellFromText, validateCell } from '../../cellValues.ts';
import { moneyRefusal, moneyTyping } from '../../moneyTyping.ts';
import type { CellCtx, GridColumn, Row } from '../../types.ts';

export type Checked = { ok: true; value: unknown } | { ok: false; message: string };

/** A refusal's message key ('validation.max?max=100000000') as the user of the cell reads it. */
function refusalText(col: GridColumn, message: string, ctx: CellCtx, row: Row): string {
  const m = parseMessage(message);
  const money = moneyTyping(col, row, ctx);
  const said = money ? moneyRefusal(m, money, LOCALE[ctx.lang]) : m;
  return ctx.t(said.id, said.values);
}

/** A parsed value of the column (of `row`), validated: the value to store, or the message to show. */
export function checkCellValue(col: GridColumn, value: unknown, ctx: CellCtx, row: Row = {}): Checked {
  const r = validateCell(col, value);
  if (!r.ok) return { ok: false, message: refusalText(col, r.message, ctx, row) };
  const refused = rowRuleRefusal(col.meta.rowRule, r.value, row);
  return refused ? { ok: false, message: refusalText(col, refused, ctx, row) } : r;
}

/** Typed or pasted text of the column (its text rules, then the schema): the value, or the message to show. */
export function checkCellText(col: GridColumn, text: string, current: unknown, ctx: CellCtx, row: Row = {}): Checked {
  const r = cellFromText(col, text, current, ctx, row);
  if (!r.ok) return { ok: false, message: refusalText(col, r.message, ctx, row) };
  const refused = rowRuleRefusal(col.meta.rowRule, r.value, row);
  return refused ? { ok: false, message: refusalText(col, refused, ctx, row) } : r;
}
