/**
 * The shape check of a saved grid state from the server (grid_state, grid_views): valibot,
 * in a chunk of its own — the grid loads it beside the state's request, and the views
 * menu with its panel, so the list route does not carry valibot. A part of the wrong
 * shape falls back to its default (states of older versions read as they did); anything
 * that is not an object is no state.
 */
import * as v from 'valibot';
import { AGG_FNS, type TotalFn } from './gridApi.ts';
import { fromSaved, type CheckedSaved, type SavedFields, type ViewState } from './columnState.ts';
import type { GridModel } from './columns.ts';

const strings = v.fallback(v.array(v.string()), []);
const Saved = v.object({
  order: v.optional(strings),
  widths: v.optional(v.fallback(v.record(v.string(), v.number()), {})),
  hidden: v.optional(strings),
  pinned: v.optional(v.fallback(v.object({ left: v.optional(strings, []), right: v.optional(strings, []) }), { left: [], right: [] })),
  sort: v.optional(v.fallback(v.array(v.object({ colId: v.string(), sort: v.picklist(['asc', 'desc']) })), [])),
  filters: v.optional(v.fallback(v.record(v.string(), v.string()), {})),
  // 'none' is newer than the functions: states saved before it read as they did.
  aggs: v.optional(v.fallback(v.record(v.string(), v.picklist([...AGG_FNS, 'none'] as TotalFn[])), {})),
  totals: v.optional(v.fallback(v.boolean(), false)),
  groupBy: v.optional(strings),
  currency: v.optional(v.fallback(v.string(), '')),
});

/** A saved state (from the server: anything) checked, or null when it is no state. */
export function checkSaved(raw: unknown): CheckedSaved | null {
  const r = v.safeParse(Saved, raw);
  if (!r.success) return null;
  // The schema's output is assignable to the fields (the compiler keeps the two in step); only then is it branded.
  const fields: SavedFields = r.output;
  return fields as CheckedSaved;
}

/** Checked and fitted to the descriptor in one step (views, tests). */
export const readSaved = (raw: unknown, model: GridModel): ViewState => fromSaved(checkSaved(raw), model);
