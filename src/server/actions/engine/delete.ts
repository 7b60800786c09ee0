/**
 * Delete, what it takes with it, and its undo. A delete keeps in its change-log entry the
 * row as stored and every row the database's ON DELETE CASCADE keys removed with it
 * (cascade.ts), so the undo puts back exactly what went, in one transaction. The preview
 * (`delete_preview`) answers what the question before a delete names: a few of the rows,
 * and the rows going with them counted per screen.
 */
import { DeletePayload } from '../../../../schemas/api.ts';
import { lookupDisplayField } from '../../../core/lookupDisplay.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { HttpError, badRequest, fromDbError, parseInput, refused } from '../../http/errors.ts';
import { cascadeGraph, cascadeRows, insertableColumns, isTable, primaryKey, quoteName, quoteTable, screenOfTable, type TakenRow } from './cascade.ts';
import { ownerCondition } from './owner.ts';
import type { Screen } from './screens.ts';
import { inUseError } from './inUse.ts';
import { checkStateLocks } from './stateLocks.ts';
import { Params, castOf, ident } from './sql.ts';
import { plainObject } from './values.ts';
import { actAs, changeLog, keyValues, readRows, viaRelation, writeTable, type LogEntry, type WriteScope } from './rows.ts';

type Row = Record<string, unknown>;

/** How many rows the delete question names before "and N more". */
const PREVIEW_ROWS = 3;

/** The payload's keys as the WHERE of the written table (alias t), within the verified company (and the owner's rows, source.owner). */
function selection(screen: Screen, payload: unknown, scope: WriteScope) {
  const { keys } = parseInput(DeletePayload, payload);
  const columns = screen.keys.map(() => [] as unknown[]);
  const requested = keys.map((k, i) => {
    const obj = screen.keys.length === 1 && (typeof k !== 'object' || k === null) ? { [screen.keys[0]!]: k } : plainObject(k, `payload.keys.${i}`);
    const vals = keyValues(screen, obj, `payload.keys.${i}`);
    vals.forEach((val, j) => columns[j]!.push(val));
    return vals;
  });
  const p = new Params();
  const tuple = screen.keys.map((k) => `t.${ident(k)}`).join(', ');
  const arrays = screen.keys.map((k, j) => p.add(columns[j], `${castOf[screen.valueType[k]!]}[]`));
  const conds = [`(${tuple}) in (select * from unnest(${arrays.join(', ')}))`];
  if (screen.source.company) {
    conds.push(screen.source.writeCompany ? `t.${ident(screen.source.company)} = ${p.add(scope.company, 'text')}` : viaRelation(screen, 't', scope, p));
  }
  const own = ownerCondition(screen, scope, p, 't');
  if (own) conds.push(own);
  return { where: conds.join(' and '), params: p.values, requested };
}

/** The rows of the written table the payload names (as stored, with their ctid), in key order. */
async function mainRows(tx: Queryable, screen: Screen, sel: ReturnType<typeof selection>, lock: boolean) {
  // A view (written through its triggers) has no ctid, no locks of its own, and no foreign keys to it.
  const table = await isTable(tx, screen.source.write!);
  const r = await tx.query<{ tid: string; row: Row }>(
    `select ${table ? 't.ctid::text' : 'null'} as tid, to_jsonb(t) as row from ${writeTable(screen)} t where ${sel.where}
     order by ${screen.keys.map((k) => `t.${ident(k)}`).join(', ')}${lock && table ? ' for update of t' : ''}`,
    sel.params,
  );
  return r.rows;
}

const keyOf = (screen: Screen, row: Row) => screen.keys.map((k) => row[k]);

/** The order the question names dependents in: the screen's own rows, its details in their order, other screens, other records. */
function rank(screen: Screen, form: string | null): number {
  if (form === null) return Number.MAX_SAFE_INTEGER;
  if (form === screen.form) return -1;
  const i = (screen.details ?? []).indexOf(form);
  return i >= 0 ? i : 1_000;
}

/** Deletes rows by key within the verified company, with what cascades; answers how many went and their log ids. */
export async function deleteRows(db: Db, screen: Screen, payload: unknown, scope: WriteScope) {
  const sel = selection(screen, payload, scope);
  const table = screen.source.write!;
  const graph = await cascadeGraph(db);
  const logged = new Set([...screen.keys, ...Object.keys(screen.columns)]);
  try {
    return await db.transaction(async (tx) => {
      await actAs(tx, scope.userId);
      const rows = await mainRows(tx, screen, sel, true);
      const asked = new Map(sel.requested.map((k, i) => [JSON.stringify(k), i] as const));
      await checkStateLocks(
        tx,
        screen,
        'delete',
        rows.map(({ row }) => ({ where: `payload.keys.${asked.get(JSON.stringify(keyOf(screen, row))) ?? 0}`, row })),
        scope,
      );
      const taken = await cascadeRows(tx, graph, table, rows, true);
      // The rows are locked: the same WHERE deletes exactly the rows read.
      await tx.query(`delete from ${writeTable(screen)} t where ${sel.where}`, sel.params);
      const entries = rows.map(({ row }, i) => ({
        keys: keyOf(screen, row),
        before: Object.fromEntries(Object.entries(row).filter(([f]) => logged.has(f))),
        after: null,
        row,
        deleted: [{ table, depth: 0, row }, ...taken.filter((x) => x.origin === i).map(({ origin: _o, ...x }) => x)],
      }));
      const logIds = await changeLog(tx, screen, 'delete', entries, scope);
      return { deleted: rows.length, log_ids: logIds };
    });
  } catch (e) {
    // Still referenced by a key without cascade: refused, naming what uses the rows (inUse.ts).
    if ((e as { code?: string }).code === '23503') throw await inUseError(db, screen, sel, e);
    throw e;
  }
}

/**
 * What a delete of these keys would take, under the delete's own checks (company, keys):
 * how many rows, the first few (key and display value, in the order asked), and the rows
 * going with them per screen that shows them (form null: no screen shows that table).
 */
export async function previewDelete(db: Db, screen: Screen, payload: unknown, scope: WriteScope) {
  const sel = selection(screen, payload, scope);
  const table = screen.source.write!;
  const graph = await cascadeGraph(db);
  return db.transaction(async (tx) => {
    const rows = await mainRows(tx, screen, sel, false);
    const taken = await cascadeRows(tx, graph, table, rows, false);
    const perTable = new Map<string, number>();
    for (const x of taken) if (!x.nulled) perTable.set(x.table, (perTable.get(x.table) ?? 0) + 1);
    const perForm = new Map<string | null, number>();
    for (const [t, n] of perTable) {
      const form = (await screenOfTable(tx, screen, t))?.form ?? null;
      perForm.set(form, (perForm.get(form) ?? 0) + n);
    }
    // The first rows in the order asked (the grid's selection order), named as a lookup names them.
    const present = new Set(rows.map((r) => JSON.stringify(keyOf(screen, r.row))));
    const first = sel.requested.filter((k) => present.has(JSON.stringify(k))).slice(0, PREVIEW_ROWS);
    const display = lookupDisplayField(screen.columns, screen.keys);
    const read = first.length ? await readRows(tx, screen, first, scope) : [];
    const refusal = rows.length ? await trialDelete(tx, screen, sel, scope) : undefined;
    return {
      count: rows.length,
      rows: first.map((k, i) => ({ key: k.join('/'), name: display in screen.columns && !screen.keys.includes(display) ? (read[i]?.[display] ?? null) : null })),
      dependents: [...perForm].map(([form, count]) => ({ form, count })).sort((a, b) => rank(screen, a.form) - rank(screen, b.form)),
      ...(refusal ? { refused: { error: refusal.code, params: refusal.params ?? {} } } : {}),
    };
  });
}

/**
 * Whether the database would refuse the delete: the delete itself, run in a savepoint rolled
 * back at once (keys without cascade, the rules' triggers — nothing stays), its refusal as the
 * delete would answer it (in use, naming what uses the rows; a rule of the record).
 */
async function trialDelete(tx: Queryable, screen: Screen, sel: ReturnType<typeof selection>, scope: WriteScope): Promise<HttpError | undefined> {
  await tx.query('savepoint delete_trial');
  let failed: unknown;
  try {
    await actAs(tx, scope.userId);
    await tx.query(`delete from ${writeTable(screen)} t where ${sel.where}`, sel.params);
  } catch (e) {
    failed = e;
  }
  await tx.query('rollback to savepoint delete_trial');
  if (failed === undefined) return undefined;
  if ((failed as { code?: string }).code === '23503') return inUseError(tx, screen, sel, failed);
  const said = fromDbError(failed);
  if (said) return said;
  throw failed;
}

/**
 * Undo of the user's own delete entries (already checked as theirs): inserts the rows each
 * entry kept, level by level (a row before the rows referencing it), as they were stored;
 * the row version of a screen's rows goes one up (a write like any other). A key taken
 * meanwhile or a referenced row gone since → 409 `restore_conflict`, nothing restored. The
 * restore is logged as an `add` per row. Answers the rows as the form reads them and the log ids.
 */
export async function restoreDeleted(tx: Queryable, screen: Screen, entries: (LogEntry & { index: number })[], scope: WriteScope) {
  const mains: Row[] = [];
  const levels = new Map<number, Map<string, Row[]>>();
  const cleared: TakenRow[] = [];
  for (const e of entries) {
    const kept = e.deleted_rows;
    if (!Array.isArray(kept) || !kept.length || kept[0]!.depth !== 0) {
      throw refused('not_undoable', `payload.log_ids.${e.index}: delete ${e.log_id} was logged without its rows and cannot be undone`, { field: `payload.log_ids.${e.index}` });
    }
    mains.push(kept[0]!.row);
    for (const x of kept) {
      if (x.nulled) {
        cleared.push(x);
        continue;
      }
      const level = levels.get(x.depth) ?? new Map<string, Row[]>();
      level.set(x.table, [...(level.get(x.table) ?? []), { ...x.row }]);
      levels.set(x.depth, level);
    }
  }
  // Putting a row back is an add: its master's state must allow it (descriptor editableIn).
  await checkStateLocks(
    tx,
    screen,
    'add',
    mains.map((row, i) => ({ where: `payload.log_ids.${entries[i]!.index}`, row, fields: Object.keys(row).filter((f) => f in screen.columns) })),
    scope,
  );
  try {
    for (const depth of [...levels.keys()].sort((a, b) => a - b)) {
      for (const [table, rows] of levels.get(depth)!) {
        const owner = depth === 0 ? screen : await screenOfTable(tx, screen, table);
        const version = owner?.source.write === table ? owner.source.version : undefined;
        if (version) for (const r of rows) if (typeof r[version] === 'number') r[version] = r[version] + 1;
        const names = await insertableColumns(tx, table);
        const cols = names.map(quoteName).join(', ');
        // A restored row's own triggers may have made some of its dependents again (a
        // category's names → its translations): the kept rows replace those. The rows deleted
        // themselves (depth 0) are plain inserts, so a key taken since is a conflict.
        const pk = depth > 0 ? await primaryKey(tx, table) : [];
        const rest = names.filter((c) => !pk.includes(c));
        const upsert = !pk.length
          ? ''
          : rest.length
            ? ` on conflict (${pk.map(quoteName).join(', ')}) do update set ${rest.map((c) => `${quoteName(c)} = excluded.${quoteName(c)}`).join(', ')}`
            : ` on conflict (${pk.map(quoteName).join(', ')}) do nothing`;
        await tx.query(
          `insert into ${quoteTable(table)} (${cols}) overriding system value
           select ${cols} from jsonb_populate_recordset(null::${quoteTable(table)}, $1::jsonb)${upsert}`,
          [JSON.stringify(rows)],
        );
      }
    }
    // Rows whose keys the delete cleared (ON DELETE SET NULL) point at the restored rows again,
    // unless someone has set them since.
    for (const x of cleared) {
      const key = Object.keys(x.row).filter((c) => !x.nulled!.includes(c));
      const cols = x.nulled!;
      await tx.query(
        `update ${quoteTable(x.table)} t set ${cols.map((c) => `${quoteName(c)} = r.${quoteName(c)}`).join(', ')}
         from jsonb_populate_record(null::${quoteTable(x.table)}, $1::jsonb) r
         where ${key.map((c) => `t.${quoteName(c)} = r.${quoteName(c)}`).join(' and ')}
           and ${cols.map((c) => `t.${quoteName(c)} is null`).join(' and ')}`,
        [JSON.stringify(x.row)],
      );
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === '23505' || code === '23503') {
      throw new HttpError(409, 'restore_conflict', 'The deleted rows cannot be put back: a key is taken again, or a row they belong to is gone');
    }
    throw e;
  }
  const logged = [...screen.keys, ...Object.keys(screen.columns)];
  const keys = mains.map((r) => keyOf(screen, r));
  const logIds = await changeLog(
    tx,
    screen,
    'add',
    mains.map((r, i) => ({ keys: keys[i]!, before: null, after: Object.fromEntries(logged.filter((f) => f in r).map((f) => [f, r[f]])), row: r })),
    scope,
  );
  const rows = await readRows(tx, screen, keys, scope);
  // A row the form no longer shows in this company would not be the user's to restore.
  if (rows.filter(Boolean).length !== keys.length) throw badRequest('payload.log_ids: the rows would not belong to this company');
  return { rows, log_ids: logIds };
}
