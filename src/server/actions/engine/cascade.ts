/**
 * What a delete takes with it. The database says it: every foreign key declared
 * ON DELETE CASCADE removes the rows that reference a deleted row, and theirs in turn. The
 * engine reads those keys from the catalogue (no table list of its own), finds the rows
 * before the delete (to count them for the question, and to keep them in the change log so
 * an undo can put them back) and names each table by the screen that shows it.
 */
import type { Queryable } from '../../db/types.ts';
import { screens, type Screen } from './screens.ts';

type Row = Record<string, unknown>;

/**
 * A row the delete removes: its table ("schema.name"), how far from the deleted row (0 =
 * itself), its stored values. With `nulled`, a row the delete does not remove but whose
 * ON DELETE SET NULL key columns it clears: `row` holds its primary key and
 * those columns' values before.
 */
export interface TakenRow {
  table: string;
  depth: number;
  row: Row;
  nulled?: string[];
}

/** One ON DELETE CASCADE (or SET NULL) foreign key, seen from the referenced (parent) table. */
interface Edge {
  child: string;
  childCols: string[];
  /** Types of the child's columns (format_type), to read the parent values as. */
  childTypes: string[];
  parentCols: string[];
  /** 'c' cascade; 'n' set null (the row stays, its key columns cleared). SET DEFAULT is not read: no key here uses it. */
  action: 'c' | 'n';
  /** The child's primary key (to find a cleared row again at undo); empty: none. */
  childKey: string[];
}

/** A catalogue name quoted as an identifier (any name, doubled quotes). */
export const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const quoteTable = (qualified: string) => {
  const dot = qualified.indexOf('.');
  return `${quoteName(qualified.slice(0, dot))}.${quoteName(qualified.slice(dot + 1))}`;
};

// The foreign keys change only with migrations: read once per database handle.
const graphs = new WeakMap<object, Promise<Map<string, Edge[]>>>();

/** Parent table → its cascading children. */
export function cascadeGraph(db: Queryable): Promise<Map<string, Edge[]>> {
  let g = graphs.get(db);
  if (!g) {
    g = readGraph(db);
    g.catch(() => graphs.delete(db));
    graphs.set(db, g);
  }
  return g;
}

async function readGraph(db: Queryable): Promise<Map<string, Edge[]>> {
  const cols = (rel: string, keys: string, what: string) =>
    `(select jsonb_agg(${what} order by k.i) from unnest(c.${keys}) with ordinality k(n, i)
      join pg_attribute a on a.attrelid = c.${rel} and a.attnum = k.n)`;
  const r = await db.query<{ parent: string; child: string; child_cols: string[]; child_types: string[]; parent_cols: string[]; action: 'c' | 'n'; child_key: string[] | null }>(
    `select pn.nspname || '.' || pc.relname as parent, cn.nspname || '.' || cc.relname as child,
            ${cols('conrelid', 'conkey', 'a.attname')} as child_cols,
            ${cols('conrelid', 'conkey', 'format_type(a.atttypid, a.atttypmod)')} as child_types,
            ${cols('confrelid', 'confkey', 'a.attname')} as parent_cols,
            c.confdeltype::text as action,
            (select jsonb_agg(a.attname order by k.i) from pg_constraint pk cross join lateral unnest(pk.conkey) with ordinality k(n, i)
             join pg_attribute a on a.attrelid = pk.conrelid and a.attnum = k.n
             where pk.conrelid = c.conrelid and pk.contype = 'p') as child_key
     from pg_constraint c
     join pg_class pc on pc.oid = c.confrelid join pg_namespace pn on pn.oid = pc.relnamespace
     join pg_class cc on cc.oid = c.conrelid join pg_namespace cn on cn.oid = cc.relnamespace
     where c.contype = 'f' and c.confdeltype in ('c', 'n')
     order by 1, 2, c.conname`,
  );
  const graph = new Map<string, Edge[]>();
  for (const x of r.rows) {
    // A cleared row is found again at undo by its primary key: without one it cannot be.
    if (x.action !== 'c' && !x.child_key?.length) continue;
    const edges = graph.get(x.parent) ?? [];
    edges.push({ child: x.child, childCols: x.child_cols, childTypes: x.child_types, parentCols: x.parent_cols, action: x.action, childKey: x.child_key ?? [] });
    graph.set(x.parent, edges);
  }
  return graph;
}

/**
 * The rows the cascade removes with `roots` (rows of `table` read with their ctid), level
 * by level; each found row is attributed to the first root it descends from (`origin`, the
 * root's index). With `lock`, rows are locked for update as they are found (parents were
 * locked before, so no new child can appear meanwhile). A row reached twice is taken once.
 * Rows an ON DELETE SET NULL key only clears come with `nulled`.
 */
export async function cascadeRows(tx: Queryable, graph: Map<string, Edge[]>, table: string, roots: { tid: string; row: Row }[], lock: boolean): Promise<(TakenRow & { origin: number })[]> {
  const seen = new Set(roots.map((r) => `${table}\0${r.tid}`));
  const out: (TakenRow & { origin: number })[] = [];
  let frontier = new Map<string, { row: Row; origin: number }[]>([[table, roots.map((r, origin) => ({ row: r.row, origin }))]]);
  for (let depth = 1; frontier.size; depth++) {
    const next = new Map<string, { row: Row; origin: number }[]>();
    for (const [parent, rows] of frontier) {
      for (const edge of graph.get(parent) ?? []) {
        // Each parent value once, with the first origin that has it.
        const values = new Map<string, Row>();
        for (const { row, origin } of rows) {
          const vals = edge.parentCols.map((c) => row[c]);
          if (vals.some((v) => v === null || v === undefined)) continue;
          const k = JSON.stringify(vals);
          if (!values.has(k)) values.set(k, Object.fromEntries([...vals.map((v, i) => [`p${i}`, v]), ['#o', origin]]));
        }
        if (!values.size) continue;
        const defs = edge.childTypes.map((t, i) => `p${i} ${t}`).join(', ');
        const on = edge.childCols.map((c, i) => `c.${quoteName(c)} = r.p${i}`).join(' and ');
        const found = await tx.query<{ tid: string; row: Row; o: number }>(
          `select c.ctid::text as tid, to_jsonb(c) as row, r."#o" as o
           from ${quoteTable(edge.child)} c join jsonb_to_recordset($1::jsonb) as r(${defs}, "#o" int) on ${on}
           order by r."#o"${lock ? ' for update of c' : ''}`,
          [JSON.stringify([...values.values()])],
        );
        for (const f of found.rows) {
          if (edge.action !== 'c') {
            // Stays, with its key columns cleared: kept as its primary key and their values.
            const kept = Object.fromEntries([...edge.childKey, ...edge.childCols].map((c) => [c, f.row[c]]));
            out.push({ table: edge.child, depth, row: kept, nulled: edge.childCols, origin: f.o });
            continue;
          }
          const id = `${edge.child}\0${f.tid}`;
          if (seen.has(id)) continue;
          seen.add(id);
          out.push({ table: edge.child, depth, row: f.row, origin: f.o });
          next.set(edge.child, [...(next.get(edge.child) ?? []), { row: f.row, origin: f.o }]);
        }
      }
    }
    frontier = next;
  }
  return out;
}

const viewTables = new WeakMap<object, Promise<Map<string, Set<string>>>>();

/** View → the tables it reads (a screen may write through a view over the table). */
export function tablesOfViews(db: Queryable): Promise<Map<string, Set<string>>> {
  let m = viewTables.get(db);
  if (!m) {
    m = db.query<{ v: string; t: string }>(`select view_schema || '.' || view_name as v, table_schema || '.' || table_name as t from information_schema.view_table_usage`).then((r) => {
      const out = new Map<string, Set<string>>();
      for (const x of r.rows) out.set(x.v, (out.get(x.v) ?? new Set()).add(x.t));
      return out;
    });
    m.catch(() => viewTables.delete(db));
    viewTables.set(db, m);
  }
  return m;
}

/**
 * The screen that names a table's rows for a delete of `screen`'s rows: the screen itself
 * when it writes the table, else its detail that writes it (or writes through a view over
 * it), else any screen writing it (first by form). Undefined: no screen shows it.
 */
export async function screenOfTable(db: Queryable, screen: Screen, table: string): Promise<Screen | undefined> {
  if (screen.source.write === table) return screen;
  const details = (screen.details ?? []).flatMap((f) => screens.get(f) ?? []);
  const direct = details.find((d) => d.source.write === table);
  if (direct) return direct;
  const views = await tablesOfViews(db);
  const through = details.find((d) => d.source.write && views.get(d.source.write)?.has(table));
  if (through) return through;
  return [...screens.values()].filter((s) => s.source.write === table && s.access !== 'authenticated').sort((a, b) => a.form.localeCompare(b.form))[0];
}

/**
 * A catalogue fact about a relation, read once per database handle and relation name
 * (the schema does not change while the server runs); a failed read is asked again.
 */
function perRelation<T>(read: (db: Queryable, relation: string) => Promise<T>): (db: Queryable, relation: string) => Promise<T> {
  const byDb = new WeakMap<object, Map<string, Promise<T>>>();
  return (db, relation) => {
    let byName = byDb.get(db);
    if (!byName) byDb.set(db, (byName = new Map()));
    let fact = byName.get(relation);
    if (!fact) {
      fact = read(db, relation);
      fact.catch(() => byName.delete(relation));
      byName.set(relation, fact);
    }
    return fact;
  };
}

/** Whether a relation is a table (else a view written through its triggers). */
export const isTable = perRelation((db, qualified) =>
  db.query<{ kind: string }>(`select relkind::text as kind from pg_class where oid = $1::regclass`, [quoteTable(qualified)]).then((r) => r.rows[0]?.kind === 'r' || r.rows[0]?.kind === 'p'),
);

/** A table's primary key columns (empty: none). */
export const primaryKey = perRelation((db, table) =>
  db
    .query<{ name: string }>(
      `select a.attname as name from pg_constraint c cross join lateral unnest(c.conkey) with ordinality k(n, i)
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n
       where c.conrelid = $1::regclass and c.contype = 'p' order by k.i`,
      [quoteTable(table)],
    )
    .then((r) => r.rows.map((x) => x.name)),
);

/** The columns an insert may give a table (not generated, not dropped). */
export const insertableColumns = perRelation((db, table) =>
  db
    .query<{ name: string }>(
      `select a.attname as name from pg_attribute a
       where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
       order by a.attnum`,
      [quoteTable(table)],
    )
    .then((r) => r.rows.map((x) => x.name)),
);
