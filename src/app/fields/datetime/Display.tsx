/** A date-time cell: the day as the language writes it, then HH:mm in the browser's zone (core/columnTypes/datetime.ts `format`, through the grid's formatters). */
import type { CellRenderer } from '../../grid/types.ts';

export const datetimeDisplay: CellRenderer = { render: ({ value, ctx }) => ctx.fmt.datetime(value) };
