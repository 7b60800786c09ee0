/**
 * The currency a money cell's amount is stored in, for the money renderer and the number
 * editor alike: the row field the descriptor names (`currencyField`) when it holds a
 * currency code, else the company currency. The cell may SHOW the amount converted into
 * the view currency; the editor, like copy, paste and fill, works in this stored currency
 * and says so.
 */
import { rowCurrency } from '../../core/money.ts';
import type { CellCtx, GridColumn, Row } from './types.ts';

/** A money column: its type, or the money renderer on a number column. */
export const isMoneyColumn = (col: GridColumn): boolean => col.type === 'money' || col.rendererKey === 'money';

/** The field holding a money column's currency code (the descriptor's `currencyField`, when it has one). */
export function currencyFieldOf(col: GridColumn): string | undefined {
  const meta: Readonly<Record<string, unknown>> = col.meta;
  return typeof meta.currencyField === 'string' ? meta.currencyField : undefined;
}

/** The stored currency of a money cell; undefined when the grid has no session data (or the column is not money). */
export function storedCurrency(col: GridColumn, row: Row, ctx: CellCtx): string | undefined {
  if (!isMoneyColumn(col) || !ctx.session) return undefined;
  return rowCurrency(row, currencyFieldOf(col), ctx.session.companyCurrency);
}
