/**
 * The work of a grid's live rows (liveRows.feature.ts, loaded when a grid over server rows mounts):
 * subscribes to the form's events, gathers those arriving together, reads the held rows
 * again through the list call and patches them, or names the conflict of the edited row.
 */
import { subscribeRows, type RowsEvent } from '../../../api/liveRows.ts';
import type { GridModel } from '../../columns.ts';
import { fetchRows } from '../../gridApi.ts';
import type { Row } from '../../types.ts';

/** The row of an open editor that someone else changed meanwhile. */
export interface LiveConflict {
  rowId: string;
  by: string;
  row: Row;
}

export interface LiveInput {
  form: string;
  model: GridModel;
  /** Off for grids over rows given to them (no server rows). */
  on: boolean;
  current(id: string): Row | undefined;
  patch(id: string, fields: Row): void;
  /** A save of this row is on its way. */
  busy(id: string): boolean;
  /** The row whose cell editor is open, if any. */
  editingId(): string | undefined;
  /** Reads every row the grid holds again (an event without keys). */
  rereadAll(): Promise<void>;
}

/** Whether `fresh` is the row the grid holds: the same version, or without versions the same fields. */
export function sameRow(version: string | undefined, held: Row | undefined, fresh: Row): boolean {
  if (!held) return false;
  if (version) return held[version] !== undefined && held[version] === fresh[version];
  return Object.keys(fresh).every((k) => JSON.stringify(held[k]) === JSON.stringify(fresh[k]));
}

/** Changes arriving together are read in one call. */
const GATHER_MS = 30;

/** Follows `form`'s row events for the grid `grid()` answers; answers the stop. */
export function followRows(form: string, grid: () => LiveInput, setConflict: (c: LiveConflict) => void): () => void {
  let pending: { ids: unknown[][]; all: boolean; by: string } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const flush = async () => {
    const p = pending;
    pending = null;
    if (!p || stopped) return;
    const { model, current, patch, busy, editingId, rereadAll } = grid();
    if (p.all) return rereadAll();
    const held = p.ids.map((k) => Object.fromEntries(model.keys.map((name, i) => [name, k[i]]))).filter((keys) => current(model.rowId(keys)) !== undefined);
    if (!held.length) return;
    const fresh = await fetchRows(form, held);
    if (stopped) return;
    const editing = editingId();
    for (const row of fresh) {
      const id = model.rowId(row);
      if (busy(id)) continue;
      // The echo of a save this grid already holds (its own, answered before the event came) changes nothing.
      if (sameRow(model.version, current(id), row)) continue;
      if (id === editing) setConflict({ rowId: id, by: p.by, row });
      else patch(id, row);
    }
  };
  const onEvent = (e: RowsEvent) => {
    pending ??= { ids: [], all: false, by: e.by.name };
    pending.by = e.by.name;
    if (e.ids) pending.ids.push(...e.ids);
    else pending.all = true;
    clearTimeout(timer);
    timer = setTimeout(() => void flush().catch((err: unknown) => console.warn('grid: live rows', err)), GATHER_MS);
  };
  const unsubscribe = subscribeRows(form, onEvent);
  return () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
  };
}
