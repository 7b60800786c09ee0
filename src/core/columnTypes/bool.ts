/**
 * Yes/no: a boolean. Shown as the language's Yes and No (the catalogue's `common.yes`,
 * `common.no`); typed as those words, or yes/no/true/false/1/0/y/n/x in any case. Sorted
 * no before yes.
 */
import { M } from '../validation/messages.ts';
import { plainText, word } from './shared.ts';
import type { ColumnTypeModule } from './types.ts';

/** Words read as yes and no in every language (besides the language's own Yes and No). */
const TRUE_WORDS: ReadonlySet<string> = new Set(['yes', 'true', '1', 'y', 'x']);
const FALSE_WORDS: ReadonlySet<string> = new Set(['no', 'false', '0', 'n']);

export const bool: ColumnTypeModule = {
  type: 'bool',
  kind: 'bool',
  numeric: false,
  filter: 'bool',
  align: 'center',
  editor: 'bool',
  sortable: true,
  parse(text, ctx) {
    const t = text.trim().toLowerCase();
    if (t === '') return { ok: true, value: null };
    if (TRUE_WORDS.has(t) || t === word(ctx.t, 'common.yes').toLowerCase()) return { ok: true, value: true };
    if (FALSE_WORDS.has(t) || t === word(ctx.t, 'common.no').toLowerCase()) return { ok: true, value: false };
    return { ok: false, message: M.type_bool };
  },
  format: (value, ctx) => (value === true ? word(ctx.t, 'common.yes') : value === false ? word(ctx.t, 'common.no') : plainText(value)),
};
