/**
 * Pure parts of the import dialog: the suggested column mapping, problem texts in the UI
 * language, and the CSV error report.
 */
import { fold } from '../../../core/fold.ts';
import { guardCell } from '../../../core/sheetGuard.ts';
import type { IntlShape } from 'react-intl';
import { describeCode, refusal, say } from '../../api/said.ts';

const norm = (s: string) => fold(s).replace(/[^\p{L}\p{N}]+/gu, '');
/** The currency an export names after a money column's label ('Selling price (EUR)'). */
const CURRENCY_SUFFIX = /\s*\([A-Z]{3}\)\s*$/;

/**
 * A field for each file column whose header is a field's name or its label (in the UI
 * language), ignoring case, accents, spaces and punctuation; each field at most once.
 * Names win over labels, and labels of written fields over the key's (a key column is
 * often labelled like the record itself: brand_id "Brand"). A label followed by a
 * currency code, as export writes money columns ('Selling price (EUR)'), is that label.
 */
export function suggestMapping(headers: string[], fields: { field: string; key: boolean }[], label: (field: string) => string): (string | null)[] {
  const byName = new Map<string, string>();
  const put = (k: string, f: string) => k && !byName.has(k) && byName.set(k, f);
  for (const f of fields) put(norm(f.field), f.field);
  for (const f of fields) if (!f.key) put(norm(label(f.field)), f.field);
  for (const f of fields) if (f.key) put(norm(label(f.field)), f.field);
  const used = new Set<string>();
  return headers.map((h) => {
    const f = byName.get(norm(h)) ?? byName.get(norm(h.replace(CURRENCY_SUFFIX, '')));
    if (!f || used.has(f)) return null;
    used.add(f);
    return f;
  });
}

/**
 * A server problem in the UI language: locale keys with values after '?'
 * ('validation.max?max=10', 'import.duplicate_row?line=3', 'server.bad_reference?label=fields.vat_id');
 * other texts as they are.
 */
export function problemText(message: string, intl: Pick<IntlShape, 'messages' | 'formatMessage'>): string {
  const i = message.indexOf('?');
  const id = i < 0 ? message : message.slice(0, i);
  const values = i < 0 ? {} : Object.fromEntries(new URLSearchParams(message.slice(i + 1)));
  if (/^server\.[a-z_]+$/.test(id)) return say(intl, describeCode(id.slice('server.'.length), values));
  if (!/^(validation|import|rules)\.[a-z_]+$/.test(id) || !Object.hasOwn(intl.messages, id)) return message;
  return say(intl, id.startsWith('validation.') ? refusal(id, values) : { id, values });
}

/** A report cell: guarded against formulas (the file's values are anyone's text), quoted where CSV needs it. */
const cell = (text: string) => {
  const s = guardCell(text);
  return /[",\r\n;\t]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export interface ReportProblem {
  line: number;
  field: string | null;
  message: string;
  key?: Record<string, string> | undefined;
  value?: string | undefined;
}

/** The report's column headers in the UI language; `keys`: the key fields, a column each (named by its label). */
export interface ReportHeaders {
  line: string;
  keys: string[];
  column: string;
  value: string;
  problem: string;
}

/**
 * The problems as CSV (UTF-8 with BOM, as Excel wants): file row, the row's key, column
 * label, the value the file has there, problem text — what finding and fixing the row needs.
 */
export function reportCsv(problems: ReportProblem[], headers: ReportHeaders, label: (field: string) => string, text: (message: string) => string): string {
  // Key columns only when the file has the key (a generated one is not in it).
  const keyFields = problems.some((p) => p.key) ? headers.keys : [];
  const lines = [[headers.line, ...keyFields.map(label), headers.column, headers.value, headers.problem].map(cell).join(',')];
  for (const p of problems) {
    const keys = keyFields.map((k) => p.key?.[k] ?? '');
    lines.push([String(p.line), ...keys, p.field ? label(p.field) : '', p.value ?? '', text(p.message)].map(cell).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
