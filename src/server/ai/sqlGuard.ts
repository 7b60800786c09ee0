/**
 * The guard of Ask-AI's SQL: the model's query is parsed by PostgreSQL's own parser
 * (libpg-query, the server's grammar compiled to WebAssembly) and allowed only as ONE
 * SELECT (WITH … SELECT included) whose every relation is an allowed `ai.*` view or a CTE in
 * scope, whose every function is on the allow-list below and whose casts name plain types.
 * No INTO, no FOR UPDATE/SHARE, no statement but SELECT anywhere (a data-modifying CTE is
 * refused). Whatever passes then runs in a read-only transaction with a statement timeout
 * and a row cap (runner.ts); the views themselves keep to the user's companies.
 *
 * Walking the parse tree rather than matching text: comments, quoting and odd spacing are
 * the parser's business, so `/* ; *\/ drop`, `"pg_catalog"."pg_authid"` or `SeLeCt` are
 * seen as PostgreSQL sees them.
 */
import { loadModule, parseSync } from 'libpg-query';
import { refused } from '../http/errors.ts';

/** Functions a query may call (unqualified or in pg_catalog): aggregates, windows, arithmetic, text, dates, series. */
const ALLOWED_FUNCTIONS = new Set(
  [
    // aggregates
    'count sum avg min max string_agg array_agg bool_and bool_or every stddev stddev_pop stddev_samp variance var_pop var_samp percentile_cont percentile_disc mode corr',
    // windows
    'row_number rank dense_rank ntile lag lead first_value last_value nth_value cume_dist percent_rank',
    // arithmetic
    'round abs ceil ceiling floor trunc power sqrt mod sign ln log exp div width_bucket',
    // text
    'lower upper initcap length char_length character_length trim btrim ltrim rtrim substr substring replace concat concat_ws left right position strpos split_part lpad rpad reverse starts_with',
    // dates
    'date_trunc date_part extract age make_date make_interval to_char to_date now timezone justify_days justify_interval overlaps',
    // series and arrays
    'generate_series unnest array_length cardinality',
  ].flatMap((group) => group.split(' ')),
);

/** Types a query may cast to (their input functions read nothing). */
const ALLOWED_TYPES = new Set([
  ...'int int2 int4 int8 integer smallint bigint numeric decimal float4 float8 real text varchar bpchar char date time timestamp timestamptz interval bool boolean'.split(' '),
  'double precision',
  'character varying',
]);

/**
 * The longest padding lpad/rpad may ask for, as a number written in the query: the two
 * functions make a text of any length from nothing, and one `string_agg(lpad('x', 100000000,
 * 'y'), '')` held gigabytes until the query ended. A grid's padding needs a few characters.
 */
export const MAX_PAD_LENGTH = 1_000;
const PADS = new Set(['lpad', 'rpad']);

/** Longest SQL text the guard parses (a model's answer; a longer one is not a question's query). */
const MAX_SQL_CHARS = 20_000;

const notSelect = (why: string) => refused('ai_sql_not_select', `The AI's query is not a single SELECT (${why})`);
const relationRefused = (name: string) => refused('ai_sql_relation', `The AI's query reads ${name}, which is not allowed`, { relation: name });
const functionRefused = (name: string) => refused('ai_sql_function', `The AI's query calls ${name}, which is not allowed`, { function: name });

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Obj = { [k: string]: Json };

const isObj = (x: Json | undefined): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const strings = (list: Json | undefined): string[] => (Array.isArray(list) ? list.map((n) => (isObj(n) && isObj(n.String) && typeof n.String.sval === 'string' ? n.String.sval : '')) : []);

let ready: Promise<void> | undefined;
/** Loads the parser (WebAssembly shipped inside the npm package: nothing is downloaded). */
const loadParser = (): Promise<void> => (ready ??= loadModule());

/** A query the guard allowed: its text and the views it reads (what a sandbox must hold). */
export interface CheckedSql {
  text: string;
  views: string[];
}

/**
 * The statement's text when it is allowed (trailing semicolon and comments after it left
 * out), else a 400 naming why: `ai_sql_not_select`, `ai_sql_relation` {relation},
 * `ai_sql_function` {function}.
 */
export async function checkAiSql(sql: string, views: readonly string[]): Promise<string> {
  return (await checkAiSqlViews(sql, views)).text;
}

/** checkAiSql with the views the query reads. */
export async function checkAiSqlViews(sql: string, views: readonly string[]): Promise<CheckedSql> {
  if (sql.length > MAX_SQL_CHARS) throw notSelect('too long');
  await loadParser();
  let tree: Obj;
  try {
    tree = parseSync(sql) as unknown as Obj;
  } catch {
    throw notSelect('it does not parse');
  }
  const stmts = Array.isArray(tree.stmts) ? tree.stmts : [];
  if (stmts.length !== 1 || !isObj(stmts[0])) throw notSelect(`${stmts.length} statements`);
  const raw = stmts[0];
  if (!isObj(raw.stmt) || !isObj(raw.stmt.SelectStmt)) throw notSelect('not a SELECT');
  const walker = new Walker(new Set(views));
  walker.select(raw.stmt.SelectStmt, new Set());
  const at = typeof raw.stmt_location === 'number' ? raw.stmt_location : 0;
  const len = typeof raw.stmt_len === 'number' && raw.stmt_len > 0 ? raw.stmt_len : undefined;
  // Locations count bytes of UTF-8, not UTF-16 units.
  const bytes = Buffer.from(sql, 'utf8');
  return { text: bytes.subarray(at, len === undefined ? undefined : at + len).toString('utf8'), views: [...walker.used].sort() };
}

class Walker {
  /** The allowed views the query reads. */
  readonly used = new Set<string>();

  constructor(private readonly views: ReadonlySet<string>) {}

  /** Any node: a wrapper object `{Type: body}`, a list or a scalar. */
  node(n: Json | undefined, ctes: ReadonlySet<string>): void {
    if (Array.isArray(n)) {
      for (const x of n) this.node(x, ctes);
      return;
    }
    if (!isObj(n)) return;
    for (const [key, body] of Object.entries(n)) {
      if (/^[A-Z]/.test(key) && isObj(body)) this.typed(key, body, ctes);
      // A cast's type sits unwrapped under `typeName` (TypeCast, XmlSerialize …).
      else if (key === 'typeName' && isObj(body)) this.typeName(body);
      else this.node(body, ctes);
    }
  }

  private typed(type: string, body: Obj, ctes: ReadonlySet<string>): void {
    switch (type) {
      case 'SelectStmt':
        return this.select(body, ctes);
      case 'RangeVar':
        return this.relation(body, ctes);
      case 'FuncCall':
        this.func(strings(body.funcname));
        this.padding(strings(body.funcname), body.args);
        return this.node(body, ctes);
      case 'TypeName':
        return this.typeName(body);
      case 'A_Expr':
        // An operator named with a schema (OPERATOR(app.x)) could be anyone's function.
        if (strings(body.name).length > 1 && strings(body.name)[0] !== 'pg_catalog') throw functionRefused(`OPERATOR(${strings(body.name).join('.')})`);
        return this.node(body, ctes);
      // XML parsing and table functions over documents: nothing a question about the data needs.
      case 'XmlExpr':
      case 'XmlSerialize':
      case 'RangeTableFunc':
      case 'JsonTable':
        throw functionRefused(type);
      case 'IntoClause':
        throw notSelect('SELECT INTO');
      case 'LockingClause':
        throw notSelect('FOR UPDATE/SHARE');
      default:
        if (type.endsWith('Stmt')) throw notSelect(type);
        return this.node(body, ctes);
    }
  }

  select(s: Obj, outer: ReadonlySet<string>): void {
    if (s.intoClause) throw notSelect('SELECT INTO');
    if (Array.isArray(s.lockingClause) && s.lockingClause.length > 0) throw notSelect('FOR UPDATE/SHARE');
    const scope = new Set(outer);
    const { withClause, ...rest } = s;
    if (isObj(withClause)) {
      const ctes = (Array.isArray(withClause.ctes) ? withClause.ctes : []).map((c) => (isObj(c) && isObj(c.CommonTableExpr) ? c.CommonTableExpr : {}));
      // A recursive WITH sees all its names in every body; a plain one only the earlier ones.
      if (withClause.recursive === true) for (const c of ctes) scope.add(String(c.ctename));
      for (const c of ctes) {
        if (!isObj(c.ctequery) || !isObj(c.ctequery.SelectStmt)) throw notSelect('a CTE that is not a SELECT');
        this.select(c.ctequery.SelectStmt, new Set(scope));
        scope.add(String(c.ctename));
      }
    }
    this.node(rest, scope);
  }

  private relation(r: Obj, ctes: ReadonlySet<string>): void {
    const name = String(r.relname ?? '');
    const schema = typeof r.schemaname === 'string' ? r.schemaname : undefined;
    const shown = [r.catalogname, schema, name].filter((x) => typeof x === 'string').join('.');
    if (r.catalogname !== undefined) throw relationRefused(shown);
    if (schema === undefined && ctes.has(name)) return;
    // Unqualified names resolve in the search path the runner sets (ai; pg_catalog has no relation of these names).
    if ((schema === undefined || schema === 'ai') && this.views.has(name)) {
      this.used.add(name);
      return;
    }
    throw relationRefused(shown);
  }

  private func(names: string[]): void {
    const name = names[names.length - 1] ?? '';
    const schemaOk = names.length === 1 || (names.length === 2 && names[0] === 'pg_catalog');
    if (!schemaOk || !ALLOWED_FUNCTIONS.has(name)) throw functionRefused(names.join('.'));
  }

  /** lpad/rpad: the length a number literal of at most MAX_PAD_LENGTH. */
  private padding(names: string[], args: Json | undefined): void {
    const name = names[names.length - 1] ?? '';
    if (!PADS.has(name)) return;
    const length = Array.isArray(args) ? args[1] : undefined;
    const literal = isObj(length) && isObj(length.A_Const) ? length.A_Const : undefined;
    // A zero is left out of the tree (`ival: {}`); a decimal or a text is no written length.
    const n = literal && isObj(literal.ival) ? (typeof literal.ival.ival === 'number' ? literal.ival.ival : 0) : undefined;
    if (n === undefined || Math.abs(n) > MAX_PAD_LENGTH) throw functionRefused(`${name} with a length other than a number up to ${MAX_PAD_LENGTH}`);
  }

  private typeName(t: Obj): void {
    const names = strings(t.names);
    const name = names[names.length - 1] ?? '';
    const schemaOk = names.length === 1 || (names.length === 2 && names[0] === 'pg_catalog');
    if (!schemaOk || !ALLOWED_TYPES.has(name)) throw functionRefused(`::${names.join('.')}`);
  }
}
