/**
 * A row just saved (the Add or Edit form's answer) shown once the grid has read its rows
 * again: its position in the current order (an edit may have moved it), then the grid
 * scrolls to it and makes it the active row. Rows in memory (the client row model) are searched there; server blocks by the
 * loaded rows, else by the server's `locate` (gridApi.ts `locateRow`: the same filters and
 * order as the list). A row the filters leave out is reported, not silently missing.
 */
import { useEffect, useRef } from 'react';
import type { GridModel } from '../columns.ts';
import { locateRow, type Query } from '../gridApi.ts';
import type { RowWindow } from './rowSource.ts';
import type { Row } from '../types.ts';
import { CLIENT_LIMIT } from './useRowModel.ts';

/** A row a form saved, to show. */
export interface Revealed {
  row: Row;
  /** The Edit form saved it (else the Add form): the active cell keeps its column, the words differ. */
  edited?: boolean;
}

export interface RevealInput {
  /** The row to show; a new object asks again. */
  row: Revealed | null | undefined;
  model: GridModel;
  query: Query;
  /** The query and its data (a reload): a position belongs to one. */
  queryKey: string;
  /** The data key when the row was asked for: a later one (another company) drops it. */
  dataKey: string;
  main: RowWindow | null;
  /** Grouped rows have no one position: nothing is done. */
  grouped: boolean;
  /** The row is at this position of the current view. */
  show(index: number, id: string, asked: Revealed): void;
  /** The filters leave the row out. */
  missing(asked: Revealed): void;
}

interface Pending {
  asked: Revealed;
  row: Row;
  id: string;
  dataKey: string;
  /** The server's `locate` was asked. */
  sent: boolean;
}

/** A small unfiltered source moves into memory once its first block is in (useRowModel): its position is found there. */
const movesIntoMemory = (w: RowWindow, q: Query) => !w.error && w.totalExact && (w.total ?? 0) <= CLIENT_LIMIT && !Object.keys(q.filterModel).length;

export function useReveal(input: RevealInput): void {
  const { row, model, query, queryKey, dataKey, main, grouped } = input;
  // The latest input, for the answers that come after the commit (the server's `locate`).
  const latest = useRef(input);
  // The row a grid mounts with was shown by its predecessor (a theme, a detail tab): not asked again.
  const source = useRef(row);
  const pending = useRef<Pending | null>(null);

  // After every commit: a new row is asked for with the data key of the commit that brought
  // it (the reload and the row arrive together), then looked for once its rows are there.
  useEffect(() => {
    latest.current = input;
    if (row && row !== source.current) pending.current = { asked: row, row: row.row, id: model.rowId(row.row), dataKey, sent: false };
    source.current = row;
    const p = pending.current;
    if (!p) return;
    if (p.dataKey !== dataKey || grouped) {
      pending.current = null;
      return;
    }
    if (!main?.settled || p.sent) return;
    const done = (index: number | null) => {
      pending.current = null;
      if (index === null || index < 0) latest.current.missing(p.asked);
      else latest.current.show(index, p.id, p.asked);
    };
    if (main.complete) {
      const ids = (main as { ids?: () => string[] }).ids?.() ?? main.loadedRows().map((r) => r.id);
      done(ids.indexOf(p.id));
      return;
    }
    if (movesIntoMemory(main, query)) return;
    const hit = main.loadedRows().find((r) => r.id === p.id);
    if (hit) {
      done(hit.index);
      return;
    }
    p.sent = true;
    locateRow(query, model.keyFields(p.row)).then(
      (position) => {
        if (pending.current !== p) return;
        // A new sort or filter meanwhile: the position belongs to another order.
        if (latest.current.queryKey !== queryKey) pending.current = null;
        else done(position);
      },
      (e: unknown) => {
        if (pending.current === p) pending.current = null;
        console.warn('grid: could not find the saved row', e);
      },
    );
  });
}
