/**
 * Valibot schemas of written values, built from descriptor columns: the one set of rules
 * the server's api_action engine and the browser forms both validate with.
 * Isomorphic and pure (no I/O, no React). Issue messages are locale keys (./messages.ts).
 * Each type's own rules are its module's (core/columnTypes/<type>.ts `schema`); this file
 * assembles them into the schemas of a form's fields and a written row.
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
import type { ColumnSpec, ScreenSpec } from '../descriptor.ts';
import type { ValueType } from '../query/kinds.ts';
import { isEmpty, isPlainObject } from '../columnTypes/shared.ts';
import { columnRules, schemaOf } from '../columnTypes/validate.ts';
import { M } from './messages.ts';

export { MAX_TEXT } from '../columnTypes/shared.ts';
export { PARSE_CONFIG } from '../columnTypes/schemas.ts';
export { FORBIDDEN_KEYS } from '../columnTypes/rules/multi.ts';
export { isValidDate } from '../columnTypes/date.ts';
export type { ColumnRules } from '../columnTypes/types.ts';
import type { ColumnRules } from '../columnTypes/types.ts';

const emptyToNull = v.transform<unknown, unknown>((x) => (isEmpty(x) ? null : x));

/** Scalar type of a column's values: a ref column takes the type of its lookup's key. */
export type { ValueType };
export type Scalar = string | number | boolean;
/** The value a column schema outputs. */
export type ColumnValue = unknown;

export type ScalarType = Exclude<ValueType, 'multi' | 'json'>;

/** The bare type of a scalar (keys, filter values): no emptiness, no bounds (its type module's `scalar`). */
export const scalarSchema = (type: ScalarType): v.GenericSchema<unknown, Scalar> => columnRules[type].scalar() as v.GenericSchema<unknown, Scalar>;

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

/**
 * The schema of one written value: empty → null (or `validation.required`), else the
 * type's schema with the column's rules (its type module's). Output is the value as it is
 * stored (datetime as ISO).
 */
export function columnSchema(col: ColumnRules, type: ValueType): v.GenericSchema<unknown, ColumnValue> {
  return schemaOf(col, type);
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
function valueTypeOf(col: Pick<ColumnSpec, 'type'>, refType?: ValueType): ValueType {
  if (col.type !== 'ref') return col.type;
  if (!refType) throw new Error('a ref column needs the value type of its lookup key');
  return refType;
}

/** Value types of a screen's columns; `lookup` resolves a lookup form's descriptor. */
export function screenValueTypes(screen: Pick<ScreenSpec, 'columns'>, lookup: (form: string) => Pick<ScreenSpec, 'columns' | 'source'> | undefined): Record<string, ValueType> {
  // No prototype: a field named like Object.prototype's members (toString) is no column's.
  const out = Object.create(null) as Record<string, ValueType>;
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
