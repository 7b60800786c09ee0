/**
 * "States govern edits" (issue 43): which `editableIn` rules of a descriptor govern a write,
 * and whether a workflow state allows it. One copy for the server's engine
 * (engine/stateLocks.ts refuses the write) and the grid (it shows the cells read-only and
 * disables Add/Delete with the reason).
 */
import type { EditableInRule, ScreenSpec } from './descriptor.ts';

export type StateAction = 'add' | 'set' | 'delete';

/** A rule and the field it governs (absent: the whole row). */
export interface GoverningRule {
  rule: EditableInRule;
  field?: string;
}

/**
 * The rules a write checks: the screen's, for an add only when it reads the master's state
 * (a new row starts in its workflow's first state: its own rules do not apply yet); each
 * written field's, likewise.
 */
export function governingRules(screen: Pick<ScreenSpec, 'editableIn' | 'columns'>, action: StateAction, fields: readonly string[] = []): GoverningRule[] {
  const applies = (rule: EditableInRule) => action !== 'add' || rule.parent !== undefined;
  const out: GoverningRule[] = [];
  if (screen.editableIn && applies(screen.editableIn)) out.push({ rule: screen.editableIn });
  if (action !== 'delete') {
    for (const f of fields) {
      const rule = screen.columns[f]?.editableIn;
      if (rule && applies(rule)) out.push({ rule, field: f });
    }
  }
  return out;
}

/** Whether a row in `state` (its own, or its master's per the rule) may not be written; an unknown state does not lock. */
export const lockedIn = (rule: EditableInRule, state: unknown): boolean => typeof state === 'string' && !rule.states.includes(state);

/** A workflow state's name in a language: its names (a multi value), else English, else the code. */
export function stateName(code: string, names: unknown, language: string | undefined): string {
  const n = typeof names === 'object' && names !== null ? (names as Record<string, unknown>) : {};
  const pick = (l: string | undefined) => (l && typeof n[l] === 'string' && n[l] ? n[l] : undefined);
  return pick(language) ?? pick('en') ?? code;
}
