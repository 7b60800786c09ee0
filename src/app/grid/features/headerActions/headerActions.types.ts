import type { ClientRowModel } from '../../rowModel/ClientRowModel.ts';
import type { ViewState } from '../../columnState.ts';
import type { GridTable } from '../../table/gridFeatures.ts';

export interface HeaderActionsInput {
  table: GridTable;
  change(update: (s: ViewState) => ViewState): void;
  grouping: readonly string[];
  client: ClientRowModel | null;
  lang: string;
  /** Back to the first row (a new order or filter). */
  scrollTop(): void;
}
