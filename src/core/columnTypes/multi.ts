/**
 * Multi-language text: an object of two-letter language code → text ({ en: '…', de: '…' }).
 * A user reads and types her language's own text (never a fallback from another language,
 * which a cell marks as that language's); what she types merges into the value's other
 * languages (`ctx.current`). Its rules: `maxLength` per language, `required` = a text in
 * some language; issues name the language ('product_name.de'). Sorted by the language's own
 * text in its collation.
 */
import * as v from 'valibot';
import { ownText } from '../query/langText.ts';
import { M, msg } from '../validation/messages.ts';
import { compareText } from './text.ts';
import { MAX_TEXT, isPlainObject, noNul } from './shared.ts';
import type { ColumnTypeModule, TypeRules } from './types.ts';

const LANG = /^[a-z]{2}$/;
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export const multi: ColumnTypeModule = {
  type: 'multi',
  kind: 'text',
  numeric: false,
  filter: 'text',
  align: 'start',
  editor: 'multi',
  sortable: true,
  message: M.type_multi,
  parse(text, ctx) {
    const obj = isPlainObject(ctx.current) ? ctx.current : {};
    return { ok: true, value: { ...obj, [ctx.lang]: text } };
  },
  format: (value, ctx) => ownText(value, ctx.lang),
  compare: (a, b, lang) => compareText(lang)(ownText(a, lang) || null, ownText(b, lang) || null),
};

export const multiRules: TypeRules = {
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
