/** What every part of the contract shares: multi-language text and the error body. */
import * as v from 'valibot';

/** Multi-language text: an object keyed by language code. */
export const MultiText = v.record(v.string(), v.string());

export const ErrorBody = v.object({
  error: v.string(),
  message: v.string(),
  /** `rule_violated`: the database rule that refused the write (locale key `rules.<rule>`). */
  rule: v.optional(v.string()),
  /**
   * The error's parameters, by code: `field` (the input's dot path) for `unknown_field`,
   * `unknown_column` (with `column`), `unsupported` and `foreign_reference` (with `value`:
   * the key that names no row of the company); limits and counts are numbers (core/errorCodes.ts).
   */
  params: v.optional(v.record(v.string(), v.union([v.string(), v.number()]))),
});
