/**
 * The value rules every column type applies the same way (empty, required, min/max,
 * options) and the check of a value with its type's rules. Valibot, built on first use
 * (no schema is made when a module is loaded): only what validates loads it.
 */
import * as v from 'valibot';
import { M, msg } from '../validation/messages.ts';
import { isEmpty } from './shared.ts';
import type { ColumnRules, Parsed, TypeRules } from './types.ts';
import type { ColumnType } from '../descriptor.ts';

/** Validation config: the first issue of each value's pipe, all fields. */
export const PARSE_CONFIG = { abortPipeEarly: true } as const;

export type Rule = [ok: (x: unknown) => boolean, message: string];

/** The rules every scalar type reads the same way, by value as JavaScript compares (numbers numerically, yyyy-MM-dd strings in date order). */
export function valueRules(col: ColumnRules): Rule[] {
  const rules: Rule[] = [];
  const { min, max, options } = col;
  if (min !== undefined) rules.push([(x) => !((x as number) < (min as number)), msg(M.min, { min })]);
  if (max !== undefined) rules.push([(x) => !((x as number) > (max as number)), msg(M.max, { max })]);
  if (options) rules.push([(x) => options.includes(x as string | number), msg(M.options, { options })]);
  return rules;
}

/** A type's bare schema followed by rules, in order: the first that fails is the issue (one message per field). */
export function withRules(base: v.GenericSchema<unknown, unknown>, rules: Rule[]): v.GenericSchema<unknown, unknown> {
  if (!rules.length) return base;
  return v.pipe(
    base,
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const failed = rules.find(([ok]) => !ok(dataset.value));
      if (failed) addIssue({ message: failed[1] });
    }),
  );
}

/** A schema made once, when first asked for. */
export const once = <T>(make: () => T): (() => T) => {
  let made: T | undefined;
  return () => (made ??= make());
};

/**
 * The schema of one written value: empty → null (or `validation.required`), else the
 * type's schema with the column's rules. Output is the value as it is stored.
 */
export function valueSchema(col: ColumnRules, type: ColumnType, rules: TypeRules): v.GenericSchema<unknown, unknown> {
  const body = rules.schema(col);
  const emptyToNull = v.transform<unknown, unknown>((x) => (isEmpty(x) ? null : x));
  // A text is stored without the spaces around it ('Nordvik ' beside 'Nordvik' is a trap).
  const start =
    type === 'text'
      ? v.pipe(
          v.unknown(),
          v.transform((x: unknown) => (typeof x === 'string' ? x.trim() : x)),
          emptyToNull,
        )
      : v.pipe(v.unknown(), emptyToNull);
  // A multi-language text left out entirely says the same rule as one left blank in every language.
  if (col.required)
    return v.pipe(
      start,
      v.check((x) => x !== null, type === 'multi' ? M.required_any_language : M.required),
      body,
    );
  return v.pipe(start, v.nullable(body));
}

/** A value checked with a schema: the stored value, or the first issue's message key. */
export function checkWith(schema: v.GenericSchema<unknown, unknown>, value: unknown): Parsed {
  const r = v.safeParse(schema, value, PARSE_CONFIG);
  return r.success ? { ok: true, value: r.output } : { ok: false, message: r.issues[0]?.message ?? M.invalid };
}
