import type { ExpandedState, Updater } from '@tanstack/react-table';
import type { ScreenDescriptor } from '../../../../../schemas/screen.ts';
import type { GridModel } from '../../columns.ts';
import type { ViewState } from '../../columnState.ts';
import type { FilterModel, SortItem } from '../../filters.ts';
import type { Query } from '../../gridApi.ts';
import type { LookupStore } from '../../lookups.ts';
import type { RowStore } from '../../rowModel/rowSource.ts';
import type { CellCtx, CellSession, Row } from '../../types.ts';
import type { DisplayModel, RowModel } from '../../rowModel/useRowModel.ts';

export interface QueryInput {
  screen: ScreenDescriptor;
  model: GridModel;
  /** The column state as the view currency shows it. */
  vs: ViewState;
  /** The saved state is restored (or not persisted): rows may be fetched. */
  ready: boolean;
  rows: Row[] | undefined;
  fixedFilter: Record<string, unknown> | undefined;
  reloadKey: unknown;
  cellSession: CellSession;
  canDelete: boolean;
}

/** The query the grid shows, its rows and what its cells read. */
export interface GridQuery {
  lang: CellCtx['lang'];
  company: string | undefined;
  sortModel: SortItem[];
  filterModel: FilterModel;
  filtersActive: boolean;
  fixedKey: string;
  query: Query;
  /** Company, fixed filter, reloads: a change reads everything again. */
  dataKey: string;
  queryKey: string;
  /** Reads the rows again (the refresh button, after a delete). */
  reload(): void;
  store: RowStore;
  lookups: LookupStore;
  ctx: CellCtx;
  rm: RowModel;
  display: DisplayModel;
  count: number;
  /** The query's own total (grouped or not): what "all rows" means. */
  queryTotal: number;
  loadingFirst: boolean;
  /** Expanded group rows, as TanStack Table's `expanded` state (by group id), and as a set for the row model. */
  expanded: Record<string, boolean>;
  setExpanded(update: Updater<ExpandedState>): void;
  toggleGroup(id: string): void;
  /** Merges fields into the row with this id wherever the grid holds it. */
  patch(id: string, fields: Row): void;
  /** The row's data as the grid holds it now. */
  current(id: string): Row | undefined;
  /**
   * A change of the state (sort, filters) is about to render: its first window's request
   * leaves now, in the event's task, and the render that asks for it takes it (fetchAhead).
   */
  ahead(next: ViewState): void;
  onError(e: unknown): void;
}
