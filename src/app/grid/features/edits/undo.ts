/**
 * Undo of a grid's edits, server-side: every saved batch (one cell, a paste, a fill, a
 * translation) leaves the change-log ids of its answer here; Ctrl+Z sends the newest
 * batch's ids to the form's `undo` action (or that of the entry's `form`), which
 * restores the values logged before and answers the rows as they are now (409 `changed_since` when a row changed meanwhile).
 * One stack per grid, gone with it (leaving the page clears it). The redo stack is one too
 * (edits.feature.ts): an undo's reverts, sent to `redo`.
 */

export interface UndoEntry {
  logIds: number[];
  /** Ids of the rows the batch wrote (for the toast and to patch the grid). */
  rowIds: string[];
  /**
   * The form whose `undo` reverts these log ids, when another than the grid's (a click
   * cell saved by a custom action logs the entity it wrote, e.g. keep_in_stock → product_list).
   */
  form?: string;
  /** With `form`: the only fields of its answered rows to put into the grid's rows. */
  fields?: string[];
  /** The company the batch was written in (its change log is that company's). */
  company?: string;
  /** The batch was a delete: its undo brings rows back, so the grid reads its rows again. */
  deleted?: boolean;
  /** On the redo stack, a delete's undo: the keys of the rows it put back (redo deletes them again). */
  keys?: Record<string, unknown>[];
}

const MAX_UNDO = 100;

export class UndoStack {
  private entries: UndoEntry[] = [];

  push(e: UndoEntry): void {
    if (!e.logIds.length && !e.keys?.length) return;
    this.entries.push(e);
    if (this.entries.length > MAX_UNDO) this.entries.shift();
  }

  peek(): UndoEntry | undefined {
    return this.entries[this.entries.length - 1];
  }

  pop(): UndoEntry | undefined {
    return this.entries.pop();
  }

  /** Puts an entry back (its undo failed for a reason that may pass, e.g. the network). */
  restore(e: UndoEntry): void {
    this.entries.push(e);
  }

  get size(): number {
    return this.entries.length;
  }

  clear(): void {
    this.entries = [];
  }
}
