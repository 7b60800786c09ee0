/**
 * The TanStack table's features as the grid uses them, and the types they make: a leaf that
 * gridTable.ts (the table's hook) and layout.ts (the columns it renders) both read.
 */
import {
  columnFilteringFeature,
  columnGroupingFeature,
  columnOrderingFeature,
  columnPinningFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  metaHelper,
  rowExpandingFeature,
  rowSortingFeature,
  tableFeatures,
  type ColumnDef,
  type Table,
} from '@tanstack/react-table';
import type { GridColumn, Row } from '../types.ts';

/** What a column carries for the grid: its descriptor column (null: the selection column), and whether it is a flex column. */
export interface GridColumnMeta {
  col: GridColumn | null;
  /** No descriptor width: it takes the room left (its size is its minimum) until pinned or sized. */
  flex: boolean;
}

export const gridFeatures = tableFeatures({
  columnVisibilityFeature,
  columnOrderingFeature,
  columnPinningFeature,
  columnSizingFeature,
  rowSortingFeature,
  columnFilteringFeature,
  columnGroupingFeature,
  rowExpandingFeature,
  columnMeta: metaHelper<GridColumnMeta>(),
});
export type GridFeatures = typeof gridFeatures;
export type GridTable = Table<GridFeatures, Row>;
export type GridColumnDef = ColumnDef<GridFeatures, Row, unknown>;
