/**
 * A date's rules: a real calendar day `yyyy-MM-dd`, then min/max (as days) and options. Valibot,
 * built on first use; apart from the type's module (../date.ts) so a list paints without it
 * (docs/browser.md "Column types").
 */
import * as v from 'valibot';
import { M } from '../../validation/messages.ts';
import { isValidDate } from '../date.ts';
import { once, valueRules, withRules } from '../schemas.ts';
import type { TypeRules } from '../types.ts';

const scalar = /* @__PURE__ */ once(() => v.pipe(v.string(M.type_date), v.check(isValidDate, M.type_date)));

export const dateRules: TypeRules = {
  message: M.type_date,
  scalar,
  schema: (col) => withRules(scalar(), valueRules(col)),
};
