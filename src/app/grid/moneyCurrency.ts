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

/** How an amount stored in `stored` is typed and shown in a session (core `typingFor`), with the session's rates or a row's own. */
const typingOf = (stored: string, s: CellSession, rates: CellSession['companyRates'] = s.companyRates): MoneyTyping => typingFor(stored, s.currency, rates, digitsIn(s))!;

/** A row's own rates (a json object of positive numbers by currency), else undefined. */
function rowRates(v: unknown): Readonly<Record<string, number>> | undefined {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
  const out: Record<string, number> = {};
  for (const [c, r] of Object.entries(v)) {
    const n = typeof r === 'string' ? Number(r) : r;
    if (typeof n === 'number' && Number.isFinite(n) && n > 0) out[c] = n;
  }
  return out;
}

/** The descriptor's `ratesField`: the row field holding the company's rates on the document's day. */
const ratesFieldOf = (col: GridColumn): string | undefined => col.meta.ratesField;

/**
 * The typing of an amount of a row whose currency is in `currencyField` (else the company
 * currency) in a session: shown in the view currency when both rates are known, else in
 * its own. Undefined without a currency to go by. The grid's cells and the forms' money
 * inputs alike; the money column type (core/columnTypes/money.ts) formats and parses with it.
 */
export function typingIn(currencyField: string | undefined, row: Row, s: CellSession, ratesField?: string): MoneyTyping | undefined {
  const stored = rowCurrency(row, currencyField, s.companyCurrency);
  // A document's amount converts with its day's rates when the row carries them (issue 46), else today's.
  const rates = ratesField ? rowRates(row[ratesField]) : undefined;
  return stored ? typingOf(stored, s, rates && Object.keys(rates).length ? rates : s.companyRates) : undefined;
}

/** The currencies a money cell is typed, shown and stored in; undefined for other cells (or without session data). */
export function moneyTyping(col: GridColumn, row: Row, ctx: CellCtx): MoneyTyping | undefined {
  if (!isMoneyColumn(col) || !ctx.session) return undefined;
  return typingIn(currencyFieldOf(col), row, ctx.session, ratesFieldOf(col));
}

/**
 * An amount stored in `from` as a cell shows it: converted into the view currency when
 * both rates are known (spec §9), else in its own currency; `original` is the stored
 * amount's text when they differ (the tooltip). The money type's text (core/columnTypes/money.ts).
 */
function shownMoney(n: number, from: string, ctx: CellCtx): { text: string; original?: string } {
  return shownIn(n, typingOf(from, ctx.session!), ctx.lang);
}

/**
 * A total of a money column as the totals row shows it: in the view currency (today's rates),
 * or — a column converted with each row's day (`ratesField`) — in the company currency itself.
 */
export function totalMoney(n: number, col: GridColumn, ctx: CellCtx): string | undefined {
  const from = storedCurrency(col, {}, ctx);
  if (!from) return undefined;
  return ratesFieldOf(col) ? shownIn(n, typingFor(from, from, {}, digitsIn(ctx.session!))!, ctx.lang).text : shownMoney(n, from, ctx).text;
}

/** A currency's digits in the session's currencies (currency_precision), 2 when unknown. */
export const digitsIn =
  (s: CellSession) =>
  (currency: string): number =>
    s.currencies.find((x) => x.currency_code === currency)?.currency_precision ?? 2;

/** A column whose filter is typed against converted amounts: money in the company currency (moneyView). */
export const convertsFilter = (c: GridColumn | undefined): boolean => !!c && isMoneyColumn(c) && !currencyFieldOf(c) && !ratesFieldOf(c);

/**
 * How a money column's amounts are shown, when all of them are in the company currency
 * (the column names no currency field): shown = stored × factor, rounded to `precision`
 * digits (factor 1 in the company currency itself: amounts may hold more decimals than
 * shown, e.g. show_prices' exact gross). Filters typed against the shown amounts and the
 * totals row use it. Null without session data, or for a column in several currencies.
 */
export function moneyView(col: GridColumn, session: CellSession | undefined): { factor: number; precision: number } | null {
  if (!session || !isMoneyColumn(col) || currencyFieldOf(col)) return null;
  // Converted row by row with each day's rates: filters and totals read the company currency.
  if (ratesFieldOf(col)) return session.companyCurrency ? { factor: 1, precision: digitsIn(session)(session.companyCurrency) } : null;
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
