/**
 * Writes from the grid: one cell (an inline edit, a click cell), and batches (paste,
 * fill, Ctrl+D, translate) as ONE bulk set. All optimistic: the grid shows the new values
 * at once and puts the old ones back when the save fails. Saves of a row run in order,
 * each with the row version the previous one left. Every answered batch leaves its
 * change-log ids on the undo stack; Ctrl+Z sends them to the `undo` action, whose answer (the
 * reverts' log ids) goes on the redo stack; Ctrl+Y / Ctrl+Shift+Z sends those to `redo`, which
 * writes the undone values again through the set path. A new edit clears the redo stack. Cells the
 * server or the validation refused are flagged (field → message) until written again.
 */
import { useLayoutEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { session } from '../../../session/session.ts';
import { sameValue } from '../../cellText.ts';
import type { History } from './history.ts';
import type { CellFlag, Change, Deps, Entry, Writer } from './edits.types.ts';
import type { GridColumn, GridRow } from '../../types.ts';
import { UndoStack, type UndoEntry } from './undo.ts';

export type { CellFlag, Change } from './edits.types.ts';

export type Flags = ReadonlyMap<string, Readonly<Record<string, string>>>;

/** Where the edits show their state: the flagged cells (an update of them) and one tick per answered save. */
export interface EditsView {
  setFlags(update: (old: Flags) => Flags): void;
  saved(): void;
  /** The undo and redo stacks' sizes changed (the toolbar's buttons). */
  stacks?(undo: number, redo: number): void;
  /** How many saves are on their way (queued or sent, not answered yet) changed. */
  pending?(count: number): void;
}

/**
 * The grid's writes, without React (useEdits holds them for a grid; a test drives them
 * over an in-memory data provider). `deps()` answers the grid as it is now: each call
 * reads it once, as a render's closure did.
 */
export function createEdits(deps: () => Deps, view: EditsView) {
  const queues = { current: new Map<string, Promise<unknown>>() };
  const stack = new UndoStack();
  /** What Ctrl+Y writes again: the reverts of the undos, newest last (a delete's undo: the rows it put back). */
  const redoStack = new UndoStack();
  const told = () => view.stacks?.(stack.size, redoStack.size);
  /** A saved batch on the undo stack, with the company it was written in; a new edit (not a redo) ends what could be redone. */
  const pushUndo = (e: UndoEntry, fromRedo = false) => {
    stack.push({ ...e, company: session.get().company });
    if (!fromRedo && e.logIds.length) redoStack.clear();
    told();
  };
  const { setFlags } = view;
  const setSavedTick = () => view.saved();

  const setFlag = (cells: readonly CellFlag[], clear: readonly { rowId: string; field: string }[] = []) => {
    if (!cells.length && !clear.length) return;
    setFlags((old) => {
      const next = new Map(old);
      for (const c of clear) {
        const r = next.get(c.rowId);
        if (!r || !(c.field in r)) continue;
        const { [c.field]: _gone, ...rest } = r;
        if (Object.keys(rest).length) next.set(c.rowId, rest);
        else next.delete(c.rowId);
      }
      for (const c of cells) next.set(c.rowId, { ...next.get(c.rowId), [c.field]: c.message });
      return next;
    });
  };
  const clearFlags = () => setFlags((old) => (old.size ? new Map() : old));

  // One re-read at a time, once the saves on their way have settled; saves answered
  // meanwhile ask for one more.
  const rereading: { current: { again: boolean } | null } = { current: null };
  const afterSaved = () => {
    const { reread } = deps();
    if (!reread) return;
    if (rereading.current) {
      rereading.current.again = true;
      return;
    }
    const state = { again: false };
    rereading.current = state;
    const run = async () => {
      do {
        state.again = false;
        await Promise.allSettled([...queues.current.values()]);
        try {
          await reread((id) => queues.current.has(id));
        } catch (e) {
          console.warn('grid: reading the rows again failed', e);
        }
      } while (state.again);
      rereading.current = null;
    };
    void run();
  };

  // Saves on their way, counted from the edit to the end of its answer's handling (the grid's data-saving).
  let onTheirWay = 0;
  /** Runs after the pending saves of these rows; later saves of them wait for this one. */
  const enqueue = <T>(ids: readonly string[], run: () => Promise<T>): Promise<T> => {
    const q = queues.current;
    const before = Promise.all(ids.map((id) => q.get(id)).filter((p) => p !== undefined)).catch(() => {});
    const p = before.then(run);
    for (const id of ids) q.set(id, p);
    view.pending?.(++onTheirWay);
    void p
      .finally(() => {
        for (const id of ids) if (q.get(id) === p) q.delete(id);
        view.pending?.(--onTheirWay);
      })
      .catch(() => {});
    return p;
  };

  /** One cell: optimistic, reverted when the save fails. */
  // The writes and their answers' handling (writes.ts) load with the first save: no list paints or sorts with them.
  const writer: Writer = { deps, pushUndo, setFlag, saved: setSavedTick, afterSaved };
  const loadWrites = () => import('./writes.ts');

  const save = (target: GridRow, col: GridColumn, next: unknown) => {
    const d = deps();
    const { patch } = d;
    const { id } = target;
    const field = col.field;
    const before = target.data[field];
    if (sameValue(before, next)) return;
    patch(id, { [field]: next });
    setFlag([], [{ rowId: id, field }]);
    // The write and its answer's handling: code loaded with the first save (the value is in the grid already).
    void enqueue([id], async () => (await loadWrites()).writeCell(writer, d, target, col, next, before));
  };

  /** A batch in one bulk set (chunks of BULK_ROWS rows); resolves true when everything was saved. */
  const saveMany = async (changes: readonly Change[]): Promise<boolean> => {
    const d = deps();
    const { patch } = d;
    const byRow = new Map<string, Entry>();
    for (const c of changes) {
      if (sameValue(c.row.data[c.col.field], c.value)) continue;
      let e = byRow.get(c.row.id);
      if (!e) {
        e = { row: c.row, fields: {}, before: {} };
        byRow.set(c.row.id, e);
      }
      e.fields[c.col.field] = c.value;
      e.before[c.col.field] = c.row.data[c.col.field];
    }
    const entries = [...byRow.values()];
    if (!entries.length) return true;
    for (const e of entries) patch(e.row.id, e.fields);
    setFlag(
      [],
      entries.flatMap((e) => Object.keys(e.fields).map((field) => ({ rowId: e.row.id, field }))),
    );
    const ids = entries.map((e) => e.row.id);
    return enqueue(ids, async () => (await loadWrites()).writeBatch(writer, d, entries));
  };

  // Undo and redo (history.ts) load on their first use: no list paints with them.
  const history: History = { deps, queues, stack, redoStack, told, pushUndo, enqueue, saved: setSavedTick, afterSaved, clearFlags };
  const undoLast = async () => (await import('./history.ts')).undoLast(history);
  const redoLast = async () => (await import('./history.ts')).redoLast(history);

  /** A toolbar action's edits (Reprice's new prices): their change-log ids, undone by this grid's form like a paste. */
  const pushLogged = (logIds: number[]) => {
    pushUndo({ logIds, rowIds: [] });
    setSavedTick();
  };

  /** A delete's change-log ids: Ctrl+Z puts the rows back. */
  const pushDeleted = (logIds: number[]) => {
    pushUndo({ logIds, rowIds: [], deleted: true });
    setSavedTick(); // a delete is a write: totals and the session (useSessionRefresh) follow it
  };

  /** A save of this row is on its way (live rows leave such a row to its answer). */
  const busy = (id: string) => queues.current.has(id);

  return { save, saveMany, undoLast, redoLast, pushDeleted, pushLogged, setFlag, clearFlags, busy, undoSize: () => stack.size, redoSize: () => redoStack.size };
}

/** A grid's edits: createEdits over the grid's props as last committed, with its flags, save tick and saves on their way as state. */
export function useEdits(deps: Deps) {
  const intl = useIntl();
  const [flags, setFlags] = useState<Flags>(new Map());
  const [savedTick, setSavedTick] = useState(0);
  const [stacks, setStacks] = useState({ undo: 0, redo: 0 });
  const [saving, setSaving] = useState(0);
  const [{ edits, follow }] = useState(() => {
    let live = deps;
    const view: EditsView = {
      setFlags,
      saved: () => setSavedTick((n) => n + 1),
      stacks: (undo, redo) => setStacks((o) => (o.undo === undo && o.redo === redo ? o : { undo, redo })),
      pending: setSaving,
    };
    return { edits: createEdits(() => live, view), follow: (d: Deps) => void (live = d) };
  });
  // Writes start from events and answers, after the commit: they read the props it left.
  useLayoutEffect(() => follow({ ...deps, intl }));
  return { ...edits, flags, savedTick, saving, canUndo: stacks.undo > 0, canRedo: stacks.redo > 0 };
}
