/**
 * Date-time: an instant, stored and sent as ISO text. Shown as the language writes its
 * day, then `HH:mm` (24-hour) in the user's zone (core/format.ts `formatDayTime`); typed
 * so, or year first with `T` (`parseDateTimeInput`: a local time), or any text a browser
 * reads as a date-time (an ISO instant, left to the type's check). Sorted by instant.
 */
import { formatDayTime, parseDateTimeInput } from '../format.ts';
import { LOCALE } from '../langs.ts';
import type { ColumnTypeModule } from './types.ts';

export const datetime: ColumnTypeModule = {
  type: 'datetime',
  kind: 'date',
  numeric: false,
  filter: 'datetime',
  align: 'start',
  editor: 'datetime',
  sortable: true,
  parse(text) {
    const t = text.trim();
    if (t === '') return { ok: true, value: null };
    const d = parseDateTimeInput(t);
    return { ok: true, value: d ? d.toISOString() : t };
  },
  format: (value, ctx) => formatDayTime(value, LOCALE[ctx.lang], ctx.timeZone),
};
