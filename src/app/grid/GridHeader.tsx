/**
 * The sticky header: one row of column headers (label, sort, menu, drag, resize) and,
 * when a shown column can be filtered, the floating filters. What each header shows comes
 * from the TanStack table's columns (sorted and its place in the sort, grouped, can group).
 */
import { canGroupBy } from './columnState.ts';
import { convertsFilter } from './moneyCurrency.ts';
import { FilterCell } from './header/FilterCell.tsx';
import { headerKeyDown } from './features/keyboard/headerKeys.ts';
import { HeaderCell, SelectAllCell, type HeaderActions } from './header/HeaderCell.tsx';
import type { ViewColumn } from './layout.ts';
import type { GridTable } from './table/gridFeatures.ts';
import type { TotalFn } from './gridApi.ts';
import type { CellCtx } from './types.ts';

export interface GridHeaderProps {
  table: GridTable;
  cols: ViewColumn[];
  hasFilterRow: boolean;
  actions: HeaderActions;
  ctx: CellCtx;
  /** Columns with a totals cell, and their functions. */
  numeric: ReadonlySet<string>;
  aggs: Record<string, TotalFn>;
  totalsOn: boolean;
  /** The select-all checkbox: its state and toggle. */
  selectAll: { state: 'true' | 'false' | 'mixed'; toggle(): void };
  /** Filters replaced from outside (restore, view, reset; a money filter carried into another currency). */
  epoch: number;
  filterCurrency: string | undefined;
  /** Focuses column `col`'s cell in the body (a key press leaving the header downwards). */
  toBody(col: number): void;
}

export function GridHeader({ table, cols, hasFilterRow, actions, ctx, numeric, aggs, totalsOn, selectAll, epoch, filterCurrency, toBody }: GridHeaderProps) {
  const t = ctx.t;
  const multiSort = table.atoms.sorting.get().length > 1;
  return (
    <div className="grid-header" role="rowgroup" onKeyDown={(e) => headerKeyDown(e, toBody)}>
      <div className="grid-header-row" role="row" aria-rowindex={1}>
        {cols.map((vc, i) => {
          if (!vc.col) return <SelectAllCell key={vc.id} vc={vc} index={i} label={t('grid.select_all')} state={selectAll.state} onToggle={selectAll.toggle} />;
          const column = table.getColumn(vc.id);
          return (
            <HeaderCell
              key={vc.id}
              vc={vc}
              col={vc.col}
              index={i}
              label={t(vc.col.labelId)}
              sorted={column?.getIsSorted() ?? false}
              sortIndex={multiSort ? (column?.getSortIndex() ?? -1) : -1}
              grouped={column?.getIsGrouped() ?? false}
              canGroup={column?.getCanGroup() ?? canGroupBy(vc.col)}
              agg={numeric.has(vc.id) ? (aggs[vc.id] ?? vc.col.meta.total ?? 'sum') : null}
              totalsOn={totalsOn}
              actions={actions}
              t={t}
            />
          );
        })}
      </div>
      {hasFilterRow && (
        <div className="grid-filter-row" role="row" aria-rowindex={2}>
          {cols.map((vc, i) => (
            <FilterCell
              key={vc.id}
              vc={vc}
              index={i}
              ctx={ctx}
              value={table.getColumn(vc.id)?.getFilterValue()}
              epoch={convertsFilter(vc.col ?? undefined) ? `${epoch}|${filterCurrency ?? ''}` : String(epoch)}
              onFilter={actions.filter}
              onPrepare={actions.prepareFilter}
            />
          ))}
        </div>
      )}
    </div>
  );
}
