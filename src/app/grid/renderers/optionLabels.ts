/**
 * Option columns' cells (issue 45): a column with `options` names each value by its option
 * set's catalogue key (core/optionNames.ts `optionLabelIdOf`: `options.<set>.<value>`), with
 * no renderer of its own. The grid model (columns.ts) gives such a column this renderer, or,
 * when its descriptor names a renderer that does more (keepInStock's click cycle), that
 * renderer with the names beside it: its cells, copies, set filter and form select say them.
 */
import type { CellRenderer } from '../types.ts';
import { named } from './cells.tsx';

/** The renderer of an option column: `base` when the descriptor named one (`own`), else the option's name as its text. */
export const withOptionNames = (base: CellRenderer, id: (value: unknown) => string, own: boolean): CellRenderer => (own ? { ...base, optionLabelId: id } : named(id));
