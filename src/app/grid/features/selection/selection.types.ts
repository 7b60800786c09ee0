import type { RowSelection } from './selection.utils.ts';
import type { GridRow } from '../../types.ts';

export interface RowPicks {
  rowSel: RowSelection;
  selCount: number;
  update(u: (s: RowSelection) => RowSelection): void;
  clear(): void;
  /** The position last toggled (Shift+click picks the rows between). */
  lastToggled: { readonly current: number | null };
  setLastToggled(index: number): void;
  /** The picked rows at hand (loaded, or in memory). */
  atHand(): GridRow[];
  /** Every picked row, fetching the query's rows when "all" reaches beyond those loaded. */
  all(): Promise<GridRow[]>;
}
