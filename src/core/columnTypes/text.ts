/**
 * Text: a string, stored without the spaces around it. Typed as it is (blank → no value);
 * shown as it is. Its rules: `required` refuses blank text, `maxLength`, `pattern` (its
 * refusal names `patternHint`, the characters allowed, when the column gives one),
 * `format: 'email'` (stored in its normal form, core/email.ts — the rule sign-in checks
 * with). Sorted in the language's collation (a key by code points: core/query/order.ts).
 */
import { LOCALE, type Lang } from '../langs.ts';
import { nullsLast, plainText } from './shared.ts';
import type { ColumnTypeModule } from './types.ts';

/**
 * Texts in the language's order (its collation, as core/query/collation.ts `textComparer`
 * and the database sort), NULL last; texts the collation ties by their characters, so two
 * compare equal only when identical.
 */
export const compareText = (lang: Lang) =>
  nullsLast(
    (x) => String(x),
    (a: string, b: string) => (a === b ? 0 : a.localeCompare(b, LOCALE[lang]) || (a < b ? -1 : 1)),
  );

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
  compare: (a, b, lang) => compareText(lang)(a, b),
};
