/**
 * A timestamp as the clock on the wall reads it in a time zone, for XLSX cells: Excel
 * has no time zones, and exceljs writes a Date by its UTC fields, so the Date returned
 * carries the zone's wall time in its UTC fields (2026-11-24T09:16Z in Europe/Budapest →
 * a Date whose UTC reading is 10:16). The CSV's text comes from core/format.ts
 * `formatDateTime`, the grid's own formatter, with the same zone.
 */

import { zoneParts } from '../../core/format.ts';

/** The wall time of `value` (ISO text, epoch ms or Date) in `timeZone`, in a Date's UTC fields; null when unreadable. */
export function wallTime(value: unknown, timeZone: string): Date | null {
  const d = value instanceof Date ? value : typeof value === 'string' || typeof value === 'number' ? new Date(value) : null;
  if (!d || Number.isNaN(d.getTime())) return null;
  const p = zoneParts(d, timeZone);
  // Milliseconds are the same in every zone (offsets are whole seconds).
  return new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second, d.getUTCMilliseconds()));
}
