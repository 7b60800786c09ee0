/**
 * Typed text into cells: the writes of a pasted TSV block (validated per cell; read-only
 * cells skipped and counted, for the grid to say why they kept their values) and of one
 * value filled into rows. They answer what to write and what
 * to flag; the grid saves (features/edits/) and shows. A chunk of its own with the parsers and
 * the validation schemas (cellValues.ts through cellCheck.ts, the check the inline editors
 * use too), loaded with the first paste or fill.
 */
import { unguardCell } from '../../../../core/sheetGuard.ts';
import { blockWidth, parseTsv } from './tsvParse.ts';
import { checkCellText } from '../edits/cellCheck.ts';
import type { CellFlag, Change } from '../edits/edits.feature.ts';
import type { Sheet } from '../../sheet.ts';
import type { Rect } from '../selection/selection.utils.ts';
import type { CellCtx, GridColumn, GridRow } from '../../types.ts';

export interface PasteResult {
  changes: Change[];
  invalid: CellFlag[];
  /** The cells the block covered. */
  covered: Rect;
  /** Cells not written because they are read-only (or the user may not change rows), by field. */
  readOnly: Map<string, number>;
  /** Of `invalid`: rich-text cells (edited in the form, never pasted), by field. */
  richText: Map<string, number>;
}

const count = (m: Map<string, number>, field: string) => m.set(field, (m.get(field) ?? 0) + 1);

/**
 * A TSV block pasted at the range's top-left cell (the selection column skipped). One
 * value into a larger range fills the range, as Excel does. Each cell: the column's
 * parser, then its schema; invalid cells are flagged with the message in the language.
 */
export function pasteBlock(s: Sheet, rc: Rect, rangeIsCell: boolean, text: string, lastRow: number): PasteResult | null {
  // A text the copy guarded against formulas ('=x, sheet.ts) pastes as the text itself.
  const block = parseTsv(text.replace(/\r?\n$/, '')).map((r) => r.map(unguardCell));
  if (!block.length) return null;
  const fillRange = block.length === 1 && blockWidth(block) === 1 && !rangeIsCell;
  const height = fillRange ? rc.bottom - rc.top + 1 : block.length;
  const width = fillRange ? rc.right - rc.left + 1 : blockWidth(block);
  let c0 = rc.left;
  while (c0 < s.cols.length && !s.cols[c0]?.col) c0++;
  const changes: Change[] = [];
  const invalid: CellFlag[] = [];
  const readOnly = new Map<string, number>();
  const richText = new Map<string, number>();
  for (let i = 0; i < height; i++) {
    const row = s.dataRow(rc.top + i);
    if (!row) continue;
    for (let j = 0; j < width; j++) {
      const vc = s.cols[c0 + j];
      const cellText2 = fillRange ? block[0]![0]! : block[i]?.[j];
      if (!vc?.col || cellText2 === undefined) continue;
      // Read-only cells are skipped, and counted: the grid says which columns kept their values.
      if (!vc.canEdit) {
        count(readOnly, vc.col.field);
        continue;
      }
      const res = checkCellText(vc.col, cellText2, row.data[vc.col.field], s.ctx, row.data);
      if (res.ok) changes.push({ row, col: vc.col, value: res.value });
      else {
        // The flag names the pasted text: it is not in the cell, and the user must see what was refused.
        invalid.push({ rowId: row.id, field: vc.col.field, message: s.ctx.t('grid.pasted_refused', { text: cellText2, reason: res.message }) });
        if (vc.col.meta.html) count(richText, vc.col.field);
      }
    }
  }
  return {
    changes,
    invalid,
    readOnly,
    richText,
    covered: { top: rc.top, left: c0, bottom: Math.min(lastRow, rc.top + height - 1), right: Math.min(s.cols.length - 1, c0 + width - 1) },
  };
}

/**
 * Delete on a range: every editable cell emptied, checked as a typed empty text (a required
 * column refuses and is flagged). Yes/no cells and fixed choices (keep in stock: No / Yes /
 * On order) have no empty value and are left as they are.
 */
export function clearRange(s: Sheet, rc: Rect): Pick<PasteResult, 'changes' | 'invalid'> {
  const changes: Change[] = [];
  const invalid: CellFlag[] = [];
  for (let i = rc.top; i <= rc.bottom; i++) {
    const row = s.dataRow(i);
    if (!row) continue;
    for (let j = rc.left; j <= rc.right; j++) {
      const vc = s.cols[j];
      if (!vc?.col || !vc.canEdit || vc.col.valueType === 'bool' || vc.col.meta.options) continue;
      const current = row.data[vc.col.field];
      if (current === null || current === undefined || current === '') continue;
      const res = checkCellText(vc.col, '', current, s.ctx, row.data);
      if (res.ok) changes.push({ row, col: vc.col, value: res.value });
      else invalid.push({ rowId: row.id, field: vc.col.field, message: res.message });
    }
  }
  return { changes, invalid };
}

/** One typed value for a column of some rows: the writes, or the first refusal in the language. */
export function fillChanges(col: GridColumn, text: string, rows: readonly GridRow[], ctx: CellCtx): { changes: Change[] } | { error: string } {
  const changes: Change[] = [];
  for (const row of rows) {
    const res = checkCellText(col, text, row.data[col.field], ctx, row.data);
    if (!res.ok) return { error: res.message };
    changes.push({ row, col, value: res.value });
  }
  return { changes };
}

export interface Notice {
  variant: 'warning';
  id: string;
  values: Record<string, string | number>;
}

/**
 * What the grid says after a paste, in the UI language: the read-only cells (with their
 * columns) and the rich-text ones (edited in the form) for what they are, the other
 * refusals as not valid. `label`: a field's column label.
 */
export function pasteNotices(res: Pick<PasteResult, 'invalid' | 'readOnly' | 'richText'>, label: (field: string) => string): Notice[] {
  const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  const columns = (m: Map<string, number>) => [...m.keys()].map(label).join(', ');
  const out: Notice[] = [];
  if (res.readOnly.size) out.push({ variant: 'warning', id: 'messages.paste_read_only', values: { count: total(res.readOnly), columns: columns(res.readOnly) } });
  if (res.richText.size) out.push({ variant: 'warning', id: 'messages.paste_rich_text', values: { count: total(res.richText), columns: columns(res.richText) } });
  const invalid = res.invalid.length - total(res.richText);
  if (invalid > 0) out.push({ variant: 'warning', id: 'messages.invalid_cells', values: { count: invalid } });
  return out;
}

/** Ctrl+D: the top row's value of each editable column down the range (here: saved as the paste is, loaded with it). */
export function fillDownChanges(s: Sheet, rc: Rect): Change[] {
  if (rc.bottom <= rc.top) return [];
  const top = s.dataRow(rc.top);
  if (!top) return [];
  const changes: Change[] = [];
  for (let c = rc.left; c <= rc.right; c++) {
    const vc = s.cols[c];
    if (!vc?.col || !vc.canEdit) continue;
    const value = top.data[vc.col.field];
    for (let i = rc.top + 1; i <= rc.bottom; i++) {
      const row = s.dataRow(i);
      if (row) changes.push({ row, col: vc.col, value });
    }
  }
  return changes;
}
