/**
 * Row markers (spec §4): a list row is visually marked by what its data says — a sales
 * order by its workflow state, any record when deleted or inactive, a product row when the
 * product exists or was just created, a storage when it is in use. A descriptor names its
 * markers (`markers`); each reads one column, which codegen requires of the screen. The
 * grid turns a row's marks into `data-marks` (gridBody.css colours them). Kept as a table,
 * not closures: it ships with the list route.
 */
import { belowMinMargin } from './prices.ts';

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
  /** A product whose selling price is under its minimum margin (core/prices.ts belowMinMargin; also reads purchase_price_base and min_margin). */
  belowMinMargin: 'selling_price_shop',
} as const;

export type RowMarkerKey = keyof typeof ROW_MARKERS;

/** Markers that read more columns than their own (codegen requires them too). */
export const MARKER_READS: Partial<Record<RowMarkerKey, readonly string[]>> = { belowMinMargin: ['selling_price_shop', 'purchase_price_base', 'min_margin'] };

/** Markers that flag one cell of the row besides the row: its field, and the catalogue key of what the cell's title says. */
export const MARKED_CELLS: Partial<Record<RowMarkerKey, { field: string; says: string }>> = { belowMinMargin: { field: 'selling_price_shop', says: 'grid.below_min_margin' } };
export const rowMarkerKeys = Object.keys(ROW_MARKERS) as RowMarkerKey[];

/** A row's marks under the screen's markers, space-separated ('' when none). */
export function rowMarks(markers: readonly RowMarkerKey[], row: Readonly<Record<string, unknown>>): string {
  const marks: string[] = [];
  for (const k of markers) {
    const v = row[ROW_MARKERS[k]];
    if (k === 'workflowState') {
      if (typeof v === 'string' && v) marks.push(`state-${v}`);
    } else if (k === 'belowMinMargin') {
      if (belowMinMargin(v, row.purchase_price_base, row.min_margin)) marks.push(k);
    } else if (v === (k !== 'inactive')) marks.push(k);
  }
  return marks.join(' ');
}
