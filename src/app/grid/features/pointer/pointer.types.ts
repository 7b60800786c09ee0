import type { RefObject } from 'react';
import type { ViewColumn } from '../../layout.ts';
import type { GridRow } from '../../types.ts';
import type { DisplayModel } from '../../rowModel/useRowModel.ts';
import type { RangeApi } from '../range/range.types.ts';
import type { RowPicks } from '../selection/selection.types.ts';

export interface PointerInput {
  bodyRef: RefObject<HTMLDivElement | null>;
  cols: ViewColumn[];
  display: DisplayModel;
  range: RangeApi;
  picks: RowPicks;
  toggleGroup(id: string): void;
  cellAction(el: HTMLElement, row: GridRow, vc: ViewColumn, mods: { ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }): void;
  /** A data cell was pressed (the detail panel shows its row at once). */
  onCellPress(): void;
}
