/**
 * JSON's rules: any JSON value, its text at most 100,000 characters, no U+0000. Valibot, built on
 * first use; apart from the type's module (../json.ts) so a list paints without it
 * (docs/browser.md "Column types").
 */
import * as v from 'valibot';
import { M } from '../../validation/messages.ts';
import { once } from '../schemas.ts';
import { MAX_JSON, noNul } from '../shared.ts';
import type { TypeRules } from '../types.ts';

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

export const jsonRules: TypeRules = {
  message: M.type_json,
  scalar: () => null,
  schema,
};
