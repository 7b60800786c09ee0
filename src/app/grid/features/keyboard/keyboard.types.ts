import type { RefObject } from 'react';
import type { Layout, ViewColumn } from '../../layout.ts';
import type { DisplayModel } from '../../rowModel/useRowModel.ts';
import type { GridRow } from '../../types.ts';
import type { Edits, RangeApi } from '../range/range.types.ts';
import type { RowPicks } from '../selection/selection.types.ts';

export interface KeyboardInput {
  viewportRef: RefObject<HTMLDivElement | null>;
  bodyRef: RefObject<HTMLDivElement | null>;
  rootRef: RefObject<HTMLDivElement | null>;
  layout: Layout;
  display: DisplayModel;
  range: RangeApi;
  picks: RowPicks;
  edits: Edits;
  firstDataCol: number;
  rowHeight: number;
  headerHeight: number;
  /** The totals row is shown (it covers the viewport's last row). */
  totalsOn: boolean;
  selectable: boolean;
  canSet: boolean;
  toggleGroup(id: string): void;
  cellAction(el: HTMLElement, row: GridRow, vc: ViewColumn, mods: { ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }): void;
  activeCellEl(): HTMLElement | null;
  clip: { copyRange(): void; clearCells(): Promise<void>; fillDown(): void; startPaste(): void };
}
