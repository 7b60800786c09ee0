/**
 * The currency a money cell's amount is stored in, for the money renderer and the number
 * editor alike: the row field the descriptor names (`currencyField`) when it holds a
 * currency code, else the company currency. The cell may SHOW the amount converted into
 * the view currency; the editor, like copy, paste and fill, works in this stored currency
 * and says so.
 */
import { formatMoney } from '../../core/format.ts';
import { LOCALE } from '../../core/langs.ts';
import { canConvert, convert, rowCurrency } from '../../core/money.ts';
import type { CellCtx, CellSession, GridColumn, Row } from './types.ts';

/** A money column: its type, or the money renderer on a number column. */
export const isMoneyColumn = (col: GridColumn): boolean => col.type === 'money' || col.rendererKey === 'money';

/** The field holding a money column's currency code (the descriptor's `currencyField`, when it has one). */
export const currencyFieldOf = (col: GridColumn): string | undefined => col.meta.currencyField;

/** The stored currency of a money cell; undefined when the grid has no session data (or the column is not money). */
export function storedCurrency(col: GridColumn, row: Row, ctx: CellCtx): string | undefined {
  if (!isMoneyColumn(col) || !ctx.session) return undefined;
  return rowCurrency(row, currencyFieldOf(col), ctx.session.companyCurrency);
}

/**
 * An amount stored in `from` as a cell shows it: converted into the view currency when
 * both rates are known (spec §9), else in its own currency; `original` is the stored
 * amount's text when they differ (the tooltip).
 */
export function shownMoney(n: number, from: string, ctx: CellCtx): { text: string; original?: string } {
  const s = ctx.session!;
  const to = s.currency ?? from;
  const shown = canConvert(from, to, s.companyRates) ? to : from;
  const locale = LOCALE[ctx.lang];
  const digits = (c: string) => s.currencies.find((x) => x.currency_code === c)?.currency_precision;
  const text = formatMoney(convert(n, from, to, s.companyRates), shown, locale, digits(shown));
  return shown === from ? { text } : { text, original: formatMoney(n, from, locale, digits(from)) };
}

/** A column whose filter is typed against converted amounts: money in the company currency (moneyView). */
export const convertsFilter = (c: GridColumn | undefined): boolean => !!c && isMoneyColumn(c) && !currencyFieldOf(c);

/**
 * How a money column's amounts are shown, when all of them are in the company currency
 * (the column names no currency field) and shown converted into another view currency:
 * shown = stored × factor, rounded to `precision` digits. Null when shown as stored. Filters
 * typed against the shown amounts and the totals row use it.
 */
export function moneyView(col: GridColumn, session: CellSession | undefined): { factor: number; precision: number } | null {
  if (!session || !isMoneyColumn(col) || currencyFieldOf(col)) return null;
  const { currency: to, companyCurrency: from, companyRates: rates } = session;
  if (!from || !to || from === to || !canConvert(from, to, rates)) return null;
  return { factor: viewFactor(session, to), precision: session.currencies.find((c) => c.currency_code === to)?.currency_precision ?? 2 };
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
