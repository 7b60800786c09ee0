/**
 * States govern edits (issue 43): a write the descriptor's `editableIn` forbids in the
 * state of the row (or of its master row) is refused — 409 `locked_in_state` naming the
 * state, nothing written. Every write path of the engine calls `checkStateLocks` on the
 * rows it is about to write, inside its transaction and after locking them: set and bulk
 * set and import updates and redo (applySets), add, import inserts, delete, undo of edits
 * and of deletes. It lives here rather than in a trigger because the rule is the
 * descriptor's (the grid reads the same one, core/stateLocks.ts), per field and per detail
 * grid; the database still keeps its own last line (the closed-order trigger of migration 038).
 */
import { governingRules, lockedIn, stateName, type StateAction } from '../../../core/stateLocks.ts';
import type { Queryable } from '../../db/types.ts';
import { refused } from '../../http/errors.ts';
import { screens, type Screen } from './screens.ts';
import { readRows } from './rows.ts';

type Row = Record<string, unknown>;

/** A row about to be written: where it is named in errors, its values (keys and, for a detail, its master's key), the fields written, the row as stored before. */
export interface LockedRow {
  where: string;
  row: Row;
  fields?: readonly string[];
  before?: Row;
}

export interface LockScope {
  company: string | null;
  /** The language the refusal names the state in. */
  language?: string;
}

export async function checkStateLocks(tx: Queryable, screen: Screen, action: StateAction, rows: readonly LockedRow[], scope: LockScope): Promise<void> {
  if (!rows.length || (!screen.editableIn && !Object.values(screen.columns).some((c) => c.editableIn))) return;
  // Each governing screen's states read once: the row's own (its key) or its master's (the master's key, as the detail holds it).
  const wanted = new Map<string, { screen: Screen; keys: Map<string, unknown[]> }>();
  const checks: { at: LockedRow; governing: Screen; key: unknown[]; field?: string; states: readonly string[]; rule: Parameters<typeof lockedIn>[0] }[] = [];
  for (const at of rows) {
    for (const { rule, field } of governingRules(screen, action, at.fields ?? [])) {
      const governing = rule.parent === undefined ? screen : screens.get(rule.parent);
      if (!governing) throw new Error(`${screen.form}: editableIn names an unknown form ${rule.parent}`);
      for (const source of at.before && rule.parent !== undefined ? [at.before, at.row] : [at.before ?? at.row]) {
        const key = governing.keys.map((k) => source[k]);
        if (key.some((k) => k === undefined || k === null)) continue; // no master named: the reference check refuses it
        const entry = wanted.get(governing.form) ?? { screen: governing, keys: new Map<string, unknown[]>() };
        entry.keys.set(JSON.stringify(key), key);
        wanted.set(governing.form, entry);
        checks.push({ at, governing, key, ...(field ? { field } : {}), states: rule.states, rule });
      }
    }
  }
  const states = new Map<string, Row>();
  for (const [form, { screen: governing, keys }] of wanted) {
    const list = [...keys.values()];
    const read = await readRows(tx, governing, list, { company: scope.company, owner: null });
    list.forEach((k, i) => read[i] && states.set(`${form}:${JSON.stringify(k)}`, read[i]));
  }
  for (const c of checks) {
    const r = states.get(`${c.governing.form}:${JSON.stringify(c.key)}`);
    if (!r || !lockedIn(c.rule, r.state_code)) continue;
    const state = stateName(String(r.state_code), r.state_names, scope.language);
    const field = c.field ? `${c.at.where}.${c.field}` : c.at.where;
    throw refused(
      'locked_in_state',
      `${field}: not editable while ${c.governing.form} ${c.key.join('/')} is in the state "${r.state_code}" (editable in: ${c.states.join(', ')})`,
      { field, state },
      409,
    );
  }
}
