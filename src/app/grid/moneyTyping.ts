/**
 * Money is typed in the currency the cell shows: the editor opens with the shown amount
 * and names its currency, a typed, pasted or filled amount is in that currency and is
 * converted back into the stored one (`typedMoney`, precisely enough to show again as
 * typed), copy gives the shown text. Export and import alone carry stored amounts (their
 * headers name the currency). The forms' money inputs follow the same rule with the same
 * functions (`typingIn`), and a min/max refusal names the limit in the currency typed in
 * (`moneyRefusal`). The rules themselves are the money column type's
 * (core/columnTypes/money.ts); this is where the grid's and the forms' typing code imports them.
 */
import type { ColumnMeta } from '../../../schemas/screen.ts';

export { shownNumber, type MoneyTyping } from '../../core/columnTypes/money.ts';
export { moneyRefusal, storedNote } from '../../core/columnTypes/moneyNotes.ts';
export { moneyTyping, typingIn } from './moneyCurrency.ts';

/** A money column's descriptor: its type, or the money renderer on a number column. */
export const isMoneyMeta = (meta: Pick<ColumnMeta, 'type' | 'renderer'>): boolean => meta.type === 'money' || meta.renderer === 'money';
