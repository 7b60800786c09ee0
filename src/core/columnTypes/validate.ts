/**
 * The value rules of the column types, keyed by type (each module's `<type>Rules`), and the
 * check of a value against a column's rules with them — what the server's engine, the
 * grid's cells and the forms validate with (core/validation/columns.ts assembles rows).
 */
import type { ColumnType } from '../descriptor.ts';
import { boolRules } from './rules/bool.ts';
import { dateRules } from './rules/date.ts';
import { datetimeRules } from './rules/datetime.ts';
import { intRules } from './rules/int.ts';
import { jsonRules } from './rules/json.ts';
import { moneyRules } from './rules/money.ts';
import { multiRules } from './rules/multi.ts';
import { numberRules } from './rules/number.ts';
import { refRules } from './rules/ref.ts';
import { checkWith, valueSchema } from './schemas.ts';
import { textRules } from './rules/text.ts';
import type { ColumnRules, Parsed, TypeRules } from './types.ts';

export const columnRules: Readonly<Record<ColumnType, TypeRules>> = {
  text: textRules,
  int: intRules,
  number: numberRules,
  money: moneyRules,
  bool: boolRules,
  date: dateRules,
  datetime: datetimeRules,
  multi: multiRules,
  json: jsonRules,
  ref: refRules,
};

/** The schema of one written value of a column of the type (empty → null or required; then the type's rules). */
export const schemaOf = (col: ColumnRules, type: ColumnType) => valueSchema(col, type, columnRules[type]);

const cache = new WeakMap<ColumnRules, Map<ColumnType, ReturnType<typeof schemaOf>>>();

/**
 * A value against a column's rules, as its type states them: the value as stored (a text
 * trimmed, a date-time as ISO), or the refusal's message key. The schema is made once per
 * column object.
 */
export function validate(type: ColumnType, value: unknown, col: ColumnRules): Parsed {
  let byType = cache.get(col);
  if (!byType) cache.set(col, (byType = new Map()));
  let s = byType.get(type);
  if (!s) byType.set(type, (s = schemaOf(col, type)));
  return checkWith(s, value);
}
