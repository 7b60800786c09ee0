/**
 * JSON: any JSON value (its text at most 100,000 characters). Shown as compact JSON; typed
 * as JSON text (blank → no value). Not sorted by the grid; where something must order it,
 * by its JSON text in code points.
 */
import * as v from 'valibot';
import { compactJson } from '../format.ts';
import { compareCodePoints } from '../query/collation.ts';
import { M } from '../validation/messages.ts';
import { once } from './schemas.ts';
import { MAX_JSON, noNul, nullsLast } from './shared.ts';
import type { ColumnTypeModule, TypeRules } from './types.ts';

export const json: ColumnTypeModule = {
  type: 'json',
  kind: 'json',
  numeric: false,
  filter: null,
  align: 'start',
  editor: 'json',
  sortable: false,
  message: M.type_json,
  parse(text) {
    const t = text.trim();
    if (t === '') return { ok: true, value: null };
    try {
      return { ok: true, value: JSON.parse(t) as unknown };
    } catch {
      return { ok: false, message: M.type_json };
    }
  },
  format: (value) => compactJson(value),
  compare: nullsLast((x) => JSON.stringify(x), compareCodePoints),
};

const noNulDeep = (x: unknown): boolean => (typeof x === 'string' ? noNul(x) : typeof x === 'object' && x !== null ? Object.entries(x).every(([k, val]) => noNul(k) && noNulDeep(val)) : true);

const schema = /* @__PURE__ */ once(() =>
  v.pipe(
    v.unknown(),
    v.check((x) => {
      try {
        return JSON.stringify(x) !== undefined;
      } catch {
        return false;
      }
    }, M.type_json),
    v.check((x) => (JSON.stringify(x) ?? '').length <= MAX_JSON, M.too_large),
    v.check(noNulDeep, M.invalid_character),
  ),
);

export const jsonRules: TypeRules = { scalar: () => null, schema };
