/**
 * An integer's rules: a safe integer, then min/max/options. Valibot, built on first use; apart
 * from the type's module (../int.ts) so a list paints without it (docs/browser.md "Column types").
 */
import * as v from 'valibot';
import { M } from '../../validation/messages.ts';
import { once, valueRules, withRules } from '../schemas.ts';
import type { TypeRules } from '../types.ts';

const scalar = /* @__PURE__ */ once(() => v.pipe(v.number(M.type_integer), v.safeInteger(M.type_integer)));

export const intRules: TypeRules = {
  message: M.type_integer,
  scalar,
  schema: (col) => withRules(scalar(), valueRules(col)),
};
