/**
 * Date: a calendar day, `yyyy-MM-dd`. Shown as the language writes a day in digits
 * (core/format.ts `formatDay`: '2026-03-05' en, '05.03.2026' de, '2026. 03. 05.' hu);
 * typed year first or day first as the UI locales write dates (`parseDateInput`; never
 * month first). Sorted by day.
 */
import { formatDay, parseDateInput } from '../format.ts';
import { LOCALE } from '../langs.ts';
import { M } from '../validation/messages.ts';
import type { ColumnTypeModule } from './types.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written yyyy-MM-dd (2026-02-30 is not). */
export function isValidDate(s: string): boolean {
  if (!DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

export const date: ColumnTypeModule = {
  type: 'date',
  kind: 'date',
  numeric: false,
  filter: 'date',
  align: 'start',
  editor: 'date',
  sortable: true,
  parse(text) {
    const t = text.trim();
    if (t === '') return { ok: true, value: null };
    const d = parseDateInput(t);
    return d ? { ok: true, value: d } : { ok: false, message: M.type_date };
  },
  format: (value, ctx) => formatDay(value, LOCALE[ctx.lang]),
};
