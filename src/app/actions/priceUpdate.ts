/**
 * The pure part of the bulk purchase price update dialog: its inputs → the payload of the
 * `purchase_price_update` action (the picked rows, or the grid's filter minus the rows
 * unpicked after "select all").
 */
import { readNumber } from '../../core/numberInput.ts';
import type { PriceUpdateParams } from '../grid/dataProvider/contract.ts';
import type { ToolbarQuery } from '../grid/gridProps.ts';

/** The action's payload as the inputs make it: `value` null while the typed change is no number (then it is not sent). */
export type PriceUpdateDraft = Omit<PriceUpdateParams, 'value'> & { value: number | null };

export const PRICE_FIELDS = ['purchase_price_base', 'purchase_price_original'] as const;
export type PriceField = (typeof PRICE_FIELDS)[number];
export type PriceMode = 'percent' | 'amount';

export interface PriceUpdateInput {
  fields: PriceField[];
  mode: PriceMode;
  /** As typed: a number as the UI language writes it, an optional leading minus. */
  value: string;
  decimals: number;
}

/** The typed change as a number in the UI language; null when it is not one (or 0, which changes nothing). */
export function changeValue(text: string, lang: string): number | null {
  const n = readNumber(text, lang);
  return n === 0 ? null : n;
}

/** Why the inputs cannot be sent (a locale key), or null. The server checks the same again. */
export function inputProblem(i: PriceUpdateInput, lang: string): string | null {
  if (!i.fields.length) return 'grid.bulk_price_no_field';
  const n = changeValue(i.value, lang);
  if (n === null) return 'grid.bulk_price_bad_value';
  if (i.mode === 'percent' && (n <= -100 || n > 1000)) return 'grid.bulk_price_bad_percent';
  if (i.mode === 'amount' && i.fields.includes('purchase_price_original')) return 'grid.bulk_price_amount_base_only';
  return null;
}

/** Which rows: the picked keys, else the filter (with the keys unpicked after "select all"). */
function rowsOf(q: Pick<ToolbarQuery, 'filterModel' | 'language' | 'selection'>): Pick<PriceUpdateParams, 'keys' | 'filterModel' | 'language' | 'except'> {
  const s = q.selection;
  if (s && !s.all && s.count > 0) return { keys: s.keys.map(String) };
  const out: Pick<PriceUpdateParams, 'filterModel' | 'language' | 'except'> = { filterModel: q.filterModel, language: q.language };
  if (s?.all && s.keys.length) out.except = s.keys.map(String);
  return out;
}

export function priceUpdatePayload(q: Pick<ToolbarQuery, 'filterModel' | 'language' | 'selection'>, i: PriceUpdateInput): PriceUpdateDraft {
  return { fields: i.fields, mode: i.mode, value: changeValue(i.value, q.language), decimals: i.decimals, ...rowsOf(q) };
}

/** The payload to send, or null while the value is no number. */
export const sendable = (d: PriceUpdateDraft): PriceUpdateParams | null => (d.value === null ? null : { ...d, value: d.value });
