/**
 * Header actions, through TanStack Table's column APIs: sort (a click cycles asc → desc →
 * none; Shift adds the column to the sort), the floating filters, resize, drag to
 * reorder, pin, hide, group by (at most MAX_GROUP_BY: one more is refused, saying so)
 * and the totals function. Each API calls the table's `on…Change`, the grid's change
 * path. One stable object, so the memoized headers do not re-render for it.
 */
import { useLayoutEffect, useMemo, useRef } from 'react';
import { toast } from '../../../chrome/toasts.tsx';
import { MIN_WIDTH } from '../../../../core/gridLayout.ts';
import { MAX_GROUP_BY, moveColumn, pinColumn } from '../../columnState.ts';
import type { TotalFn } from '../../gridApi.ts';
import type { HeaderActions } from '../../header/HeaderCell.tsx';
import { SELECT_ID } from '../../layout.ts';
import type { HeaderActionsInput } from './headerActions.types.ts';

export type { HeaderActionsInput } from './headerActions.types.ts';

export function useHeaderActions(input: HeaderActionsInput): HeaderActions {
  // The actions run on the grid as last committed (they are called from events, never while rendering).
  const latest = useRef(input);
  useLayoutEffect(() => {
    latest.current = input;
  });
  return useMemo<HeaderActions>(() => {
    const column = (id: string) => latest.current.table.getColumn(id);
    return {
      sort: (id, multi) => {
        column(id)?.toggleSorting(undefined, multi);
        latest.current.scrollTop();
      },
      prepareFilter: (id) => latest.current.client?.prepareFilter(id, latest.current.lang),
      filter: (id, value) => {
        column(id)?.setFilterValue(value);
        latest.current.scrollTop();
      },
      resize: (id, width) => {
        if (width === null) column(id)?.resetSize();
        else latest.current.table.setColumnSizing((old) => ({ ...old, [id]: Math.max(MIN_WIDTH, width) }));
      },
      move: (id, target, after) => {
        if (id === SELECT_ID || target === SELECT_ID) return;
        latest.current.table.setColumnOrder((old) => moveColumn(old, id, target, after));
      },
      // A column pinned to the end goes next to the unpinned ones (the end-pinned ones keep their places).
      pin: (id, side) => latest.current.table.setColumnPinning((old) => pinColumn(old, id, side)),
      hide: (id) => column(id)?.toggleVisibility(false),
      toggleGroup: (id) => {
        // A group column past the limit is refused, saying so (it used to drop the first one silently).
        const { grouping } = latest.current;
        if (!grouping.includes(id) && grouping.length >= MAX_GROUP_BY) {
          toast({ variant: 'warning', id: 'grid.group_limit', values: { max: MAX_GROUP_BY } });
          return;
        }
        column(id)?.toggleGrouping();
      },
      setAgg: (id: string, fn: TotalFn) => latest.current.change((s) => ({ ...s, aggs: { ...s.aggs, [id]: fn }, totals: true })),
    };
  }, []);
}
