/** A date-time cell: the day as the language writes it, then HH:mm in the browser's zone (core/columnTypes/datetime.ts `format`). */
import { columnTypes } from '../../../core/columnTypes/index.ts';
import type { CellRenderer } from '../../grid/types.ts';

export const datetimeDisplay: CellRenderer = { render: ({ value, ctx }) => columnTypes.datetime.format(value, ctx) };
