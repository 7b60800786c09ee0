/**
 * Clipboard and fill: copy the range as TSV (Ctrl+C, and the browser's copy event), paste
 * a block (it says what it left alone), cut, Delete (the range's editable cells emptied
 * in one save), fill down (Ctrl+D) and the toolbar's Fill dialog (the picked rows, else
 * the range). The paste and fill code (parsers, validation schemas) loads with the first
 * paste or fill, or when an editable grid gets the focus.
 */
import { useLayoutEffect, useRef, type ClipboardEvent } from 'react';
import { toast } from '../../../chrome/toasts.tsx';
import { preloadEditors } from '../../editors/lazy.tsx';
import { preloadFill } from './FillDialog.tsx';
import { isSingleCell, rectOf } from '../selection/selection.utils.ts';
import { rangeText, type Sheet } from '../../sheet.ts';
import type { GridColumn } from '../../types.ts';
import { copyText } from './clipboard.utils.ts';
import type { ClipboardInput } from './clipboard.types.ts';
import { needFullCatalogue } from '../../../i18n/fullCatalogue.ts';

/**
 * Typed text into cells (parsers and validation schemas): loaded with the first paste or fill,
 * with the catalogue's later part, where its refusals' words are (a paste may come before the
 * focus's preload asked for it: the cells are then checked by the grid as it rendered with it).
 */
const loadPasteFill = () => Promise.all([import('./pasteFill.ts'), needFullCatalogue()]).then(([m]) => m);
let editingLoaded = false;
/** The editors' preload waits this long after the focus, then for an idle moment (at most PRELOAD_IDLE_MS more). */
const PRELOAD_AFTER_MS = 800;
const PRELOAD_IDLE_MS = 1000;
/**
 * Editing starts from a focused grid: its editors and paste code load then, before the first
 * edit (an edit before them loads its editor itself: editors/lazyEditor.tsx) — a moment
 * later: the focus often comes with a header click, whose sort request, answer and new rows
 * go first (measured: the chunks loading beside them took the network and the main thread
 * while the answer was awaited and rendered; an idle callback alone runs during that wait).
 */
export const preloadEditing = () => {
  if (editingLoaded) return;
  editingLoaded = true;
  const load = () => {
    // An edit's words (its refusals, the form's texts) are the catalogue's later part: taken with its code (loadPasteFill).
    preloadEditors();
    void loadPasteFill();
    preloadFill();
  };
  setTimeout(() => (typeof requestIdleCallback === 'function' ? requestIdleCallback(load, { timeout: PRELOAD_IDLE_MS }) : load()), PRELOAD_AFTER_MS);
};

export type { ClipboardInput } from './clipboard.types.ts';

export function useClipboardFill({ model, cols, display, ctx, range: ra, picks, edits, canSet, bodyRef, clipRef, activeCellEl }: ClipboardInput) {
  const t = ctx.t;
  const sheet: Sheet = {
    cols,
    dataRow: ra.dataRow,
    groupValue: (i) => {
      const it = display.item(i);
      return it?.kind === 'group' ? it.node.value : undefined;
    },
    ctx,
  };
  // The grid as last rendered: a paste's code may come in after a render with more words (loadPasteFill).
  const latest = useRef(sheet);
  useLayoutEffect(() => {
    latest.current = sheet;
  });

  const copyRange = () => {
    copyText(rangeText(sheet, rectOf(ra.r)), clipRef.current);
    ra.focusActive();
  };

  const pasteText = async (text: string) => {
    const rc = rectOf(ra.r);
    const { pasteBlock, pasteNotices } = await loadPasteFill();
    const said = latest.current;
    const res = pasteBlock(said, rc, isSingleCell(ra.r), text, Math.max(0, ra.lastRow));
    if (!res) return;
    edits.clearFlags();
    edits.setFlag(res.invalid);
    for (const n of pasteNotices(res, (f) => said.ctx.t(model.byField.get(f)?.labelId ?? f))) toast(n);
    if (res.changes.length) void edits.saveMany(res.changes);
    const c = res.covered;
    ra.setRange({ anchor: { row: c.top, col: c.left }, focus: { row: c.bottom, col: c.right } });
  };

  const onPaste = (e: ClipboardEvent<HTMLDivElement>) => {
    const target = e.target as Node;
    const fromClip = target === clipRef.current;
    if (!fromClip && (ra.editing || !bodyRef.current?.contains(target))) return;
    e.preventDefault();
    // Focus back from the clipboard textarea to the cells once the block is in.
    void pasteText(e.clipboardData.getData('text/plain')).then(() => fromClip && ra.focusActive());
  };

  const onCopy = (e: ClipboardEvent<HTMLDivElement>) => {
    const target = e.target as Node;
    if (target === clipRef.current || ra.editing || !bodyRef.current?.contains(target)) return;
    e.preventDefault();
    e.clipboardData.setData('text/plain', rangeText(sheet, rectOf(ra.r)));
  };

  /** Delete: the range's editable cells emptied, in one save (undone together); refusals flagged. */
  const clearCells = async () => {
    const rc = rectOf(ra.r);
    const { clearRange } = await loadPasteFill();
    const res = clearRange(latest.current, rc);
    edits.clearFlags();
    edits.setFlag(res.invalid);
    if (res.invalid.length) toast({ variant: 'warning', id: 'messages.invalid_cells', values: { count: res.invalid.length } });
    if (res.changes.length) void edits.saveMany(res.changes);
  };

  /** Ctrl+D: the range is read at the key press; the rows' values once the code is in (the first one loads it). */
  const fillDown = () => {
    const rc = rectOf(ra.r);
    void loadPasteFill().then(({ fillDownChanges }) => {
      const changes = fillDownChanges(sheet, rc);
      if (changes.length) void edits.saveMany(changes);
    });
  };

  /** Paste with the keyboard: the browser pastes into the clipboard textarea; its paste event arrives at the root. */
  const startPaste = () => {
    const area = clipRef.current;
    if (!area) return;
    area.value = '';
    area.focus({ preventScroll: true });
  };

  const fillColumns: GridColumn[] = cols.flatMap((c) => (c.col && c.canEdit ? [c.col] : []));
  /**
   * The Fill dialog closed: focus back on the active cell (not the Fill button), so the
   * grid's keys work at once (Ctrl+Z undoes the fill, not the browser's text undo). A cell
   * scrolled out of the DOM is brought back and focused after the next render.
   */
  const focusGrid = (): HTMLElement | null => {
    const el = activeCellEl();
    if (!el) ra.focusActive();
    return el;
  };
  const fillWith = async (field: string, text: string): Promise<string | null> => {
    const col = model.byField.get(field);
    if (!col) return t('messages.generic_error');
    const targets = picks.selCount > 0 ? await picks.all() : ra.rangeRows();
    if (!targets.length) return t('messages.not_selected', { text: t(col.labelId) });
    const { fillChanges } = await loadPasteFill();
    const res = fillChanges(col, text, targets, latest.current.ctx);
    if ('error' in res) return res.error;
    return (await edits.saveMany(res.changes)) ? null : t('messages.generic_error');
  };
  const fill = canSet && fillColumns.length > 0 ? { columns: fillColumns, defaultField: cols[ra.activeCol]?.col?.field, apply: fillWith, focusOnClose: focusGrid } : undefined;

  return { copyRange, onPaste, onCopy, clearCells, fillDown, startPaste, fill };
}
