/** A reference cell: its lookup row's text (core/lookupDisplay.ts; a tree lookup's path), the key as it is while the lookup loads. */
import { displayText, refRenderer } from '../../grid/renderers/cells.tsx';
import type { CellRenderer } from '../../grid/types.ts';

export const refDisplay: CellRenderer = refRenderer(displayText);
