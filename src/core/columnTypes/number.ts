/**
 * Number: a finite number. Typed as the user's language writes numbers
 * (core/numberInput.ts: '1,234.5' in English, '1.234,5' in German, '1 234,5' in Hungarian);
 * shown with the language's grouping and up to 3 decimals. Sorted by value.
 */
import { numberText } from '../numberInput.ts';
import { numberFormat, numberOf, plainText } from './shared.ts';
import type { ColumnTypeModule } from './types.ts';

export const number: ColumnTypeModule = {
  type: 'number',
  kind: 'number',
  numeric: true,
  filter: 'number',
  align: 'end',
  editor: 'number',
  sortable: true,
  parse: (t, ctx) => numberText(t, ctx.lang),
  format(value, ctx) {
    const n = numberOf(value);
    return n === null ? plainText(value) : numberFormat(ctx.lang, 'number', { maximumFractionDigits: 3 }).format(n);
  },
};
