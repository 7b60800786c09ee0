/**
 * A number cell (int, number): the language's digits and grouping — the type's `format`
 * (core/columnTypes/), through the grid's formatters (`ctx.fmt`, grid/format.ts); an
 * integer naming a record by its digits alone (the identifier renderer, which copies them
 * so too). A value that is no number shows as it is.
 */
import { numeric, num, text } from '../../grid/renderers/cells.tsx';
import type { CellRenderer } from '../../grid/types.ts';

export const intDisplay: CellRenderer = numeric((ctx, n) => ctx.fmt.int(n));

/** An integer id: its digits, no thousands separators (also on the clipboard and in group rows). */
export const identifierDisplay: CellRenderer = { align: 'end', render: ({ value }) => (num(value) === null ? text(value) : String(num(value))), text: ({ value }) => text(value) };
