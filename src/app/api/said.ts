/**
 * What a user reads, as a catalogue key and its values — a value may be another such
 * message (a failed call's reason, a column's label), said first. A failed call becomes
 * one through `describeError`: the server's code and parameters (core/errorCodes.ts), never
 * its English text.
 */
import type { IntlShape } from 'react-intl';
import { numericValues } from '../../core/validation/messages.ts';
import { ApiError } from './client.ts';

type SaidValue = string | number | boolean | Date | null | undefined | Said;
export interface Said {
  id: string;
  values?: Record<string, SaidValue> | undefined;
  /** Said instead when the catalogue has no `id` (a rule or a label the catalogue lacks): a message, or a text as it is. */
  or?: Said | string | undefined;
  /** A failed call's request id (the server's X-Request-Id): a toast saying it shows "Ref: …". */
  ref?: string | undefined;
}

const isSaid = (x: unknown): x is Said => typeof x === 'object' && x !== null && !(x instanceof Date) && typeof (x as Said).id === 'string';

/** The text of a message in the intl's language, its nested messages said first. */
export function say(intl: Pick<IntlShape, 'messages' | 'formatMessage'>, s: Said): string {
  if (!Object.hasOwn(intl.messages, s.id) && s.or !== undefined) return typeof s.or === 'string' ? s.or : say(intl, s.or);
  const values = s.values && Object.fromEntries(Object.entries(s.values).map(([k, v]) => [k, isSaid(v) ? say(intl, v) : v]));
  return intl.formatMessage({ id: s.id }, values as Record<string, string | number | boolean | Date | null | undefined>);
}

/** A validation refusal (validation.min with { min: 0.0001 }) as said to the user. */
export const refusal = (reason: string, values: Record<string, string | number> = {}): Said => ({ id: reason, values: numericValues(values), or: { id: 'validation.invalid' } });

/** The column a refusal is about: its label, else the field's name, else "a value". */
function labelOf(params: Record<string, string | number>): Said {
  const field =
    typeof params.field === 'string'
      ? params.field
          .split('.')
          .filter((s) => !/^\d+$/.test(s))
          .pop()
      : undefined;
  const label = typeof params.label === 'string' ? params.label : undefined;
  const fallback: Said | string = field && field !== 'payload' && field !== 'body' ? field : { id: 'server.a_value' };
  return label ? { id: label, or: fallback } : typeof fallback === 'string' ? { id: 'server.a_value', or: fallback } : fallback;
}

/** What the user reads of a server error code with its parameters (core/errorCodes.ts). */
export function describeCode(code: string, params: Record<string, string | number>, status = 400): Said {
  const unknown: Said = { id: 'server.unknown', values: { status } };
  if (code === 'rule_violated') {
    // A rule of the schema (core/recordRules.ts): a column's bound says its validation message, any other its own (a rule the catalogue lacks: the general text).
    // Its parameters too: a workflow change that would strand records names the state and them (migration 122).
    const own: Said = { id: `rules.${params.rule}`, values: numericValues(params), or: { id: 'server.rule_violated' } };
    return typeof params.reason === 'string' ? { id: params.reason, values: numericValues(params), or: own } : own;
  }
  if (code === 'in_use' && typeof params.count === 'number') {
    // What still uses the rows, from the database's keys (server engine/inUse.ts): so many rows of that screen.
    const count = params.count;
    const plain: Said = { id: 'messages.in_use_count', values: { count } };
    return typeof params.label === 'string' ? { id: 'messages.in_use_by', values: { count, label: { id: params.label, or: params.label } }, or: plain } : plain;
  }
  const values: Record<string, SaidValue> = { ...numericValues(params), label: labelOf(params) };
  if (typeof params.reason === 'string') values.reason = refusal(params.reason, params);
  return { id: `server.${code}`, values, or: unknown };
}

/** The columns a rule that refused a write concerns (`rule_violated` params.fields), in the order they are marked; none for another failure. */
export function refusedFields(e: unknown): string[] {
  if (!(e instanceof ApiError) || e.code !== 'rule_violated' || typeof e.params?.fields !== 'string') return [];
  return e.params.fields.split(',').filter(Boolean);
}

/** What the user reads of a failed call (or of any other failure). */
export function describeError(e: unknown): Said {
  if (!(e instanceof ApiError)) return { id: 'messages.generic_error' };
  if (e.status === 0) return { id: 'server.network' };
  return { ...describeCode(e.code, e.params ?? {}, e.status), ...(e.requestId ? { ref: e.requestId } : {}) };
}

/** The request id a message carries, itself or in one of its values (a toast's "the save failed: {status}"). */
export function refOf(s: Said): string | undefined {
  if (s.ref) return s.ref;
  for (const v of Object.values(s.values ?? {}))
    if (isSaid(v)) {
      const r = refOf(v);
      if (r) return r;
    }
  return undefined;
}
