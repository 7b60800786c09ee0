/**
 * Multi-language text: an object of two-letter language code → text ({ en: '…', de: '…' }).
 * A user reads and types her language's own text (never a fallback from another language,
 * which a cell marks as that language's); what she types merges into the value's other
 * languages (`ctx.current`). Its rules: `maxLength` per language, `required` = a text in
 * some language; issues name the language ('product_name.de'). Sorted by the language's own
 * text in its collation.
 */
import { ownText } from '../query/langText.ts';
import { isPlainObject } from './shared.ts';
import type { ColumnTypeModule } from './types.ts';

export const multi: ColumnTypeModule = {
  type: 'multi',
  kind: 'text',
  numeric: false,
  filter: 'text',
  align: 'start',
  editor: 'multi',
  sortable: true,
  parse(text, ctx) {
    const obj = isPlainObject(ctx.current) ? ctx.current : {};
    return { ok: true, value: { ...obj, [ctx.lang]: text } };
  },
  format: (value, ctx) => ownText(value, ctx.lang),
};
