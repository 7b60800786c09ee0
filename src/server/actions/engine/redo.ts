/**
 * Redo: takes back an undo. Its payload is the log ids an undo answered (the reverts it
 * logged as `set` entries). Each revert's `before` is the value the undone edit had written;
 * redo writes those values again — not by replaying the log, but through the edit's own
 * path: the set permission, the columns' validation (rich text sanitized again), row rules,
 * references, the row version and a new `set` entry in the change log. A field that moved
 * on since the undo is 409 `changed_since`, and nothing is written (one transaction).
 *
 * The same entries are ordered as undo orders them (newest first, one row's entries
 * replayed on the row as stored), so redoing an undo of several edits of one cell ends at
 * the last edit's value.
 */
import { CONFIRMATIONS } from '../../../core/confirmations.ts';
import { UndoPayload } from '../../../../schemas/api.ts';
import { writableFields } from '../../../core/validation/columns.ts';
import type { Db } from '../../db/types.ts';
import { HttpError, badRequest, parseInput, refused } from '../../http/errors.ts';
import { checkReferences } from './references.ts';
import { checkRowRules } from './rowRules.ts';
import type { Screen } from './screens.ts';
import { rowValues } from './values.ts';
import { actAs, distinctRows, lockRows, sameJson, type LogEntry, type WriteScope } from './rows.ts';
import { applySets, type PreparedSet } from './write.ts';

type Row = Record<string, unknown>;

export async function redoChanges(db: Db, screen: Screen, payload: unknown, given: WriteScope) {
  // Redo writes again what the user wrote (and confirmed) before: no question a second time.
  const scope: WriteScope = { ...given, confirm: CONFIRMATIONS };
  const { log_ids: requested } = parseInput(UndoPayload, payload);
  const ids = [...new Set(requested)];
  const indexOf = new Map(requested.map((id, i) => [id, i] as const).reverse());
  const writable = new Set(writableFields(screen, 'set'));
  if (!writable.size) throw badRequest(`action: ${screen.form} has no editable column`);

  return db.transaction(async (tx) => {
    await actAs(tx, scope.userId, scope.confirm);
    const found = await tx.query<LogEntry>(
      `select log_id, entity_name, entity_id, entity_key, log_action, actor_user_id, company_code, before, after, deleted_rows
       from app.product_change_log where log_id = any($1::bigint[]) for update`,
      [ids],
    );
    const byId = new Map(found.rows.map((e) => [Number(e.log_id), e]));
    const entries: { id: number; at: string; keys: unknown[]; fields: string[]; before: Row; after: Row }[] = [];
    for (const id of ids) {
      const at = `payload.log_ids.${indexOf.get(id)}`;
      const e = byId.get(id);
      // The user's own entries of this form (and company) only, as undo reads them.
      const ours = e && e.entity_name === screen.form && e.actor_user_id === scope.userId && (!screen.source.company || e.company_code === scope.company);
      if (!e || !ours) throw new HttpError(404, 'not_found', `${at}: no change ${id} of yours to ${screen.form}${screen.source.company ? ' in this company' : ''}`);
      if (e.log_action !== 'set' || !e.before || !e.after) throw refused('not_undoable', `${at}: change ${id} is not an undone edit`, { field: at });
      const fields = Object.keys(e.after);
      for (const f of fields) {
        if (!writable.has(f) || !Object.hasOwn(e.before, f)) throw refused('not_undoable', `${at}: field "${f}" of change ${id} is not editable in ${screen.form}`, { field: at });
      }
      const keys = e.entity_key;
      if (!Array.isArray(keys) || keys.length !== screen.keys.length) throw refused('not_undoable', `${at}: change ${id} does not name its row`, { field: at });
      entries.push({ id, at, keys, fields, before: e.before, after: e.after });
    }
    entries.sort((a, b) => b.id - a.id); // newest first, as undo replays

    const { rowOf, rowKeys } = distinctRows(entries);
    const locked = await lockRows(tx, screen, rowKeys, scope);
    // Replayed on the rows as stored: each field must still hold what the undo wrote.
    const state = new Map<number, Row>();
    const touched = rowKeys.map(() => new Set<string>());
    for (const e of entries) {
      const r = rowOf.get(JSON.stringify(e.keys))!;
      const current = state.get(r) ?? locked.get(r);
      if (!current) throw new HttpError(409, 'changed_since', `${e.at}: the row of change ${e.id} no longer exists`);
      const moved = e.fields.find((f) => !sameJson(current[f], e.after[f]));
      if (moved) throw new HttpError(409, 'changed_since', `${e.at}: ${moved} was changed since change ${e.id}; reload the row`);
      const next = { ...current };
      for (const f of e.fields) {
        next[f] = e.before[f];
        touched[r]!.add(f);
      }
      state.set(r, next);
    }

    // The values to write, as a set payload would carry them: validated and checked like one.
    const version = screen.source.version;
    const sets: PreparedSet[] = rowKeys.map((keys, r) => {
      const where = `payload.log_ids.${r}`;
      const wanted: Row = {};
      for (const f of touched[r]!) wanted[f] = state.get(r)![f];
      return { where, keys, expected: version ? (locked.get(r)![version] as number) : undefined, values: rowValues(screen, 'set', wanted, where) };
    });
    checkRowRules(screen, sets);
    await checkReferences(tx, screen, sets, scope.company);
    const { rows, logIds } = await applySets(tx, screen, sets, scope, version, true);
    return { rows, log_ids: logIds };
  });
}
