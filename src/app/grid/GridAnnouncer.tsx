/**
 * What a screen reader hears when the grid's rows change under the user: a polite live
 * region saying the sort, the filtered columns and the row count ("Sorted by Price,
 * ascending. Filtered by Brand. 1,234 rows"). The text is derived from the view state on
 * every render, so any sort, filter or count change changes it and is read out once; the
 * region itself is always there (a region added with its text is not announced). Its words
 * are in the catalogue's first part (core/catalogueParts.ts): the region needs no later part.
 */
import { useIntl } from 'react-intl';
import type { ColumnFiltersState, SortingState } from './layout.ts';

export interface AnnouncerProps {
  sorting: SortingState;
  filters: ColumnFiltersState;
  /** Rows of the query once known, else null. */
  total: number | null;
  estimate: boolean;
  /** A column's header key (fields.…). */
  labelId(id: string): string;
}

export function GridAnnouncer(p: AnnouncerProps) {
  return (
    <div className="visually-hidden grid-announcer" role="status" aria-live="polite" aria-atomic="true">
      <Announcement {...p} />
    </div>
  );
}

function Announcement({ sorting, filters, total, estimate, labelId }: AnnouncerProps) {
  const intl = useIntl();
  const label = (id: string) => intl.formatMessage({ id: labelId(id) });
  const list = (items: string[]) => intl.formatList(items, { type: 'conjunction' });
  const parts: string[] = [];
  if (sorting.length)
    parts.push(
      intl.formatMessage({ id: 'grid.announce_sorted' }, { sorts: list(sorting.map((s) => intl.formatMessage({ id: s.desc ? 'grid.announce_desc' : 'grid.announce_asc' }, { column: label(s.id) }))) }),
    );
  if (filters.length) parts.push(intl.formatMessage({ id: 'grid.announce_filtered' }, { columns: list(filters.map((f) => label(f.id))) }));
  if (total !== null) parts.push(intl.formatMessage({ id: estimate ? 'grid.rows_estimate' : 'grid.rows' }, { count: total }));
  return parts.join('. ');
}
