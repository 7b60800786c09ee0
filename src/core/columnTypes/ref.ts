/**
 * Reference: the key of a row of the column's lookup. Its value is of the lookup key's
 * type (core/validation/columns.ts `screenValueTypes`: a text or a number) and is checked,
 * filtered and stored as that type; what the user reads is the lookup row's text
 * (core/lookupDisplay.ts: the grid's, the form's and the first paint's), which the grid and
 * the import read back into the key. Here, without its lookup: a key reads as it is and a
 * typed key is taken as it is (the server checks that it exists). Sorted by the lookup's
 * text where it is known (core/query/order.ts `sortsByLabel`), else by key.
 */
import * as v from 'valibot';
import { M } from '../validation/messages.ts';
import { once, valueRules, withRules } from './schemas.ts';
import { MAX_TEXT, nullsLast, plainText } from './shared.ts';
import type { ColumnTypeModule, TypeRules } from './types.ts';

export const ref: ColumnTypeModule = {
  type: 'ref',
  kind: 'text',
  numeric: false,
  filter: 'ref',
  align: 'start',
  editor: 'select',
  sortable: true,
  message: M.invalid,
  parse: (t) => ({ ok: true, value: t.trim() === '' ? null : t.trim() }),
  format: (value) => plainText(value),
  compare: nullsLast(
    (x) => x as string | number,
    (a, b) => (typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0),
  ),
};

/** A key whose type is not known here: a text or an integer. */
const scalar = /* @__PURE__ */ once(() => v.union([v.pipe(v.string(), v.maxLength(MAX_TEXT)), v.pipe(v.number(), v.safeInteger())], M.invalid));

export const refRules: TypeRules = { scalar, schema: (col) => withRules(scalar(), valueRules(col)) };
