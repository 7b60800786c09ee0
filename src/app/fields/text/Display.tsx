/** A text cell: the text as it is (core/columnTypes/text.ts `format`). */
import { columnTypes } from '../../../core/columnTypes/index.ts';
import type { CellRenderer } from '../../grid/types.ts';

export const textDisplay: CellRenderer = { render: ({ value, ctx }) => columnTypes.text.format(value, ctx) };
