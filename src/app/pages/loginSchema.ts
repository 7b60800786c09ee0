import * as v from 'valibot';
import { emailSchema } from '../../core/email.ts';

/** Spec §5: email required (common.required) and valid by the accounts' rule (core/email.ts, validation.invalidEmail), first failure only; password required. */
export const LoginEmail = emailSchema({ required: 'common.required', invalid: 'validation.invalidEmail', tooLong: 'validation.invalidEmail' });
export const LoginPassword = v.pipe(v.string(), v.nonEmpty('common.required'));

/** The message key of the first failure, or undefined. */
export function firstError(schema: v.GenericSchema, value: unknown): string | undefined {
  const r = v.safeParse(schema, value, { abortPipeEarly: true });
  return r.success ? undefined : r.issues[0].message;
}
