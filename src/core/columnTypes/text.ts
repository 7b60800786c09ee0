/**
 * Text: a string, stored without the spaces around it. Typed as it is (blank → no value);
 * shown as it is. Its rules: `required` refuses blank text, `maxLength`, `pattern` (its
 * refusal names `patternHint`, the characters allowed, when the column gives one),
 * `format: 'email'` (stored in its normal form, core/email.ts — the rule sign-in checks
 * with). Sorted in the language's collation (./order.ts; a key by code points: core/query/order.ts).
 */
import { plainText } from './shared.ts';
import type { ColumnTypeModule } from './types.ts';

export const text: ColumnTypeModule = {
  type: 'text',
  kind: 'text',
  numeric: false,
  filter: 'text',
  align: 'start',
  editor: 'text',
  sortable: true,
  parse: (t) => ({ ok: true, value: t === '' ? null : t }),
  format: (value) => plainText(value),
};
