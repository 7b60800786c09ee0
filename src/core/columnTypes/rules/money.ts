/**
 * Money's rules: a finite number (the amount stored), then min/max/options — bounds in the stored
 * currency; a refusal is said in the currency typed in (money.ts `moneyRefusal`). Valibot, built
 * on first use; apart from the type's module (../money.ts) so a list paints without it
 * (docs/browser.md "Column types").
 */
import { valueRules, withRules } from '../schemas.ts';
import { M } from '../../validation/messages.ts';
import type { TypeRules } from '../types.ts';
import { finiteNumber } from './number.ts';

export const moneyRules: TypeRules = {
  message: M.type_number,
  scalar: finiteNumber,
  schema: (col) => withRules(finiteNumber(), valueRules(col)),
};
