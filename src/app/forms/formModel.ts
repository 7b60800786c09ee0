/**
 * The pure part of descriptor forms (no React, no I/O): which fields a form shows, how
 * inputs turn into values, the payloads of add and edit, and validation with the shared
 * column schemas of src/core/validation (the same the server runs).
 */
import * as v from 'valibot';
import type { ColumnMeta, ColumnType, ScreenDescriptor } from '../../../schemas/screen.ts';
import { fieldLabelId } from '../../core/fieldLabel.ts';
import { DEFAULT_LANG, LANGS, type Lang } from '../../core/langs.ts';
import { PARSE_CONFIG, fieldSchemas, keysOf, mustHave, writableFields, type FormMode, type ValueType } from '../../core/validation/columns.ts';
import { M, issuesByPath, parseMessage, type Message } from '../../core/validation/messages.ts';
import { rowRuleRefusal } from '../../core/validation/rowRules.ts';
import { editableNumber } from '../../core/numberInput.ts';
import { parseTags, tagList } from '../../core/format.ts';
import { columnTypes, type TypeCtx } from '../../core/columnTypes/index.ts';
import { TAG_SEPARATOR, tagsValue } from '../grid/editors/tags.ts';
import { editorLookups, isEditorKey } from '../../core/registryKeys.ts';
import { displayTextOf, lookupDisplayField, treePath } from '../../core/lookupDisplay.ts';
import { pickText } from '../../core/multiText.ts';
import { sortChoices } from '../../core/choiceOrder.ts';
import { shownNumber, type MoneyTyping } from '../grid/moneyTyping.ts';

export type ScreenFormMode = 'add' | 'edit';
type Row = Record<string, unknown>;

/**
 * How a field is edited (spec §2's form input types: multi, editor = multi with `html`,
 * select, tag, language, date, service, product = ref to a search lookup).
 */
export type InputKind = 'text' | 'number' | 'checkbox' | 'date' | 'datetime' | 'select' | 'ref' | 'multi' | 'json' | 'tag' | 'language' | 'service';

export interface FormField {
  field: string;
  col: ColumnMeta;
  type: ColumnType;
  /** Locale key of the label. */
  labelId: string;
  input: InputKind;
  /** The lookup form whose rows a ref or service input offers (the column's, else its editor's). */
  lookup?: string;
  /** Must be given (required, or the key on add). */
  required: boolean;
  /** Shown, never written: a column the form may not change (a record form's computed or system value). */
  readOnly?: true;
}

/** What the inputs hold: text of text-like inputs, a boolean, a key value (select/ref), language → text. */
export type RawValue = string | boolean | number | null | Record<string, string>;
export type RawValues = Record<string, RawValue>;
/** Errors by path: 'vat_rate', 'product_name', 'product_name.de'. */
export type Errors = Record<string, Message>;

/**
 * How a field's amount is typed, for money inputs (grid/moneyCurrency.ts `typingIn`, as the
 * grid's cells): shown and typed in the view currency, stored converted back. Undefined
 * for other fields.
 */
export type MoneyOf = (f: FormField) => MoneyTyping | undefined;

const schemaMode = (mode: ScreenFormMode): FormMode => (mode === 'add' ? 'add' : 'set');

/**
 * The input of a column: its `editor` registry key where a form has an input of that
 * kind and the column's type fits it (the grid edits the same column with the same key),
 * else the one of its type.
 */
export function inputKind(col: Pick<ColumnMeta, 'type' | 'editor' | 'options'>): InputKind {
  const editor = isEditorKey(col.editor) ? col.editor : undefined;
  if (editor === 'tag' && (col.type === 'text' || col.type === 'json')) return 'tag';
  if (editor === 'language' && col.type === 'text') return 'language';
  if (editor === 'service' && (col.type === 'text' || col.type === 'ref')) return 'service';
  if (editor === 'country' && (col.type === 'text' || col.type === 'ref')) return 'ref';
  switch (col.type) {
    case 'ref':
      return 'ref';
    case 'multi':
      return 'multi';
    case 'json':
      return 'json';
    case 'bool':
      return 'checkbox';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    default:
      if (col.options?.length) return 'select';
      return col.type === 'text' ? 'text' : 'number';
  }
}

/**
 * The fields of a form, in column order: add = the editable columns plus the key columns
 * unless the key is generated; edit = the editable columns.
 */
export function formFields(screen: Pick<ScreenDescriptor, 'columns' | 'source'>, mode: ScreenFormMode): FormField[] {
  return writableFields(screen, schemaMode(mode)).map((field) => {
    const col = screen.columns[field]!;
    const input = inputKind(col);
    const lookup = input === 'ref' || input === 'service' ? (col.lookup ?? (isEditorKey(col.editor) ? editorLookups[col.editor] : undefined)) : undefined;
    return {
      field,
      col,
      type: col.type,
      labelId: fieldLabelId(field, col),
      input,
      ...(lookup ? { lookup } : {}),
      required: col.required || (mode === 'add' && mustHave(screen, field)),
    };
  });
}

/** Whether the screen's columns name groups (`group`): its forms are then tabs, and its edit form shows the whole record. */
export const hasGroups = (screen: Pick<ScreenDescriptor, 'columns'>): boolean => Object.values(screen.columns).some((c) => c.group !== undefined);

/**
 * The fields a form shows: those it writes (`formFields`), and on editing a row of a screen
 * with groups every other column too, read-only, in column order — the form is then the
 * row's whole record (Odoo's form view), its computed and system values said as such. Not
 * shown: json columns (a workflow's actions) and the row version.
 */
export function shownFields(screen: Pick<ScreenDescriptor, 'columns' | 'source'>, mode: ScreenFormMode): FormField[] {
  const writable = formFields(screen, mode);
  if (mode !== 'edit' || !hasGroups(screen)) return writable;
  const byField = new Map(writable.map((f) => [f.field, f]));
  return Object.entries(screen.columns).flatMap(([field, col]): FormField[] => {
    const w = byField.get(field);
    if (w) return [w];
    if (col.type === 'json' || field === screen.source.version) return [];
    const input = inputKind(col);
    const lookup = input === 'ref' || input === 'service' ? (col.lookup ?? (isEditorKey(col.editor) ? editorLookups[col.editor] : undefined)) : undefined;
    return [{ field, col, type: col.type, labelId: fieldLabelId(field, col), input, ...(lookup ? { lookup } : {}), required: false, readOnly: true }];
  });
}

/** A tab of a form: its group (`groups.<group>` titles it) and its fields. */
export interface FormGroup {
  group: string;
  fields: FormField[];
}

/**
 * The tabs of a form whose columns name groups, in the order the groups first appear; a
 * field naming none joins the first group. Null when no column names a group (one page).
 */
export function formGroups(fields: readonly FormField[]): FormGroup[] | null {
  const first = fields.find((f) => f.col.group !== undefined)?.col.group;
  if (first === undefined) return null;
  const out = new Map<string, FormField[]>([[first, []]]);
  for (const f of fields) {
    const g = f.col.group ?? first;
    if (!out.has(g)) out.set(g, []);
    out.get(g)!.push(f);
  }
  return [...out].map(([group, fs]) => ({ group, fields: fs }));
}

/** The group (tab) holding an error's path ('product_name.de' → product_name's), or undefined. */
export function groupOfError(groups: readonly FormGroup[], path: string): number | undefined {
  const i = groups.findIndex((g) => g.fields.some((f) => path === f.field || path.startsWith(`${f.field}.`)));
  return i < 0 ? undefined : i;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** ISO → the local 'yyyy-MM-ddTHH:mm' of <input type="datetime-local">. */
export function toLocalDateTime(iso: unknown): string {
  if (typeof iso !== 'string' || !iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A stored number (a number, or a numeric text), else null. */
const numberOf = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
};

/** Whether a money input shows its amount in another currency than it is stored in. */
const converts = (money: MoneyTyping | undefined): money is MoneyTyping => !!money && money.shown !== money.stored;

/**
 * What an input shows for a stored value (add: the empty form). A money amount as the
 * grid shows it: converted into the currency shown and rounded to its digits.
 */
function initialRaw(f: FormField, value: unknown, money?: MoneyTyping, lang: string = DEFAULT_LANG): RawValue {
  const n = f.input === 'number' && converts(money) ? numberOf(value) : null;
  if (n !== null) return editableNumber(shownNumber(n, money!), lang);
  switch (f.input) {
    case 'number':
      // The UI language's decimal mark: what the input opens with reads back as the stored number.
      return editableNumber(value, lang);
    case 'checkbox':
      return value === true;
    case 'multi': {
      const out: Record<string, string> = {};
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        for (const [lang, text] of Object.entries(value)) if (typeof text === 'string') out[lang] = text;
      }
      return out;
    }
    case 'select':
    case 'ref':
    case 'service':
    case 'language':
      return typeof value === 'string' || typeof value === 'number' ? value : null;
    case 'tag':
      return tagList(value).join(TAG_SEPARATOR);
    case 'datetime':
      return toLocalDateTime(value);
    case 'json':
      return value === null || value === undefined ? '' : JSON.stringify(value, null, 2);
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}

/**
 * What the inputs start with: the row's values (edit; add: the values it is pre-filled
 * with, e.g. a detail grid's master key); on add, a field the row does not give starts
 * with the column's `default`.
 */
export function initialValues(fields: FormField[], row?: Row, mode: ScreenFormMode = 'edit', moneyOf?: MoneyOf, lang: string = DEFAULT_LANG): RawValues {
  return Object.fromEntries(fields.map((f) => [f.field, initialRaw(f, startValue(f, row, mode), moneyOf?.(f), lang)]));
}

/**
 * What an add form's inputs start with from the session (a column's `defaultFrom`): today's
 * date where the user is, the company's currency. The database defaults the same when the
 * field is left out; showing it lets the user see and change it.
 */
export function sessionStarts(fields: readonly FormField[], session: { companyCurrency?: string | undefined }, now = new Date()): Row {
  const out: Row = {};
  for (const f of fields) {
    if (f.col.defaultFrom === 'today') out[f.field] = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
    else if (f.col.defaultFrom === 'companyCurrency' && session.companyCurrency) out[f.field] = session.companyCurrency;
  }
  return out;
}

/** The stored value an input starts from: the row's (add: its pre-filled value, else the column's `default`). */
function startValue(f: FormField, row: Row | undefined, mode: ScreenFormMode): unknown {
  const useDefault = mode === 'add' && f.col.default !== undefined && !(row && Object.hasOwn(row, f.field));
  return useDefault ? f.col.default : row?.[f.field];
}

/**
 * Number inputs read numbers as the UI language writes them, as the grid does (core
 * numberInput.ts: '1,000' is 1000 in English, '1.5' is refused in German); a leading
 * minus keeps its sign. The input strips as the user types (core `numberTyping`), so
 * what it shows is what this reads. A money amount is converted back into the stored
 * currency. Blank → null; otherwise the number or the refusal to show at the field.
 */
export function parseNumberInput(raw: string, lang: string, money?: MoneyTyping, integer = false): { value: number | null } | { error: Message } {
  return typed(integer ? 'int' : money ? 'money' : 'number', raw, { lang: lang as Lang, money }) as { value: number | null } | { error: Message };
}

/** An input's text read by its column type's `parse` (core/columnTypes/): the value, or the refusal to show at the field. */
function typed(type: ColumnType, raw: string, ctx: TypeCtx): { value: unknown } | { error: Message } {
  const r = columnTypes[type].parse(raw, ctx);
  return r.ok ? { value: r.value } : { error: parseMessage(r.message) };
}

/** A multi value as sent: languages left empty are dropped unless they clear a stored text. */
export function multiValue(raw: Record<string, string>, stored?: unknown): Record<string, string> {
  const before = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const out: Record<string, string> = {};
  for (const [lang, text] of Object.entries(raw)) {
    const had = typeof before[lang] === 'string' && before[lang] !== '';
    if (text !== '' || had) out[lang] = text;
  }
  return out;
}

/**
 * Input → value, or an error when the text cannot be that type at all (e.g. JSON syntax).
 * A money amount is typed in `money.shown`; numbers as `lang` (the UI language) writes them.
 */
export function toValue(f: FormField, raw: RawValue, stored?: unknown, money?: MoneyTyping, lang: string = DEFAULT_LANG): { value: unknown } | { error: Message } {
  switch (f.input) {
    case 'checkbox':
      return { value: raw === true };
    case 'multi':
      return { value: multiValue((raw ?? {}) as Record<string, string>, stored) };
    case 'select':
    case 'ref':
    case 'service':
    case 'language':
      return { value: raw === '' ? null : raw };
    case 'tag':
      return { value: tagsValue(parseTags(String(raw ?? '')), f.type) };
    case 'number':
      return f.type === 'int' ? parseNumberInput(String(raw ?? ''), lang, undefined, true) : parseNumberInput(String(raw ?? ''), lang, money);
    case 'date':
    case 'datetime':
    case 'json': {
      // The column type's reading (a date-time box's `yyyy-MM-ddTHH:mm` is a local time).
      const r = typed(f.input, String(raw ?? ''), { lang: lang as Lang });
      if ('error' in r || f.input !== 'datetime' || r.value === null) return r;
      // A date-time the box cannot hold is refused at the field, not sent.
      const d = new Date(String(r.value));
      return Number.isNaN(d.getTime()) ? { error: { id: M.type_datetime } } : { value: d.toISOString() };
    }
    default:
      return { value: raw ?? '' };
  }
}

/** Whether an input differs from what it showed at the start (multi: by language, '' = absent). */
export function isChanged(f: FormField, initial: RawValue, current: RawValue): boolean {
  if (f.input !== 'multi') return initial !== current;
  const a = (initial ?? {}) as Record<string, string>;
  const b = (current ?? {}) as Record<string, string>;
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].some((l) => (a[l] ?? '') !== (b[l] ?? ''));
}

export interface Submission {
  /** The writable fields validated (add: every field; edit: the changed ones). */
  values: Row;
  /** Input conversion errors (a number without digits, bad JSON). */
  errors: Errors;
}

/**
 * The fields a submit writes, converted. Add: every field, empty ones left out (the
 * database default applies; must-haves then fail validation). Edit: only the fields
 * whose input changed. A money amount shown converted and left as it was keeps the value
 * it started from exactly (no drift by the shown rounding).
 */
export function collect(fields: FormField[], mode: ScreenFormMode, initial: RawValues, current: RawValues, row?: Row, moneyOf?: MoneyOf, lang: string = DEFAULT_LANG): Submission {
  const values: Row = {};
  const errors: Errors = {};
  for (const f of fields) {
    const changed = isChanged(f, initial[f.field] ?? null, current[f.field] ?? null);
    if (mode === 'edit' && !changed) continue;
    const money = moneyOf?.(f);
    const start = !changed && converts(money) ? numberOf(startValue(f, row, mode)) : null;
    const r = start !== null ? { value: start } : toValue(f, current[f.field] ?? null, row?.[f.field], money, lang);
    if ('error' in r) errors[f.field] = r.error;
    else if (mode === 'edit' || !isEmptyValue(f, r.value)) values[f.field] = r.value;
  }
  return { values, errors };
}

const isEmptyValue = (f: FormField, x: unknown) => x === null || x === '' || (f.input === 'multi' && Object.keys(x as object).length === 0);

/**
 * The refusals of the columns' row rules (core/validation/rowRules.ts) over the row the
 * form edits with the values given (an order line's discount within its product's limit).
 */
function rowRuleErrors(screen: Pick<ScreenDescriptor, 'columns'>, values: Row, row: Row | undefined): Errors {
  const errors: Errors = {};
  const merged = { ...row, ...values };
  for (const [field, value] of Object.entries(values)) {
    const refused = rowRuleRefusal(screen.columns[field]?.rowRule, value, merged);
    if (refused) errors[field] = parseMessage(refused);
  }
  return errors;
}

/** Validates the collected values with the shared row schema, then the columns' row rules over `row` (edit: the row edited); errors by path. */
export function validate(
  screen: Pick<ScreenDescriptor, 'columns' | 'source'>,
  mode: ScreenFormMode,
  valueTypes: Record<string, ValueType>,
  sub: Submission,
  row?: Row,
): { ok: true; values: Row } | { ok: false; errors: Errors } {
  const schemas = fieldSchemas(screen, schemaMode(mode), valueTypes);
  const r = v.safeParse(v.object(schemas), sub.values, PARSE_CONFIG);
  const errors: Errors = { ...(r.success ? {} : issuesByPath(r.issues)) };
  if (r.success) Object.assign(errors, rowRuleErrors(screen, r.output, row));
  for (const [p, m] of Object.entries(sub.errors)) errors[p] = m;
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, values: r.success ? r.output : {} };
}

/** Errors of one field (blur, or every change of a multi field): the field's path and its languages. */
export function validateField(
  screen: Pick<ScreenDescriptor, 'columns' | 'source'>,
  mode: ScreenFormMode,
  valueTypes: Record<string, ValueType>,
  f: FormField,
  raw: RawValue,
  stored?: unknown,
  money?: MoneyTyping,
  lang: string = DEFAULT_LANG,
  row?: Row,
): Errors {
  const c = toValue(f, raw, stored, money, lang);
  if ('error' in c) return { [f.field]: c.error };
  const schema = fieldSchemas(screen, schemaMode(mode), valueTypes)[f.field]!;
  const value = mode === 'add' && isEmptyValue(f, c.value) ? undefined : c.value;
  const r = v.safeParse(schema, value, PARSE_CONFIG);
  if (r.success) return r.output === undefined ? {} : rowRuleErrors(screen, { [f.field]: r.output }, row);
  return Object.fromEntries(Object.entries(issuesByPath(r.issues)).map(([p, m]) => [p ? `${f.field}.${p}` : f.field, m]));
}

/** Replaces the errors of one field (and its languages) with new ones. */
export function withFieldErrors(errors: Errors, field: string, next: Errors): Errors {
  const out: Errors = {};
  for (const [p, m] of Object.entries(errors)) if (p !== field && !p.startsWith(`${field}.`)) out[p] = m;
  return { ...out, ...next };
}

/** The set payload of edit mode: the row's key fields and version, then the changed fields. */
export function editPayload(screen: Pick<ScreenDescriptor, 'source'>, row: Row, changed: Row): Row {
  const payload: Row = {};
  for (const k of keysOf(screen)) payload[k] = row[k];
  if (screen.source.version) payload[screen.source.version] = row[screen.source.version];
  return { ...payload, ...changed };
}

/** The languages a multi input offers: the UI languages (spec §1). */
export const FORM_LANGS = LANGS;

/** A lookup row's label (core/lookupDisplay.ts); multi in the language (then English, then any). */
export function lookupLabel(lookup: Pick<ScreenDescriptor, 'columns' | 'source'>, row: Row, lang: string): string {
  const keys = keysOf(lookup);
  const field = lookupDisplayField(lookup.columns, keys);
  // A lookup of keys only shows its key.
  return keys.includes(field) ? String(row[field] ?? '') : displayTextOf(lookup.columns, keys, row, (v) => multiText(v, lang));
}

/** A lookup's labels over its loaded rows: a tree lookup's (source.parent) are paths, as the grid's. */
function lookupLabels(lookup: Pick<ScreenDescriptor, 'columns' | 'source'>, rows: Row[], lang: string): (row: Row) => string {
  const parent = lookup.source.parent;
  if (!parent) return (r) => lookupLabel(lookup, r, lang);
  const key = keysOf(lookup)[0]!;
  const byKey = new Map(rows.map((r) => [String(r[key]), r]));
  return (row) =>
    treePath(
      row,
      (r) => (r[parent] == null ? undefined : byKey.get(String(r[parent]))),
      (r) => lookupLabel(lookup, r, lang) || String(r[key]),
    );
}

/** A multi value's text in the language, else English, else any (core/multiText.ts). */
function multiText(value: unknown, lang: string): string {
  if (!value || typeof value !== 'object') return '';
  return pickText(value, lang)?.text ?? '';
}

export interface AddedTags {
  tags: string[];
  /** Typed tags that did not fit (they stay in the text). */
  left: string;
  /** Why something was not added: already there (forms.tag_exists), or too long (validation.max_length). */
  note?: Message;
}

/** Adds typed tags ('a, b') to a list: repeated ones are dropped, ones past maxLength left over. Pure. */
export function addTags(tags: readonly string[], typed: string, maxLength: number | undefined): AddedTags {
  const out = [...tags];
  const left: string[] = [];
  let note: Message | undefined;
  for (const part of typed.split(',')) {
    const tag = part.trim();
    if (!tag) continue;
    if (out.some((x) => x.toLowerCase() === tag.toLowerCase())) {
      note ??= { id: 'forms.tag_exists' };
    } else if (left.length || (maxLength !== undefined && [...out, tag].join(TAG_SEPARATOR).length > maxLength)) {
      left.push(tag);
      note = { id: M.max_length, values: { max: maxLength ?? 0 } };
    } else out.push(tag);
  }
  return { tags: out, left: left.join(TAG_SEPARATOR), ...(note ? { note } : {}) };
}

/** A choice of a select-like input. */
export interface Choice {
  value: string | number;
  label: string;
}

/**
 * The choices of a select, ref or service input: the column's options, or the rows of
 * its lookup (`rows`, when loaded; `lookup` is the lookup's descriptor when the runtime
 * has it). Refs show the lookup's label; services 'code · name' (spec §3: a service is
 * its product_code and product_names). A lookup's rows are in the order of their labels
 * in the UI language, as the grid's filter lists (core/choiceOrder.ts); options keep the
 * descriptor's order. The current value is always among them.
 */
export function choices(
  f: FormField,
  value: RawValue,
  rows: Row[] | undefined,
  lang: string,
  lookup?: Pick<ScreenDescriptor, 'columns' | 'source'>,
  /** The name of an option (the column renderer's), else the option itself. */
  optionLabel?: (option: string | number) => string,
): Choice[] {
  let out: Choice[] = [];
  if (f.input === 'select') {
    out = (f.col.options ?? []).map((o) => ({ value: o, label: optionLabel?.(o) ?? String(o) }));
  } else if (rows) {
    const key = lookup ? keysOf(lookup)[0]! : f.input === 'service' ? 'product_code' : undefined;
    const label = lookup ? lookupLabels(lookup, rows, lang) : () => '';
    out = sortChoices(
      rows.flatMap((r) => {
        const k = key ? r[key] : undefined;
        if (typeof k !== 'string' && typeof k !== 'number') return [];
        const name = f.input === 'service' ? multiText(r.product_names, lang) || label(r) : label(r);
        if (f.input === 'service') return [{ value: k, label: name && name !== String(k) ? `${String(k)} · ${name}` : String(k) }];
        return [{ value: k, label: name || String(k) }];
      }),
      lang,
    );
  }
  if ((typeof value === 'string' || typeof value === 'number') && value !== '' && !out.some((o) => o.value === value)) {
    out = [{ value, label: String(value) }, ...out];
  }
  return out;
}

/**
 * How a form names the row it edits: its key as people type it ('P000005'); a row whose
 * key the database generates (a number nobody knows) by its name in the language, else
 * that key. Keys of several columns are joined by ' / '.
 */
export function rowName(screen: Pick<ScreenDescriptor, 'columns' | 'source'>, row: Row, lang: string): string {
  const keys = keysOf(screen);
  if (screen.source.generatedKey) {
    // Named as a lookup of it would show it (core/lookupDisplay.ts, as the detail panel's title).
    const name = displayTextOf(screen.columns, keys, row, (v) => multiText(v, lang));
    if (name) return name;
  }
  return keys.map((k) => (row[k] === null || row[k] === undefined ? '' : String(row[k]))).join(' / ');
}

/**
 * The title of a form's dialog, as a person writes it: the screen's own phrase when the
 * catalogue has one (`screens.<form>.new` 'New product', `screens.<form>.edit` 'Edit
 * product {item}': whole phrases, since gender and case agree with the noun in most of the
 * seven languages), else a general one naming the screen ('New entry — Shop pages').
 */
export function formTitle(
  screen: Pick<ScreenDescriptor, 'form' | 'columns' | 'source'>,
  mode: ScreenFormMode,
  row: Row | undefined,
  lang: string,
  t: (id: string, values?: Record<string, string>) => string,
  has: (id: string) => boolean,
): string {
  const item = mode === 'edit' ? rowName(screen, row ?? {}, lang) : '';
  const own = `screens.${screen.form}.${mode === 'add' ? 'new' : 'edit'}`;
  if (has(own)) return t(own, { item });
  return t(mode === 'add' ? 'forms.title_add' : 'forms.title_edit', { screen: t(`screens.${screen.form}.title`), item });
}
