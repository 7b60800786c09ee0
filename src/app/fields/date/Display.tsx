/** A date cell: the day as the language writes it in digits (core/columnTypes/date.ts `format`: 05.03.2026 in German). */
import type { CellRenderer } from '../../grid/types.ts';

export const dateDisplay: CellRenderer = { render: ({ value, ctx }) => ctx.fmt.date(value) };
