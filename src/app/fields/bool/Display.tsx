/** A yes/no cell: the language's Yes or No (core/columnTypes/bool.ts `format`), centred; empty for no value. */
import { columnTypes } from '../../../core/columnTypes/index.ts';
import type { CellRenderer } from '../../grid/types.ts';

export const boolDisplay: CellRenderer = {
  align: 'center',
  render: ({ value, ctx }) => (typeof value === 'boolean' ? columnTypes.bool.format(value, ctx) : ''),
};
