/**
 * What money inputs say besides the amount, in the currency typed in: the note of what a
 * typed amount will be stored as, and a min/max refusal. The grid's money editor, paste,
 * Fill and the forms' money inputs; apart from money.ts (the list route's) as only editing
 * needs them.
 */
import { formatMoney } from '../format.ts';
import { MONEY_SCALE, roundMoney, shownLimit } from '../money.ts';
import { M, type Message } from '../validation/messages.ts';
import { typedMoney } from './money.ts';
import type { MoneyTyping } from './types.ts';

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
 * grid's editor, paste and Fill and the forms say it through this one.
 */
export function moneyRefusal(message: Message, m: MoneyTyping, locale: string): Message {
  const bound = message.id === M.max ? 'max' : message.id === M.min ? 'min' : undefined;
  const limit = bound ? Number(message.values?.[bound]) : NaN;
  if (!bound || !Number.isFinite(limit)) return message;
  const amount = shownLimit(limit, bound, m.stored, m.shown, m.rates, m.digits);
  // An amount is said with its currency: a text, under the key that takes one.
  return { id: bound === 'max' ? 'validation.max_amount' : 'validation.min_amount', values: { ...message.values, [bound]: formatMoney(amount, m.shown, locale, m.digits) } };
}
