import * as v from 'valibot';
import { DeletePayload } from '../../../../schemas/api.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { HttpError, badRequest, parseInput } from '../../http/errors.ts';
import { screens, type Screen } from './screens.ts';
import { Params, castOf, ident, relation } from './sql.ts';
import { plainObject, rowValues, scalar } from './values.ts';

export interface WriteScope {
  company: string | null;
  userId: number;
}

type Row = Record<string, unknown>;

const pick = (row: Row, fields: Iterable<string>): Row => {
  const out: Row = {};
  for (const f of fields) if (f in row) out[f] = row[f];
  return out;
};

function keyValues(screen: Screen, obj: Row, where: string): unknown[] {
  return screen.keys.map((k) => {
    if (!(k in obj)) throw badRequest(`${where}.${k}: the key is required`);
    return scalar(screen.valueType[k]!, obj[k], `${where}.${k}`);
  });
}

/** `k1 = $1 and k2 = $2 [and company = $3]` on the written table. */
function keyWhere(screen: Screen, keys: unknown[], scope: WriteScope, p: Params): string {
  const parts = screen.keys.map((k, i) => `${ident(k)} = ${p.add(keys[i], castOf[screen.valueType[k]!])}`);
  if (screen.source.company) parts.push(`${ident(screen.source.company)} = ${p.add(scope.company, 'text')}`);
  return parts.join(' and ');
}

/** A ref value must exist in its lookup (within the company when the lookup is company-scoped). */
async function checkRefs(db: Queryable, screen: Screen, values: Row, scope: WriteScope, where: string): Promise<void> {
  for (const [field, value] of Object.entries(values)) {
    const col = screen.columns[field]!;
    if (col.type !== 'ref' || value === null) continue;
    const lookup = screens.get(col.lookup!)!;
    const p = new Params();
    const conds = [`${ident(lookup.keys[0]!)} = ${p.add(value, castOf[screen.valueType[field]!])}`];
    if (lookup.source.company) conds.push(`${ident(lookup.source.company)} = ${p.add(scope.company, 'text')}`);
    const r = await db.query(`select 1 from ${relation(lookup.source.relation)} where ${conds.join(' and ')} limit 1`, p.values);
    if (!r.rows.length) throw badRequest(`${where}.${field}: no ${col.lookup} record ${JSON.stringify(value)}`);
  }
}

async function changeLog(db: Queryable, screen: Screen, action: 'add' | 'set' | 'delete', entityId: string, scope: WriteScope, before: Row | null, after: Row | null) {
  await db.query(
    `insert into app.product_change_log (entity_name, entity_id, log_action, actor_user_id, company_code, before, after)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)`,
    [screen.form, entityId, action, scope.userId, scope.company, before && JSON.stringify(before), after && JSON.stringify(after)],
  );
}

async function readRow(db: Queryable, screen: Screen, keys: unknown[], scope: WriteScope): Promise<Row | undefined> {
  const p = new Params();
  const fields = [...new Set([...screen.keys, ...Object.keys(screen.columns), ...(screen.source.version ? [screen.source.version] : [])])];
  const r = await db.query<Row>(
    `select ${fields.map(ident).join(', ')} from ${relation(screen.source.relation)} where ${keyWhere(screen, keys, scope, p)}`,
    p.values,
  );
  return r.rows[0];
}

const writeTable = (screen: Screen) => relation(screen.source.write!);
const isKey = (screen: Screen, f: string) => screen.keys.includes(f);

/** Updates one row: key fields, changed fields and the row version (stale → 409). */
export async function setRow(db: Db, screen: Screen, payload: unknown, scope: WriteScope, opts: { versionCheck?: boolean } = {}) {
  const obj = plainObject(payload, 'payload');
  const version = opts.versionCheck === false ? undefined : screen.source.version;
  const keys = keyValues(screen, obj, 'payload');
  let expected: number | undefined;
  if (version) {
    if (!(version in obj)) throw badRequest(`payload.${version}: the row version is required`);
    expected = scalar('int', obj[version], `payload.${version}`) as number;
  }
  const changes = Object.fromEntries(Object.entries(obj).filter(([f]) => !isKey(screen, f) && f !== version));
  const values = rowValues(screen, 'set', changes, 'payload');
  if (!Object.keys(values).length) throw badRequest('payload: no field to change');
  await checkRefs(db, screen, values, scope, 'payload');

  return db.transaction(async (tx) => {
    const p = new Params();
    const found = await tx.query<{ row: Row }>(
      `select to_jsonb(t) as row from ${writeTable(screen)} t where ${keyWhere(screen, keys, scope, p)} for update`,
      p.values,
    );
    const before = found.rows[0]?.row;
    if (!before) throw new HttpError(404, 'not_found', 'The row does not exist (or not in this company)');
    if (version && before[version] !== expected) {
      throw new HttpError(409, 'stale_row', 'The row was changed by someone else meanwhile; reload it');
    }
    const u = new Params();
    const sets = Object.entries(values).map(([f, val]) =>
      screen.columns[f]!.type === 'multi'
        ? `${ident(f)} = coalesce(${ident(f)}, '{}'::jsonb) || ${u.add(val, 'jsonb')}`
        : `${ident(f)} = ${u.add(val, castOf[screen.valueType[f]!])}`,
    );
    if (screen.source.version) sets.push(`${ident(screen.source.version)} = ${ident(screen.source.version)} + 1`);
    const updated = await tx.query<{ row: Row }>(
      `update ${writeTable(screen)} t set ${sets.join(', ')} where ${keyWhere(screen, keys, scope, u)} returning to_jsonb(t) as row`,
      u.values,
    );
    const after = updated.rows[0]!.row;
    await changeLog(tx, screen, 'set', keys.join('/'), scope, pick(before, Object.keys(values)), pick(after, Object.keys(values)));
    return { row: (await readRow(tx, screen, keys, scope))! };
  });
}

/** Inserts one row: editable columns, and the key unless the database generates it. */
export async function addRow(db: Db, screen: Screen, payload: unknown, scope: WriteScope) {
  const obj = plainObject(payload, 'payload');
  const values = rowValues(screen, 'add', obj, 'payload'); // missing required fields and key included
  await checkRefs(db, screen, values, scope, 'payload');
  return db.transaction(async (tx) => {
    const p = new Params();
    const cols = Object.keys(values);
    const vals = cols.map((f) => p.add(values[f], screen.valueType[f] === 'multi' ? 'jsonb' : castOf[screen.valueType[f]!]));
    if (screen.source.company) {
      cols.push(screen.source.company); // the verified company, never the payload's
      vals.push(p.add(scope.company, 'text'));
    }
    const inserted = await tx.query<{ row: Row }>(
      `insert into ${writeTable(screen)} as t (${cols.map(ident).join(', ')}) values (${vals.join(', ')}) returning to_jsonb(t) as row`,
      p.values,
    );
    const row = inserted.rows[0]!.row;
    const keys = screen.keys.map((k) => row[k]);
    await changeLog(tx, screen, 'add', keys.join('/'), scope, null, pick(row, [...screen.keys, ...Object.keys(values)]));
    return { row: (await readRow(tx, screen, keys, scope))! };
  });
}

/** Deletes rows by key within the verified company; answers how many went. */
export async function deleteRows(db: Db, screen: Screen, payload: unknown, scope: WriteScope) {
  const { keys } = parseInput(DeletePayload, payload) as v.InferOutput<typeof DeletePayload>;
  const columns = screen.keys.map(() => [] as unknown[]);
  keys.forEach((k, i) => {
    const obj = screen.keys.length === 1 && (typeof k !== 'object' || k === null) ? { [screen.keys[0]!]: k } : plainObject(k, `payload.keys.${i}`);
    keyValues(screen, obj, `payload.keys.${i}`).forEach((val, j) => columns[j]!.push(val));
  });
  const p = new Params();
  const tuple = screen.keys.map(ident).join(', ');
  const arrays = screen.keys.map((k, j) => p.add(columns[j], `${castOf[screen.valueType[k]!]}[]`));
  const conds = [`(${tuple}) in (select * from unnest(${arrays.join(', ')}))`];
  if (screen.source.company) conds.push(`${ident(screen.source.company)} = ${p.add(scope.company, 'text')}`);
  const logged = new Set([...screen.keys, ...Object.keys(screen.columns)]);
  try {
    return await db.transaction(async (tx) => {
      const r = await tx.query<{ row: Row }>(
        `delete from ${writeTable(screen)} t where ${conds.join(' and ')} returning to_jsonb(t) as row`,
        p.values,
      );
      for (const { row } of r.rows) {
        await changeLog(tx, screen, 'delete', screen.keys.map((k) => row[k]).join('/'), scope, pick(row, logged), null);
      }
      return { deleted: r.rows.length };
    });
  } catch (e) {
    if ((e as { code?: string }).code === '23503') {
      throw new HttpError(409, 'in_use', 'A row is still referenced by other records and cannot be deleted');
    }
    throw e;
  }
}
