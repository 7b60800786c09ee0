/**
 * ScreenGrid: a screen descriptor → a working data grid with spreadsheet habits.
 *
 * Data flows one way: column state (features/viewState: TanStack Table's state shape,
 * restored per user before the first fetch, saved by the change path) → the TanStack
 * table (table/gridTable.ts: ColumnDefs from the descriptor, the column model, manual
 * sorting, filtering and grouping) and the query → row model (useRowModel: server
 * blocks, or every row in memory for small sources and the `rows` prop, or groups) →
 * the positions in view (visibleRows.ts: TanStack Virtual, rows of one fixed height;
 * columnWindow.ts for grids with many columns) → display-only rows.
 *
 * Files: GridView.tsx composes the feature slices (features/<name>/<name>.feature.ts:
 * viewState, query, selection, range, pointer, rowActions, clipboard, keyboard,
 * masterDetail, headerActions); GridHeader.tsx, GridBody.tsx, HeaderCell.tsx,
 * FilterCell.tsx, RowView.tsx, renderRow.tsx, totals.tsx, ColumnChooser.tsx,
 * views/ViewMenu.tsx, FillDialog.tsx, MasterDetail.tsx; pure parts: layout.ts,
 * selection.ts, keyboard.ts, clipboard.ts, cellText.ts, cellValues.ts, columnState.ts,
 * grouping.ts, translate.ts, undo.ts, clientQuery.ts, ClientRowModel.ts, rowSource.ts;
 * calls: gridApi.ts. What a list does not need to paint (editors, popovers, paste/fill,
 * bulk actions, views, master-detail) loads on first use: docs/browser.md, "Loading".
 */
import type { JSX } from 'react';
import type { ScreenGridProps } from './gridProps.ts';
import { GridView } from './GridView.tsx';

export function ScreenGrid(props: ScreenGridProps): JSX.Element {
  // A new screen or theme is a new grid: state, caches and geometry start afresh. Its detail
  // grids (MasterDetail.tsx) are ScreenGrids too: handed down, as the grid cannot import itself.
  return <GridView key={`${props.screen.form}:${props.theme ?? 'balham'}`} {...props} detailGrid={ScreenGrid} />;
}
