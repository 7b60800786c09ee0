/**
 * Toolbar actions over many rows: delete the selection (all rows of the current filter
 * when "select all" — their keys fetched in windows, deleted in chunks of at most
 * 10,000 keys a call) and translate (translate.ts) with the engine's failure shown. The
 * delete question names the rows and what goes with them (deleteQuestion.tsx).
 */
import { createElement } from 'react';
import { conflictMessageId } from '../../core/httpErrors.ts';
import { LANGS } from '../../core/langs.ts';
import { ApiError } from '../api/client.ts';
import { describeCode, describeError } from '../api/said.ts';
import { confirm } from '../chrome/confirm.ts';
import { toast } from '../chrome/toasts.tsx';
import type { GridModel } from './columns.ts';
import type { Change } from './features/edits/edits.feature.ts';
import { session } from '../session/session.ts';
import { DeleteQuestion } from './deleteQuestion.tsx';
import { deleteKeys, deletePreview, type DeletePreview, translateText } from './gridApi.ts';
import type { RowWindow } from './rowModel/rowSource.ts';
import { selectedCount, type RowSelection } from './features/selection/selection.utils.ts';
import { planTranslation, runTranslation } from './translate.ts';
import { translateFailed } from './translateFailure.ts';
import type { GridRow, Row } from './types.ts';

/** Keys per delete call (the server's limit). */
export const DELETE_CHUNK = 10_000;
/** Ask before translating more rows than this. */
export const TRANSLATE_CONFIRM_ROWS = 50;

export interface DeleteDeps {
  form: string;
  model: GridModel;
  selection: RowSelection;
  /** The query's window (rows in memory answer "all" at once). */
  main: RowWindow | null;
  /** Every row of the query (windows from the server). */
  collect(): Promise<Row[]>;
  /** The user said yes: the deleting starts (the button busy only now, so the focus can go back to it after a no). */
  onConfirmed?(): void;
  /** Rows were deleted: their change-log ids (Ctrl+Z puts them back). */
  onDeleted?(logIds: number[]): void;
}

/** The ids a selection stands for (fetching the query's keys for "all"). */
export async function selectedIds(d: DeleteDeps): Promise<string[]> {
  const s = d.selection;
  if (!s.all) return [...s.ids];
  const ids = d.main?.complete ? d.main.loadedRows().map((r) => r.id) : (await d.collect()).map(d.model.rowId);
  return ids.filter((id) => !s.except.has(id));
}

/**
 * What the delete of the selection takes (the server's delete_preview), when its keys are at
 * hand without fetching and fit one call; undefined otherwise or when the preview fails
 * (the question then says only how many rows).
 */
async function preview(d: DeleteDeps): Promise<DeletePreview | undefined> {
  if (d.selection.all && !d.main?.complete) return undefined;
  try {
    const ids = await selectedIds(d);
    if (!ids.length || ids.length > DELETE_CHUNK) return undefined;
    return await deletePreview(
      d.form,
      ids.map((id) => d.model.keyOfId(id)),
    );
  } catch (e) {
    console.warn('grid: delete preview failed', e);
    return undefined;
  }
}

/** Asks, deletes in chunks, tells; resolves whether anything was attempted. */
export async function deleteSelection(d: DeleteDeps): Promise<boolean> {
  // Spec: the title is 'sure'; the body names the rows and what goes with them, else says
  // how many rows go (nothing when the count is unknown).
  const count = selectedCount(d.selection, d.main?.total ?? 0);
  const p = await preview(d);
  if (p?.refused) {
    // The delete would be refused (still in use, a rule): said now, not after a yes that cannot be kept.
    toast({ variant: 'danger', ...describeCode(p.refused.error, p.refused.params, 409) });
    return false;
  }
  const ok = await confirm({
    titleId: 'messages.sure',
    ...(p && p.count ? { body: createElement(DeleteQuestion, { preview: p, lang: session.get().lang }) } : count ? { bodyId: 'grid.delete_confirm', bodyValues: { count } } : {}),
    okId: 'common.delete',
    cancelId: 'common.cancel',
    variant: 'danger',
  });
  if (!ok) return false;
  d.onConfirmed?.();
  const logIds: number[] = [];
  try {
    const ids = await selectedIds(d);
    let deleted = 0;
    for (let i = 0; i < ids.length; i += DELETE_CHUNK) {
      const r = await deleteKeys(
        d.form,
        ids.slice(i, i + DELETE_CHUNK).map((id) => d.model.keyOfId(id)),
      );
      deleted += r.deleted;
      logIds.push(...(r.log_ids ?? []));
    }
    if (deleted > 0) toast({ variant: 'success', id: 'messages.records_deleted', values: { count: deleted } });
    else toast({ variant: 'warning', id: 'messages.no_records_deleted' });
  } catch (e) {
    // A row still referenced (in_use) says so, with what uses it when the server names it; anything else is a failed delete.
    const id = e instanceof ApiError && e.status === 409 ? conflictMessageId(e.code) : undefined;
    if (e instanceof ApiError && e.code === 'in_use' && typeof e.params?.count === 'number') toast({ variant: 'danger', ...describeError(e) });
    else toast({ variant: 'danger', id: id ?? 'messages.error_deleting_data' });
  }
  // Chunks already deleted stay deleted (each its own transaction): their undo is kept too.
  if (logIds.length) d.onDeleted?.(logIds);
  return true;
}

export interface TranslateDeps {
  model: GridModel;
  /** The rows to translate: the selected ones, or every row at hand. */
  rows: readonly GridRow[];
  /** Rows were selected (Ctrl/Meta may then overwrite). */
  picked: boolean;
  fields: readonly string[];
  lang: string;
  current(id: string): Row | undefined;
  save(changes: Change[]): Promise<boolean>;
}

/** The translate button: modifiers from its click (Ctrl/Meta overwrite, Shift also product_name). */
export async function translateRows(d: TranslateDeps, mods: { ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }): Promise<void> {
  const overwrite = d.picked && (mods.ctrlKey || mods.metaKey);
  const tasks = planTranslation(d.rows, d.fields, { lang: d.lang, langs: LANGS, overwrite, overwriteName: overwrite && mods.shiftKey });
  if (!tasks.length) {
    toast({ variant: 'info', id: 'messages.nothing_to_translate' });
    return;
  }
  const rowCount = new Set(tasks.map((x) => x.rowId)).size;
  if (rowCount > TRANSLATE_CONFIRM_ROWS) {
    const ok = await confirm({ titleId: 'grid.translate_confirm', titleValues: { count: rowCount }, okId: 'grid.translate', cancelId: 'common.cancel', variant: 'primary' });
    if (!ok) return;
  }
  const byId = new Map(d.rows.map((r) => [r.id, r]));
  try {
    const results = await runTranslation(tasks, new Map(d.rows.map((r) => [r.id, d.current(r.id) ?? r.data])), translateText);
    const changes: Change[] = results.flatMap((x) => {
      const row = byId.get(x.rowId);
      const col = d.model.byField.get(x.field);
      return row && col ? [{ row: { ...row, data: d.current(row.id) ?? row.data }, col, value: x.value }] : [];
    });
    if (changes.length) await d.save(changes);
  } catch (e) {
    // Nothing was saved: the first failure stops the whole action.
    translateFailed(e);
  }
}
