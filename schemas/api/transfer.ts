/** Grid export and import (POST /api/export/{form}, POST /api/import/{form}). */
import * as v from 'valibot';
import { FilterModel, SortModel } from '../agGrid.ts';
import { lang, scalar, text } from './fields.ts';

const fieldName = v.pipe(v.string(), v.regex(/^[a-z_][a-z0-9_]*$/, 'a field name'));
export const MAX_EXPORT_ROWS = 1_000_000;
/** Whether Intl knows the zone (IANA names such as Europe/Budapest; 'UTC'). */
const knownTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};
/** The current view of a grid as a file: its filter, sort, visible columns and their (localized) headers. */
export const ExportInput = v.strictObject({
  format: v.picklist(['csv', 'xlsx'], 'format must be csv or xlsx'),
  language: lang,
  /** The browser's IANA time zone: date-times are written as the grid shows them there (an older client: UTC). */
  timeZone: v.optional(v.pipe(v.string(), v.maxLength(64), v.check(knownTimeZone, 'an IANA time zone such as Europe/Budapest')), 'UTC'),
  /** Sheet name and file title (the screen's localized title). */
  title: v.optional(text(100)),
  sortModel: v.optional(SortModel),
  filterModel: v.optional(FilterModel),
  /** Equality filters of a detail grid (as the `filter` action). */
  fixed: v.optional(v.record(v.string(), v.nullable(scalar))),
  columns: v.pipe(v.array(v.strictObject({ field: fieldName, header: v.pipe(v.string(), v.maxLength(200)) })), v.minLength(1, 'at least one column'), v.maxLength(200, 'at most 200 columns')),
});
/** Import steps: inspect (headers and a sample), preview (validation, nothing written), commit (one transaction). */
export const ImportMode = v.picklist(['inspect', 'preview', 'commit'], 'mode must be inspect, preview or commit');
/** One field per file column (by position), or null to ignore the column. */
export const ImportMapping = v.pipe(v.array(v.nullable(fieldName)), v.maxLength(200));
export const ImportError = v.object({
  line: v.number(),
  field: v.nullable(v.string()),
  message: v.string(),
  /** The row's key as the file has it (the key fields' texts, by field), when the key columns are mapped. */
  key: v.optional(v.record(v.string(), v.string())),
  /** The file's text in the problem's field (when it names a mapped one). */
  value: v.optional(v.string()),
});
export const ImportInspectOutput = v.object({
  headers: v.array(v.string()),
  rows: v.number(),
  sample: v.array(v.array(v.string())),
  fields: v.array(v.object({ field: v.string(), required: v.boolean(), key: v.boolean() })),
  canAdd: v.boolean(),
  canSet: v.boolean(),
});
export const ImportResultOutput = v.object({
  rows: v.number(),
  inserts: v.number(),
  /** Rows that change a stored row; `unchanged`: rows whose stored row already holds their values (not written, not logged). */
  updates: v.number(),
  unchanged: v.number(),
  errorRows: v.number(),
  /** The first 1,000 problems, by line and field; messages are locale keys (validation.*, import.*). */
  errors: v.array(ImportError),
  written: v.boolean(),
});
