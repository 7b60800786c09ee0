/**
 * Text's rules: `required` refuses blank text, `maxLength`, `pattern` (its refusal names
 * `patternHint`, the characters allowed), `format: 'email'` (checked and stored in its normal
 * form, core/email.ts), then min/max/options. Valibot, built on first use; apart from the type's
 * module (../text.ts) so a list paints without it (docs/browser.md "Column types").
 */
import * as v from 'valibot';
import { isEmail, normalizeEmail } from '../../email.ts';
import { M, msg } from '../../validation/messages.ts';
import { once, valueRules, withRules, type Rule } from '../schemas.ts';
import { MAX_TEXT, noNul } from '../shared.ts';
import type { TypeRules } from '../types.ts';

const scalar = /* @__PURE__ */ once(() => v.pipe(v.string(M.type_text), v.maxLength(MAX_TEXT, msg(M.max_length, { max: MAX_TEXT })), v.check(noNul, M.invalid_character)));

export const textRules: TypeRules = {
  message: M.type_text,
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
