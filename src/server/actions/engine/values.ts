/**
 * Validation of written values on the server: the column schemas of
 * `src/core/validation/columns.ts` (the same the browser forms use), their locale-key
 * issues turned into English 400 messages that name the field (`payload.min_margin: …`).
 */
import * as v from 'valibot';
import { FORBIDDEN_KEYS, PARSE_CONFIG, rowSchema, scalarSchema, writableFields, type FormMode, type Scalar } from '../../../core/validation/columns.ts';
import { fieldLabelId } from '../../../core/fieldLabel.ts';
import { M, englishText, issuePath, parseMessage } from '../../../core/validation/messages.ts';
import { sanitizeMulti } from './html.ts';
import { badRequest, invalidValue, refused } from '../../http/errors.ts';
import type { Screen, ValueType } from './screens.ts';

/** A plain JSON object whose keys are safe to look at; anything else is a 400. */
export function plainObject(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidValue(where, { id: M.type_object }, value);
  }
  for (const k of Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(k)) throw refused('key_not_allowed', `${where}.${k}: ${englishText({ id: M.key_not_allowed })}`, { field: `${where}.${k}` });
  }
  return value as Record<string, unknown>;
}

/**
 * Parses with a schema; the first issue becomes a 400 `invalid_value` naming its path under
 * `where`, its validation key and values, and (with `screen`) the column's label key.
 */
function check<T>(schema: v.GenericSchema<unknown, T>, value: unknown, where: string, screen?: Screen): T {
  const r = v.safeParse(schema, value, PARSE_CONFIG);
  if (r.success) return r.output;
  const issue = r.issues[0];
  const path = issuePath(issue);
  const field = path.split('.')[0] ?? '';
  const label = screen && Object.hasOwn(screen.columns, field) ? fieldLabelId(field, screen.columns[field]) : undefined;
  throw invalidValue(path ? `${where}.${path}` : where, parseMessage(issue.message), issue.input, label);
}

const scalars = new Map<ValueType, v.GenericSchema<unknown, Scalar>>();

/** A scalar of the column's value type, as used in filters and keys (no bounds). */
export function scalar(type: ValueType, value: unknown, where: string): Scalar {
  if (type === 'json') throw invalidValue(where, { id: M.type_json }, value);
  const t = type === 'multi' ? 'text' : type; // a multi column is filtered by the text of one language
  let schema = scalars.get(t);
  if (!schema) scalars.set(t, (schema = scalarSchema(t)));
  return check(schema, value, where);
}

type Row = Record<string, unknown>;
const rowSchemas = new WeakMap<Screen, Record<FormMode, v.GenericSchema<unknown, Row>>>();

function schemaOf(screen: Screen, mode: FormMode) {
  let s = rowSchemas.get(screen);
  if (!s) rowSchemas.set(screen, (s = { add: rowSchema(screen, 'add', screen.valueType), set: rowSchema(screen, 'set', screen.valueType, { multiPatch: true }) }));
  return s[mode];
}

/**
 * How a validated value is bound to SQL: multi and json as JSON text (an empty multi is '{}').
 * An empty text of a language is no text: an add leaves the language out, a set's patch
 * names it null so the merge drops it (write.ts) — an exported blank imports back unchanged.
 */
function sqlValue(type: ValueType, value: unknown, mode: FormMode): unknown {
  if (type === 'multi') {
    const texts = Object.entries((value ?? {}) as Record<string, string>);
    return JSON.stringify(Object.fromEntries(mode === 'add' ? texts.filter(([, t]) => t !== '') : texts.map(([l, t]) => [l, t === '' ? null : t])));
  }
  if (type === 'json') return value === null ? null : JSON.stringify(value);
  return value;
}

/**
 * Validates the written fields of a set (changed fields, without key and version) or add
 * payload: only writable fields may appear; values by the column schemas. Returns the
 * values as bound to SQL, only for the fields given (and missing must-haves fail on add).
 */
export function rowValues(screen: Screen, mode: FormMode, obj: Row, where: string): Row {
  const writable = new Set(writableFields(screen, mode));
  for (const field of Object.keys(obj)) {
    if (!writable.has(field)) {
      const why = Object.hasOwn(screen.columns, field) ? 'is not editable' : 'is not a column of this form';
      throw badRequest(`${where}.${field}: "${field}" ${why}`);
    }
  }
  const parsed = check(schemaOf(screen, mode), obj, where, screen);
  const values: Row = {};
  for (const [field, value] of Object.entries(parsed)) {
    const clean = screen.columns[field]?.html && value && typeof value === 'object' ? sanitizeMulti(value as Record<string, string>) : value;
    values[field] = sqlValue(screen.valueType[field]!, clean, mode);
  }
  return values;
}

/** Deepest nesting of a stored JSON document (grid state). */
const MAX_JSON_DEPTH = 32;
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * A plain JSON object to store as jsonb (grid state, saved views): no forbidden keys at
 * any depth, finite numbers, no U+0000 or lone surrogates, at most `maxBytes` as JSON
 * and 32 levels deep. Walks iteratively: a hostile document cannot exhaust the stack.
 */
export function jsonDocument(value: unknown, where: string, maxBytes: number): Record<string, unknown> {
  const top = plainObject(value, where);
  const stack: [unknown, string, number][] = [[top, where, 0]];
  while (stack.length) {
    const [node, path, depth] = stack.pop()!;
    if (typeof node === 'string') {
      if (node.includes('\u0000') || LONE_SURROGATE.test(node)) throw refused('invalid_character', `${path}: ${englishText({ id: M.invalid_character })}`, { field: path });
    } else if (typeof node === 'number') {
      if (!Number.isFinite(node)) throw invalidValue(path, { id: M.type_number }, node);
    } else if (typeof node === 'object' && node !== null) {
      if (depth >= MAX_JSON_DEPTH) throw badRequest(`${path}: nested deeper than ${MAX_JSON_DEPTH} levels`);
      if (Array.isArray(node)) {
        node.forEach((x, i) => stack.push([x, `${path}.${i}`, depth + 1]));
      } else {
        for (const [k, x] of Object.entries(node)) {
          if (FORBIDDEN_KEYS.has(k)) throw refused('key_not_allowed', `${path}.${k}: ${englishText({ id: M.key_not_allowed })}`, { field: `${path}.${k}` });
          if (k.includes('\u0000') || LONE_SURROGATE.test(k)) throw refused('invalid_character', `${path}: ${englishText({ id: M.invalid_character })}`, { field: path });
          stack.push([x, `${path}.${k}`, depth + 1]);
        }
      }
    } else if (typeof node !== 'boolean' && node !== null) {
      throw invalidValue(path, { id: M.type_json }, node);
    }
  }
  const bytes = Buffer.byteLength(JSON.stringify(top), 'utf8');
  if (bytes > maxBytes) throw refused('too_large', `${where}: at most ${maxBytes} bytes as JSON, got ${bytes}`, { field: where, limit: maxBytes });
  return top;
}
