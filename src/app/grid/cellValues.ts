/**
 * Text back into a cell's value: how pasted or filled text becomes a value of the column
 * (then validated with the shared column schema, exactly as the server will); the way
 * there is cellText.ts. Pure given the cell context; no React. Loaded with the first
 * paste or fill (pasteFill.ts): a list paints without the validation code.
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
import { parseDateInput } from '../../core/format.ts';
import { numberText } from '../../core/numberInput.ts';
import { cellText } from './cellText.ts';
import { isMoneyColumn } from './moneyCurrency.ts';
import { moneyTyping, typedMoney } from './moneyTyping.ts';
import { displayText } from './renderers/index.tsx';
import type { CellCtx, GridColumn, Row } from './types.ts';

export type CellResult = { ok: true; value: unknown } | { ok: false; message: string };

const TRUE = new Set(['yes', 'true', '1', 'y', 'x']);
const FALSE = new Set(['no', 'false', '0', 'n']);

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
    const numericKey = col.valueType === 'int' || col.valueType === 'number' || col.valueType === 'money';
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
  switch (col.type) {
    case 'text':
      return { ok: true, value: text === '' ? null : text };
    case 'int':
    case 'number':
    case 'money': {
      const n = numberText(t, ctx.lang, col.type === 'int');
      if (!n.ok || n.value === null) return n;
      const money = col.type !== 'int' && isMoneyColumn(col) ? moneyTyping(col, row, ctx) : undefined;
      return { ok: true, value: money ? typedMoney(n.value, money) : n.value };
    }
    case 'bool': {
      if (t === '') return { ok: true, value: null };
      const lower = t.toLowerCase();
      if (TRUE.has(lower) || lower === ctx.t('common.yes').toLowerCase()) return { ok: true, value: true };
      if (FALSE.has(lower) || lower === ctx.t('common.no').toLowerCase()) return { ok: true, value: false };
      return { ok: false, message: M.type_bool };
    }
    case 'date': {
      if (t === '') return { ok: true, value: null };
      const d = parseDateInput(t);
      return d ? { ok: true, value: d } : { ok: false, message: M.type_date };
    }
    case 'datetime':
      return { ok: true, value: t === '' ? null : t };
    case 'multi': {
      // Rich text is copied as its text: pasted back it would drop the formatting. The form edits it.
      if (col.meta.html) return { ok: false, message: 'grid.rich_text_form' };
      const obj = current && typeof current === 'object' && !Array.isArray(current) ? (current as Record<string, unknown>) : {};
      return { ok: true, value: { ...obj, [ctx.lang]: text } };
    }
    case 'json':
      if (t === '') return { ok: true, value: null };
      try {
        return { ok: true, value: JSON.parse(t) as unknown };
      } catch {
        return { ok: false, message: M.type_json };
      }
    case 'ref':
      return { ok: true, value: t === '' ? null : t };
  }
}

const schemas = new WeakMap<GridColumn, v.GenericSchema<unknown, unknown>>();

/** The shared column schema of a grid column (cached per column). */
export function schemaOf(col: GridColumn): v.GenericSchema<unknown, unknown> {
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

export { cellText, multiChanges, sameValue } from './cellText.ts';
