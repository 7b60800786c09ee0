/**
 * A page's rows as JSON text made by the database (row_to_json), equal to what the rows the
 * driver parses would give through JSON.stringify (db/types-parse.ts): the answer of a list
 * skips parsing 100 rows into objects and writing them out again (about 30 % off a cheap
 * page on PGlite; see Db.jsonRows for where it is used).
 *
 * Equal by type, per column: strings, integers, booleans and json(b) are written alike;
 * numbers, but NaN and ±Infinity become null (JSON.stringify's NaN), and a numeric or
 * bigint beyond the safe integers is its exact text (as the driver's parser gives it); a date is its text;
 * a timestamp is toISOString's form (UTC, milliseconds truncated, 'Z'; infinity stays text).
 * A relation with any other column type (arrays of numbers, bytea, intervals …) answers
 * through the rows as before: `null` below.
 */
import type { Queryable } from '../../db/types.ts';
import { SAFE_LIMIT } from '../../db/types-parse.ts';
import { ident, relation } from './sql.ts';
import type { Screen } from './screens.ts';

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const same = (c: string) => c;
/** As db/types-parse.ts parses them: a number below the safe integers' limit, else its exact text. */
const SAFE = String(SAFE_LIMIT);
const int8 = (c: string) => `(case when ${c} > -${SAFE} and ${c} < ${SAFE} then to_json(${c}) else to_json(${c}::text) end)`;
const float = (c: string) => `(case when ${c} < 'Infinity' and ${c} > '-Infinity' then ${c} end)`;
const numeric = (c: string) => `(case when ${c} > -${SAFE} and ${c} < ${SAFE} then to_json(${c}) when ${c} < 'Infinity' and ${c} > '-Infinity' then to_json(${c}::text) end)`;

/** By the column's type (a domain's base type: the one the driver sees). */
const jsonOf: Record<string, (c: string) => string> = {
  text: same,
  varchar: same,
  bpchar: same,
  name: same,
  uuid: same,
  bool: same,
  int2: same,
  int4: same,
  int8,
  json: same,
  jsonb: same,
  _text: same,
  _varchar: same,
  numeric,
  float4: float,
  float8: float,
  date: (c) => `${c}::text`,
  timestamptz: (c) => `(case when isfinite(${c}) then to_char(${c} at time zone 'UTC', ${ISO}) else ${c}::text end)`,
  timestamp: (c) => `(case when isfinite(${c}) then to_char(${c}, ${ISO}) else ${c}::text end)`,
};

/** The select list over the page `t` that makes each row's JSON, or null (a type above is missing). */
export type RowsJson = string | null;

const known = new WeakMap<Queryable, Map<string, Promise<RowsJson>>>();

async function build(db: Queryable, screen: Pick<Screen, 'source'>, fields: readonly string[]): Promise<RowsJson> {
  const [schema, name] = screen.source.relation.split('.') as [string, string];
  // A parameterized source is a function: its result columns are its TABLE (mode 't') arguments.
  const r = await db.query<{ name: string; type: string }>(
    screen.source.params
      ? `select a.name, coalesce(b.typname, t.typname) as type
         from pg_proc p cross join lateral unnest(p.proargnames, p.proallargtypes::oid[], p.proargmodes::text[]) as a(name, typ, mode)
         join pg_type t on t.oid = a.typ
         left join pg_type b on t.typtype = 'd' and b.oid = t.typbasetype
         where p.pronamespace = to_regnamespace($1) and p.proname = $2 and a.mode = 't'`
      : `select a.attname as name, coalesce(b.typname, t.typname) as type
         from pg_attribute a join pg_type t on t.oid = a.atttypid
         left join pg_type b on t.typtype = 'd' and b.oid = t.typbasetype
         where a.attrelid = to_regclass($1) and a.attnum > 0 and not a.attisdropped`,
    screen.source.params ? [schema, name] : [relation(screen.source.relation)],
  );
  const typeOf = new Map(r.rows.map((x) => [x.name, x.type]));
  const out: string[] = [];
  for (const f of fields) {
    const json = jsonOf[typeOf.get(f) ?? ''];
    if (!json) return null;
    out.push(`${json(`t.${ident(f)}`)} as ${ident(f)}`);
  }
  return out.join(', ');
}

/** The JSON select list of a relation's fields on this database (looked up once per relation and fields). */
export function rowsJson(db: Queryable, screen: Pick<Screen, 'source'>, fields: readonly string[]): Promise<RowsJson> {
  let lists = known.get(db);
  if (!lists) known.set(db, (lists = new Map()));
  const key = `${screen.source.relation}|${fields.join(',')}`;
  let s = lists.get(key);
  if (!s) {
    s = build(db, screen, fields);
    lists.set(key, s);
    s.catch(() => lists.delete(key)); // a failed lookup is tried again
  }
  return s;
}

/**
 * The statement answering `page` (a select of the fields, ordered and limited) as one row:
 * n (its rows) and j (their JSON array, compact: json_agg would put ", \n " between rows).
 * The middle select only renames what `page` gives, so the aggregate reads the rows in the
 * page's order.
 */
export const jsonPage = (select: string, page: string): string =>
  `select count(*)::int as n, '[' || coalesce(string_agg(row_to_json(r)::text, ','), '') || ']' as j from (select ${select} from (${page}) t) r`;

/** JSON arrays joined into one: '[a,b]' + '[c]' → '[a,b,c]'. */
export function joinArrays(arrays: readonly string[]): string {
  const inner = arrays.map((a) => a.slice(1, -1)).filter((a) => a !== '');
  return `[${inner.join(',')}]`;
}
