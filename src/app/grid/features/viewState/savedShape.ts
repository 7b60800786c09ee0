/**
 * The shape check of a saved grid state from the server (grid_state, grid_views): valibot,
 * in a chunk of its own — the grid loads it beside the state's request, and the views
 * menu with its panel, so the list route does not carry valibot. A part of the wrong
 * shape falls back to its default; anything that is not an object is no state.
 *
 * Two versions: `{"v":2,…}`, TanStack Table's state slices as the grid holds them
 * (columnState.ts `SavedState`), and every state saved before it (`{"v":1,…}` or no
 * version: `order`, `widths`, `hidden`, `pinned`, `sort`, `filters`, `groupBy`), read
 * into the same parts (`fromLegacy`) so that no saved view or grid state is lost.
 */
import * as v from 'valibot';
import { AGG_FNS, type TotalFn } from '../../gridApi.ts';
import { fromSaved, type CheckedSaved, type SavedFields, type ViewState } from '../../columnState.ts';
import type { GridModel } from '../../columns.ts';

const strings = v.fallback(v.array(v.string()), []);
// 'none' is newer than the functions: states saved before it read as they did.
const aggs = v.optional(v.fallback(v.record(v.string(), v.picklist([...AGG_FNS, 'none'] as TotalFn[])), {}));
const totals = v.optional(v.fallback(v.boolean(), false));
const currency = v.optional(v.fallback(v.string(), ''));

const Saved = v.object({
  v: v.literal(2),
  sorting: v.optional(v.fallback(v.array(v.object({ id: v.string(), desc: v.boolean() })), [])),
  columnFilters: v.optional(v.fallback(v.array(v.object({ id: v.string(), value: v.string() })), [])),
  columnVisibility: v.optional(v.fallback(v.record(v.string(), v.boolean()), {})),
  columnOrder: v.optional(strings),
  columnPinning: v.optional(v.fallback(v.object({ start: v.optional(strings, []), end: v.optional(strings, []) }), { start: [], end: [] })),
  columnSizing: v.optional(v.fallback(v.record(v.string(), v.number()), {})),
  grouping: v.optional(strings),
  aggs,
  totals,
  currency,
});

/** Version 1 (and the states before versions): the grid's own names. */
const Legacy = v.object({
  order: v.optional(strings),
  widths: v.optional(v.fallback(v.record(v.string(), v.number()), {})),
  hidden: v.optional(strings),
  pinned: v.optional(v.fallback(v.object({ left: v.optional(strings, []), right: v.optional(strings, []) }), { left: [], right: [] })),
  sort: v.optional(v.fallback(v.array(v.object({ colId: v.string(), sort: v.picklist(['asc', 'desc']) })), [])),
  filters: v.optional(v.fallback(v.record(v.string(), v.string()), {})),
  aggs,
  totals,
  groupBy: v.optional(strings),
  currency,
});

/** A version 1 state's parts under the version 2 names (its hidden list kept as such: every other column showed). */
export function fromLegacy(s: v.InferOutput<typeof Legacy>): SavedFields {
  const out: SavedFields = { aggs: s.aggs, totals: s.totals, currency: s.currency };
  if (s.order) out.columnOrder = s.order;
  if (s.widths) out.columnSizing = s.widths;
  if (s.hidden) out.legacyHidden = s.hidden;
  if (s.pinned) out.columnPinning = { start: s.pinned.left, end: s.pinned.right };
  if (s.sort) out.sorting = s.sort.map((x) => ({ id: x.colId, desc: x.sort === 'desc' }));
  if (s.filters) out.columnFilters = Object.entries(s.filters).map(([id, value]) => ({ id, value }));
  if (s.groupBy) out.grouping = s.groupBy;
  return out;
}

const isV2 = (raw: unknown) => !!raw && typeof raw === 'object' && (raw as { v?: unknown }).v === 2;

/** A saved state (from the server: anything) checked, or null when it is no state. */
export function checkSaved(raw: unknown): CheckedSaved | null {
  let fields: SavedFields;
  if (isV2(raw)) {
    const r = v.safeParse(Saved, raw);
    if (!r.success) return null;
    // The schema's output is assignable to the fields (the compiler keeps the two in step); only then is it branded.
    const { v: _version, ...parts } = r.output;
    fields = parts;
  } else {
    const r = v.safeParse(Legacy, raw);
    if (!r.success) return null;
    fields = fromLegacy(r.output);
  }
  return fields as CheckedSaved;
}

/** Checked and fitted to the descriptor in one step (views, tests). */
export const readSaved = (raw: unknown, model: GridModel): ViewState => fromSaved(checkSaved(raw), model);
