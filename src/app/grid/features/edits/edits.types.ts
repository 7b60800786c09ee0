/**
 * The types of a grid's edits that edits.feature.ts (the grid's side) and writes.ts (the
 * writes, a chunk loaded with the first save) both use: a leaf, so neither imports the other.
 */
import type { IntlShape } from 'react-intl';
import type { ScreenDescriptor } from '../../../../../schemas/screen.ts';
import type { GridModel } from '../../columns.ts';
import type { GridColumn, GridRow, Row } from '../../types.ts';
import type { UndoEntry } from './undo.ts';

export interface Change {
  row: GridRow;
  col: GridColumn;
  value: unknown;
}

export interface CellFlag {
  rowId: string;
  field: string;
  message: string;
}

export interface Deps {
  screen: ScreenDescriptor;
  model: GridModel;
  /** Merges fields into the row with this id in every window that holds it. */
  patch(id: string, fields: Row): void;
  /** The row's data as the grid holds it now. */
  current(id: string): Row | undefined;
  /**
   * `source.siblingWrites`: reads the rows the grid holds again after a save (a write may
   * change other rows), leaving alone those `skip` names (a save of theirs is on its way).
   */
  reread?: ((skip: (id: string) => boolean) => Promise<void>) | undefined;
  /** Reads the grid's rows again (after the undo of a delete: rows come back). */
  reload?: () => void;
  /** The grid's language: a refused cell's flag says the server's reason in it. */
  intl?: IntlShape | undefined;
  /** Brings a cell into view and focus (a refused save's cell), unless an editor is open. */
  show?: ((rowId: string, field: string) => void) | undefined;
}

/** What the writes use of a grid's edits (createEdits). */
export interface Writer {
  deps(): Deps;
  pushUndo(e: UndoEntry): void;
  setFlag(cells: readonly CellFlag[]): void;
  /** One tick per answered save. */
  saved(): void;
  /** The rows re-read once the saves on their way settled. */
  afterSaved(): void;
}

/** One row's part of a batch: the values written and those they replace. */
export interface Entry {
  row: GridRow;
  fields: Row;
  before: Row;
}
