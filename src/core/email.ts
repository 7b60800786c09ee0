/**
 * The e-mail address rule of accounts: one copy for every place an account's address is
 * written or typed — the user grids, forms and imports (server engine and browser, through
 * a column's `format: 'email'`, validation/columns.ts), the sign-in and forgot-password
 * forms, the login, forgot-password and invitation calls, and createAdmin / ADMIN_EMAIL.
 * Whatever is accepted on save can sign in: both go through `normalizeEmail` and `isEmail`.
 *
 * Normal form: no spaces around it, Unicode NFC (an "ó" typed as o + combining accent is
 * the "ó" of another keyboard), and the whole address in lower case — domain and local part.
 * Servers may in theory tell "Zsofia" from "zsofia" before the @; no real one does, and a
 * sign-in that cared would lock people out. So one person is one account whatever case she
 * types, and the address is stored and shown in the normal form.
 *
 * Syntax (a dot-atom address, RFC 5322 §3.4.1, with RFC 6531's international local part):
 * - local part, at most 64 characters: letters and digits of any script (with their
 *   combining marks) and ! # $ % & ' * + / = ? ^ _ ` { | } ~ - ; dots between them, never
 *   first, last or two in a row. No quoted local parts, no spaces.
 * - domain: at least two labels of ASCII letters, digits and hyphens (no hyphen first or
 *   last, at most 63 each), the last one letters (or an `xn--` label). An internationalized
 *   domain is written in its ASCII form (`xn--bcher-kva.example`): a browser's e-mail field
 *   hands a pasted "bücher" over in that form, and two spellings of one domain must not be
 *   two accounts. No address literals ([192.0.2.1]).
 * - at most 254 characters in all.
 */
import * as v from 'valibot';

export const EMAIL_MAX = 254;
const EMAIL_LOCAL_MAX = 64;

/** The catalogue keys of the rule's refusals (validation/messages.ts decodes them). */
const EMAIL_MESSAGES = { required: 'validation.required', invalid: 'validation.invalidEmail', tooLong: `validation.max_length?max=${EMAIL_MAX}` } as const;

const ATOM = /^[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~-]+$/u;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TOP = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** The normal form as valibot's own actions (which the API document knows to skip): trimmed, NFC, lower case. */
const normalForm = (message: string) => v.pipe(v.string(message), v.trim(), v.normalize('NFC'), v.toLowerCase(), v.normalize('NFC'));
const NORMAL = normalForm('expected a string');

/** An address in its normal form: trimmed, NFC, lower case. Any text goes in; validity is `isEmail`'s. */
export function normalizeEmail(raw: string): string {
  return v.parse(NORMAL, raw);
}

/** Whether a normalized address (normalizeEmail) is one the rule takes. */
export function isEmail(address: string): boolean {
  if (address.length > EMAIL_MAX) return false;
  const at = address.lastIndexOf('@');
  if (at < 1) return false;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (local.length > EMAIL_LOCAL_MAX || !local.split('.').every((atom) => ATOM.test(atom))) return false;
  const labels = domain.split('.');
  return labels.length >= 2 && labels.every((l) => LABEL.test(l)) && TOP.test(labels[labels.length - 1]!);
}

/** Why a typed address is refused (a catalogue key, EMAIL_MESSAGES), or undefined when it is taken. */
export function emailProblem(raw: string): string | undefined {
  const address = normalizeEmail(raw);
  if (address === '') return EMAIL_MESSAGES.required;
  if (address.length > EMAIL_MAX) return EMAIL_MESSAGES.tooLong;
  return isEmail(address) ? undefined : EMAIL_MESSAGES.invalid;
}

/**
 * A typed address as valibot checks it: the normal form, or the first refusal (its
 * catalogue key as the message). `messages` overrides the keys (the API's English texts).
 */
export function emailSchema(messages: { required: string; invalid: string; tooLong: string } = EMAIL_MESSAGES) {
  return v.pipe(normalForm(messages.invalid), v.nonEmpty(messages.required), v.maxLength(EMAIL_MAX, messages.tooLong), v.check(isEmail, messages.invalid));
}
