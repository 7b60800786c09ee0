/**
 * The rows picked with the checkboxes (for delete, translate and the page's bulk
 * actions). It belongs to the query: a new sort, filter or reload starts with none.
 *
 * Not TanStack Table's row selection: "all rows of the query but these" reaches rows no
 * block has loaded yet (a server list of a million rows), which `rowSelection` (the ids
 * of loaded rows) cannot say — TanStack's own guidance for server pagination is to keep
 * such a selection in the application (selection.utils.ts `RowSelection`).
 */
import { useRef, useState } from 'react';
import type { GridModel } from '../../columns.ts';
import { collectRows, type FetchPage, type RowWindow } from '../../rowModel/rowSource.ts';
import { isRowSelected, NO_ROWS, selectedCount, type RowSelection } from './selection.utils.ts';
import type { GridRow } from '../../types.ts';
import type { RowPicks } from './selection.types.ts';

export type { RowPicks } from './selection.types.ts';

export function useRowPicks(queryKey: string, queryTotal: number, main: RowWindow | null, fetchAll: () => FetchPage, model: GridModel): RowPicks {
  const [selection, setSelection] = useState<{ owner: string; value: RowSelection }>({ owner: '', value: NO_ROWS });
  const rowSel = selection.owner === queryKey ? selection.value : NO_ROWS;
  const lastToggled = useRef<number | null>(null);
  const atHand = (): GridRow[] => (main ? main.loadedRows().filter((x) => isRowSelected(rowSel, x.id)) : []);
  return {
    rowSel,
    selCount: selectedCount(rowSel, queryTotal),
    update: (u) => setSelection((s) => ({ owner: queryKey, value: u(s.owner === queryKey ? s.value : NO_ROWS) })),
    clear: () => setSelection({ owner: '', value: NO_ROWS }),
    lastToggled,
    setLastToggled: (index) => {
      lastToggled.current = index;
    },
    atHand,
    all: async () => {
      if (!main) return [];
      if (!rowSel.all || main.complete || (main.settled && main.loadedRows().length >= (main.total ?? 0))) return atHand();
      const data = await collectRows(fetchAll());
      return data.map((d, index) => ({ index, id: model.rowId(d), data: d })).filter((x) => isRowSelected(rowSel, x.id));
    },
  };
}
