import { BulkSetPayload, UndoPayload } from '../../../../schemas/api.ts';
import { CONFIRMATIONS } from '../../../core/confirmations.ts';
import { emptiedMulti, writableFields } from '../../../core/validation/columns.ts';
import { fieldLabelId } from '../../../core/fieldLabel.ts';
import { columnTypes } from '../../../core/columnTypes/index.ts';
import { M } from '../../../core/validation/messages.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { HttpError, badRequest, dbFieldRefusal, fieldRefused, fromDbError, invalidValue, parseInput, refused, ruleAtRow } from '../../http/errors.ts';
import { restoreDeleted } from './delete.ts';
import {
  actAs,
  changeLog,
  companyOf,
  distinctRows,
  keyJoin,
  keyRelation,
  keyValues,
  lockRows,
  pick,
  readRows,
  rowFields,
  sameJson,
  writeTable,
  type LogEntry,
  type Row,
  type WriteScope,
} from './rows.ts';
import { ownerCondition } from './owner.ts';
import { checkReferences } from './references.ts';
import { checkRowRules } from './rowRules.ts';
import type { Screen } from './screens.ts';
import { checkStateLocks } from './stateLocks.ts';
import { Params, castOf, ident, relation } from './sql.ts';
import { plainObject, rowValues, scalar } from './values.ts';

/** `k1 = $1 and k2 = $2 [and company = $3]` on the written table. */
function keyWhere(screen: Screen, keys: unknown[], scope: WriteScope, p: Params): string {
  const parts = screen.keys.map((k, i) => `${ident(k)} = ${p.add(keys[i], castOf[screen.valueType[k]!])}`);
  if (screen.source.company) parts.push(`${ident(screen.source.company)} = ${p.add(scope.company, 'text')}`);
  const own = ownerCondition(screen, scope, p);
  if (own) parts.push(own);
  return parts.join(' and ');
}

async function readRow(db: Queryable, screen: Screen, keys: unknown[], scope: WriteScope): Promise<Row | undefined> {
  const p = new Params();
  const r = await db.query<Row>(`select ${rowFields(screen).map(ident).join(', ')} from ${relation(screen.source.relation)} where ${keyWhere(screen, keys, scope, p)}`, p.values);
  return r.rows[0];
}

const isKey = (screen: Screen, f: string) => screen.keys.includes(f);

/** One validated row of a set: where its fields are named in messages, its key, version and values. */
export interface PreparedSet {
  where: string;
  keys: unknown[];
  expected: number | undefined;
  values: Row;
}

function prepareSet(screen: Screen, raw: unknown, where: string, version: string | undefined): PreparedSet {
  const obj = plainObject(raw, where);
  const keys = keyValues(screen, obj, where);
  let expected: number | undefined;
  if (version) {
    if (!Object.hasOwn(obj, version)) throw badRequest(`${where}.${version}: the row version is required`);
    expected = scalar('int', obj[version], `${where}.${version}`) as number;
  }
  const changes = Object.fromEntries(Object.entries(obj).filter(([f]) => !isKey(screen, f) && f !== version));
  const values = rowValues(screen, 'set', changes, where);
  if (!Object.keys(values).length) throw badRequest(`${where}: no field to change`);
  return { where, keys, expected, values };
}

/**
 * Writes prepared sets in the caller's transaction: locks the rows, checks existence and
 * versions, updates (one statement per set of changed fields), logs each row's before and
 * after. A row the set leaves as it was (a pasted or imported value it already has) is not
 * written: no new version, no log entry; a logged entry names only the fields that moved.
 * `named` puts the row's path in front of a 404/409 message (bulk set); `rowRefusals` has a
 * rule's refusal name the row it is about (`updateNamed`).
 */
export async function applySets(tx: Queryable, screen: Screen, sets: PreparedSet[], scope: WriteScope, version: string | undefined, named: boolean, rowRefusals = false) {
  const at = (s: PreparedSet, field: string) => (named ? `${s.where}.${field}: ` : '');
  await actAs(tx, scope.userId, scope.confirm); // the rules of grants (migration 054) and the ledgers' "who" read it; app.confirm (migration 121)
  const keysOfRows = sets.map((s) => s.keys);
  const locked = await lockRows(tx, screen, keysOfRows, scope);
  sets.forEach((s, i) => {
    const before = locked.get(i);
    if (!before) throw new HttpError(404, 'not_found', `${at(s, screen.keys[0]!)}The row does not exist (or not in this company)`);
    if (version && before[version] !== s.expected) {
      throw new HttpError(409, 'stale_row', `${at(s, version)}The row was changed by someone else meanwhile; reload it`);
    }
  });
  // The workflow state of each row (or of its master) must allow these fields (descriptor editableIn).
  await checkStateLocks(
    tx,
    screen,
    'set',
    sets.map((s, i) => ({ where: s.where, row: { ...locked.get(i)!, ...s.values }, before: locked.get(i)!, fields: Object.keys(s.values) })),
    scope,
  );
  // Multi values are patches: "required in at least one language" holds for the merged value.
  sets.forEach((s, i) => {
    const emptied = emptiedMulti(screen, locked.get(i), s.values);
    if (emptied) throw invalidValue(`${s.where}.${emptied}`, { id: M.required_any_language }, undefined, fieldLabelId(emptied, screen.columns[emptied]));
  });

  // Rows changing the same fields are updated by one statement.
  const groups = new Map<string, number[]>();
  sets.forEach((s, i) => {
    const sig = Object.keys(s.values).sort().join(',');
    groups.set(sig, [...(groups.get(sig) ?? []), i]);
  });
  const after = new Map<number, Row>();
  for (const [sig, indexes] of groups) {
    const r = rowRefusals ? await updateNamed(tx, indexes, (idx) => updateGroup(sig.split(','), idx)) : await updateGroup(sig.split(','), indexes);
    for (const x of r.rows) after.set(indexes[x.i]!, x.row);
  }

  /** One statement updating the rows `indexes` (of `sets`) that change `fields`; answers each row's place in `indexes` and its new values. */
  async function updateGroup(fields: string[], indexes: number[]) {
    const p = new Params();
    const extra = fields.map((f, j) => {
      const type = screen.valueType[f]!;
      const asJson = type === 'multi' || type === 'json';
      return { name: `v${j}`, cast: asJson ? 'text' : castOf[type], values: indexes.map((i) => sets[i]!.values[f]) };
    });
    const from = keyRelation(
      screen,
      indexes.map((i) => keysOfRows[i]!),
      p,
      extra,
    );
    const values = fields.map((f, j) =>
      screen.columns[f]!.type === 'multi' ? `jsonb_strip_nulls(coalesce(t.${ident(f)}, '{}'::jsonb) || u.v${j}::jsonb)` : screen.valueType[f] === 'json' ? `u.v${j}::jsonb` : `u.v${j}`,
    );
    const assignments = fields.map((f, j) => `${ident(f)} = ${values[j]}`);
    if (screen.source.version) assignments.push(`${ident(screen.source.version)} = t.${ident(screen.source.version)} + 1`);
    const row = (xs: string[]) => (xs.length === 1 ? xs[0]! : `row(${xs.join(', ')})`);
    return tx
      .query<{ i: number; row: Row }>(
        `update ${writeTable(screen)} t set ${assignments.join(', ')} from ${from}
       where ${keyJoin(screen, 't')}${companyOf(screen, 't', scope, p)}
         and ${row(fields.map((f) => `t.${ident(f)}`))} is distinct from ${row(values)}
       returning u."#i" as i, to_jsonb(t) as row`,
        p.values,
      )
      .catch((e: unknown) => {
        // A rule naming the field of one row it refused (093's discount limit): said at that row's field.
        throw atRowOf(
          e,
          indexes.map((i) => sets[i]!),
        );
      });
  }

  const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y); // both to_jsonb(t): one form
  const logIds = await changeLog(
    tx,
    screen,
    'set',
    sets.flatMap((s, i) => {
      const a = after.get(i);
      if (!a) return [];
      const b = locked.get(i)!;
      const fields = Object.keys(s.values).filter((f) => !same(b[f], a[f]));
      return [{ keys: screen.keys.map((k) => a[k]), before: pick(b, fields), after: pick(a, fields), row: a }];
    }),
    scope,
  );
  const rows = await readRows(tx, screen, keysOfRows, scope);
  return { rows, logIds, changed: after.size };
}

/**
 * A database rule's refusal of one field of one of these sets (its detail names the row's
 * key: migration 093's discount limit), named at that set's field; any other error as it is.
 */
function atRowOf(e: unknown, sets: readonly PreparedSet[]): unknown {
  const refusal = dbFieldRefusal(e);
  const key = refusal?.key && JSON.stringify(refusal.key);
  const set = key === undefined ? undefined : sets.find((s) => JSON.stringify(s.keys) === key);
  return refusal && set ? fieldRefused(refusal, set.where) : e;
}

/**
 * A bulk write's update of several rows at once whose rule refusal names the row it is
 * about (`payload.rows.<i>`, ruleAtRow): the statement runs under a savepoint; refused, each
 * row is tried alone (each undone again) until the one the rule refuses is found. The grid
 * flags that cell. Any other failure, or none found alone, is thrown as it came.
 */
async function updateNamed<T>(tx: Queryable, indexes: number[], update: (indexes: number[]) => Promise<T>): Promise<T> {
  if (indexes.length === 1) {
    try {
      return await update(indexes);
    } catch (e) {
      const refusal = fromDbError(e);
      throw refusal?.code === 'rule_violated' ? ruleAtRow(refusal, indexes[0]!) : e;
    }
  }
  await tx.query('savepoint bulk_rows');
  try {
    const r = await update(indexes);
    await tx.query('release savepoint bulk_rows');
    return r;
  } catch (e) {
    const refusal = fromDbError(e);
    if (refusal?.code !== 'rule_violated') throw e;
    await tx.query('rollback to savepoint bulk_rows');
    for (const i of indexes) {
      await tx.query('savepoint bulk_row');
      try {
        await update([i]);
      } catch (one) {
        const alone = fromDbError(one);
        if (alone?.code === 'rule_violated') throw ruleAtRow(alone, i);
        throw one;
      } finally {
        // Only a test: what the row alone did is undone (a failed statement needs the rollback too).
        await tx.query('rollback to savepoint bulk_row').catch(() => {});
      }
    }
    throw refusal;
  }
}

/** Updates one row: key fields, changed fields and the row version (stale → 409). */
export async function setRow(db: Db, screen: Screen, payload: unknown, scope: WriteScope, opts: { versionCheck?: boolean } = {}) {
  const version = opts.versionCheck === false ? undefined : screen.source.version;
  const set = prepareSet(screen, payload, 'payload', version);
  return db.transaction(async (tx) => {
    checkRowRules(screen, [set]);
    await checkReferences(tx, screen, [set], scope.company);
    const { rows, logIds } = await applySets(tx, screen, [set], scope, version, false);
    // No log id when the row was left as it was.
    return { row: rows[0]!, ...(logIds.length ? { log_id: logIds[0]! } : {}) };
  });
}

/**
 * Bulk set (paste, fill a selection): every row like a single set payload, all in one
 * transaction, all or nothing. A failing row is a 400/404/409 whose message starts with
 * `payload.rows.<index>.`; answers the updated rows and their change-log ids in order.
 */
export async function setRows(db: Db, screen: Screen, payload: unknown, scope: WriteScope) {
  const { rows: raw } = parseInput(BulkSetPayload, payload);
  const version = screen.source.version;
  const sets = raw.map((r, i) => prepareSet(screen, r, `payload.rows.${i}`, version));
  const seen = new Map<string, number>();
  sets.forEach((s, i) => {
    const k = JSON.stringify(s.keys);
    const first = seen.get(k);
    if (first !== undefined) throw badRequest(`payload.rows.${i}.${screen.keys[0]}: the same row as payload.rows.${first}`);
    seen.set(k, i);
  });
  return db.transaction(async (tx) => {
    checkRowRules(screen, sets);
    await checkReferences(tx, screen, sets, scope.company);
    const { rows, logIds } = await applySets(tx, screen, sets, scope, version, true, true);
    return { rows, log_ids: logIds };
  });
}

/** Is a payload a bulk set? `{ rows: [...] }`, unless the form has a column named rows. */
export const isBulkSet = (screen: Screen, payload: unknown): boolean =>
  typeof payload === 'object' && payload !== null && !Array.isArray(payload) && Object.hasOwn(payload, 'rows') && !Object.hasOwn(screen.columns, 'rows');

/**
 * Undo: reverts the user's own `set` change-log rows of this form (and, for a
 * company-scoped form, of this company), newest first, in one transaction. Each field
 * must still hold the logged `after` value (else 409 `changed_since`, nothing reverted);
 * the `before` values are written back, the row version bumped, the revert logged as a
 * new `set`. Answers the current rows touched and the log ids of the reverts. A batch of
 * `delete` entries puts the deleted rows back instead (delete.ts `restoreDeleted`). `may`
 * checks the permission the undo needs: `set` for edits, `delete` for deletes.
 */
export async function undoChanges(db: Db, screen: Screen, payload: unknown, given: WriteScope, may: (flag: 'set' | 'delete') => Promise<void>) {
  // Undo puts back values the log holds: a price under the minimum margin was confirmed when it was written, or stood before the rule.
  const scope: WriteScope = { ...given, confirm: CONFIRMATIONS };
  const { log_ids: requested } = parseInput(UndoPayload, payload);
  const ids = [...new Set(requested)];
  const indexOf = new Map(requested.map((id, i) => [id, i] as const).reverse()); // first index of each id
  const writable = new Set(writableFields(screen, 'set'));

  return db.transaction(async (tx) => {
    await actAs(tx, scope.userId, scope.confirm);
    const found = await tx.query<LogEntry>(
      `select log_id, entity_name, entity_id, entity_key, log_action, actor_user_id, company_code, before, after, deleted_rows
       from app.product_change_log where log_id = any($1::bigint[]) for update`,
      [ids],
    );
    const byId = new Map(found.rows.map((e) => [Number(e.log_id), e]));
    for (const id of ids) {
      const e = byId.get(id);
      const ours = e && e.entity_name === screen.form && e.actor_user_id === scope.userId && (!screen.source.company || e.company_code === scope.company);
      if (!e || !ours) throw new HttpError(404, 'not_found', `payload.log_ids.${indexOf.get(id)}: no change ${id} of yours to ${screen.form}${screen.source.company ? ' in this company' : ''}`);
    }
    const deletes = ids.filter((id) => byId.get(id)!.log_action === 'delete');
    if (deletes.length) {
      if (deletes.length < ids.length) throw badRequest('payload.log_ids: a batch undoes either deletes or edits, not both');
      await may('delete');
      return restoreDeleted(
        tx,
        screen,
        ids.map((id) => ({ ...byId.get(id)!, index: indexOf.get(id)! })),
        scope,
      );
    }
    await may('set');
    if (!Object.values(screen.columns).some((c) => c.editable)) throw badRequest(`action: ${screen.form} has no editable column`);
    const entries: (LogEntry & { index: number; keys: unknown[]; fields: string[] })[] = [];
    for (const id of ids) {
      const at = `payload.log_ids.${indexOf.get(id)}`;
      const e = byId.get(id)!;
      if (e.log_action !== 'set' || !e.before || !e.after)
        throw refused('not_undoable', `${at}: change ${id} is ${e.log_action === 'set' ? 'empty' : `an ${e.log_action}`}; only edits (set) can be undone`, { field: at });
      const fields = Object.keys(e.after);
      for (const f of fields) {
        if (!writable.has(f) || !Object.hasOwn(e.before, f)) throw refused('not_undoable', `${at}: field "${f}" of change ${id} is not editable in ${screen.form}`, { field: at });
      }
      let keys = e.entity_key;
      if (!Array.isArray(keys) || keys.length !== screen.keys.length) {
        // Entries written before entity_key existed: a single key is entity_id itself.
        if (screen.keys.length !== 1) throw refused('not_undoable', `${at}: change ${id} does not name its row`, { field: at });
        const type = screen.valueType[screen.keys[0]!]!;
        keys = [columnTypes[type].numeric ? Number(e.entity_id) : e.entity_id];
      }
      entries.push({ ...e, index: indexOf.get(id)!, keys, fields });
    }
    entries.sort((a, b) => Number(b.log_id) - Number(a.log_id)); // newest first

    // The touched rows, each once, in the order of their newest change.
    const { rowOf, rowKeys } = distinctRows(entries);
    const locked = await lockRows(tx, screen, rowKeys, scope);
    // An undo is a write like any other: the row's (or its master's) state must allow it.
    await checkStateLocks(
      tx,
      screen,
      'set',
      entries.flatMap((e) => {
        const row = locked.get(rowOf.get(JSON.stringify(e.keys))!);
        return row ? [{ where: `payload.log_ids.${e.index}`, row, before: row, fields: e.fields }] : [];
      }),
      scope,
    );

    // Replay the reverts on the rows as stored; refuse any field that moved on since.
    const state = new Map<number, Row>();
    const touched = new Map<number, Set<string>>();
    const reverts: { keys: unknown[]; before: Row; after: Row; row: Row }[] = [];
    for (const e of entries) {
      const r = rowOf.get(JSON.stringify(e.keys))!;
      const at = `payload.log_ids.${e.index}`;
      const current = state.get(r) ?? locked.get(r);
      if (!current) throw new HttpError(409, 'changed_since', `${at}: the row ${e.entity_id} of change ${e.log_id} no longer exists`);
      const moved = e.fields.find((f) => !sameJson(current[f], e.after![f]));
      if (moved) throw new HttpError(409, 'changed_since', `${at}: ${moved} of ${e.entity_id} was changed since change ${e.log_id}; reload the row`);
      const next = { ...current };
      for (const f of e.fields) next[f] = e.before![f];
      state.set(r, next);
      const t = touched.get(r) ?? new Set<string>();
      for (const f of e.fields) t.add(f);
      touched.set(r, t);
      reverts.push({ keys: e.keys, before: pick(current, e.fields), after: pick(next, e.fields), row: current });
    }

    // One statement: each touched field of each row gets its replayed value (as stored: jsonb → row type).
    const allFields = [...new Set([...touched.values()].flatMap((t) => [...t]))];
    const p = new Params();
    const values = rowKeys.map((_, r) => JSON.stringify(pick(state.get(r)!, touched.get(r)!)));
    const from = keyRelation(screen, rowKeys, p, [{ name: 'j', cast: 'text', values }]);
    const typed = `jsonb_populate_record(null::${writeTable(screen)}, u.j::jsonb)`;
    const assignments = allFields.map((f) => `${ident(f)} = case when u.j::jsonb ? ${p.add(f, 'text')} then (${typed}).${ident(f)} else t.${ident(f)} end`);
    if (screen.source.version) assignments.push(`${ident(screen.source.version)} = t.${ident(screen.source.version)} + 1`);
    await tx.query(
      `update ${writeTable(screen)} t set ${assignments.join(', ')} from ${from}
       where ${keyJoin(screen, 't')}${companyOf(screen, 't', scope, p)}`,
      p.values,
    );
    const logIds = await changeLog(tx, screen, 'set', reverts, scope);
    return { rows: await readRows(tx, screen, rowKeys, scope), log_ids: logIds };
  });
}

/** Inserts one row: editable columns, and the key unless the database generates it. */
export async function addRow(db: Db, screen: Screen, payload: unknown, scope: WriteScope) {
  const obj = plainObject(payload, 'payload');
  const values = rowValues(screen, 'add', obj, 'payload'); // missing required fields and key included
  return db.transaction(async (tx) => {
    checkRowRules(screen, [{ where: 'payload', values }]);
    await checkReferences(tx, screen, [{ where: 'payload', values }], scope.company);
    await checkStateLocks(tx, screen, 'add', [{ where: 'payload', row: values, fields: Object.keys(values) }], scope);
    await actAs(tx, scope.userId, scope.confirm);
    const p = new Params();
    const cols = Object.keys(values);
    const vals = cols.map((f) => p.add(values[f], screen.valueType[f] === 'multi' ? 'jsonb' : castOf[screen.valueType[f]!]));
    if (screen.source.company && screen.source.writeCompany) {
      cols.push(screen.source.company); // the verified company, never the payload's
      vals.push(p.add(scope.company, 'text'));
    }
    const inserted = await tx.query<{ row: Row }>(`insert into ${writeTable(screen)} as t (${cols.map(ident).join(', ')}) values (${vals.join(', ')}) returning to_jsonb(t) as row`, p.values);
    const row = inserted.rows[0]!.row;
    const keys = screen.keys.map((k) => row[k]);
    const [logId] = await changeLog(tx, screen, 'add', [{ keys, before: null, after: pick(row, [...screen.keys, ...Object.keys(values)]), row }], scope);
    const added = await readRow(tx, screen, keys, scope);
    // Scoped through the relation: a row outside the company is refused (the transaction rolls back).
    if (!added) throw badRequest('payload: the row would not belong to this company');
    return { row: added, log_id: logId! };
  });
}

/** One row of an import: its validated values as bound to SQL (rowValues), with the file line; a set also has its key. */
export interface ImportWrite {
  inserts: { line: number; values: Row }[];
  updates: { line: number; where: string; keys: unknown[]; values: Row }[];
}

/** A row of the file a rule of the database refused (a check, a trigger, a reference). */
export interface RefusedRow {
  line: number;
  error: HttpError;
}

const IMPORT_CHUNK = 2_000;

/** Ends a dry run's transaction (rolled back) with its outcome. */
class DryRun {
  constructor(readonly outcome: { inserted: number; updated: number; refused: RefusedRow[] }) {}
}

/**
 * Writes an import in ONE transaction: inserts (grouped by the fields they give, so
 * database defaults fill the rest) and updates (as bulk set, without version checks — the
 * file is what the user means), each row change-logged. When a rule of the database
 * refuses a row (a check, a trigger, a reference), the rows are written one by one instead
 * and those refused are left out and reported, so the others are written as the preview
 * promised. `dryRun` (the preview) does all of it and rolls back: the preview reports the
 * rows the database would refuse. A row that would land outside the company or name
 * another company's row (references.ts), or any other error, rolls back everything.
 */
export async function importRows(db: Db, screen: Screen, plan: ImportWrite, scope: WriteScope, opts: { dryRun?: boolean } = {}): Promise<{ inserted: number; updated: number; refused: RefusedRow[] }> {
  const asJson = (f: string, v: unknown) => ((screen.valueType[f] === 'multi' || screen.valueType[f] === 'json') && typeof v === 'string' ? JSON.parse(v) : v);
  const withCompany = !!(screen.source.company && screen.source.writeCompany);

  const insert = async (tx: Queryable, cols: string[], chunk: Row[]): Promise<number> => {
    await actAs(tx, scope.userId, scope.confirm);
    const p = new Params();
    const docs = p.add(JSON.stringify(chunk.map((r) => Object.fromEntries(cols.map((f) => [f, asJson(f, r[f])])))), 'jsonb');
    const names = cols.map(ident);
    const exprs = cols.map((f) => `x.${ident(f)}`);
    if (withCompany) {
      names.push(ident(screen.source.company!)); // the verified company, never the file's
      exprs.push(p.add(scope.company, 'text'));
    }
    const r = await tx.query<{ row: Row }>(
      `insert into ${writeTable(screen)} as t (${names.join(', ')})
       select ${exprs.join(', ')} from jsonb_populate_recordset(null::${writeTable(screen)}, ${docs}) x
       returning to_jsonb(t) as row`,
      p.values,
    );
    const keysOfRows = r.rows.map((x) => screen.keys.map((k) => x.row[k]));
    await changeLog(
      tx,
      screen,
      'add',
      r.rows.map((x, i) => ({ keys: keysOfRows[i]!, before: null, after: pick(x.row, [...screen.keys, ...cols]), row: x.row })),
      scope,
    );
    if (screen.source.company && !screen.source.writeCompany) {
      const visible = await readRows(tx, screen, keysOfRows, scope);
      const missing = keysOfRows.findIndex((_, i) => !visible[i]);
      if (missing >= 0) throw badRequest(`file: a row with key ${keysOfRows[missing]!.join('/')} would not belong to this company`);
    }
    return r.rows.length;
  };
  const update = async (tx: Queryable, rows: ImportWrite['updates']): Promise<number> => {
    // Counts the rows that changed: one already holding the file's values is not written.
    return (
      await applySets(
        tx,
        screen,
        rows.map((u) => ({ where: u.where, keys: u.keys, values: u.values, expected: undefined })),
        scope,
        undefined,
        true,
      )
    ).changed;
  };
  const colsOf = (r: Row) => Object.keys(r).sort();

  /** All rows at once, inserts grouped by the fields they give. */
  const bulk = async (tx: Queryable) => {
    const groups = new Map<string, Row[]>();
    for (const { values } of plan.inserts) {
      const sig = colsOf(values).join(',');
      groups.set(sig, [...(groups.get(sig) ?? []), values]);
    }
    let inserted = 0;
    for (const [sig, rows] of groups) {
      for (let at = 0; at < rows.length; at += IMPORT_CHUNK) inserted += await insert(tx, sig ? sig.split(',') : [], rows.slice(at, at + IMPORT_CHUNK));
    }
    let updated = 0;
    for (let at = 0; at < plan.updates.length; at += IMPORT_CHUNK) updated += await update(tx, plan.updates.slice(at, at + IMPORT_CHUNK));
    return { inserted, updated, refused: [] as RefusedRow[] };
  };
  /** Row by row, each under a savepoint: a row a rule refuses is left out. */
  const oneByOne = async (tx: Queryable) => {
    const out = { inserted: 0, updated: 0, refused: [] as RefusedRow[] };
    const attempt = async (line: number, write: () => Promise<number>) => {
      await tx.query('savepoint import_row');
      try {
        const n = await write();
        await tx.query('release savepoint import_row');
        return n;
      } catch (e) {
        const refused = fromDbError(e);
        if (!refused) throw e;
        await tx.query('rollback to savepoint import_row');
        out.refused.push({ line, error: refused });
        return 0;
      }
    };
    for (const r of plan.inserts) out.inserted += await attempt(r.line, () => insert(tx, colsOf(r.values), [r.values]));
    for (const u of plan.updates) out.updated += await attempt(u.line, () => update(tx, [u]));
    return out;
  };

  try {
    return await db.transaction(async (tx) => {
      // The plan reports such rows by line (transfer/import.ts); one that still names another company's row refuses the whole file.
      const written = [...plan.inserts.map((r) => ({ where: `line ${r.line}`, values: r.values })), ...plan.updates];
      checkRowRules(screen, written);
      await checkReferences(tx, screen, written, scope.company);
      // Inserts here; the updates' rows are checked as they are locked (applySets).
      await checkStateLocks(
        tx,
        screen,
        'add',
        plan.inserts.map((r) => ({ where: `line ${r.line}`, row: r.values, fields: Object.keys(r.values) })),
        scope,
      );
      await tx.query('savepoint import_all');
      let outcome: Awaited<ReturnType<typeof bulk>>;
      try {
        outcome = await bulk(tx);
      } catch (e) {
        if (!fromDbError(e)) throw e;
        await tx.query('rollback to savepoint import_all');
        outcome = await oneByOne(tx);
      }
      if (opts.dryRun) throw new DryRun(outcome);
      return outcome;
    });
  } catch (e) {
    if (e instanceof DryRun) return e.outcome;
    throw e;
  }
}
