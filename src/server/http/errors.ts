import * as v from 'valibot';

/** An expected failure with its HTTP status, a stable code and a human message. */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 412 | 413 | 415 | 429 | 503,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
    /** The database rule (a named constraint) that refused the write: clients show its own message. */
    readonly rule?: string,
    /** The code's parameters (ErrorBody `params`). */
    readonly params?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, 'bad_request', message);
export const forbidden = (message = 'forbidden') => new HttpError(403, 'forbidden', message);
/** A key the input's schema does not define (`field`: its dot path). */
export const unknownField = (field: string) => new HttpError(400, 'unknown_field', `${field}: unknown field`, {}, undefined, { field });
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
  throw badRequest(`${at}: ${issue.message}`);
}

/** PostgreSQL error codes that mean the input was wrong, not the server. */
const pgInputErrors: Record<string, [HttpError['status'], string, string]> = {
  '23505': [409, 'already_exists', 'already exists'],
  '23503': [400, 'bad_reference', 'refers to a record that does not exist or is still referenced'],
  '23502': [400, 'bad_request', 'a required value is missing'],
  '23514': [400, 'bad_request', 'a value is out of its allowed range'],
  '22001': [400, 'bad_request', 'a value is too long'],
  '22003': [400, 'bad_request', 'a number is out of range'],
  '22007': [400, 'bad_request', 'a date or time is not valid'],
  '22008': [400, 'bad_request', 'a date or time is out of range'],
  '22P02': [400, 'bad_request', 'a value has the wrong type'],
  '22023': [400, 'bad_request', 'a value is not valid'],
  '2201B': [400, 'bad_request', 'a pattern is not valid'],
  '54000': [400, 'bad_request', 'a value is too large'],
};

/**
 * A database error the input caused → the HTTP answer. A rule of the schema (a check or a
 * trigger) that refused the write answers `rule_violated` naming the constraint; a
 * trigger's own message (it says what to do) is passed on, a bare check's system text
 * (table and constraint names) is not.
 */
export function fromDbError(e: unknown): HttpError | undefined {
  const code = (e as { code?: unknown })?.code;
  if (typeof code !== 'string') return undefined;
  const m = pgInputErrors[code];
  if (!m) return undefined;
  const detail = (e as { constraint?: string }).constraint;
  if (code === '23514') {
    const text = String((e as { message?: unknown }).message ?? '');
    const own = text && !/violates check constraint/.test(text) ? text : m[2];
    return new HttpError(400, 'rule_violated', own, {}, detail || undefined);
  }
  return new HttpError(m[0], m[1], detail && m[0] === 409 ? `already exists (${detail})` : m[2]);
}
