/**
 * The currency a money cell's amount is stored in, for the money renderer and the number
 * editor alike: the row field the descriptor names (`currencyField`) when it holds a
 * currency code, else the company currency. The cell SHOWS the amount converted into the
 * view currency (converted, then rounded once to its digits) and is typed in it: the
 * money column type's rules (core/columnTypes/money.ts) over the session's currencies
 * (`typingIn`); moneyTyping.ts gathers what the editors, paste, Fill and forms use.
 */
import { shownMoney as shownIn, typingFor, type MoneyTyping } from '../../core/columnTypes/money.ts';
import { canConvert, rowCurrency } from '../../core/money.ts';
import type { CellCtx, CellSession, GridColumn, Row } from './types.ts';

/** A money column: its type, or the money renderer on a number column. */
export const isMoneyColumn = (col: GridColumn): boolean => col.type === 'money' || col.rendererKey === 'money';

/** The field holding a money column's currency code (the descriptor's `currencyField`, when it has one). */
const currencyFieldOf = (col: GridColumn): string | undefined => col.meta.currencyField;

/** The stored currency of a money cell; undefined when the grid has no session data (or the column is not money). */
export function storedCurrency(col: GridColumn, row: Row, ctx: CellCtx): string | undefined {
  if (!isMoneyColumn(col) || !ctx.session) return undefined;
  return rowCurrency(row, currencyFieldOf(col), ctx.session.companyCurrency);
}

/** How an amount stored in `stored` is typed and shown in a session (core `typingFor`). */
const typingOf = (stored: string, s: CellSession): MoneyTyping => typingFor(stored, s.currency, s.companyRates, digitsIn(s))!;

/**
 * The typing of an amount of a row whose currency is in `currencyField` (else the company
 * currency) in a session: shown in the view currency when both rates are known, else in
 * its own. Undefined without a currency to go by. The grid's cells and the forms' money
 * inputs alike; the money column type (core/columnTypes/money.ts) formats and parses with it.
 */
export function typingIn(currencyField: string | undefined, row: Row, s: CellSession): MoneyTyping | undefined {
  const stored = rowCurrency(row, currencyField, s.companyCurrency);
  return stored ? typingOf(stored, s) : undefined;
}

/** The currencies a money cell is typed, shown and stored in; undefined for other cells (or without session data). */
export function moneyTyping(col: GridColumn, row: Row, ctx: CellCtx): MoneyTyping | undefined {
  if (!isMoneyColumn(col) || !ctx.session) return undefined;
  return typingIn(currencyFieldOf(col), row, ctx.session);
}

/**
 * An amount stored in `from` as a cell shows it: converted into the view currency when
 * both rates are known (spec §9), else in its own currency; `original` is the stored
 * amount's text when they differ (the tooltip). The money type's text (core/columnTypes/money.ts).
 */
export function shownMoney(n: number, from: string, ctx: CellCtx): { text: string; original?: string } {
  return shownIn(n, typingOf(from, ctx.session!), ctx.lang);
}

/** A currency's digits in the session's currencies (currency_precision), 2 when unknown. */
export const digitsIn =
  (s: CellSession) =>
  (currency: string): number =>
    s.currencies.find((x) => x.currency_code === currency)?.currency_precision ?? 2;

/** A column whose filter is typed against converted amounts: money in the company currency (moneyView). */
export const convertsFilter = (c: GridColumn | undefined): boolean => !!c && isMoneyColumn(c) && !currencyFieldOf(c);

/**
 * How a money column's amounts are shown, when all of them are in the company currency
 * (the column names no currency field): shown = stored × factor, rounded to `precision`
 * digits (factor 1 in the company currency itself: amounts may hold more decimals than
 * shown, e.g. show_prices' exact gross). Filters typed against the shown amounts and the
 * totals row use it. Null without session data, or for a column in several currencies.
 */
export function moneyView(col: GridColumn, session: CellSession | undefined): { factor: number; precision: number } | null {
  if (!session || !isMoneyColumn(col) || currencyFieldOf(col)) return null;
  const { currency, companyCurrency: from, companyRates: rates } = session;
  if (!from) return null;
  const to = currency && canConvert(from, currency, rates) ? currency : from;
  return { factor: viewFactor(session, to), precision: digitsIn(session)(to) };
}

/**
 * The factor from a company-currency amount to what a view in `currency` shows (1 when
 * shown unconverted: the same currency, or a rate missing).
 */
export function viewFactor(session: CellSession, currency: string | undefined): number {
  const { companyCurrency: from, companyRates: rates } = session;
  if (!from || !currency || from === currency || !canConvert(from, currency, rates)) return 1;
  return rates[from]! / rates[currency]!;
}
