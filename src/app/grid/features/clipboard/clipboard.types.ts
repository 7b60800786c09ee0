import type { RefObject } from 'react';
import type { GridModel } from '../../columns.ts';
import type { ViewColumn } from '../../layout.ts';
import type { CellCtx } from '../../types.ts';
import type { DisplayModel } from '../../rowModel/useRowModel.ts';
import type { Edits, RangeApi } from '../range/range.types.ts';
import type { RowPicks } from '../selection/selection.types.ts';

export interface ClipboardInput {
  model: GridModel;
  cols: ViewColumn[];
  display: DisplayModel;
  ctx: CellCtx;
  range: RangeApi;
  picks: RowPicks;
  edits: Edits;
  canSet: boolean;
  bodyRef: RefObject<HTMLDivElement | null>;
  clipRef: RefObject<HTMLTextAreaElement | null>;
  /** The rendered active cell, if it is rendered. */
  activeCellEl(): HTMLElement | null;
}
