/**
 * Yes/no's rules: a boolean, then options. Valibot, built on first use; apart from the type's
 * module (../bool.ts) so a list paints without it (docs/browser.md "Column types").
 */
import * as v from 'valibot';
import { M } from '../../validation/messages.ts';
import { once, valueRules, withRules } from '../schemas.ts';
import type { TypeRules } from '../types.ts';

const scalar = /* @__PURE__ */ once(() => v.boolean(M.type_bool));

export const boolRules: TypeRules = {
  message: M.type_bool,
  scalar,
  schema: (col) => withRules(scalar(), valueRules(col)),
};
