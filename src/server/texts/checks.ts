/**
 * The write rules of captions and the translation table (engine/rowRules.ts): a text written
 * for a key must be a valid ICU message with the shape of the key's catalogue text
 * (core/icuShape.ts, codegen's rule for the catalogues) — else 400 `invalid_value` naming the
 * field, with `validation.icu_syntax` or `validation.icu_shape` as its reason, and nothing written.
 */
import { fieldLabelId } from '../../core/fieldLabel.ts';
import { LANGS } from '../../core/langs.ts';
import { invalidValue } from '../http/errors.ts';
import type { RowRule } from '../actions/engine/writtenRow.ts';
import { captionRefusal } from './captions.ts';

function check(key: unknown, lang: string, text: unknown, field: string, label: string): void {
  if (typeof key !== 'string' || typeof text !== 'string' || text.trim() === '') return; // required/empty: the column's own rules
  const refusal = captionRefusal(key, lang, text);
  if (refusal) throw invalidValue(field, refusal, undefined, label);
}

export const captionRules: Readonly<Record<'captions' | 'translation_table', RowRule>> = {
  captions: (screen, rows) => {
    for (const r of rows) {
      if (!Object.hasOwn(r.values, 'caption_text')) continue;
      const key = r.keys ? r.keys[screen.keys.indexOf('text_key')] : r.values.text_key;
      const lang = r.keys ? r.keys[screen.keys.indexOf('language_code')] : r.values.language_code;
      if (typeof lang === 'string') check(key, lang, r.values.caption_text, `${r.where}.caption_text`, fieldLabelId('caption_text', screen.columns.caption_text));
    }
  },
  translation_table: (screen, rows) => {
    for (const r of rows) {
      const key = r.keys?.[0] ?? r.values.text_key;
      for (const lang of LANGS) if (Object.hasOwn(r.values, lang)) check(key, lang, r.values[lang], `${r.where}.${lang}`, fieldLabelId(lang, screen.columns[lang]));
    }
  },
};
