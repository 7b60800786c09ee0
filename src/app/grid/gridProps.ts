/**
 * What a ScreenGrid is given (ScreenGrid.tsx), and the shapes its toolbar's parts share: a leaf
 * the grid's modules, the bulk actions and the pages import.
 */
import type { ComponentType, ReactNode } from 'react';
import type { ScreenDescriptor } from '../../../schemas/screen.ts';
import type { FilterModel, SortItem } from './filters.ts';
import type { Revealed } from './rowModel/reveal.ts';
import type { Row } from './types.ts';

export interface GridPermissions {
  list: boolean;
  add: boolean;
  set: boolean;
  delete: boolean;
  /** A workflow screen's events may be run (the events right on its type's page, migration 094); absent: none offered. */
  events?: boolean;
  /** Of those, the events reserved to roles the user holds none of (the session's `denied_events`, migration 122): not offered. */
  deniedEvents?: readonly string[] | undefined;
}

/** What the toolbar's right end may act on (export of the current view). */
export interface ToolbarQuery {
  form: string;
  sortModel: SortItem[];
  filterModel: FilterModel;
  language: string;
  visibleColumns: string[];
  /** The rows picked with the checkboxes: `keys` of the picked ones, or with `all` of those left out. */
  selection?: { count: number; all: boolean; keys: unknown[] };
}

/** What the grid lends its toolbar's parts: its undo stack (an action's writes undone by Ctrl+Z like the grid's own edits). */
interface ToolbarTools {
  /** Change-log ids of the grid's form an action wrote: the next Ctrl+Z sends them to the form's undo. */
  pushUndo(logIds: number[]): void;
}

/** The bulk actions' toolbar of a screen's grid (src/app/actions/index.tsx, handed in by the page: the grid imports no action). */
export interface BulkToolbarProps {
  screen: ScreenDescriptor;
  perms: GridPermissions;
  query: ToolbarQuery;
  /** Equality filter the page applies besides the grid's own filters. */
  fixed?: Record<string, unknown> | undefined;
  onDone(): void;
  /** The grid's undo stack, for an action whose writes Ctrl+Z undoes (ToolbarTools.pushUndo). */
  onUndoable?: ((logIds: number[]) => void) | undefined;
}

export interface ScreenGridProps {
  /** A parsed descriptor (`parseScreen`). */
  screen: ScreenDescriptor;
  perms: GridPermissions;
  /**
   * Why the rows may not change now (core/stateLocks.ts: the master's workflow state): the
   * grid is read-only, its cells and its disabled Add and Delete say this reason.
   */
  locked?: string | undefined;
  theme?: 'balham' | 'alpine';
  /** Called by the toolbar's add button (shown with the add permission and `actions.add`). */
  onAdd?: () => void;
  /** Edits a whole row in a form; the grid calls it instead of an inline editor for rich-text (html) columns. */
  onEditRow?: (row: Row) => void;
  /** Any change reloads the rows. */
  reloadKey?: unknown;
  /**
   * A row to show once the rows are read again (a row the add or edit form just saved, set
   * with the reload): the grid scrolls to it and makes it the active row, or says that the
   * filters hide it. A new object asks again.
   */
  reveal?: Revealed | null | undefined;
  /**
   * All rows in memory: the client row model (sort and filter in the browser); no list
   * calls. Its code is a chunk of its own: a page that hands rows in provides it with
   * its own code (clientModule.ts `provideClientModule`), else the rows wait for it.
   */
  rows?: Row[];
  /** Equality filter always applied (a detail grid: the master row's key), sent by the `filter` action. */
  fixedFilter?: Record<string, unknown>;
  /**
   * Rendered first among the toolbar's buttons, next to its spacer: what the page loads
   * lazily (bulk actions), whose arrival there moves no button already shown (Toolbar.tsx).
   */
  toolbarStart?: (q: ToolbarQuery, tools: ToolbarTools) => ReactNode;
  /** Rendered at the right end of the toolbar (export/import): shown with the toolbar, not later. */
  toolbarEnd?: (q: ToolbarQuery) => ReactNode;
  /** Rows get checkboxes even without the delete permission (for toolbarStart actions over picked rows). */
  selectable?: boolean;
  /** Restore and save the column state per user (grid_state); default: unless `rows` is given. */
  persistState?: boolean;
  /**
   * The bulk actions of its detail grids' toolbars (descriptor `actions.bulk`; MasterDetail.tsx):
   * the page's lazily loaded src/app/actions/index.tsx. Given, not imported: actions render grids
   * of their own (an AI answer's rows), so the grid would import itself.
   */
  detailActions?: ComponentType<BulkToolbarProps> | undefined;
}
