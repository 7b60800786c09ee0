/**
 * A multi-language text's rules: an object of two-letter language codes to texts, each at most
 * `maxLength`; `required` = a text in some language. Issues name the language ('product_name.de').
 * Valibot, built on first use; apart from the type's module (../multi.ts) so a list paints without
 * it (docs/browser.md "Column types").
 */
import * as v from 'valibot';
import { M, msg } from '../../validation/messages.ts';
import { MAX_TEXT, isPlainObject, noNul } from '../shared.ts';
import type { TypeRules } from '../types.ts';

const LANG = /^[a-z]{2}$/;
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export const multiRules: TypeRules = {
  message: M.type_multi,
  scalar: () => null,
  schema(col) {
    const maxLength = Math.min(col.maxLength ?? MAX_TEXT, MAX_TEXT);
    return v.pipe(
      v.custom<Record<string, unknown>>(isPlainObject, M.type_multi),
      v.rawCheck(({ dataset, addIssue }) => {
        if (!dataset.typed) return;
        const obj = dataset.value;
        let filled = false;
        for (const [lang, text] of Object.entries(obj)) {
          const fail = (message: string) => addIssue({ message, input: text, path: [{ type: 'object', origin: 'value', input: obj, key: lang, value: text }] });
          if (FORBIDDEN_KEYS.has(lang)) fail(M.key_not_allowed);
          else if (!LANG.test(lang)) fail(M.type_language);
          else if (typeof text !== 'string') fail(M.type_text);
          else if (text.length > maxLength) fail(msg(M.max_length, { max: maxLength }));
          else if (!noNul(text)) fail(M.invalid_character);
          else if (text.trim() !== '') filled = true;
        }
        if (col.required && !filled && !dataset.issues) addIssue({ message: M.required_any_language });
      }),
    );
  },
};
