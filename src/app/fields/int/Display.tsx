/**
 * A number cell (int, number): the language's digits and grouping, by its type's `format`
 * (core/columnTypes/); an integer naming a record by its digits alone (the identifier
 * renderer, which copies them so too). A value that is no number shows as it is.
 */
import { columnTypes } from '../../../core/columnTypes/index.ts';
import { num, text } from '../../grid/renderers/cells.tsx';
import type { CellRenderer } from '../../grid/types.ts';
import { cellTypeCtx } from '../typeCtx.ts';

/** A numeric cell of a type: aligned to the end; its text the type's format of the number. */
export const numberCell = (type: 'int' | 'number'): CellRenderer => ({
  align: 'end',
  render: ({ value, row, col, ctx }) => (num(value) === null ? text(value) : columnTypes[type].format(value, cellTypeCtx(col, row, ctx))),
});

export const intDisplay: CellRenderer = numberCell('int');

/** An integer id: its digits, no thousands separators (also on the clipboard and in group rows). */
export const identifierDisplay: CellRenderer = { align: 'end', render: ({ value }) => (num(value) === null ? text(value) : String(num(value))), text: ({ value }) => text(value) };
