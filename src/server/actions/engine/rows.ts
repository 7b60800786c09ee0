/**
 * The engine's rows by key, shared by every write path (write.ts, delete.ts, redo.ts) and the
 * state locks (stateLocks.ts): the acting user, keys, reads and locks of many rows at once,
 * the change log. A leaf of the write modules: they import it, it imports none of them.
 */
import { confirmSetting, type Confirmation } from '../../../core/confirmations.ts';
import { fieldLabelId } from '../../../core/fieldLabel.ts';
import { M } from '../../../core/validation/messages.ts';
import type { Queryable } from '../../db/types.ts';
import { invalidValue } from '../../http/errors.ts';
import { notifyRows } from '../../http/liveRows.ts';
import type { TakenRow } from './cascade.ts';
import { ownerCondition, type OwnerScope } from './owner.ts';
import type { Screen } from './screens.ts';
import { Params, castOf, ident, relation } from './sql.ts';
import { scalar } from './values.ts';

export interface WriteScope extends OwnerScope {
  company: string | null;
  userId: number;
  /** The user's language: a refusal naming a workflow state names it in it (stateLocks.ts). */
  language?: string;
  /** What the user confirmed for this write (the request's `confirm`: a price under the minimum margin). */
  confirm?: readonly Confirmation[] | undefined;
}
/**
 * Names the acting user to the database for the rest of the transaction
 * (`current_setting('app.user_id', true)`): insert triggers that record who opened a row
 * (a cashflow item's opened_by, migration 041) read it, whoever the writer's path, and so
 * do the rules of grants (migration 054: a grant needs the actor's perms flag). Every
 * engine write (add, set, undo, delete, import) names its actor — and what the user confirmed
 * (`app.confirm`, core/confirmations.ts: 'none' or the confirmations; migration 121's rules ask
 * for the others: a write of the app never saves a price under the minimum margin unasked).
 */
export async function actAs(tx: Queryable, userId: number, confirm?: readonly Confirmation[]): Promise<void> {
  await tx.query(`select set_config('app.user_id', $1, true), set_config('app.confirm', $2, true)`, [String(userId), confirmSetting(confirm)]);
}

/** What a read of written rows needs: the company the rows must belong to. */
type CompanyScope = Pick<WriteScope, 'company' | 'owner'>;

export type Row = Record<string, unknown>;

export const pick = (row: Row, fields: Iterable<string>): Row => {
  const out: Row = {};
  for (const f of fields) if (f in row) out[f] = row[f];
  return out;
};

export function keyValues(screen: Screen, obj: Row, where: string): unknown[] {
  return screen.keys.map((k) => {
    if (!(k in obj)) throw invalidValue(`${where}.${k}`, { id: M.required }, undefined, fieldLabelId(k, screen.columns[k]));
    return scalar(screen.valueType[k]!, obj[k], `${where}.${k}`);
  });
}

/**
 * The product an entry belongs to (migration 026): the written row's product_code — the
 * product itself, or the product a detail row (translation, image, listing…) hangs on.
 * The product's "Change history" joins on it.
 */
const productOf = (row: Row | undefined): string | null => (typeof row?.product_code === 'string' ? row.product_code : null);

/**
 * Change-log rows (one per entry, in order); answers their log ids in the same order.
 * `row`: the whole written row. A delete's entry also keeps the rows it took (`deleted`:
 * the row as stored and its cascade).
 */
export async function changeLog(
  db: Queryable,
  screen: Screen,
  action: 'add' | 'set' | 'delete',
  entries: { keys: unknown[]; before: Row | null; after: Row | null; row: Row | undefined; deleted?: unknown[] }[],
  scope: WriteScope,
): Promise<number[]> {
  if (!entries.length) return [];
  const r = await db.query<{ log_id: number }>(
    `insert into app.product_change_log (entity_name, entity_id, entity_key, log_action, actor_user_id, company_code, before, after, deleted_rows, product_code)
     select $1, u.id, u.k::jsonb, $2, $3, $4, u.b::jsonb, u.a::jsonb, u.d::jsonb, u.p
     from unnest($5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[]) with ordinality as u(id, k, b, a, d, p, n)
     order by u.n
     returning log_id`,
    [
      screen.form,
      action,
      scope.userId,
      scope.company,
      entries.map((e) => e.keys.join('/')),
      entries.map((e) => JSON.stringify(e.keys)),
      entries.map((e) => (e.before ? JSON.stringify(e.before) : null)),
      entries.map((e) => (e.after ? JSON.stringify(e.after) : null)),
      entries.map((e) => (e.deleted ? JSON.stringify(e.deleted) : null)),
      entries.map((e) => productOf(e.row)),
    ],
  );
  // Open grids of the rows hear of them once this commits (http/liveRows.ts).
  await notifyRows(
    db,
    screen,
    entries.map((e) => e.keys),
    scope.company,
    scope.userId,
  );
  // Ids come from one sequence in insertion order.
  return r.rows.map((x) => Number(x.log_id)).sort((a, b) => a - b);
}

export const rowFields = (screen: Screen) => [...new Set([...screen.keys, ...Object.keys(screen.columns), ...(screen.source.version ? [screen.source.version] : [])])];

/**
 * `unnest($1::t1[], $2::t2[], …, $n::int[]) as u(k0, k1, …, "#i")`: the rows' keys (and
 * extra columns) as a relation to join on, "#i" the row's index in the request.
 */
export function keyRelation(screen: Screen, keysOfRows: unknown[][], p: Params, extra: { name: string; cast: string; values: unknown[] }[] = []): string {
  const arrays = screen.keys.map((k, j) =>
    p.add(
      keysOfRows.map((keys) => keys[j]),
      `${castOf[screen.valueType[k]!]}[]`,
    ),
  );
  const more = extra.map((x) => p.add(x.values, `${x.cast}[]`));
  const index = p.add(
    keysOfRows.map((_, i) => i),
    'int[]',
  );
  const names = [...screen.keys.map((_, j) => `k${j}`), ...extra.map((x) => x.name), '"#i"'];
  return `unnest(${[...arrays, ...more, index].join(', ')}) as u(${names.join(', ')})`;
}
export const keyJoin = (screen: Screen, alias: string) => screen.keys.map((k, j) => `${alias}.${ident(k)} = u.k${j}`).join(' and ');
export const companyOf = (screen: Screen, alias: string, scope: CompanyScope, p: Params) => {
  const own = ownerCondition(screen, scope, p, alias);
  const owner = own ? ` and ${own}` : '';
  const company = screen.source.company;
  if (!company) return owner;
  if (alias !== 't' || screen.source.writeCompany) return ` and ${alias}.${ident(company)} = ${p.add(scope.company, 'text')}${owner}`;
  return ` and ${viaRelation(screen, 't', scope, p)}${owner}`;
};
/** A written row without a company column belongs to the company its relation row names. */
export const viaRelation = (screen: Screen, alias: string, scope: CompanyScope, p: Params) =>
  `exists (select 1 from ${relation(screen.source.relation)} rc where ${screen.keys.map((k) => `rc.${ident(k)} = ${alias}.${ident(k)}`).join(' and ')}` +
  ` and rc.${ident(screen.source.company!)} = ${p.add(scope.company, 'text')})`;

/** The rows (as the form reads them) of many keys, in the order of the keys. */
export async function readRows(db: Queryable, screen: Screen, keysOfRows: unknown[][], scope: CompanyScope): Promise<Row[]> {
  const p = new Params();
  const from = keyRelation(screen, keysOfRows, p);
  const r = await db.query<Row>(
    `select ${rowFields(screen)
      .map((f) => `r.${ident(f)}`)
      .join(', ')}, u."#i" as "#i"
     from ${relation(screen.source.relation)} r join ${from} on ${keyJoin(screen, 'r')}${companyOf(screen, 'r', scope, p)}`,
    p.values,
  );
  const out: Row[] = [];
  for (const row of r.rows) {
    const i = row['#i'] as number;
    delete row['#i'];
    out[i] = row;
  }
  return out;
}

/** The rows change log entries touch, each once in the order of its first entry: their keys, and each entry's row index by `JSON.stringify(keys)`. */
export function distinctRows(entries: readonly { keys: unknown[] }[]): { rowOf: Map<string, number>; rowKeys: unknown[][] } {
  const rowOf = new Map<string, number>();
  const rowKeys: unknown[][] = [];
  for (const e of entries) {
    const k = JSON.stringify(e.keys);
    if (!rowOf.has(k)) {
      rowOf.set(k, rowKeys.length);
      rowKeys.push(e.keys);
    }
  }
  return { rowOf, rowKeys };
}

/** Locks rows of the written table (in key order) and answers them as stored, by request index. */
export async function lockRows(tx: Queryable, screen: Screen, keysOfRows: unknown[][], scope: WriteScope): Promise<Map<number, Row>> {
  const p = new Params();
  const from = keyRelation(screen, keysOfRows, p);
  const r = await tx.query<{ i: number; row: Row }>(
    `select u."#i" as i, to_jsonb(t) as row from ${writeTable(screen)} t join ${from} on ${keyJoin(screen, 't')}${companyOf(screen, 't', scope, p)}
     order by ${screen.keys.map((k) => `t.${ident(k)}`).join(', ')} for update of t`,
    p.values,
  );
  return new Map(r.rows.map((x) => [x.i, x.row]));
}

export const writeTable = (screen: Screen) => relation(screen.source.write!);

export const sameJson = (a: unknown, b: unknown): boolean => {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.hasOwn(b, k) && sameJson((a as Row)[k], (b as Row)[k]));
};

export interface LogEntry {
  log_id: number;
  entity_name: string;
  entity_id: string;
  entity_key: unknown[] | null;
  log_action: string;
  actor_user_id: number | null;
  company_code: string | null;
  before: Row | null;
  after: Row | null;
  deleted_rows: TakenRow[] | null;
}
