/**
 * Undo and redo of a grid's saved batches (edits.feature.ts holds the stacks): a chunk of its own,
 * loaded on the first Ctrl+Z, Ctrl+Y or toolbar button — a list paints without it.
 */
import type { ScreenDescriptor } from '../../../../../schemas/screen.ts';
import { conflictMessageId } from '../../../../core/httpErrors.ts';
import { ApiError } from '../../../api/client.ts';
import { describeError } from '../../../api/said.ts';
import { toast } from '../../../chrome/toasts.tsx';
import { session } from '../../../session/session.ts';
import type { GridModel } from '../../columns.ts';
import { deleteKeys, redo as redoAction, undo as undoAction } from '../../gridApi.ts';
import type { Row } from '../../types.ts';
import type { UndoEntry, UndoStack } from './undo.ts';

/** What undo and redo read of the grid (a part of edits.feature.ts `Deps`). */
interface HistoryDeps {
  screen: ScreenDescriptor;
  model: GridModel;
  patch(id: string, fields: Row): void;
  reload?: () => void;
}

/** What undo and redo use of a grid's edits (createEdits). */
export interface History {
  deps(): HistoryDeps;
  queues: { current: Map<string, Promise<unknown>> };
  stack: UndoStack;
  redoStack: UndoStack;
  /** The stacks changed (the toolbar's buttons). */
  told(): void;
  pushUndo(e: UndoEntry, fromRedo?: boolean): void;
  enqueue<T>(ids: readonly string[], run: () => Promise<T>): Promise<T>;
  saved(): void;
  afterSaved(): void;
  clearFlags(): void;
}

/** What undo and redo say. */
const SAID = {
  undo: { otherCompany: 'messages.undo_other_company', nothing: 'messages.nothing_to_undo', done: 'messages.undo_done' },
  redo: { otherCompany: 'messages.redo_other_company', nothing: 'messages.nothing_to_redo', done: 'messages.redo_done' },
} as const;

/**
 * The stack's newest entry, taken once the saves pending at the key press are in (a save
 * still on its way is the newest batch: Ctrl+Z right after Enter undoes that edit, not the
 * one before it). An entry written in another company waits there (its change log is that
 * company's); none, or one waiting, is said.
 */
async function takeNewest(h: History, from: UndoStack, what: 'undo' | 'redo'): Promise<UndoEntry | undefined> {
  await Promise.allSettled([...h.queues.current.values()]);
  const top = from.peek();
  if (top?.company && top.company !== session.get().company) {
    toast({ variant: 'info', id: SAID[what].otherCompany });
    return undefined;
  }
  const entry = from.pop();
  h.told();
  if (!entry) toast({ variant: 'info', id: SAID[what].nothing });
  return entry;
}

/** The answer's rows into the grid; rows of another form (the entry's): only the fields the save had put into the grid. */
function patchRows(h: History, entry: UndoEntry, rows: readonly Record<string, unknown>[] | undefined): void {
  const { model, patch } = h.deps();
  const fields = entry.fields;
  for (const row of rows ?? []) patch(model.rowId(row), fields ? Object.fromEntries(fields.filter((f) => f in row).map((f) => [f, row[f]])) : row);
}

/** After an undo or redo: the grid's saved marks, and the flags of the batch (a paste's refused cells) go with it. */
function done(h: History, what: 'undo' | 'redo'): void {
  h.saved();
  h.afterSaved();
  h.clearFlags();
  toast({ variant: 'success', id: SAID[what].done });
}

/** Ctrl+Z: the newest batch back, on the server; the rows as the answer says. */
export async function undoLast(h: History): Promise<void> {
  const { stack, redoStack, told, enqueue } = h;
  const { screen, model, reload: reloadAll } = h.deps();
  const entry = await takeNewest(h, stack, 'undo');
  if (!entry) return;
  try {
    await enqueue(entry.rowIds, async () => {
      const r = await undoAction(entry.form ?? screen.form, entry.logIds);
      if (entry.deleted) {
        // Redo deletes the rows put back again (by their keys, through the delete path).
        const keys = (r.rows ?? []).map((row) => model.keyFields(row));
        if (keys.length) redoStack.push({ ...entry, logIds: r.log_ids ?? [], keys });
        told();
        return reloadAll?.();
      }
      redoStack.push({ ...entry, logIds: r.log_ids ?? [] });
      told();
      patchRows(h, entry, r.rows);
    });
    done(h, 'undo');
  } catch (e) {
    if (e instanceof ApiError && e.status === 409) toast({ variant: 'warning', id: conflictMessageId(e.code) ?? 'messages.undo_conflict' });
    else {
      if (!(e instanceof ApiError) || e.status >= 500 || e.status === 0) stack.restore(entry);
      told();
      toast({ variant: 'danger', id: 'messages.error_saving_data', values: { status: describeError(e) } });
    }
  }
}

/** Ctrl+Y / Ctrl+Shift+Z: the newest undo taken back, on the server; the rows as the answer says. */
export async function redoLast(h: History): Promise<void> {
  const { redoStack, told, pushUndo, enqueue } = h;
  const { screen, reload: reloadAll } = h.deps();
  const entry = await takeNewest(h, redoStack, 'redo');
  if (!entry) return;
  try {
    await enqueue(entry.rowIds, async () => {
      const form = entry.form ?? screen.form;
      if (entry.deleted) {
        const r = await deleteKeys(form, entry.keys ?? []);
        pushUndo({ logIds: r.log_ids ?? [], rowIds: [], deleted: true }, true);
        return reloadAll?.();
      }
      const r = await redoAction(form, entry.logIds);
      pushUndo({ ...entry, logIds: r.log_ids ?? [] }, true);
      patchRows(h, entry, r.rows);
    });
    done(h, 'redo');
  } catch (e) {
    if (e instanceof ApiError && e.status === 409) toast({ variant: 'warning', id: e.code === 'changed_since' ? 'messages.redo_conflict' : (conflictMessageId(e.code) ?? 'messages.redo_conflict') });
    else {
      if (!(e instanceof ApiError) || e.status >= 500 || e.status === 0) redoStack.restore(entry);
      toast({ variant: 'danger', id: 'messages.error_saving_data', values: { status: describeError(e) } });
    }
    told();
  }
}
