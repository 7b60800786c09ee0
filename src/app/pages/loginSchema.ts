import * as v from 'valibot';

/** Spec §5: email required (common.required) and valid (validation.invalidEmail), first failure only; password required. */
export const LoginEmail = v.pipe(v.string(), v.trim(), v.nonEmpty('common.required'), v.email('validation.invalidEmail'));
export const LoginPassword = v.pipe(v.string(), v.nonEmpty('common.required'));

/** The message key of the first failure, or undefined. */
export function firstError(schema: v.GenericSchema, value: unknown): string | undefined {
  const r = v.safeParse(schema, value, { abortPipeEarly: true });
  return r.success ? undefined : r.issues[0].message;
}
