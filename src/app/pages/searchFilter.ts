import type { ScreenDescriptor } from '../../../schemas/screen.ts';
import { columnTypes } from '../../core/columnTypes/index.ts';

type Scalar = string | number | boolean;

/**
 * A route's search parameters that name a filterable, non-multi column of its screen
 * (`/shops/2frontendPages/colDefs?content_page_id=3`): an equality filter on the grid,
 * and the values an add form starts with. Routes have no path parameters (spec §2), so
 * a page that belongs to a row says which one this way; a report's period and measure
 * too (the source's parameters). Other parameters are ignored.
 */
export function searchFilter(screen: Pick<ScreenDescriptor, 'columns' | 'source'>, search: Record<string, unknown>): Record<string, Scalar> | undefined {
  const out: Record<string, Scalar> = {};
  for (const [field, value] of Object.entries(search)) {
    const col = Object.hasOwn(screen.columns, field) ? screen.columns[field] : undefined;
    // A report's parameters (source.params) come this way too, though the grid offers no filter on them.
    if (!col || !(col.filterable || screen.source.params?.includes(field)) || col.type === 'multi' || col.type === 'json') continue;
    if (typeof value !== 'string' && typeof value !== 'boolean' && !(typeof value === 'number' && Number.isFinite(value))) continue;
    // The router reads '?code=123' as a number: text columns get their text back.
    if (col.type === 'text' || col.type === 'date' || col.type === 'datetime') out[field] = String(value);
    else if (columnTypes[col.type].numeric) {
      const n = Number(value);
      if (typeof value !== 'boolean' && Number.isFinite(n)) out[field] = n;
    } else out[field] = value;
  }
  return Object.keys(out).length ? out : undefined;
}
