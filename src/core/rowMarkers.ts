/**
 * Row markers (spec §4): a list row is visually marked by what its data says — a sales
 * order by its workflow state, any record when deleted or inactive, a product row when the
 * product exists or was just created, a storage when it is in use. A descriptor names its
 * markers (`markers`); each reads one column, which codegen requires of the screen. The
 * grid turns a row's marks into `data-marks` (gridBody.css colours them). Kept as a table,
 * not closures: it ships with the list route.
 */

/** The workflow states the sales-order grid colours (spec §4; gridBody.css): every state is marked, these are styled. */
export const STYLED_STATES: readonly string[] = ['placed', 'waiting_for_payment', 'waiting_for_prepayment', 'cancelled', 'waiting_for_goods'];

/** Each marker and the column it reads. A row is marked `state-<state>` by workflowState (any state), `inactive` when active is false, else by the marker's name when its column is true. */
export const ROW_MARKERS = {
  workflowState: 'state_code',
  deleted: 'deleted',
  inactive: 'active',
  changed: 'changed',
  assigned: 'assigned',
  productExists: 'product_exists',
  productCreated: 'product_created',
  storageUsed: 'storage_is_used',
  /** A product whose selling price is under its minimum margin (v_product_margins, migration 121: the twin of core/prices.ts belowMinMargin). */
  belowMinMargin: 'below_min_margin',
} as const;

export type RowMarkerKey = keyof typeof ROW_MARKERS;

/** Markers that mark one cell of the row too (gridBody.css colours it) and say why in its title (a catalogue key). */
const MARKED_CELLS: Readonly<Partial<Record<RowMarkerKey, { field: string; title: string }>>> = {
  belowMinMargin: { field: 'selling_price_shop', title: 'grid.below_min_margin' },
};

/** The title of cell `field` of a row with these marks (a catalogue key), if a mark concerns it. */
export function markedCellTitle(marks: string, field: string): string | undefined {
  if (!marks) return undefined;
  for (const m of marks.split(' ')) {
    const c = MARKED_CELLS[m as RowMarkerKey];
    if (c?.field === field) return c.title;
  }
  return undefined;
}
export const rowMarkerKeys = Object.keys(ROW_MARKERS) as RowMarkerKey[];

/** A row's marks under the screen's markers, space-separated ('' when none). */
export function rowMarks(markers: readonly RowMarkerKey[], row: Readonly<Record<string, unknown>>): string {
  const marks: string[] = [];
  for (const k of markers) {
    const v = row[ROW_MARKERS[k]];
    if (k === 'workflowState') {
      if (typeof v === 'string' && v) marks.push(`state-${v}`);
    } else if (v === (k !== 'inactive')) marks.push(k);
  }
  return marks.join(' ');
}
