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
import { useIntl, type IntlShape } from 'react-intl';
import { needFullCatalogue } from '../../../i18n/fullCatalogue.ts';
import type { ScreenDescriptor } from '../../../../../schemas/screen.ts';
import { conflictMessageId } from '../../../../core/httpErrors.ts';
import { ApiError } from '../../../api/client.ts';
import { describeError, refusal, refusedFields, say, type Said } from '../../../api/said.ts';
import { toast } from '../../../chrome/toasts.tsx';
import { session } from '../../../session/session.ts';
import { multiChanges, sameValue } from '../../cellText.ts';
import type { GridModel } from '../../columns.ts';
import { fetchRows, setRow, setRows } from '../../gridApi.ts';
import type { History } from './history.ts';
import type { GridColumn, GridRow, Row } from '../../types.ts';
import { UndoStack, type UndoEntry } from './undo.ts';

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

/** Rows per bulk set request (the server's limit: one transaction each). */
const BULK_ROWS = 5000;

/** The cell a bulk write's refusal names (its row in the batch and column), and what to say there. */
export function bulkErrorCell(e: unknown): { index: number; field: string; said: Said } | null {
  if (!(e instanceof ApiError) || typeof e.params?.row !== 'number' || typeof e.params.field !== 'string') return null;
  const field = /^payload\.rows\.\d+\.([a-z_][a-z0-9_]*)/.exec(e.params.field)?.[1];
  if (!field) return null;
  const reason = typeof e.params.reason === 'string' ? refusal(e.params.reason, e.params) : describeError(e);
  return { index: e.params.row, field, said: reason };
}

/**
 * The cell a one-row save's refusal names (`payload.<field>`), and what to say there: may be
 * another cell than the one typed in (a line given another product is refused at its discount,
 * over the new product's limit).
 */
function rowErrorCell(e: unknown): { field: string; said: Said } | null {
  // A refused value, or one the user did not confirm (a price under the minimum margin): flagged at its cell.
  if (!(e instanceof ApiError) || (e.code !== 'invalid_value' && e.code !== 'confirm_required') || typeof e.params?.field !== 'string') return null;
  const field = /^payload\.([a-z_][a-z0-9_]*)$/.exec(e.params.field)?.[1];
  if (!field) return null;
  return { field, said: typeof e.params.reason === 'string' ? refusal(e.params.reason, e.params) : describeError(e) };
}

/**
 * The cell a rule's refusal of one cell's save belongs at (core/recordRules.ts): the edited
 * field when the rule concerns it, else the first field of the rule the grid has (ETD typed
 * after ETA: the ETA cell, whose rule it is); none when the rule names no field.
 */
export function ruleCell(e: unknown, edited: string, has: (field: string) => boolean): string | undefined {
  const fields = refusedFields(e);
  return fields.includes(edited) ? edited : fields.find(has);
}

/** Is this a 409 with this error code (the server's `error`)? */
const isConflict = (e: unknown, code: string): boolean => e instanceof ApiError && e.status === 409 && e.code === code;

/** The toast of a failed save: a conflict as a warning, anything else as "not saved" with the server's reason, in the user's language. */
function saveFailedToast(e: unknown): void {
  const conflict = e instanceof ApiError && e.status === 409 ? conflictMessageId(e.code) : undefined;
  if (conflict) toast({ variant: 'warning', id: conflict, ref: e instanceof ApiError ? e.requestId : undefined });
  else if (e instanceof ApiError && e.status === 409) toast({ variant: 'warning', ...describeError(e) });
  else toast({ variant: 'danger', id: 'messages.error_saving_data', values: { status: describeError(e) } });
}

/** A typed value as the "was not saved" toast names it: a multi value by its changed languages. */
function valueText(value: unknown, before?: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    const changed = before === undefined ? (value as Row) : multiChanges(before, value);
    const texts = Object.values(changed).filter((x) => typeof x === 'string');
    return texts.length ? texts.join(' / ') : JSON.stringify(value);
  }
  return String(value);
}

export type Flags = ReadonlyMap<string, Readonly<Record<string, string>>>;

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

  /**
   * Rows someone else changed meanwhile (a 409 `stale_row`): fetched as they are now and
   * put into the grid, so every cell shows the stored values again. Answers whether it worked.
   */
  const reload = async (rows: readonly Row[]): Promise<boolean> => {
    const { screen, model, patch } = deps();
    try {
      const fresh = await fetchRows(
        screen.form,
        rows.map((r) => model.keyFields(r)),
      );
      for (const row of fresh) patch(model.rowId(row), row);
      return true;
    } catch (e) {
      console.warn('grid: reloading changed rows failed', e);
      return false;
    }
  };

  const payloadOf = (cur: Row, fields: Row, before: Row): Row => {
    const { model } = deps();
    const out: Row = { ...model.keyFields(cur) };
    for (const [f, v] of Object.entries(fields)) out[f] = model.byField.get(f)?.type === 'multi' ? multiChanges(before[f], v) : v;
    if (model.version) out[model.version] = cur[model.version];
    return out;
  };

  /** One cell: optimistic, reverted when the save fails. */
  const save = (target: GridRow, col: GridColumn, next: unknown) => {
    const { screen, patch, current } = deps();
    const { id } = target;
    const field = col.field;
    const before = target.data[field];
    if (sameValue(before, next)) return;
    patch(id, { [field]: next });
    setFlag([], [{ rowId: id, field }]);
    void enqueue([id], async () => {
      const cur = current(id) ?? target.data;
      try {
        let fields: Row;
        if (col.renderer.save && col.renderer.clickValue) {
          const r = await col.renderer.save({ screen, row: cur, col, value: next });
          fields = r.fields;
          const form = r.undoForm && r.undoForm !== screen.form ? r.undoForm : undefined;
          pushUndo({ logIds: r.logIds ?? [], rowIds: [id], ...(form ? { form, fields: Object.keys(r.fields) } : {}) });
        } else {
          const r = await setRow(screen.form, payloadOf(cur, { [field]: next }, { [field]: before }));
          fields = r.row;
          if (typeof r.log_id === 'number') pushUndo({ logIds: [r.log_id], rowIds: [id] });
        }
        patch(id, fields);
        setSavedTick();
        afterSaved();
        toast({ variant: 'success', id: 'messages.data_saved' });
      } catch (e) {
        if (sameValue(current(id)?.[field], next)) patch(id, { [field]: before });
        if (isConflict(e, 'stale_row') && (await reload([cur]))) {
          // The row as it is now is in the grid; the typed value is named, not silently lost.
          toast({ variant: 'warning', id: 'messages.stale_row_reloaded', values: { value: valueText(next, before) }, ref: e instanceof ApiError ? e.requestId : undefined });
          return;
        }
        // What a refusal says is in the catalogue's later part: in by now (an edit asks for it), waited for if not.
        await needFullCatalogue();
        const { model: m, intl, show } = deps();
        // A refusal naming a field of the row (a discount over the product's limit): flagged at that cell, as a batch's is.
        const cell = rowErrorCell(e);
        if (cell && m.byField.has(cell.field)) {
          setFlag([{ rowId: id, field: cell.field, message: intl ? say(intl, cell.said) : (e as Error).message }]);
          saveFailedToast(e);
          return;
        }
        // A rule of the record (ETA before ETD): flagged at its cell with what it says, and that cell brought into view.
        const at = ruleCell(e, field, (f) => m.byField.has(f));
        if (at) {
          setFlag([{ rowId: id, field: at, message: intl ? say(intl, describeError(e)) : (e as Error).message }]);
          show?.(id, at);
        }
        saveFailedToast(e);
      }
    });
  };

  /** A batch in one bulk set (chunks of BULK_ROWS rows); resolves true when everything was saved. */
  const saveMany = async (changes: readonly Change[]): Promise<boolean> => {
    const { screen, model, patch, current } = deps();
    const byRow = new Map<string, { row: GridRow; fields: Row; before: Row }>();
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
    return enqueue(ids, async () => {
      const logIds: number[] = [];
      let ok = true;
      for (let start = 0; start < entries.length; start += BULK_ROWS) {
        const chunk = entries.slice(start, start + BULK_ROWS);
        if (!ok) {
          revert(chunk);
          continue;
        }
        try {
          const r = await setRows(
            screen.form,
            chunk.map((e) => payloadOf(current(e.row.id) ?? e.row.data, e.fields, e.before)),
          );
          for (const row of r.rows ?? []) patch(model.rowId(row), row);
          logIds.push(...(r.log_ids ?? []));
        } catch (err) {
          ok = false;
          revert(chunk);
          if (isConflict(err, 'stale_row') && (await reload(chunk.map((e) => current(e.row.id) ?? e.row.data)))) {
            // Someone else changed a row of the batch: the batch's rows as they are now; nothing of it was saved.
            toast({ variant: 'warning', id: 'messages.stale_rows_reloaded', values: { count: chunk.reduce((n, e) => n + Object.keys(e.fields).length, 0) } });
            continue;
          }
          const cell = bulkErrorCell(err);
          const hit = cell ? chunk[cell.index] : undefined;
          await needFullCatalogue();
          const intl = deps().intl;
          // Said in the grid's language; without one (a grid outside React), the server's own text.
          const message = cell && (intl ? say(intl, cell.said) : (err as Error).message);
          // A rule's first field, or another of its fields the batch wrote (ETD pasted, the rule ETA's).
          const at = cell && hit ? (cell.field in hit.fields ? cell.field : refusedFields(err).find((f) => f in hit.fields)) : undefined;
          if (hit && message && at) {
            setFlag([{ rowId: hit.row.id, field: at, message }]);
            deps().show?.(hit.row.id, at);
          }
          saveFailedToast(err);
        }
      }
      if (logIds.length) pushUndo({ logIds, rowIds: ids });
      if (logIds.length || ok) afterSaved();
      if (ok) {
        setSavedTick();
        toast({ variant: 'success', id: 'messages.data_saved' });
      } else if (logIds.length) setSavedTick();
      return ok;
    });

    function revert(chunk: typeof entries) {
      for (const e of chunk) {
        const now = current(e.row.id);
        const back: Row = {};
        for (const [f, v] of Object.entries(e.fields)) if (!now || sameValue(now[f], v)) back[f] = e.before[f];
        if (Object.keys(back).length) patch(e.row.id, back);
      }
    }
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
