import type { ReactNode } from 'react';
import type { ScreenDescriptor } from '../../../../../schemas/screen.ts';
import type { GridModel } from '../../columns.ts';
import type { useEdits } from '../edits/edits.feature.ts';
import type { ViewColumn } from '../../layout.ts';
import type { CellPos, CellRange, Rect } from '../selection/selection.utils.ts';
import type { CellCtx, GridRow, Row } from '../../types.ts';
import type { DisplayModel } from '../../rowModel/useRowModel.ts';
import type { LiveConflict } from '../liveRows/liveRowsFollow.ts';

/** The cell whose editor is open. */
export interface Editing {
  index: number;
  id: string;
  field: string;
  initial: string | undefined;
}

export type Edits = ReturnType<typeof useEdits>;

export interface RangeInput {
  screen: ScreenDescriptor;
  model: GridModel;
  cols: ViewColumn[];
  display: DisplayModel;
  /** A new sort, filter or grouping (the range goes, the active cell moves to the first row). */
  orderKey: string;
  firstDataCol: number;
  edits: Edits;
  ctx: CellCtx;
  onEditRow: ((row: Row) => void) | undefined;
  /** A keyboard (or editor) move of the active cell. */
  onMove(): void;
  /** Live rows: the edited row changed by someone else meanwhile (its editor says so), and what closing the editor does with it. */
  live?: { conflict: LiveConflict | null; settle(rowId: string, committed: boolean): void };
}

/** The active cell, the cell range and the open editor. */
export interface RangeApi {
  /** The range as the user set it (may lie beyond the rows now: `r` is clamped). */
  range: CellRange;
  setRange(update: CellRange | ((old: CellRange) => CellRange)): void;
  r: CellRange;
  rect: Rect | null;
  activeRow: number;
  activeCol: number;
  lastRow: number;
  lastCol: number;
  editing: Editing | null;
  /** Bumped by `focusActive`: the active cell takes the focus after the render (and is scrolled into view). */
  focusRequest: number;
  dataRow(index: number): GridRow | undefined;
  moveTo(to: CellPos, extend?: boolean): void;
  /** The active cell takes the focus after the next render (and is scrolled into view). */
  focusActive(): void;
  /** Rows of the cell range (data rows that are loaded), in order. */
  rangeRows(): GridRow[];
  clickChange(row: GridRow, vc: ViewColumn): void;
  startEdit(index: number, vc: ViewColumn | undefined, initial?: string): boolean;
  isEditingCell(hit: CellPos): boolean;
  /** The open editor, for the edited row. */
  editor: ReactNode;
}
