/**
 * Valibot schemas of written values, built from descriptor columns: the one set of rules
 * the server's api_action engine and the browser forms both validate with.
 * Isomorphic and pure (no I/O, no React). Issue messages are locale keys (./messages.ts).
 *
 * Rules (the descriptor's column, schemas/screen.ts; what of it is read: ../descriptor.ts):
 * - `null`, `undefined` and `''` are "empty": allowed (→ null) unless `required`.
 * - types: int = safe integer; number/money = finite number; bool; date = a real calendar
 *   date `yyyy-MM-dd`; datetime = a parseable date-time (≤ 40 chars) → ISO; text = string;
 *   multi = object of two-letter language code → string; json = any JSON value.
 * - text: `required` also refuses blank text; `maxLength`; `pattern` (its refusal names
 *   `patternHint`, the allowed characters, when the column gives it); `format: 'email'`
 *   stores the address in its normal form and refuses one the e-mail rule does not take
 *   (core/email.ts, the rule sign-in checks with).
 * - multi: `maxLength` per language; `required` = non-blank in at least one language.
 * - `min`/`max` compare by value (numbers; dates as `yyyy-MM-dd` strings); `options` lists
 *   the only allowed values.
 */
import * as v from 'valibot';
import type { ColumnSpec, ColumnType, ScreenSpec } from '../descriptor.ts';
import { isEmail, normalizeEmail } from '../email.ts';
import { M, msg } from './messages.ts';

/** Scalar type of a column's values: a ref column takes the type of its lookup's key. */
export type ValueType = Exclude<ColumnType, 'ref'>;
/** The parts of a column the value rules read. */
export type ColumnRules = Pick<ColumnSpec, 'required' | 'min' | 'max' | 'maxLength' | 'pattern' | 'patternHint' | 'options'> & Partial<Pick<ColumnSpec, 'format'>>;
export type Scalar = string | number | boolean;
export type MultiText = Record<string, string>;
/** The value a column schema outputs. */
export type ColumnValue = unknown;

/** Longest text (per language for multi) and largest JSON text accepted, whatever the descriptor says. */
export const MAX_TEXT = 100_000;
export const MAX_JSON = 100_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const LANG = /^[a-z]{2}$/;
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export const isEmpty = (x: unknown): x is null | undefined | '' => x === null || x === undefined || x === '';
export const isPlainObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** A real calendar date written yyyy-MM-dd (2026-02-30 is not). */
export function isValidDate(s: string): boolean {
  if (!DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** PostgreSQL text and jsonb cannot hold U+0000. */
const noNul = (s: string) => !s.includes('\u0000');
const noNulDeep = (x: unknown): boolean => (typeof x === 'string' ? noNul(x) : typeof x === 'object' && x !== null ? Object.entries(x).every(([k, val]) => noNul(k) && noNulDeep(val)) : true);
const isDateTime = (s: string) => s.length <= 40 && !Number.isNaN(Date.parse(s));

export const typeMessage: Record<ValueType, string> = {
  int: M.type_integer,
  number: M.type_number,
  money: M.type_number,
  bool: M.type_bool,
  date: M.type_date,
  datetime: M.type_datetime,
  text: M.type_text,
  multi: M.type_multi,
  json: M.type_json,
};

export type ScalarType = Exclude<ValueType, 'multi' | 'json'>;

/** The bare type of a scalar (keys, filter values): no emptiness, no bounds. */
export function scalarSchema(type: ScalarType): v.GenericSchema<unknown, Scalar> {
  const m = typeMessage[type];
  switch (type) {
    case 'int':
      return v.pipe(v.number(m), v.safeInteger(m));
    case 'number':
    case 'money':
      return v.pipe(v.number(m), v.finite(m));
    case 'bool':
      return v.boolean(m);
    case 'date':
      return v.pipe(v.string(m), v.check(isValidDate, m));
    case 'datetime':
      return v.pipe(
        v.string(m),
        v.check(isDateTime, m),
        v.transform((s) => new Date(s).toISOString()),
      );
    case 'text':
      return v.pipe(v.string(m), v.maxLength(MAX_TEXT, msg(M.max_length, { max: MAX_TEXT })), v.check(noNul, M.invalid_character));
  }
}

type Rule = [ok: (x: Scalar) => boolean, message: string];

/** Bound, length, pattern and option rules of a scalar column, in the order they are checked. */
function scalarRules(col: ColumnRules, type: ScalarType): Rule[] {
  const rules: Rule[] = [];
  if (type === 'text') {
    if (col.required) rules.push([(s) => (s as string).trim() !== '', M.required]);
    const maxLength = col.maxLength;
    if (maxLength) rules.push([(s) => (s as string).length <= maxLength, msg(M.max_length, { max: maxLength })]);
    if (col.pattern) {
      const re = new RegExp(col.pattern);
      rules.push([(s) => re.test(s as string), col.patternHint ? msg(M.pattern_chars, { chars: col.patternHint }) : M.pattern]);
    }
    if (col.format === 'email') rules.push([(s) => isEmail(s as string), M.invalid_email]);
  }
  // By value, as JavaScript compares (numbers numerically, yyyy-MM-dd strings in date order).
  const { min, max, options } = col;
  if (min !== undefined) rules.push([(x) => !((x as number) < (min as number)), msg(M.min, { min })]);
  if (max !== undefined) rules.push([(x) => !((x as number) > (max as number)), msg(M.max, { max })]);
  if (options) rules.push([(x) => options.includes(x as string | number), msg(M.options, { options })]);
  return rules;
}

/** The normal form of a text of a known form (an e-mail address: core/email.ts), before its rules are checked. */
const normalForm = (col: ColumnRules, type: ScalarType): v.GenericSchema<unknown, Scalar> =>
  type === 'text' && col.format === 'email'
    ? v.pipe(
        scalarSchema(type),
        v.transform((s) => normalizeEmail(s as string)),
      )
    : scalarSchema(type);

function scalarColumn(col: ColumnRules, type: ScalarType): v.GenericSchema<unknown, Scalar> {
  const rules = scalarRules(col, type);
  if (!rules.length) return normalForm(col, type);
  return v.pipe(
    normalForm(col, type),
    // The first rule that fails is the issue (one message per field).
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const failed = rules.find(([ok]) => !ok(dataset.value));
      if (failed) addIssue({ message: failed[1] });
    }),
  );
}

/** Multi-language text: { en: '…', de: '…' }; issues name the language ('product_name.de'). */
function multiColumn(col: ColumnRules): v.GenericSchema<unknown, MultiText> {
  const maxLength = Math.min(col.maxLength ?? MAX_TEXT, MAX_TEXT);
  return v.pipe(
    v.custom<Record<string, unknown>>(isPlainObject, M.type_multi),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const obj = dataset.value;
      let filled = false;
      for (const [lang, text] of Object.entries(obj)) {
        const fail = (message: string) => addIssue({ message, input: text, path: [{ type: 'object', origin: 'value', input: obj, key: lang, value: text }] });
        if (FORBIDDEN_KEYS.has(lang)) fail(M.key_not_allowed);
        else if (!LANG.test(lang)) fail(M.type_language);
        else if (typeof text !== 'string') fail(M.type_text);
        else if (text.length > maxLength) fail(msg(M.max_length, { max: maxLength }));
        else if (!noNul(text)) fail(M.invalid_character);
        else if (text.trim() !== '') filled = true;
      }
      if (col.required && !filled && !dataset.issues) addIssue({ message: M.required_any_language });
    }),
  ) as v.GenericSchema<unknown, MultiText>;
}

/** Does a multi-language value hold a non-blank text in some language? */
export const multiFilled = (x: unknown): boolean => isPlainObject(x) && Object.values(x).some((t) => typeof t === 'string' && t.trim() !== '');

/** A multi-language patch over the stored value, per language (as the engine writes it). */
export const mergeMulti = (stored: unknown, patch: unknown): Record<string, unknown> => ({
  ...(isPlainObject(stored) ? stored : {}),
  ...(isPlainObject(patch) ? patch : {}),
});

/**
 * The first required multi-language field of a `set` whose value, once the patch is
 * merged into the stored languages, holds no text in any language (else undefined).
 */
export function emptiedMulti(
  screen: { columns: Readonly<Record<string, Pick<ColumnSpec, 'type' | 'required'>>> },
  stored: Record<string, unknown> | undefined,
  patch: Record<string, unknown>,
): string | undefined {
  for (const [field, value] of Object.entries(patch)) {
    const col = screen.columns[field];
    if (!col || col.type !== 'multi' || !col.required) continue;
    const obj = typeof value === 'string' ? (JSON.parse(value) as unknown) : value; // SQL-bound values are JSON text
    if (!multiFilled(mergeMulti(stored?.[field], obj))) return field;
  }
  return undefined;
}

function jsonColumn(): v.GenericSchema<unknown, unknown> {
  return v.pipe(
    v.unknown(),
    v.check((x) => {
      try {
        return JSON.stringify(x) !== undefined;
      } catch {
        return false;
      }
    }, M.type_json),
    v.check((x) => (JSON.stringify(x) ?? '').length <= MAX_JSON, M.too_large),
    v.check(noNulDeep, M.invalid_character),
  );
}

const trimText = v.transform((x: unknown) => (typeof x === 'string' ? x.trim() : x));
const emptyToNull = v.transform<unknown, unknown>((x) => (isEmpty(x) ? null : x));

/**
 * The schema of one written value: empty → null (or `validation.required`), else the
 * type and the column's rules. Output is the value as it is stored (datetime as ISO).
 */
export function columnSchema(col: ColumnRules, type: ValueType): v.GenericSchema<unknown, ColumnValue> {
  const body = type === 'multi' ? multiColumn(col) : type === 'json' ? jsonColumn() : scalarColumn(col, type);
  // A text is stored without the spaces around it ('Nordvik ' beside 'Nordvik' is a trap).
  const start = type === 'text' ? v.pipe(v.unknown(), trimText, emptyToNull) : v.pipe(v.unknown(), emptyToNull);
  // A multi-language text left out entirely says the same rule as one left blank in every language.
  if (col.required)
    return v.pipe(
      start,
      v.check((x) => x !== null, type === 'multi' ? M.required_any_language : M.required),
      body,
    );
  return v.pipe(start, v.nullable(body));
}

/** What a form or a write needs of a screen. */
export type FormScreen = Pick<ScreenSpec, 'columns' | 'source'>;
export type FormMode = 'add' | 'set';

export const keysOf = (screen: Pick<ScreenSpec, 'source'>): string[] => (Array.isArray(screen.source.key) ? screen.source.key : [screen.source.key]);

/**
 * The fields written in a mode, in column order: `set` the editable columns; `add` also
 * the key columns unless the database generates the key.
 */
export function writableFields(screen: FormScreen, mode: FormMode): string[] {
  const keys = keysOf(screen);
  return Object.entries(screen.columns)
    .filter(([f, c]) => (c.editable && (c.editableOn === undefined || c.editableOn === mode)) || (mode === 'add' && keys.includes(f) && !screen.source.generatedKey))
    .map(([f]) => f);
}

export interface SchemaOptions {
  /**
   * `set` values of multi columns are patches of some languages (the server's engine):
   * a required one is checked against the stored value merged with it (`emptiedMulti`),
   * not here. Forms hold the whole value and leave this off.
   */
  multiPatch?: boolean;
}

/** Fields that must be given on add: required ones and the key unless generated. */
export function mustHave(screen: FormScreen, field: string): boolean {
  return screen.columns[field]!.required || (keysOf(screen).includes(field) && !screen.source.generatedKey);
}

/** The value type of a column: its own, or for a ref the one given (its lookup's key type). */
export function valueTypeOf(col: Pick<ColumnSpec, 'type'>, refType?: ValueType): ValueType {
  if (col.type !== 'ref') return col.type;
  if (!refType) throw new Error('a ref column needs the value type of its lookup key');
  return refType;
}

/** Value types of a screen's columns; `lookup` resolves a lookup form's descriptor. */
export function screenValueTypes(screen: Pick<ScreenSpec, 'columns'>, lookup: (form: string) => Pick<ScreenSpec, 'columns' | 'source'> | undefined): Record<string, ValueType> {
  const out: Record<string, ValueType> = {};
  for (const [field, col] of Object.entries(screen.columns)) {
    if (col.type !== 'ref') {
      out[field] = col.type;
      continue;
    }
    const lk = lookup(col.lookup!);
    if (!lk) throw new Error(`${field}: lookup "${col.lookup}" is not a form`);
    const keyType = lk.columns[keysOf(lk)[0]!]!.type;
    out[field] = keyType === 'ref' || keyType === 'multi' ? 'text' : keyType;
  }
  return out;
}

/**
 * The schema of each written field of a row, by field. `add`: the fields of
 * `writableFields(add)`; required ones and a non-generated key must be present and
 * non-empty. `set`: the editable fields, each optional (only changed fields are sent);
 * required ones may not be emptied.
 */
export function fieldSchemas(screen: FormScreen, mode: FormMode, valueTypes: Partial<Record<string, ValueType>>, opts: SchemaOptions = {}): Record<string, v.GenericSchema<unknown, unknown>> {
  const entries: Record<string, v.GenericSchema<unknown, unknown>> = {};
  for (const field of writableFields(screen, mode)) {
    const col = screen.columns[field]!;
    const must = mode === 'add' && mustHave(screen, field);
    const type = valueTypeOf(col, valueTypes[field]);
    const schema =
      opts.multiPatch && mode === 'set' && type === 'multi' && col.required
        ? // A patch of some languages: "at least one language" is the merged value's rule (emptiedMulti).
          v.pipe(
            v.unknown(),
            emptyToNull,
            v.check((x) => x !== null, M.required_any_language),
            columnSchema({ ...col, required: false }, type),
          )
        : columnSchema({ ...col, required: col.required || must }, type);
    // A missing must-have field runs as null, so it gets validation.required at its path.
    entries[field] = must ? v.optional(schema, null) : v.optional(schema);
  }
  return entries;
}

/**
 * The schema of the written fields of a row (see `fieldSchemas`). Key and row version of
 * `set` are not in it (the row gives them, the server checks them). Unknown fields are
 * dropped from the output (the server refuses them before).
 */
export function rowSchema(screen: FormScreen, mode: FormMode, valueTypes: Partial<Record<string, ValueType>>, opts: SchemaOptions = {}): v.GenericSchema<unknown, Record<string, ColumnValue>> {
  return v.object(fieldSchemas(screen, mode, valueTypes, opts), M.type_object);
}

/** Validation config: the first issue of each value's pipe, all fields. */
export const PARSE_CONFIG = { abortPipeEarly: true } as const;
