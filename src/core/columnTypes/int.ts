/**
 * Integer: a safe integer. Typed as the user's language writes numbers (core/numberInput.ts:
 * '24,003' in English, '24.003' in German; a fraction is refused); shown with the
 * language's grouping and no decimals — an integer naming a record (a key, a `…_id`) by its
 * digits alone. Sorted by value.
 */
import { numberText } from '../numberInput.ts';
import { numberFormat, numberOf, plainText } from './shared.ts';
import type { ColumnTypeModule } from './types.ts';

export const int: ColumnTypeModule = {
  type: 'int',
  kind: 'number',
  numeric: true,
  filter: 'number',
  align: 'end',
  editor: 'int',
  sortable: true,
  parse: (t, ctx) => numberText(t, ctx.lang, true),
  format(value, ctx) {
    const n = numberOf(value);
    if (n === null) return plainText(value);
    return ctx.identifier ? String(n) : numberFormat(ctx.lang, 'int', { maximumFractionDigits: 0 }).format(n);
  },
};
