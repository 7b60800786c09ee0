/**
 * The shape check of a saved grid state (grid_state, grid_views), valibot. The server runs it
 * on the states grid_state's read answers (server/actions/grid_state.ts), so the list page
 * does not load valibot to read its saved state; the views panel runs it on the views it
 * lists (a checked state is a fixpoint: checking it again changes nothing). A part of the wrong shape falls
 * back to its default; anything that is not an object is no state (null).
 *
 * Two versions: `{"v":2,…}`, TanStack Table's state slices as the grid holds them
 * (app/grid/columnState.ts `SavedState`), and every state saved before it (`{"v":1,…}` or no
 * version: `order`, `widths`, `hidden`, `pinned`, `sort`, `filters`, `groupBy`), read into
 * the same parts (`fromLegacy`) so that no saved view or grid state is lost.
 */
import * as v from 'valibot';

/** The totals row's functions of a column (saved with the column state); 'none' shows nothing. */
const TOTAL_FNS = ['sum', 'avg', 'min', 'max', 'none'] as const;

const strings = v.fallback(v.array(v.string()), []);
// 'none' is newer than the functions: states saved before it read as they did.
const aggs = v.optional(v.fallback(v.record(v.string(), v.picklist(TOTAL_FNS)), {}));
const totals = v.optional(v.fallback(v.boolean(), false));
const currency = v.optional(v.fallback(v.string(), ''));

const Saved = v.object({
  v: v.literal(2),
  sorting: v.optional(v.fallback(v.array(v.object({ id: v.string(), desc: v.boolean() })), [])),
  columnFilters: v.optional(v.fallback(v.array(v.object({ id: v.string(), value: v.string() })), [])),
  columnVisibility: v.optional(v.fallback(v.record(v.string(), v.boolean()), {})),
  /** Version 1's hidden columns, kept as such by the check (every other column showed). */
  legacyHidden: v.optional(strings),
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

/** A checked state: version 2's parts, each optional. */
export type CheckedGridState = v.InferOutput<typeof Saved>;

/** A version 1 state's parts under the version 2 names (its hidden list kept as such: every other column showed). */
function fromLegacy(s: v.InferOutput<typeof Legacy>): CheckedGridState {
  const out: CheckedGridState = { v: 2, aggs: s.aggs, totals: s.totals, currency: s.currency };
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

/** A saved state (anything) checked into version 2's form, or null when it is no state. */
export function checkGridState(raw: unknown): CheckedGridState | null {
  if (isV2(raw)) {
    const r = v.safeParse(Saved, raw);
    return r.success ? r.output : null;
  }
  const r = v.safeParse(Legacy, raw);
  return r.success ? fromLegacy(r.output) : null;
}
