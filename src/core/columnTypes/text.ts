/**
 * Text: a string, stored without the spaces around it. Typed as it is (blank → no value);
 * shown as it is. Its rules: `required` refuses blank text, `maxLength`, `pattern` (its
 * refusal names `patternHint`, the characters allowed, when the column gives one),
 * `format: 'email'` (stored in its normal form, core/email.ts — the rule sign-in checks
 * with). Sorted in the language's collation (a key by code points: core/query/order.ts).
 */
import * as v from 'valibot';
import { isEmail, normalizeEmail } from '../email.ts';
import { textComparer } from '../query/collation.ts';
import { M, msg } from '../validation/messages.ts';
import { once, valueRules, withRules, type Rule } from './schemas.ts';
import { MAX_TEXT, noNul, nullsLast, plainText } from './shared.ts';
import type { ColumnTypeModule, TypeRules } from './types.ts';

const comparers = new Map<string, (a: unknown, b: unknown) => number>();
/** Texts in the language's order, NULL last (ties by code points: equal only when identical). */
export function compareText(lang: string): (a: unknown, b: unknown) => number {
  let c = comparers.get(lang);
  if (!c) comparers.set(lang, (c = nullsLast((x) => String(x), textComparer(lang))));
  return c;
}

export const text: ColumnTypeModule = {
  type: 'text',
  kind: 'text',
  numeric: false,
  filter: 'text',
  align: 'start',
  editor: 'text',
  sortable: true,
  message: M.type_text,
  parse: (t) => ({ ok: true, value: t === '' ? null : t }),
  format: (value) => plainText(value),
  compare: (a, b, lang) => compareText(lang)(a, b),
};

const scalar = /* @__PURE__ */ once(() => v.pipe(v.string(M.type_text), v.maxLength(MAX_TEXT, msg(M.max_length, { max: MAX_TEXT })), v.check(noNul, M.invalid_character)));

export const textRules: TypeRules = {
  scalar,
  schema(col) {
    const rules: Rule[] = [];
    if (col.required) rules.push([(s) => (s as string).trim() !== '', M.required]);
    const maxLength = col.maxLength;
    if (maxLength) rules.push([(s) => (s as string).length <= maxLength, msg(M.max_length, { max: maxLength })]);
    if (col.pattern) {
      const re = new RegExp(col.pattern);
      rules.push([(s) => re.test(s as string), col.patternHint ? msg(M.pattern_chars, { chars: col.patternHint }) : M.pattern]);
    }
    if (col.format === 'email') rules.push([(s) => isEmail(s as string), M.invalid_email]);
    // An e-mail address is checked in its normal form, and stored so.
    const base =
      col.format === 'email'
        ? v.pipe(
            scalar(),
            v.transform((s) => normalizeEmail(s)),
          )
        : scalar();
    return withRules(base, [...rules, ...valueRules(col)]);
  },
};
