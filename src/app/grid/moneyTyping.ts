/**
 * Money is typed in the currency the cell shows: the editor opens with the shown amount
 * and names its currency, a typed, pasted or filled amount is in that currency and is
 * converted back into the stored one (`typedMoney`, precisely enough to show again as
 * typed), copy gives the shown text. Export and import alone carry stored amounts (their
 * headers name the currency). The forms' money inputs follow the same rule with the same
 * functions (`typingIn`), and a min/max refusal names the limit in the currency typed in
 * (`moneyRefusal`). Kept apart from moneyCurrency.ts so the list route does not carry it.
 */
import { formatMoney } from '../../core/format.ts';
import { MONEY_SCALE, canConvert, roundMoney, rowCurrency, shownAmount, shownLimit, storedFromShown, type Rates } from '../../core/money.ts';
import { M, type Message } from '../../core/validation/messages.ts';
import type { ColumnMeta } from '../../../schemas/screen.ts';
import { currencyFieldOf, digitsIn, isMoneyColumn } from './moneyCurrency.ts';
import type { CellCtx, CellSession, GridColumn, Row } from './types.ts';

/**
 * How a money amount is typed: in the currency it is shown in (`shown`, with its `digits`)
 * and stored in `stored` (with `storedDigits`), converted between them with the company
 * `rates`. The grid's cells and the forms' money inputs alike.
 */
export interface MoneyTyping {
  stored: string;
  shown: string;
  digits: number;
  storedDigits: number;
  rates: Rates;
}

/** A money column's descriptor: its type, or the money renderer on a number column. */
export const isMoneyMeta = (meta: Pick<ColumnMeta, 'type' | 'renderer'>): boolean => meta.type === 'money' || meta.renderer === 'money';

/**
 * The typing of an amount of a row whose currency is in `currencyField` (else the company
 * currency) in a session: shown in the view currency when both rates are known, else in
 * its own. Undefined without a currency to go by.
 */
export function typingIn(currencyField: string | undefined, row: Row, s: CellSession): MoneyTyping | undefined {
  const stored = rowCurrency(row, currencyField, s.companyCurrency);
  if (!stored) return undefined;
  const to = s.currency ?? stored;
  const shown = canConvert(stored, to, s.companyRates) ? to : stored;
  const digits = digitsIn(s);
  return { stored, shown, digits: digits(shown), storedDigits: digits(stored), rates: s.companyRates };
}

/** The currencies a money cell is typed and stored in; undefined for other cells (or without session data). */
export function moneyTyping(col: GridColumn, row: Row, ctx: CellCtx): MoneyTyping | undefined {
  if (!isMoneyColumn(col) || !ctx.session) return undefined;
  return typingIn(currencyFieldOf(col), row, ctx.session);
}

/** An amount typed in the currency shown → the amount to store (core `storedFromShown`). */
export function typedMoney(n: number, m: MoneyTyping): number {
  return storedFromShown(n, m.shown, m.stored, m.rates, m.digits);
}

/** A stored amount as it is shown, as a number (converted, rounded to the shown currency's digits). */
export function shownNumber(n: number, m: MoneyTyping): number {
  return shownAmount(n, m.stored, m.shown, m.rates, (c) => (c === m.shown ? m.digits : m.storedDigits)).amount;
}

/** Decimals of an amount up to the stored scale (3140.52 → 2). */
const decimalsOf = (v: number) => {
  for (let d = 0; d < MONEY_SCALE; d++) if (roundMoney(v, d) === v) return d;
  return MONEY_SCALE;
};

/**
 * What an amount typed in the currency shown will be stored as, said before it is
 * ("= 3,140.52 Ft"): the editor's and the form's note, when the two currencies differ.
 */
export function storedNote(typed: number, m: MoneyTyping, locale: string): string {
  const v = typedMoney(typed, m);
  return `= ${formatMoney(v, m.stored, locale, Math.max(m.storedDigits, decimalsOf(v)))}`;
}

/**
 * A refusal of an amount typed in the currency shown, as the user is to read it: a min or
 * max (the column schema's, in the stored currency) said in the currency typed in,
 * converted toward the side it allows and formatted ("Must be at most €254,452.31"). The
 * grid's editor, paste and Fill (cellCheck.ts) and the forms say it through this one.
 */
export function moneyRefusal(message: Message, m: MoneyTyping, locale: string): Message {
  const bound = message.id === M.max ? 'max' : message.id === M.min ? 'min' : undefined;
  const limit = bound ? Number(message.values?.[bound]) : NaN;
  if (!bound || !Number.isFinite(limit)) return message;
  const amount = shownLimit(limit, bound, m.stored, m.shown, m.rates, m.digits);
  // An amount is said with its currency: a text, under the key that takes one.
  return { id: bound === 'max' ? 'validation.max_amount' : 'validation.min_amount', values: { ...message.values, [bound]: formatMoney(amount, m.shown, locale, m.digits) } };
}
