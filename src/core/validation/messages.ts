/**
 * Validation messages: every issue of the column schemas carries a LOCALE KEY, with the
 * values the text needs encoded after a '?' like a query string:
 *
 *   'validation.required'            → { id: 'validation.required' }
 *   'validation.max?max=1000'        → { id: 'validation.max', values: { max: '1000' } }
 *
 * The browser formats { id, values } with react-intl; the server turns the same message
 * into its English 400 text (`englishMessage`), prefixed with the field path.
 * Isomorphic and pure.
 */
import type { BaseIssue } from 'valibot';

/** The locale keys of validation issues (each must be in every catalogue). */
export const M = {
  required: 'validation.required',
  required_any_language: 'validation.required_any_language',
  min: 'validation.min',
  max: 'validation.max',
  discount_limit: 'validation.discount_limit',
  /** A selling price under the product's minimum margin: saved only when confirmed (core/confirmations.ts). */
  below_min_margin: 'validation.below_min_margin',
  /** A bound the database holds: more than `min` (a quantity above zero). */
  above: 'validation.above',
  between: 'validation.between',
  not_zero: 'validation.not_zero',
  max_length: 'validation.max_length',
  pattern: 'validation.pattern',
  pattern_chars: 'validation.pattern_chars',
  options: 'validation.options',
  invalid_email: 'validation.invalidEmail',
  type_integer: 'validation.type_integer',
  type_number: 'validation.type_number',
  number_format: 'validation.number_format',
  type_bool: 'validation.type_bool',
  type_date: 'validation.type_date',
  type_datetime: 'validation.type_datetime',
  type_text: 'validation.type_text',
  type_multi: 'validation.type_multi',
  type_language: 'validation.type_language',
  type_json: 'validation.type_json',
  type_object: 'validation.type_object',
  key_not_allowed: 'validation.key_not_allowed',
  invalid_character: 'validation.invalid_character',
  too_large: 'validation.too_large',
  invalid: 'validation.invalid',
  icu_syntax: 'validation.icu_syntax',
  icu_shape: 'validation.icu_shape',
} as const;
export type MessageId = (typeof M)[keyof typeof M];

/** A number travels as a number: the catalogues format it for the locale (`{min, number}`). */
type MessageValues = Record<string, string | number>;
export interface Message {
  id: string;
  values?: MessageValues;
}

/** Encodes a key and its values into one issue message string. */
export function msg(id: MessageId, values?: Record<string, string | number | readonly (string | number)[]>): string {
  if (!values) return id;
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) q.set(k, Array.isArray(v) ? v.join(', ') : String(v));
  return `${id}?${q.toString()}`;
}

const KNOWN = new Set<string>(Object.values(M));
const NUMBER = /^-?\d+(\.\d+)?$/;
/** Values as a message says them: a numeric text ('0.0001') becomes the number, so the catalogue formats it for the locale. */
export const numericValues = <T extends string | number>(values: Record<string, T>): Record<string, T | number> =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'string' && NUMBER.test(v) ? Number(v) : v]));

/** Decodes an issue message; anything that is not one of ours becomes validation.invalid. */
export function parseMessage(message: string): Message {
  const i = message.indexOf('?');
  const id = i < 0 ? message : message.slice(0, i);
  if (!KNOWN.has(id)) return { id: M.invalid };
  if (i < 0) return { id };
  return { id, values: numericValues(Object.fromEntries(new URLSearchParams(message.slice(i + 1)))) };
}

/** The dot path of an issue ('product_name.de'), '' at the root. */
export function issuePath(issue: BaseIssue<unknown>): string {
  let path = '';
  for (const item of issue.path ?? []) {
    const key = (item as { key?: unknown }).key;
    if (typeof key !== 'string' && typeof key !== 'number') break;
    path = path ? `${path}.${key}` : String(key);
  }
  return path;
}

/** The first issue of each path, decoded: what a form shows under each input. */
export function issuesByPath(issues: readonly BaseIssue<unknown>[]): Record<string, Message> {
  const out = new Map<string, Message>(); // a Map: paths such as '__proto__' are plain keys
  for (const issue of issues) {
    const p = issuePath(issue);
    if (!out.has(p)) out.set(p, parseMessage(issue.message));
  }
  return Object.fromEntries(out);
}

/** A short English description of a received value (server messages). */
const describe = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'string' ? `"${v.length > 40 ? `${v.slice(0, 40)}…` : v}"` : typeof v);

/** English sentences of the server's 400 messages, by key. `got` describes the value received. */
const english: Record<MessageId, (v: MessageValues, got: string) => string> = {
  'validation.required': () => 'is required',
  'validation.required_any_language': () => 'is required in at least one language',
  'validation.min': (v) => `must be at least ${v.min}`,
  'validation.max': (v) => `must be at most ${v.max}`,
  'validation.discount_limit': (v) => `at most ${v.limit} % discount on this product`,
  'validation.below_min_margin': (v) => `a margin of ${v.margin} % is under the minimum margin of ${v.min_margin} %; confirm to save it`,
  'validation.above': (v) => `must be more than ${v.min}`,
  'validation.between': (v) => `must be between ${v.min} and ${v.max}`,
  'validation.not_zero': () => 'must not be zero',
  'validation.max_length': (v) => `longer than ${v.max} characters`,
  'validation.pattern': () => 'does not match the expected format',
  'validation.pattern_chars': (v) => `may contain only these characters: ${v.chars}`,
  'validation.options': (v) => `must be one of ${v.options}`,
  'validation.invalidEmail': () => 'is not an e-mail address the sign-in takes (name@example.com)',
  'validation.type_integer': (_, got) => `expected an integer, got ${got}`,
  'validation.type_number': (_, got) => `expected a number, got ${got}`,
  'validation.number_format': (v, got) => `expected a number written as ${v.example}, got ${got}`,
  'validation.type_bool': (_, got) => `expected true or false, got ${got}`,
  'validation.type_date': (_, got) => `expected a date yyyy-MM-dd, got ${got}`,
  'validation.type_datetime': (_, got) => `expected a date-time, got ${got}`,
  'validation.type_text': (_, got) => `expected a string, got ${got}`,
  'validation.type_multi': (_, got) => `expected an object of language codes, got ${got}`,
  'validation.type_language': () => 'expected a two-letter language code',
  'validation.type_json': (_, got) => `expected a JSON value, got ${got}`,
  'validation.type_object': (_, got) => `expected an object, got ${got}`,
  'validation.key_not_allowed': () => 'this key is not allowed',
  'validation.invalid_character': () => 'contains a character that cannot be stored (U+0000)',
  'validation.too_large': () => 'too large',
  'validation.invalid': () => 'is not valid',
  'validation.icu_syntax': () => 'is not a valid ICU message (check the braces)',
  'validation.icu_shape': (v) => `must use the placeholders of the original text: expected ${v.expected}, got ${v.got}`,
};

/** The English text of a message key (without the field path). */
export function englishText(m: Message, input?: unknown): string {
  return english[m.id as MessageId](m.values ?? {}, describe(input));
}

/** `payload.min_margin: must be at most 1000` — the server's 400 text of an issue. */
export function englishMessage(issue: BaseIssue<unknown>, where: string): string {
  const path = issuePath(issue);
  return `${path ? `${where}.${path}` : where}: ${englishText(parseMessage(issue.message), issue.input)}`;
}
