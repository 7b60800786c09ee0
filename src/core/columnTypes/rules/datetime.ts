/**
 * A date-time's rules: a text a browser reads as a date-time (at most 40 characters), stored as
 * ISO; then min/max/options. Valibot, built on first use; apart from the type's module
 * (../datetime.ts) so a list paints without it (docs/browser.md "Column types").
 */
import * as v from 'valibot';
import { M } from '../../validation/messages.ts';
import { once, valueRules, withRules } from '../schemas.ts';
import type { TypeRules } from '../types.ts';

const isDateTime = (s: string) => s.length <= 40 && !Number.isNaN(Date.parse(s));

const scalar = /* @__PURE__ */ once(() =>
  v.pipe(
    v.string(M.type_datetime),
    v.check(isDateTime, M.type_datetime),
    v.transform((s) => new Date(s).toISOString()),
  ),
);

export const datetimeRules: TypeRules = {
  message: M.type_datetime,
  scalar,
  schema: (col) => withRules(scalar(), valueRules(col)),
};
