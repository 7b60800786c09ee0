/** What each toolbar action (the registry: actions/index.tsx) is given. */
import type { ScreenDescriptor } from '../../../schemas/screen.ts';
import type { ToolbarQuery } from '../grid/gridProps.ts';

export interface BulkActionProps {
  screen: ScreenDescriptor;
  /** The grid's query, its filterModel including the page's fixed filter. */
  query: ToolbarQuery;
  /** Equality filter the page applies (a detail grid's master key: { product_code }). */
  fixed?: Record<string, unknown> | undefined;
  /** After a change: the page reloads the grid's rows. */
  onDone(): void;
  /** The change-log ids of the grid form's rows the action wrote: Ctrl+Z in the grid undoes them (Reprice). */
  onUndoable?: ((logIds: number[]) => void) | undefined;
}

/** The picked rows' keys (none when every row is picked by "all"). */
export function pickedKeys<K>(query: ToolbarQuery): K[] {
  const sel = query.selection;
  return sel && !sel.all && sel.count > 0 ? (sel.keys as K[]) : [];
}
