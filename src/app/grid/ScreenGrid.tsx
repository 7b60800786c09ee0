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
 * viewState, query, selection, range, pointer, rowActions, clipboard, keyboard, edits,
 * liveRows, masterDetail, headerActions, totals, workflow) and the parts GridHeader.tsx
 * (header/), GridBody.tsx (body/: visibleRows.ts, columnWindow.ts, RowView.tsx) and
 * Toolbar.tsx (toolbar/, features/viewState/ViewMenu.tsx, features/clipboard/FillDialog.tsx);
 * row models in rowModel/ (rowSource.ts, useRowModel.ts, ClientRowModel.ts, clientQuery.ts,
 * grouping.ts); cells and inputs per column type in ../fields/; pure parts: layout.ts,
 * cellText.ts, cellValues.ts, columnState.ts, translate.ts; toolbar actions come from the
 * page (../actions/, never imported here);
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
