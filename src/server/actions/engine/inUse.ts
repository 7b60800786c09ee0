/**
 * Why a delete was refused as still in use, said from the database's foreign keys (issue 46):
 * the key that refused it (the error's constraint on the referencing table), how many rows of
 * that table refer to the rows asked for, and the screen that shows them — "This record is used
 * by 3 rows of “Shops”" in the user's language (`in_use` with `count` and `label`, the screen's
 * title key). The database's own text never reaches the answer. Counted across companies: the
 * key does not stop at one (a currency of another company's shop holds it too).
 */
import type { ErrorParams } from '../../../core/errorCodes.ts';
import type { Queryable } from '../../db/types.ts';
import { HttpError } from '../../http/errors.ts';
import { quoteName, quoteTable, tablesOfViews } from './cascade.ts';
import { screens, type Screen } from './screens.ts';

/** The refusal of a delete by a foreign key (23503) as PostgreSQL reports it: the referencing table, its constraint, the key's detail. */
interface KeyRefusal {
  schema?: string;
  table?: string;
  constraint?: string;
  detail?: string;
}

/** What the delete asked for: its WHERE over the written table (alias t) and its parameters. */
interface Selection {
  where: string;
  params: unknown[];
}

const generic = () => new HttpError(409, 'in_use', 'A row is still referenced by other records and cannot be deleted');

/** The foreign key by its name on the referencing table: both tables and their columns in key order. */
async function foreignKey(db: Queryable, e: KeyRefusal) {
  const r = await db.query<{ child: string; parent: string; child_cols: string[]; parent_cols: string[] }>(
    `select cn.nspname || '.' || cc.relname as child, pn.nspname || '.' || pc.relname as parent,
            (select array_agg(a.attname::text order by k.i) from unnest(c.conkey) with ordinality k(n, i)
             join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n) as child_cols,
            (select array_agg(a.attname::text order by k.i) from unnest(c.confkey) with ordinality k(n, i)
             join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n) as parent_cols
     from pg_constraint c
     join pg_class cc on cc.oid = c.conrelid join pg_namespace cn on cn.oid = cc.relnamespace
     join pg_class pc on pc.oid = c.confrelid join pg_namespace pn on pn.oid = pc.relnamespace
     where c.contype = 'f' and c.conname = $1 and cc.relname = $2 and ($3::text is null or cn.nspname = $3)`,
    [e.constraint, e.table, e.schema ?? null],
  );
  return r.rows[0];
}

/**
 * The rows referring through the key: to the rows the delete asked for when the key points at
 * the written table, else (a row the cascade would have taken) to the one key the detail names.
 */
async function referringCount(db: Queryable, screen: Screen, sel: Selection, fk: NonNullable<Awaited<ReturnType<typeof foreignKey>>>, detail: string | undefined) {
  const child = quoteTable(fk.child);
  if (fk.parent === screen.source.write) {
    const on = fk.child_cols.map((c, i) => `r.${quoteName(c)} = t.${quoteName(fk.parent_cols[i]!)}`).join(' and ');
    const r = await db.query<{ n: number }>(`select count(*)::int as n from ${child} r where exists (select 1 from ${quoteTable(fk.parent)} t where ${sel.where} and ${on})`, sel.params);
    return r.rows[0]!.n;
  }
  const value = fk.child_cols.length === 1 ? /^Key \([^)]*\)=\((.*)\) is still referenced/.exec(detail ?? '')?.[1] : undefined;
  if (value === undefined) return undefined;
  const r = await db.query<{ n: number }>(`select count(*)::int as n from ${child} r where r.${quoteName(fk.child_cols[0]!)}::text = $1`, [value]);
  return r.rows[0]!.n;
}

/**
 * The screen that names the referring rows: the deleting screen's own detail writing them, else
 * a page where such rows are added (the shop list for app.shops, not a screen that only edits
 * some of their fields), else any page writing them, else one writing them through a view (the
 * users' page for app.users) — the screen named as the table first (purchase_orders, not
 * new_purchase_order), then by form name among equals.
 */
async function usingScreen(db: Queryable, screen: Screen, table: string): Promise<Screen | undefined> {
  const details = (screen.details ?? []).flatMap((f) => screens.get(f) ?? []);
  const detail = details.find((d) => d.source.write === table);
  if (detail) return detail;
  const views = await tablesOfViews(db);
  const named = table.slice(table.indexOf('.') + 1);
  const rank = (s: Screen) => (s.form === named ? 0 : 8) + (s.source.write === table ? 0 : 4) + (s.route ? 0 : 2) + (s.actions.add ? 0 : 1);
  const writers = [...screens.values()].filter((s) => s.access !== 'authenticated' && s.source.write && (s.source.write === table || views.get(s.source.write)?.has(table)));
  return writers.sort((a, b) => rank(a) - rank(b) || a.form.localeCompare(b.form))[0];
}

/** The 409 `in_use` of a delete the key `e` refused, naming what uses the rows (or the general one when that cannot be read). */
export async function inUseError(db: Queryable, screen: Screen, sel: Selection, e: unknown): Promise<HttpError> {
  const refusal = e as KeyRefusal;
  if (!refusal.constraint || !refusal.table) return generic();
  try {
    const fk = await foreignKey(db, refusal);
    if (!fk) return generic();
    const count = await referringCount(db, screen, sel, fk, refusal.detail);
    if (count === undefined || count < 1) return generic();
    const user = await usingScreen(db, screen, fk.child);
    const params: ErrorParams = user ? { count, label: `screens.${user.form}.title` } : { count };
    return new HttpError(409, 'in_use', `A row is still referenced by ${count} rows${user ? ` of ${user.form}` : ''} and cannot be deleted`, {}, undefined, params);
  } catch {
    return generic();
  }
}
