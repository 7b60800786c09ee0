import * as v from 'valibot';
import { ERROR_PARAMS, invalidValueParams, rowOfField, type ErrorCode, type ErrorParams } from '../../core/errorCodes.ts';
import { FORBIDDEN_KEYS } from '../../core/validation/columns.ts';
import { englishText, numericValues, parseMessage, type Message } from '../../core/validation/messages.ts';
import { recordRule } from '../../core/recordRules.ts';
import { confirmationOf } from '../../core/confirmations.ts';

/** The most characters of one value (a key, a column name, a text) an error shows; longer ones end in "…". */
const SHOWN_CHARS = 60;
/** The most characters of an error's message (a safety net: each value is clipped first), and of a parameter. */
const MAX_MESSAGE = 500;
const MAX_PARAM = 200;

/** A text cut to `max` characters and "…" (never between the halves of a surrogate pair). */
function clip(text: string, max = SHOWN_CHARS): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return `${text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max)}…`;
}

/**
 * A message as an answer shows it: every run of characters without a space, quote or dot
 * (a value, a key, one step of a dot path) clipped to SHOWN_CHARS, the whole to MAX_MESSAGE.
 * Messages name what the input said; a 100 kB key or value is not echoed back.
 */
const LONG_RUN = new RegExp(`[^\\s".]{${SHOWN_CHARS + 1},}`, 'g');
function clipMessage(text: string): string {
  return clip(text.length <= SHOWN_CHARS ? text : text.replace(LONG_RUN, (run) => clip(run)), MAX_MESSAGE);
}

/**
 * An expected failure with its HTTP status, a stable code (core/errorCodes.ts: the browser
 * says it in the user's language, with `params`) and an English message for logs and API users.
 */
export class HttpError extends Error {
  /** The code's parameters (ErrorBody `params`), each text clipped like the message. */
  readonly params?: ErrorParams;
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 412 | 413 | 415 | 429 | 502 | 503 | 504,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    /** The database rule (a named constraint) that refused the write: clients show its own message. */
    readonly rule?: string,
    params?: ErrorParams,
  ) {
    super(clipMessage(message));
    const all = rule ? { ...params, rule } : params;
    if (all) this.params = Object.fromEntries(Object.entries(all).map(([k, x]) => [k, typeof x === 'number' ? x : clip(clipMessage(x), MAX_PARAM)]));
  }
}

/** The dot path a message starts with (`payload.rows.3.price: …`). */
const LEADING_PATH = /^((?:payload|body|file|action)(?:\.[^\s:]+)?):/;

/** A request the server does not take; `field`: the input's path, else the one the message starts with. */
export const badRequest = (message: string, field = LEADING_PATH.exec(message)?.[1]) => new HttpError(400, 'bad_request', message, {}, undefined, field ? { field } : undefined);

/** A refusal with its own code (the message names the field for API users); a field of a bulk write's row adds `row`. */
export function refused(code: ErrorCode, message: string, params?: ErrorParams, status: 400 | 404 | 409 | 413 | 415 = 400): HttpError {
  const row = typeof params?.field === 'string' ? rowOfField(params.field) : undefined;
  return new HttpError(status, code, message, {}, undefined, row === undefined ? params : { ...params, row });
}
export const forbidden = (message = 'forbidden') => new HttpError(403, 'forbidden', message);

/**
 * A written value its column's rules refuse (core/validation): `reason` is the validation
 * key, its values travel beside it (numbers as numbers); `column`/`label` name the column.
 */
export function invalidValue(field: string, m: Message, input?: unknown, label?: string): HttpError {
  return new HttpError(400, 'invalid_value', `${field}: ${englishText(m, input)}`, {}, undefined, invalidValueParams(field, m, label));
}
/** A key the input's schema does not define (`field`: its dot path). */
const unknownField = (field: string) => new HttpError(400, 'unknown_field', `${field}: unknown field`, {}, undefined, { field });
/** A column the screen does not have, named where a column is expected. */
export const unknownColumn = (field: string, column: string) => new HttpError(400, 'unknown_column', `${field}: unknown column "${column}"`, {}, undefined, { field, column });
/** A valid request whose meaning the server does not serve (`field`: what asks for it). */
export const unsupported = (field: string, what: string) => new HttpError(400, 'unsupported', `${field}: ${what}`, {}, undefined, { field });

/** Validates untrusted input; the message names the field that failed. */
export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown, where = 'payload'): v.InferOutput<S> {
  const r = v.safeParse(schema, input);
  if (r.success) return r.output;
  const issue = r.issues[0];
  const path = v.getDotPath(issue);
  const at = path ? `${where}.${path}` : where;
  // A strict object's extra key: its own code, so a client tells a misspelt field from a bad value.
  if (issue.type === 'strict_object' && issue.expected === 'never') throw unknownField(at);
  throw badRequest(`${at}: ${issue.message}`, at);
}

/** A lone surrogate (not UTF-8 at all): with the `u` flag a pair is one code point and does not match. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
/** What in a string PostgreSQL cannot hold as text or jsonb (U+0000, a lone surrogate), as "U+XXXX"; undefined when it can. */
function unstorable(text: string): string | undefined {
  const c = text.includes('\u0000') ? '\u0000' : LONE_SURROGATE.exec(text)?.[0];
  return c === undefined ? undefined : `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Whether a string or key anywhere in the value is `unstorable`, or a key is a prototype key. */
function holdsUnsafe(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const node = stack.pop();
    if (typeof node === 'string') {
      if (node.includes('\u0000') || LONE_SURROGATE.test(node)) return true;
    } else if (Array.isArray(node)) {
      for (const x of node) stack.push(x);
    } else if (typeof node === 'object' && node !== null) {
      for (const k of Object.keys(node)) {
        if (FORBIDDEN_KEYS.has(k) || k.includes('\u0000') || LONE_SURROGATE.test(k)) return true;
        stack.push((node as Record<string, unknown>)[k]);
      }
    }
  }
  return false;
}

/**
 * Refuses, anywhere in untrusted JSON input (keys too), what no query or write may carry:
 * text PostgreSQL cannot hold (U+0000 is a 500 from the database, a lone surrogate would be
 * stored as U+FFFD), and the keys `__proto__`, `constructor`, `prototype` (valibot's records
 * drop them silently, so a filter on such a "column" would answer rows unfiltered). Once per
 * api_action payload and export body, before any parse: 400 `bad_request` naming the path.
 * Walks iteratively: a deep document cannot exhaust the stack.
 */
export function checkInputText(value: unknown, where: string): void {
  if (!holdsUnsafe(value)) return;
  // Found: walk again with the paths (kept off the common case: a bulk set of 5,000 rows costs ~2 ms, not ~5).
  const stack: [unknown, string][] = [[value, where]];
  while (stack.length) {
    const [node, path] = stack.pop()!;
    if (typeof node === 'string') {
      const bad = unstorable(node);
      if (bad) throw refused('invalid_character', `${path}: contains a character that cannot be stored (${bad})`, { field: path });
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push([node[i], `${path}.${i}`]);
    } else if (typeof node === 'object' && node !== null) {
      const entries = Object.entries(node);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, x] = entries[i]!;
        if (FORBIDDEN_KEYS.has(k)) throw refused('key_not_allowed', `${path}.${k}: this key is not allowed`, { field: `${path}.${k}` });
        const bad = unstorable(k);
        if (bad) throw refused('invalid_character', `${path}: a key contains a character that cannot be stored (${bad})`, { field: path });
        stack.push([x, `${path}.${k}`]);
      }
    }
  }
}

/** PostgreSQL error codes that mean the input was wrong, not the server: its code and English text. */
const pgInputErrors: Record<string, [ErrorCode, string]> = {
  '23505': ['already_exists', 'already exists'],
  '23503': ['bad_reference', 'refers to a record that does not exist'],
  '23502': ['value_required', 'a required value is missing'],
  '23514': ['rule_violated', 'a value is out of its allowed range'],
  '22001': ['value_too_long', 'a value is too long'],
  '22003': ['number_out_of_range', 'a number is out of range'],
  '22007': ['invalid_date', 'a date or time is not valid'],
  '22008': ['invalid_date', 'a date or time is out of range'],
  '22P02': ['wrong_type', 'a value has the wrong type'],
  // Text the database cannot hold (U+0000; a character the encoding lacks): checkInputText refuses it first.
  '22021': ['invalid_character', 'a text contains a character that cannot be stored'],
  '22P05': ['invalid_character', 'a text contains a character that cannot be stored'],
  '22023': ['wrong_type', 'a value is not valid'],
  '2201B': ['wrong_type', 'a pattern is not valid'],
  '54000': ['too_large', 'a value is too large'],
};

/**
 * A rule of the database that refused one field's value (a trigger's check_violation whose
 * detail is JSON `{field, reason, values, key}`: migration 093's discount limit): the field,
 * the validation key with its values, and the row's key, else undefined.
 */
export function dbFieldRefusal(e: unknown): { field: string; message: Message; key: unknown[] | undefined } | undefined {
  const err = e as { code?: unknown; detail?: unknown };
  if (err?.code !== '23514' || typeof err.detail !== 'string' || !err.detail.startsWith('{')) return undefined;
  let d: { field?: unknown; reason?: unknown; values?: unknown; key?: unknown };
  try {
    d = JSON.parse(err.detail) as typeof d;
  } catch {
    return undefined;
  }
  if (typeof d.field !== 'string' || !/^[a-z_][a-z0-9_]*$/.test(d.field) || typeof d.reason !== 'string' || !d.reason.startsWith('validation.')) return undefined;
  const values = typeof d.values === 'object' && d.values !== null ? (d.values as Record<string, string | number>) : {};
  // A key this version does not know is said as validation.invalid (parseMessage), never passed on unchecked.
  return { field: d.field, message: { id: parseMessage(d.reason).id, values: numericValues(values) }, key: Array.isArray(d.key) ? d.key : undefined };
}

/**
 * A database rule's refusal of one field as the answer names it: `invalid_value` at
 * `${where}.${field}` (the row of a bulk write in `where`). Still the database's refusal:
 * `fromDbError` answers it as it is (an import leaves such a row out and reports it).
 */
export class DbFieldRefusal extends HttpError {
  /** The column refused (an import's report names it). */
  column = '';
}
export function fieldRefused(r: NonNullable<ReturnType<typeof dbFieldRefusal>>, where: string): HttpError {
  const field = `${where}.${r.field}`;
  // A value taken once confirmed (a price under the minimum margin): 409 confirm_required, the request's `confirm` lets it through.
  const [status, code] = confirmationOf(r.message.id) ? ([409, 'confirm_required'] as const) : ([400, 'invalid_value'] as const);
  const e = new DbFieldRefusal(status, code, `${field}: ${englishText(r.message)}`, {}, undefined, invalidValueParams(field, r.message, `fields.${r.field}`));
  e.column = r.field;
  return e;
}

/**
 * What a refusal by a rule of the schema tells beside its name (core/recordRules.ts): the
 * columns it concerns (`fields`, comma-separated; `field`, the first one's path, where the
 * message belongs) and, for a column's bound, the validation key to say (`reason`) with its
 * values. A bulk write's row is added where it is known (`ruleAtRow`).
 */
function ruleParams(rule: string, table?: string): ErrorParams | undefined {
  const r = recordRule(rule, table);
  if (!r) return undefined;
  const out: ErrorParams = {};
  if (r.fields.length) Object.assign(out, { fields: r.fields.join(','), field: `payload.${r.fields[0]}` });
  if (!r.says.startsWith('rules.')) {
    const m = parseMessage(r.says);
    Object.assign(out, m.values ?? {}, { reason: m.id });
  }
  return out;
}

/**
 * What a named rule says beside its name, from its detail's JSON `params` (migration 122: the
 * workflow state and the records a change would strand): only the parameters `rule_violated`
 * defines, text or number, each clipped like any parameter.
 */
function detailParams(detail: string | undefined): ErrorParams {
  if (!detail?.startsWith('{')) return {};
  let d: unknown;
  try {
    d = (JSON.parse(detail) as { params?: unknown }).params;
  } catch {
    return {};
  }
  if (typeof d !== 'object' || d === null) return {};
  const allowed: readonly string[] = ERROR_PARAMS.rule_violated;
  return Object.fromEntries(Object.entries(d).filter(([k, x]) => allowed.includes(k) && k !== 'rule' && (typeof x === 'string' || typeof x === 'number')) as [string, string | number][]);
}

/** A rule's refusal as one row of a bulk write (`payload.rows.<row>`): its params name the row, its field that row's. */
export function ruleAtRow(e: HttpError, row: number): HttpError {
  const { rule, ...params } = e.params ?? {};
  if (typeof rule !== 'string') return e;
  if (typeof params.field === 'string') params.field = params.field.replace(/^payload\./, `payload.rows.${row}.`);
  return new HttpError(e.status, e.code, `payload.rows.${row}: ${e.message}`, e.headers, rule, { ...params, row });
}

/** The first column a constraint error's detail names: `Key (brand_id)=(99) is not present …`. */
const detailColumn = (detail: string | undefined) => (detail ? /^Key \(([a-z_][a-z0-9_]*)/.exec(detail)?.[1] : undefined);

/**
 * A database error the input caused → the HTTP answer, with a code the browser says. A rule
 * of the schema (a check or a trigger) that refused the write answers `rule_violated` with
 * the constraint as `rule` (`rules.<rule>` in the catalogues, codegen checks every named
 * one); a trigger's own English text is kept as the message. One raised as
 * insufficient_privilege (42501) refuses the actor rather than the value: 403, same shape. A reference to a missing row
 * is `bad_reference`, a delete of a row still referenced `in_use`; both and a duplicate name
 * the column (`label`: its field label key).
 */
export function fromDbError(e: unknown): HttpError | undefined {
  if (e instanceof DbFieldRefusal) return e;
  const err = e as { code?: unknown; constraint?: string; detail?: string; column?: string; table?: string; message?: unknown };
  const code = err?.code;
  if (typeof code !== 'string') return undefined;
  // A named rule that refuses the actor, not the input (migration 086: rank on account actions): 403. An unnamed one is the database's own privilege error: a 500.
  if (code === '42501') return err.constraint ? new HttpError(403, 'rule_violated', String(err.message ?? 'forbidden'), {}, err.constraint, ruleParams(err.constraint, err.table)) : undefined;
  const m = pgInputErrors[code];
  if (!m) return undefined;
  const [errorCode, english] = m;
  const column = err.column || detailColumn(err.detail);
  const label = column ? { label: `fields.${column}` } : undefined;
  switch (code) {
    case '23514': {
      // A rule that names the field it refused: said at that field (where the request does not say the row: the payload's).
      const atField = dbFieldRefusal(e);
      if (atField) return fieldRefused(atField, 'payload');
      const text = String(err.message ?? '');
      const own = text && !/violates check constraint/.test(text) ? text : english;
      const params = err.constraint ? { ...ruleParams(err.constraint, err.table), ...detailParams(err.detail) } : undefined;
      return new HttpError(400, 'rule_violated', own, {}, err.constraint || undefined, params);
    }
    case '23503':
      return /still referenced/.test(err.detail ?? '')
        ? new HttpError(409, 'in_use', 'A row is still referenced by other records', {}, undefined, label)
        : new HttpError(400, 'bad_reference', column ? `${column}: ${english}` : english, {}, undefined, label);
    case '23505':
      return new HttpError(409, 'already_exists', err.constraint ? `already exists (${err.constraint})` : english, {}, undefined, label);
    case '23502':
      return new HttpError(400, 'value_required', column ? `${column}: ${english}` : english, {}, undefined, label);
    default:
      return new HttpError(400, errorCode, english);
  }
}
