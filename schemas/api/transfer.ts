/** Grid export and import (POST /api/export/{form}, POST /api/import/{form}). */
import * as v from 'valibot';
import { CONFIRMATIONS } from '../../src/core/confirmations.ts';
import { FilterModel, SortModel } from '../agGrid.ts';
import { LANGS } from '../../src/core/langs.ts';
import { lang, scalar, text } from './fields.ts';
import { bodyInvalid, bodyTooLarge, type HttpRoute } from './http.ts';

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
/** The text parts of an import beside `file`. */
export const ImportFields = v.strictObject({
  mode: ImportMode,
  language: v.picklist(LANGS, 'language must be one of the app languages'),
  mapping: v.optional(v.pipe(v.string(), v.description('preview and commit: ImportMapping as JSON text — one field or null per file column, in order.'))),
  /** preview and commit: what the user confirmed for the file's rows (core/confirmations.ts): `below_min_margin` takes selling prices under their minimum margin, else reported as rows with problems. */
  confirm: v.optional(v.picklist(CONFIRMATIONS, `confirm must be one of ${CONFIRMATIONS.join(', ')}`)),
});
/** inspect answers ImportInspectOutput; preview and commit ImportResultOutput. */
export const ImportOutput = v.union([ImportInspectOutput, ImportResultOutput]);

const formParam = (which: string) =>
  ({ name: 'form', in: 'path', description: `A form name (screens/): ${which}.`, schema: v.pipe(v.string(), v.regex(/^[a-z_][a-z0-9_]*$/)), example: 'brands' }) as const;

export const transferRoutes: readonly HttpRoute[] = [
  {
    method: 'post',
    path: '/api/export/{form}',
    operationId: 'grid_export',
    tag: 'files',
    summary:
      'The current view of a grid as a file (the form’s `list` permission): its filter, sort and fixed equalities, the columns asked for under their headers, the session’s company (a private form: the user’s own rows), values as the grid shows them (references by their text, money in its currency’s format, date-times in `timeZone`).',
    description:
      'CSV: UTF-8 with a BOM, `,` — or `;` with a decimal comma in the languages that write one; text cells a spreadsheet would read as a formula are guarded (core/sheetGuard.ts). XLSX: one worksheet (named by `title`), the header row frozen, typed cells with number formats. Streamed; the view’s size is checked before the first byte.',
    auth: 'data',
    params: [formParam('one with `actions.export` (the default)')],
    body: { kind: 'json', schema: ExportInput },
    answers: {
      200: {
        description: 'The file.',
        content: [{ kind: 'bytes', types: ['text/csv; charset=utf-8', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] }],
        headers: { 'Content-Disposition': '`attachment; filename="{form}-{yyyy-mm-dd}.{csv|xlsx}"`.' },
      },
    },
    errors: {
      400: `${bodyInvalid} A column the form lacks (\`unknown_column\`), a filter or sort it refuses (\`unknown_column\`, \`unsupported\`); more rows match than an export takes (\`export_too_many_rows\`, \`params.count\` and \`params.limit\`).`,
      403: 'No `list` on the form’s page, or the form has no export (`forbidden`).',
      404: '`bad_data_source`: no such form.',
      413: bodyTooLarge,
    },
  },
  {
    method: 'post',
    path: '/api/import/{form}',
    operationId: 'grid_import',
    tag: 'files',
    summary:
      'Reads a CSV (UTF-8, else the language’s Windows code page; the delimiter detected) or XLSX (the first worksheet) file into the form, by steps: `inspect` answers its headers, row count, a sample and the importable fields; `preview` validates every row against the mapping (nothing written, the database’s rules run on a rolled-back write); `commit` writes the valid rows in one transaction, logged as the form’s adds and sets.',
    description:
      'Rows whose key exists are updated (`set` on the page), the others added (`add`, when the form has `actions.add`); a row that needs a right the user lacks is a problem of its line. Not for read-only forms, nor private ones (`source.owner`).',
    auth: 'data',
    params: [formParam('a writable one')],
    body: { kind: 'multipart', file: 'The CSV (.csv, .tsv, .txt) or XLSX file.', fields: ImportFields },
    answers: { 200: { description: '`inspect`: ImportInspectOutput; `preview`, `commit`: ImportResultOutput (`written` true after a commit).', content: [{ kind: 'json', schema: ImportOutput }] } },
    errors: {
      400: 'Not multipart (`bad_request`), no `file` part (`file_required`), a text part invalid (`bad_request`, `unknown_field`), a mapping that is not one importable field or null per column, each once (`bad_request`), or maps only the key (`mapping_key_only`); a commit without a valid row (`nothing_to_import`). The file: no rows (`file_empty`), no header (`file_no_headers`), too many columns or rows (`file_too_many_columns`, `file_too_many_rows`, `params.limit`), an unreadable row (`file_bad_row`), not a readable workbook (`file_not_xlsx`, `file_damaged`, `file_no_worksheet`).',
      403: 'A read-only or private form, or neither `add` nor `set` on its page (`forbidden`).',
      404: '`bad_data_source`: no such form.',
      413: 'The file is too large (`file_too_large`, `params.limit` in MB), unpacks too large (`file_unpacks_too_large`), or reading it needs more memory or time than an import may (`sheet_too_large`, `params.resource`).',
      415: 'Not .csv, .tsv, .txt or .xlsx (`unsupported_type`, `params.types`).',
      503: 'Too many imports are being read (`import_busy`, with Retry-After).',
    },
  },
];
