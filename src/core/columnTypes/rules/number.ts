/**
 * A number's rules: a finite number, then min/max/options. Valibot, built on first use; apart from
 * the type's module (../number.ts) so a list paints without it (docs/browser.md "Column types").
 */
import * as v from 'valibot';
import { M } from '../../validation/messages.ts';
import { once, valueRules, withRules } from '../schemas.ts';
import type { TypeRules } from '../types.ts';

/** A finite number (number and money). */
export const finiteNumber = /* @__PURE__ */ once(() => v.pipe(v.number(M.type_number), v.finite(M.type_number)));

export const numberRules: TypeRules = {
  message: M.type_number,
  scalar: finiteNumber,
  schema: (col) => withRules(finiteNumber(), valueRules(col)),
};
