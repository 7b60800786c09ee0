/**
 * Reference: the key of a row of the column's lookup. Its value is of the lookup key's
 * type (core/validation/columns.ts `screenValueTypes`: a text or a number) and is checked,
 * filtered and stored as that type; what the user reads is the lookup row's text
 * (core/lookupDisplay.ts: the grid's, the form's and the first paint's), which the grid and
 * the import read back into the key. Here, without its lookup: a key reads as it is and a
 * typed key is taken as it is (the server checks that it exists). Sorted by the lookup's
 * text where it is known (core/query/order.ts `sortsByLabel`), else by key.
 */
import { plainText } from './shared.ts';
import type { ColumnTypeModule } from './types.ts';

export const ref: ColumnTypeModule = {
  type: 'ref',
  kind: 'text',
  numeric: false,
  filter: 'ref',
  align: 'start',
  editor: 'select',
  sortable: true,
  parse: (t) => ({ ok: true, value: t.trim() === '' ? null : t.trim() }),
  format: (value) => plainText(value),
};
