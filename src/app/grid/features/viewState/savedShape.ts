/**
 * The shape check of a saved grid state (core/savedGridState.ts, valibot) as the grid takes
 * it. The server checks every state it answers; the views panel (its own chunk) checks a
 * view's state again before applying it, and tests read raw states through it.
 */
import { checkGridState, type CheckedGridState } from '../../../../core/savedGridState.ts';
import { fromSaved, type CheckedSaved, type SavedFields, type ViewState } from '../../columnState.ts';
import type { GridModel } from '../../columns.ts';

// The check's output is assignable to the grid's fields (the compiler keeps the two in step); only then is it branded.
const asFields = ({ v: _version, ...parts }: CheckedGridState): SavedFields => parts;

/** A saved state (from the server: anything) checked, or null when it is no state. */
export function checkSaved(raw: unknown): CheckedSaved | null {
  const s = checkGridState(raw);
  return s && (asFields(s) as CheckedSaved);
}

/** Checked and fitted to the descriptor in one step (views, tests). */
export const readSaved = (raw: unknown, model: GridModel): ViewState => fromSaved(checkSaved(raw), model);
