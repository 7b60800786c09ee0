/**
 * Undo and redo of a grid's saved batches (edits.ts holds the stacks): a chunk of its own,
 * loaded on the first Ctrl+Z, Ctrl+Y or toolbar button — a list paints without it.
 */
import { conflictMessageId } from '../../core/httpErrors.ts';
import { ApiError } from '../api/client.ts';
import { describeError } from '../api/said.ts';
import { toast } from '../chrome/toasts.tsx';
import { session } from '../session/session.ts';
import type { Deps } from './edits.ts';
import { deleteKeys, redo as redoAction, undo as undoAction } from './gridApi.ts';
import type { UndoEntry, UndoStack } from './undo.ts';

/** What undo and redo use of a grid's edits (createEdits). */
export interface History {
  deps(): Deps;
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

/** Ctrl+Z: the newest batch back, on the server; the rows as the answer says. */
export async function undoLast(h: History): Promise<void> {
  const { deps, queues, stack, redoStack, told, enqueue, saved: setSavedTick, afterSaved, clearFlags } = h;
  const { screen, model, patch, reload: reloadAll } = deps();
  // A save still on its way is the newest batch: Ctrl+Z right after Enter undoes that
  // edit, not the one before it, so it waits for the saves pending at the key press.
  await Promise.allSettled([...queues.current.values()]);
  // The newest batch was written in another company: it waits there (its change log is that company's).
  const top = stack.peek();
  if (top?.company && top.company !== session.get().company) {
    toast({ variant: 'info', id: 'messages.undo_other_company' });
    return;
  }
  const entry = stack.pop();
  told();
  if (!entry) {
    toast({ variant: 'info', id: 'messages.nothing_to_undo' });
    return;
  }
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
      for (const row of r.rows ?? []) {
        // Rows of another form (the entry's): only the fields the save had put into the grid.
        const fields = entry.fields;
        patch(model.rowId(row), fields ? Object.fromEntries(fields.filter((f) => f in row).map((f) => [f, row[f]])) : row);
      }
    });
    setSavedTick();
    afterSaved();
    // The flags of the batch undone (a paste's refused cells) belong to it: they go with it.
    clearFlags();
    toast({ variant: 'success', id: 'messages.undo_done' });
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
  const { deps, queues, redoStack, told, pushUndo, enqueue, saved: setSavedTick, afterSaved, clearFlags } = h;
  const { screen, model, patch, reload: reloadAll } = deps();
  await Promise.allSettled([...queues.current.values()]);
  const top = redoStack.peek();
  if (top?.company && top.company !== session.get().company) {
    toast({ variant: 'info', id: 'messages.redo_other_company' });
    return;
  }
  const entry = redoStack.pop();
  told();
  if (!entry) {
    toast({ variant: 'info', id: 'messages.nothing_to_redo' });
    return;
  }
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
      for (const row of r.rows ?? []) {
        const fields = entry.fields;
        patch(model.rowId(row), fields ? Object.fromEntries(fields.filter((f) => f in row).map((f) => [f, row[f]])) : row);
      }
    });
    setSavedTick();
    afterSaved();
    clearFlags();
    toast({ variant: 'success', id: 'messages.redo_done' });
  } catch (e) {
    if (e instanceof ApiError && e.status === 409) toast({ variant: 'warning', id: e.code === 'changed_since' ? 'messages.redo_conflict' : (conflictMessageId(e.code) ?? 'messages.redo_conflict') });
    else {
      if (!(e instanceof ApiError) || e.status >= 500 || e.status === 0) redoStack.restore(entry);
      toast({ variant: 'danger', id: 'messages.error_saving_data', values: { status: describeError(e) } });
    }
    told();
  }
}
