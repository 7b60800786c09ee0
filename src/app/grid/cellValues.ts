/**
 * Text back into a cell's value: how pasted or filled text becomes a value of the column
 * (then validated with the shared column schema, exactly as the server will); the way
 * there is cellText.ts. Pure given the cell context; no React. Loaded with the first
 * paste or fill (pasteFill.ts): a list paints without the validation code. A value of a
 * column type is its type's `parse` (core/columnTypes/); options and lookups are read here.
 *
 *   numbers   as the UI language writes them (core numberInput.ts; '1,000' is 1000 in
 *             English, '1.5' is refused in German); int columns refuse a fraction
 *   money     an amount in the currency the cell shows (the view currency), stored
 *             converted back into the cell's own currency (moneyCurrency.ts `typedMoney`)
 *   bool      yes/no/true/false/1/0, or the current language's Yes/No
 *   date      yyyy-MM-dd, or day first as the UI locales write it (31.12.2026)
 *   multi     the current language's text, merged into the cell's object (not rich text)
 *   ref       a lookup row's display text (or its key, in any case: 'eur' → EUR) → the key
 *   options   an option's value or its rendered text
 */
import * as v from 'valibot';
import { PARSE_CONFIG, columnSchema } from '../../core/validation/columns.ts';
import { M } from '../../core/validation/messages.ts';
import { columnTypes } from '../../core/columnTypes/index.ts';
import { cellType, cellTypeCtx } from '../fields/typeCtx.ts';
import { cellText } from './cellText.ts';
import { displayText } from './renderers/index.tsx';
import type { CellCtx, GridColumn, Row } from './types.ts';

export type CellResult = { ok: true; value: unknown } | { ok: false; message: string };

/** Text → a value of the column (before validation); `current` is the cell's value (multi merges into it). */
export function parseCellText(col: GridColumn, text: string, current: unknown, ctx: CellCtx, row: Row = {}): CellResult {
  const t = text.trim();
  const options = col.meta.options;
  if (options && t !== '') {
    const lower = t.toLowerCase();
    const hit = options.find((o) => String(o) === t || cellText(col, o, row, ctx).toLowerCase() === lower);
    if (hit !== undefined) return { ok: true, value: hit };
  }
  if (col.lookup) {
    if (t === '') return { ok: true, value: null };
    const data = ctx.lookup(col.lookup.form);
    const numericKey = columnTypes[col.valueType].numeric;
    if (data) {
      const byKey = data.byKey.get(t);
      if (byKey) return { ok: true, value: byKey[data.def.keyField] };
      const label = col.renderer.lookupText ?? displayText;
      const lower = t.toLowerCase();
      const byText = data.rows.find((r) => label(r, data, ctx).toLowerCase() === lower) ?? data.rows.find((r) => displayText(r, data, ctx).toLowerCase() === lower);
      if (byText) return { ok: true, value: byText[data.def.keyField] };
      // A code typed in another case ('eur' for EUR, 'hu' for HU): the one key that reads so.
      const folded = numericKey ? [] : data.rows.filter((r) => String(r[data.def.keyField]).toLowerCase() === lower);
      if (folded.length === 1) return { ok: true, value: folded[0]![data.def.keyField] };
      if (!data.search) return { ok: false, message: M.invalid };
    }
    // The lookup is not loaded, or holds only the keys seen so far (a search lookup): a key
    // as typed, or the key of a copied 'key · name' (the server checks it exists).
    const key = data?.search ? t.split(' · ')[0]!.trim() : t;
    if (numericKey) {
      const n = Number(key);
      return Number.isFinite(n) ? { ok: true, value: n } : { ok: false, message: M.type_number };
    }
    return { ok: true, value: key };
  }
  // Rich text is copied as its text: pasted back it would drop the formatting. The form edits it.
  if (col.type === 'multi' && col.meta.html) return { ok: false, message: 'grid.rich_text_form' };
  // The column type's reading of the text (core/columnTypes/), in the UI language; money in the currency shown.
  return cellType(col).parse(text, cellTypeCtx(col, row, ctx, current ?? null));
}

const schemas = new WeakMap<GridColumn, v.GenericSchema<unknown, unknown>>();

/** The shared column schema of a grid column (cached per column). */
function schemaOf(col: GridColumn): v.GenericSchema<unknown, unknown> {
  let s = schemas.get(col);
  if (!s) {
    s = columnSchema(col.meta, col.valueType);
    schemas.set(col, s);
  }
  return s;
}

/** Validates a value with the column's schema: the stored value, or the first issue's message key. */
export function validateCell(col: GridColumn, value: unknown): CellResult {
  const r = v.safeParse(schemaOf(col), value, PARSE_CONFIG);
  if (r.success) return { ok: true, value: r.output };
  return { ok: false, message: r.issues[0]?.message ?? M.invalid };
}

/** Text → validated value. */
export function cellFromText(col: GridColumn, text: string, current: unknown, ctx: CellCtx, row: Row = {}): CellResult {
  const parsed = parseCellText(col, text, current, ctx, row);
  return parsed.ok ? validateCell(col, parsed.value) : parsed;
}
