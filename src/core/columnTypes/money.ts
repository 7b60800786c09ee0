/**
 * Money: an amount, stored in its row's currency (the column's `currencyField`) or the
 * company's, kept to 4 decimals (core/money.ts). It is SHOWN in the view currency —
 * converted with the company rates, then rounded once to that currency's digits (spec §9)
 * — and TYPED in the currency shown: a typed amount is converted back, precisely enough
 * to show again as typed (`typedMoney`). Without a currency (no session) an amount reads
 * with 2 decimals. Typed as the user's language writes numbers; a min/max refusal is said
 * in the currency typed in (moneyNotes.ts `moneyRefusal`). Sorted by value.
 */
import { formatMoney } from '../format.ts';
import { LOCALE } from '../langs.ts';
import { canConvert, shownAmount, storedFromShown, type Rates } from '../money.ts';
import { numberText } from '../numberInput.ts';
import { numberFormat, numberOf, plainText } from './shared.ts';
import type { ColumnTypeModule, MoneyTyping, TypeCtx } from './types.ts';

export type { MoneyTyping } from './types.ts';

/**
 * How an amount stored in `stored` is typed and shown for a user viewing `view` (the view
 * currency; absent: its own): in `view` when both rates are known, else in its own. Each
 * currency's digits by `digitsOf` (currency_precision). Undefined without a stored currency.
 */
export function typingFor(stored: string | undefined, view: string | undefined, rates: Rates, digitsOf: (currency: string) => number): MoneyTyping | undefined {
  if (!stored) return undefined;
  const to = view ?? stored;
  const shown = canConvert(stored, to, rates) ? to : stored;
  return { stored, shown, digits: digitsOf(shown), storedDigits: digitsOf(stored), rates };
}

/** An amount typed in the currency shown → the amount to store (core `storedFromShown`). */
export function typedMoney(n: number, m: MoneyTyping): number {
  return storedFromShown(n, m.shown, m.stored, m.rates, m.digits);
}

/** A stored amount as it is shown, as a number (converted, rounded to the shown currency's digits). */
export function shownNumber(n: number, m: MoneyTyping): number {
  return shownAmount(n, m.stored, m.shown, m.rates, (c) => (c === m.shown ? m.digits : m.storedDigits)).amount;
}

/**
 * A stored amount as a cell shows it: in the currency shown, with its digits; `original`
 * is the stored amount in its own currency when they differ (the cell's tooltip).
 */
export function shownMoney(n: number, m: MoneyTyping, lang: TypeCtx['lang']): { text: string; original?: string } {
  const locale = LOCALE[lang];
  const text = formatMoney(shownNumber(n, m), m.shown, locale, m.digits);
  return m.shown === m.stored ? { text } : { text, original: formatMoney(n, m.stored, locale, m.storedDigits) };
}

export const money: ColumnTypeModule = {
  type: 'money',
  kind: 'number',
  numeric: true,
  filter: 'number',
  align: 'end',
  editor: 'number',
  sortable: true,
  parse(t, ctx) {
    const n = numberText(t.trim(), ctx.lang);
    if (!n.ok || n.value === null || !ctx.money) return n;
    return { ok: true, value: typedMoney(n.value, ctx.money) };
  },
  format(value, ctx) {
    const n = numberOf(value);
    if (n === null) return plainText(value);
    if (ctx.money) return shownMoney(n, ctx.money, ctx.lang).text;
    // An amount without its currency (no session data): 2 decimals.
    return numberFormat(ctx.lang, 'money', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
  },
};
