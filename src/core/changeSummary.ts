/**
 * A change log entry in words: "Selling price: 53.99 → 59.99 · Min. margin: 10 → 12".
 * Pure and isomorphic: the change log's `changeSummary` cells (browser) and the export
 * of that column (server) build the same text, each with its own catalogue and number
 * formats. The entry's `changes` (view column of migration 022) maps each field to
 * [before, after]: the fields that differ for a set, the fields with a value for an add
 * or a delete. Labels and formats follow the logged screen's descriptor when known
 * (its column types, labels and keys), else the JSON value's own type. A ref field shows
 * its lookup's display text where the caller looked it up (`RefLabels`, one batch per page
 * or export window), else its key.
 */
import { columnTypes } from './columnTypes/index.ts';
import type { ColumnSpec } from './descriptor.ts';
import { fieldLabelId } from './fieldLabel.ts';
import { compactJson } from './format.ts';
import { htmlText } from './htmlText.ts';

/** What a summary needs of the logged screen's descriptor. */
export interface SummaryScreen {
  source: { key: string | readonly string[] };
  columns: Readonly<Record<string, ColumnSpec>>;
}

/** The language's texts and formats (the grid's cell context, or the server's catalogue). */
export interface SummaryWords {
  lang: string;
  /** The catalogue text of a key; a missing key may answer the key itself. */
  t(id: string): string;
  int(n: number): string;
  number(n: number): string;
  money(n: number): string;
  date(v: unknown): string;
  datetime(v: unknown): string;
  /** The name of an option value where the column's renderer names its options (keep_in_stock 2 → 'On order'). */
  option?(col: ColumnSpec, v: unknown): string | undefined;
}

/**
 * Display texts of an entry's ref values, field → key (as text) → text: what the lookup
 * shows for it (core/lookupDisplay.ts). A key without one (its row is gone) shows as itself.
 */
export type RefLabels = Readonly<Record<string, Readonly<Record<string, string>>>>;

export interface ChangeLine {
  field: string;
  label: string;
  /** Shown values; '' where the field had none (add: before; delete: after). */
  before: string;
  after: string;
}

/** Longest value shown in a summary; the raw JSON columns keep the rest. */
const MAX_VALUE = 80;
/** The mark of an empty value in a change ("– → 12"). */
const NONE = '–';

const cut = (s: string): string => (s.length > MAX_VALUE ? `${s.slice(0, MAX_VALUE - 1)}…` : s);
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
/** A multi-language value: an object of language codes to texts. */
const isMulti = (v: unknown): v is Record<string, unknown> =>
  isObject(v) && Object.keys(v).length > 0 && Object.entries(v).every(([k, x]) => /^[a-z]{2}$/.test(k) && (typeof x === 'string' || x === null));

/** A multi-language value's text in the language (else English, else any). */
function langText(v: Record<string, unknown>, lang: string): string {
  const pick = [v[lang], v.en, ...Object.values(v)].find((x) => typeof x === 'string' && x !== '');
  return typeof pick === 'string' ? pick : '';
}

function numberOf(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  return typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null;
}

/** One value as the language writes it ('' for none). */
function valueText(field: string, col: ColumnSpec | undefined, v: unknown, w: SummaryWords, keys: readonly string[] = [], refs?: RefLabels): string {
  if (v === null || v === undefined || v === '') return '';
  if (col?.type === 'ref' && typeof v !== 'object') {
    const label = refs?.[field]?.[String(v)];
    return cut(label || String(v));
  }
  if (col) {
    const named = w.option?.(col, v);
    if (named) return named;
  }
  const type = col?.type;
  if (typeof v === 'boolean') return w.t(v ? 'common.yes' : 'common.no');
  const n = numberOf(v);
  if (n !== null && (type ? columnTypes[type].numeric : typeof v === 'number')) {
    // Identifiers (keys, `…_id`) are digits, as the grid shows them.
    if (type === 'money') return w.money(n);
    if (keys.includes(field) || field.endsWith('_id')) return String(n);
    return type === 'int' ? w.int(n) : w.number(n);
  }
  if (type === 'date') return w.date(v);
  if (type === 'datetime') return w.datetime(v);
  if (isMulti(v)) {
    const s = langText(v, w.lang);
    return cut(col?.html ? htmlText(s) : s);
  }
  if (typeof v === 'object') return cut(compactJson(v));
  return cut(String(v));
}

/** The label of a field: the screen's header (fields.<label or field>), else the field's own name. */
function labelOf(field: string, col: ColumnSpec | undefined, w: SummaryWords): string {
  const id = fieldLabelId(field, col);
  const s = w.t(id);
  return s && s !== id ? s : field;
}

/** A changed multi-language text whose text in the language stayed: the languages that changed ('Name (DE)'). */
function multiLines(field: string, label: string, b: Record<string, unknown>, a: Record<string, unknown>, html: boolean): ChangeLine[] {
  const out: ChangeLine[] = [];
  for (const l of new Set([...Object.keys(b), ...Object.keys(a)])) {
    const x = typeof b[l] === 'string' ? b[l] : '';
    const y = typeof a[l] === 'string' ? a[l] : '';
    if (x === y) continue;
    out.push({ field, label: `${label} (${l.toUpperCase()})`, before: cut(html ? htmlText(x) : x), after: cut(html ? htmlText(y) : y) });
  }
  return out;
}

/**
 * The lines of an entry: a set's changed fields in the screen's column order; an add's
 * or a delete's fields with a value, its keys first. Fields the screen does not know
 * come last, by name.
 */
export function changeLines(changes: unknown, screen: SummaryScreen | undefined, w: SummaryWords, refs?: RefLabels): ChangeLine[] {
  if (!isObject(changes)) return [];
  const keys = screen ? (typeof screen.source.key === 'string' ? [screen.source.key] : [...screen.source.key]) : [];
  const columns = screen ? Object.keys(screen.columns) : [];
  const rank = (f: string) => {
    const k = keys.indexOf(f);
    if (k >= 0) return k;
    const c = columns.indexOf(f);
    return c >= 0 ? keys.length + c : Number.MAX_SAFE_INTEGER;
  };
  const fields = Object.keys(changes).sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  const out: ChangeLine[] = [];
  for (const field of fields) {
    const pair = changes[field];
    const [b, a] = Array.isArray(pair) ? pair : [undefined, pair];
    const col = screen?.columns[field];
    const label = labelOf(field, col, w);
    const before = valueText(field, col, b, w, keys, refs);
    const after = valueText(field, col, a, w, keys, refs);
    if (before === after && isMulti(b) && isMulti(a)) {
      out.push(...multiLines(field, label, b, a, col?.html === true));
      continue;
    }
    if (before === '' && after === '') continue;
    out.push({ field, label, before, after });
  }
  return out;
}

/** One line as text: 'Label: before → after' (a set), 'Label: value' (an add or a delete). */
export function lineText(l: ChangeLine, action: unknown): string {
  if (action === 'add' || (action === 'delete' && l.after === '')) return `${l.label}: ${action === 'add' ? l.after : l.before}`;
  return `${l.label}: ${l.before || NONE} → ${l.after || NONE}`;
}

/** The entry in one line: its lines joined by ' · '. */
export const changeText = (lines: readonly ChangeLine[], action: unknown): string => lines.map((l) => lineText(l, action)).join(' · ');
