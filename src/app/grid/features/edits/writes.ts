/**
 * The writes of a grid's edits and what their answers do (edits.feature.ts keeps the grid's
 * side: the optimistic values, the queues and the undo stacks): a chunk of its own, loaded
 * with the first save — a list paints and sorts without it. A save waits in its row's queue
 * for it, the typed value shown meanwhile.
 */
import { conflictMessageId } from '../../../../core/httpErrors.ts';
import { ApiError } from '../../../api/client.ts';
import { describeError, refusal, refusedFields, say, type Said } from '../../../api/said.ts';
import { toast } from '../../../chrome/toasts.tsx';
import { needFullCatalogue } from '../../../i18n/fullCatalogue.ts';
import { multiChanges, sameValue } from '../../cellText.ts';
import { fetchRows, setRow, setRows } from '../../gridApi.ts';
import type { GridColumn, GridRow, Row } from '../../types.ts';
import type { Deps, Entry, Writer } from './edits.types.ts';
import type { IntlShape } from 'react-intl';

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

/**
 * Rows someone else changed meanwhile (a 409 `stale_row`): fetched as they are now and
 * put into the grid, so every cell shows the stored values again. Answers whether it worked.
 */
async function reload(w: Writer, rows: readonly Row[]): Promise<boolean> {
  const { screen, model, patch } = w.deps();
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
}

function payloadOf(w: Writer, cur: Row, fields: Row, before: Row): Row {
  const { model } = w.deps();
  const out: Row = { ...model.keyFields(cur) };
  for (const [f, v] of Object.entries(fields)) out[f] = model.byField.get(f)?.type === 'multi' ? multiChanges(before[f], v) : v;
  if (model.version) out[model.version] = cur[model.version];
  return out;
}

/** One cell's write (createEdits `save`, whose grid is `d`: the value is in the grid already), its answer put in or the old value back. */
export async function writeCell(w: Writer, d: Deps, target: GridRow, col: GridColumn, next: unknown, before: unknown): Promise<void> {
  const { screen, patch, current } = d;
  const { id } = target;
  const field = col.field;
  const cur = current(id) ?? target.data;
  try {
    let fields: Row;
    if (col.renderer.save && col.renderer.clickValue) {
      const r = await col.renderer.save({ screen, row: cur, col, value: next });
      fields = r.fields;
      const form = r.undoForm && r.undoForm !== screen.form ? r.undoForm : undefined;
      w.pushUndo({ logIds: r.logIds ?? [], rowIds: [id], ...(form ? { form, fields: Object.keys(r.fields) } : {}) });
    } else {
      const r = await setRow(screen.form, payloadOf(w, cur, { [field]: next }, { [field]: before }));
      fields = r.row;
      if (typeof r.log_id === 'number') w.pushUndo({ logIds: [r.log_id], rowIds: [id] });
    }
    patch(id, fields);
    w.saved();
    w.afterSaved();
    toast({ variant: 'success', id: 'messages.data_saved' });
  } catch (e) {
    if (sameValue(current(id)?.[field], next)) patch(id, { [field]: before });
    if (isConflict(e, 'stale_row') && (await reload(w, [cur]))) {
      // The row as it is now is in the grid; the typed value is named, not silently lost.
      toast({ variant: 'warning', id: 'messages.stale_row_reloaded', values: { value: valueText(next, before) }, ref: e instanceof ApiError ? e.requestId : undefined });
      return;
    }
    const intl = await fullIntl(w);
    const { model: m, show } = w.deps();
    // A refusal naming a field of the row (a discount over the product's limit): flagged at that cell, as a batch's is.
    const cell = rowErrorCell(e);
    if (cell && m.byField.has(cell.field)) {
      w.setFlag([{ rowId: id, field: cell.field, message: intl ? say(intl, cell.said) : (e as Error).message }]);
      saveFailedToast(e);
      return;
    }
    // A rule of the record (ETA before ETD): flagged at its cell with what it says, and that cell brought into view.
    const at = ruleCell(e, field, (f) => m.byField.has(f));
    if (at) {
      w.setFlag([{ rowId: id, field: at, message: intl ? say(intl, describeError(e)) : (e as Error).message }]);
      show?.(id, at);
    }
    saveFailedToast(e);
  }
}

/** A batch's write in one bulk set (chunks of BULK_ROWS rows; createEdits `saveMany`: the values are in the grid already); true when everything was saved. */
export async function writeBatch(w: Writer, d: Deps, entries: readonly Entry[]): Promise<boolean> {
  const { screen, model, patch, current } = d;
  const ids = entries.map((e) => e.row.id);
  const logIds: number[] = [];
  let ok = true;
  for (let start = 0; start < entries.length; start += BULK_ROWS) {
    const chunk = entries.slice(start, start + BULK_ROWS);
    if (!ok) {
      revert(d, chunk);
      continue;
    }
    try {
      const r = await setRows(
        screen.form,
        chunk.map((e) => payloadOf(w, current(e.row.id) ?? e.row.data, e.fields, e.before)),
      );
      for (const row of r.rows ?? []) patch(model.rowId(row), row);
      logIds.push(...(r.log_ids ?? []));
    } catch (err) {
      ok = false;
      revert(d, chunk);
      if (
        isConflict(err, 'stale_row') &&
        (await reload(
          w,
          chunk.map((e) => current(e.row.id) ?? e.row.data),
        ))
      ) {
        // Someone else changed a row of the batch: the batch's rows as they are now; nothing of it was saved.
        toast({ variant: 'warning', id: 'messages.stale_rows_reloaded', values: { count: chunk.reduce((n, e) => n + Object.keys(e.fields).length, 0) } });
        continue;
      }
      const cell = bulkErrorCell(err);
      const hit = cell ? chunk[cell.index] : undefined;
      const intl = await fullIntl(w);
      // Said in the grid's language; without one (a grid outside React), the server's own text.
      const message = cell && (intl ? say(intl, cell.said) : (err as Error).message);
      // A rule's first field, or another of its fields the batch wrote (ETD pasted, the rule ETA's).
      const at = cell && hit ? (cell.field in hit.fields ? cell.field : refusedFields(err).find((f) => f in hit.fields)) : undefined;
      if (hit && message && at) {
        w.setFlag([{ rowId: hit.row.id, field: at, message }]);
        w.deps().show?.(hit.row.id, at);
      }
      saveFailedToast(err);
    }
  }
  if (logIds.length) w.pushUndo({ logIds, rowIds: ids });
  if (logIds.length || ok) w.afterSaved();
  if (ok) {
    w.saved();
    toast({ variant: 'success', id: 'messages.data_saved' });
  } else if (logIds.length) w.saved();
  return ok;
}

function revert({ patch, current }: Deps, chunk: readonly Entry[]) {
  for (const e of chunk) {
    const now = current(e.row.id);
    const back: Row = {};
    for (const [f, v] of Object.entries(e.fields)) if (!now || sameValue(now[f], v)) back[f] = e.before[f];
    if (Object.keys(back).length) patch(e.row.id, back);
  }
}

/**
 * The grid's intl with the catalogue's later part in, where a refusal's words are: in by now
 * (an edit asks for it: app/i18n/fullCatalogue.ts), waited for when not. A grid outside React
 * (no intl) says the server's text; a catalogue given whole (tests) has it already.
 */
async function fullIntl(w: Writer): Promise<IntlShape | undefined> {
  const intl = w.deps().intl;
  if (!intl || Object.hasOwn(intl.messages, 'validation.invalid')) return intl;
  await needFullCatalogue();
  return w.deps().intl;
}
