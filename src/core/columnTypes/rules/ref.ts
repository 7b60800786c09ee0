/**
 * A reference's rules where its key's type is not known: a text or an integer, then options (a ref
 * is otherwise checked as its lookup key's type, core/validation/columns.ts `screenValueTypes`).
 * Valibot, built on first use; apart from the type's module (../ref.ts) so a list paints without
 * it (docs/browser.md "Column types").
 */
import * as v from 'valibot';
import { M } from '../../validation/messages.ts';
import { once, valueRules, withRules } from '../schemas.ts';
import { MAX_TEXT } from '../shared.ts';
import type { TypeRules } from '../types.ts';

/** A key whose type is not known here: a text or an integer. */
const scalar = /* @__PURE__ */ once(() => v.union([v.pipe(v.string(), v.maxLength(MAX_TEXT)), v.pipe(v.number(), v.safeInteger())], M.invalid));

export const refRules: TypeRules = {
  message: M.invalid,
  scalar,
  schema: (col) => withRules(scalar(), valueRules(col)),
};
