import type { ScreenDescriptor } from '../../../../../schemas/screen.ts';
import type { GridModel } from '../../columns.ts';
import type { GridColumn } from '../../types.ts';
import type { Edits } from '../range/range.types.ts';
import type { RowPicks } from '../selection/selection.types.ts';
import type { GridQuery } from '../query/query.types.ts';

export interface RowActionsInput {
  screen: ScreenDescriptor;
  model: GridModel;
  q: GridQuery;
  picks: RowPicks;
  edits: Edits;
  canDelete: boolean;
  /** Multi-language columns Translate fills. */
  translatable: GridColumn[];
  /** The grid keeps the focus (the button that was clicked is gone or disabled). */
  focusActive(): void;
}
