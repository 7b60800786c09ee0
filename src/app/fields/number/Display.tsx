/** A number cell: up to 3 decimals in the language's digits (core/columnTypes/number.ts `format`, through the grid's formatters). */
import { numeric } from '../../grid/renderers/cells.tsx';
import type { CellRenderer } from '../../grid/types.ts';

export const numberDisplay: CellRenderer = numeric((ctx, n) => ctx.fmt.number(n));
