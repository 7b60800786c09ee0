/**
 * Money in the view currency (spec §9): amount × rate(from) / rate(to) with the company
 * rates, rounded once to the shown currency's digits (core/columnTypes/money.ts `format`).
 * The amount is in the currency of the row field the descriptor names (`currencyField`),
 * else in the company currency. A missing rate shows the amount in its own currency (and
 * warns once). Converted cells show the original in the tooltip. Copies (and group rows)
 * give the text the cell shows, which paste reads back.
 */
import { columnTypes } from '../../../core/columnTypes/index.ts';
import { shownMoney } from '../../../core/columnTypes/money.ts';
import { moneyTyping } from '../../grid/moneyCurrency.ts';
import { num, text } from '../../grid/renderers/cells.tsx';
import type { CellRenderer } from '../../grid/types.ts';

export const moneyDisplay: CellRenderer = {
  align: 'end',
  text: ({ value, row, col, ctx }) => {
    const n = num(value);
    if (n === null) return value === null || value === undefined ? '' : String(value);
    const money = moneyTyping(col, row, ctx);
    return money ? columnTypes.money.format(n, { lang: ctx.lang, money }) : ctx.fmt.money(n);
  },
  render: ({ value, row, col, ctx }) => {
    const n = num(value);
    if (n === null) return text(value);
    const money = moneyTyping(col, row, ctx);
    // Without session data: the amount alone (the grid's formatter of the type's format).
    if (!money) return ctx.fmt.money(n);
    const m = shownMoney(n, money, ctx.lang);
    return m.original === undefined ? m.text : <span title={m.original}>{m.text}</span>;
  },
};
