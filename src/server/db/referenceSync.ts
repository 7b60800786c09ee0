/**
 * Reference data follows the repository on every start (issue 45): the languages,
 * currencies, countries, product types and packing templates, the menu (page access is the
 * menu tree: a screen without its page cannot be opened), the administrator role with every
 * flag on every page, and the workflow definitions. The first seed of a new database writes
 * them (seed/index.ts); this adds what a later version of the definitions has and the
 * database lacks, so a screen, a workflow event or a language added after go-live arrives at
 * the next start.
 *
 * What it never does: change or remove a row that is there. Titles, icons, positions, names,
 * a page's parent, a workflow's settings, anyone's grants (the administrator role's aside) are
 * the users' once written. What it adds:
 * - a missing row, by its natural key (a language's code, a page's code, a workflow event's
 *   type and code, a transition's type, event and from-state …), and only a key the last sync
 *   did not know (app.reference_sync, migration 100): a page, a state or a transition that a
 *   user removed stays removed. A database no sync has seen yet (made by an older version) gets
 *   everything missing, once;
 * - pages parents first: a new page's grants come from its parent (migration 066's trigger:
 *   the roles and users holding the parent hold the same flags on the child); a page whose
 *   parent a user removed, or whose url another page took, is skipped;
 * - the administrator role (fixed, migration 089) holds every flag on every page: the flags
 *   it lacks are given, on every page of the database (086: the global administrator has every
 *   right). This is the one row it changes;
 * - a workflow type whole (when its page is there), or a type's missing states (a new state is
 *   never initial beside the type's initial one), events and transitions (when their event and
 *   states are there).
 * A page the definitions no longer have is left alone (its grants and any bookmark too):
 * removing a screen's page is an administrator's decision, or a migration's.
 *
 * The sync is the system, not an actor: the rules binding an actor's grants (054, 086, 089)
 * do not apply to it (app.user_id is cleared for the transaction, as 066's trigger does).
 * Cost: an unchanged start reads one row (the definitions' hash); a changed one runs in one
 * transaction under an advisory lock, so two instances starting together write it once.
 */
import { createHash } from 'node:crypto';
import { packingTemplateColumns, packingTemplateRows, productTypeColumns, productTypeRows } from './seed/catalogue.ts';
import { countryColumns, countryRows } from './seed/countries.ts';
import { currencyColumns, currencyRows } from './seed/currencies.ts';
import { languageColumns, languageRows } from './seed/languages.ts';
import { menuPages, pageColumns } from './seed/menu.ts';
import { ADMIN_ROLE } from './seed/users.ts';
import { insertWorkflow, workflows, type WorkflowDef } from './seed/workflows.ts';
import { insertSql, type Column } from './seed/insert.ts';
import type { Db, Queryable } from './types.ts';

const SYNC_LOCK = 727277; // beside seed's SEED_LOCK and the catalogue's 727276
/** How the sync works: a change to what it does makes every database sync once more. */
const SYNC_VERSION = 1;

/** A table of rows keyed by one column, added to when a row of the definitions is missing. */
interface Plain {
  kind: string;
  table: string;
  key: string;
  columns: readonly Column[];
  rows: readonly Record<string, unknown>[];
}

const plain: Plain[] = [
  {
    kind: 'language',
    table: 'app.languages',
    key: 'language_code',
    columns: languageColumns,
    rows: languageRows,
  },
  {
    kind: 'currency',
    table: 'app.currencies',
    key: 'currency_code',
    columns: currencyColumns,
    rows: currencyRows,
  },
  {
    kind: 'country',
    table: 'app.countries',
    key: 'country_code',
    columns: countryColumns,
    rows: countryRows,
  },
  {
    kind: 'product_type',
    table: 'app.product_types',
    key: 'pt_code',
    columns: productTypeColumns,
    rows: productTypeRows,
  },
  {
    kind: 'packing_template',
    table: 'app.packing_templates',
    key: 'packing_template_name',
    columns: packingTemplateColumns,
    rows: packingTemplateRows,
  },
];

/** The menu rows as stored (without the seed's own helpers: the title's key, the area). */
const pages = menuPages.map(({ title_key: _k, area: _a, ...row }) => row);

/** Every natural key of the definitions, as app.reference_sync.known_keys holds them. */
function referenceKeys(): string[] {
  const keys = plain.flatMap((p) => p.rows.map((r) => `${p.kind}:${String(r[p.key])}`));
  keys.push(...pages.map((p) => `page:${p.page_code}`), `role:${ADMIN_ROLE.code}`);
  for (const w of workflows) {
    keys.push(`workflow:${w.type}`);
    keys.push(...w.states.map((s) => `state:${w.type}.${s.code}`), ...w.events.map((e) => `event:${w.type}.${e.code}`));
    keys.push(...w.transitions.map(([event, from]) => `transition:${w.type}.${event}.${from}`));
  }
  return keys;
}

/** The hash of everything the sync writes from, and of how it writes. */
export function referenceHash(): string {
  const definitions = { SYNC_VERSION, plain: plain.map((p) => [p.kind, p.rows]), pages, admin: [ADMIN_ROLE.code, ADMIN_ROLE.name], workflows };
  return createHash('sha256').update(JSON.stringify(definitions)).digest('hex');
}

export interface ReferenceSynced {
  /** False when the database already followed these definitions (one read, nothing written). */
  changed: boolean;
  /** The natural keys added ('page:news', 'event:sales_order.pay' …). */
  added: string[];
  /** Pages on which the administrator role was given flags it lacked. */
  adminPages: number;
}

export async function syncReference(db: Db): Promise<ReferenceSynced> {
  const hash = referenceHash();
  const same = async (q: Queryable) => (await q.query<{ n: number }>('select count(*)::int as n from app.reference_sync where definitions_hash = $1', [hash])).rows[0]!.n === 1;
  const unchanged: ReferenceSynced = { changed: false, added: [], adminPages: 0 };
  if (await same(db)) return unchanged;
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [SYNC_LOCK]);
    if (await same(tx)) return unchanged;
    await tx.query(`select set_config('app.user_id', '', true)`); // the system, not an actor
    const known = (await tx.query<{ known_keys: string[] }>('select known_keys from app.reference_sync')).rows[0]?.known_keys;
    const knownSet = known ? new Set(known) : undefined;
    /** A key new to the definitions since the last sync (every key when no sync has run). */
    const fresh = (key: string) => !knownSet?.has(key);
    const added: string[] = [];

    for (const p of plain) {
      const rows = p.rows.filter((r) => fresh(`${p.kind}:${String(r[p.key])}`));
      if (!rows.length) continue;
      const r = await tx.query<{ k: string }>(insertSql(p.table, p.columns, `on conflict do nothing returning "${p.key}"::text as k`), [JSON.stringify(rows)]);
      added.push(...r.rows.map((x) => `${p.kind}:${x.k}`));
    }

    added.push(...(await addPages(tx, fresh)));
    // Asked first: an insert of nothing would still bump the grants' version (018's statement trigger).
    if (fresh(`role:${ADMIN_ROLE.code}`) && !(await tx.query('select 1 from app.roles where role_code = $1', [ADMIN_ROLE.code])).rowCount) {
      await tx.query('insert into app.roles (role_code, role_name) values ($1, $2::jsonb)', [ADMIN_ROLE.code, JSON.stringify(ADMIN_ROLE.name)]);
      added.push(`role:${ADMIN_ROLE.code}`);
    }
    const adminPages = await grantAdministrator(tx);
    for (const w of workflows) added.push(...(await addWorkflow(tx, w, fresh)));

    await tx.query(
      `insert into app.reference_sync (id, definitions_hash, known_keys) values (true, $1, $2::jsonb)
       on conflict (id) do update set definitions_hash = excluded.definitions_hash, known_keys = excluded.known_keys`,
      [hash, JSON.stringify(referenceKeys())],
    );
    return { changed: true, added, adminPages };
  });
}

/**
 * The missing pages, a level at a time (parents first, so 066's trigger gives each its
 * parent's grants): only those not there (an insert of none would still bump the grants'
 * version), and only under a parent that is.
 */
async function addPages(tx: Queryable, fresh: (key: string) => boolean): Promise<string[]> {
  const wanted = pages.filter((p) => fresh(`page:${p.page_code}`));
  if (!wanted.length) return [];
  const there = new Set((await tx.query<{ c: string }>('select page_code as c from app.backend_pages where page_code = any($1::text[])', [wanted.map((p) => p.page_code)])).rows.map((r) => r.c));
  const missing = wanted.filter((p) => !there.has(p.page_code));
  const added: string[] = [];
  const depth = (code: string) => code.split('.').length;
  for (let level = 1; missing.some((p) => depth(p.page_code) >= level); level++) {
    const rows = missing.filter((p) => depth(p.page_code) === level);
    if (!rows.length) continue;
    const where = 'where r.parent_page_code is null or exists (select 1 from app.backend_pages b where b.page_code = r.parent_page_code)';
    const r = await tx.query<{ c: string }>(insertSql('app.backend_pages', pageColumns, `${where} on conflict do nothing returning page_code as c`), [JSON.stringify(rows)]);
    added.push(...r.rows.map((x) => `page:${x.c}`));
  }
  return added;
}

/** Every flag on every page for the administrator role: the rows it lacks, and the flags missing from its rows. */
async function grantAdministrator(tx: Queryable): Promise<number> {
  const lacking = await tx.query<{ page_code: string }>(
    `select p.page_code from app.backend_pages p
     join app.roles r on r.role_code = $1
     left join app.role_pages g on g.role_id = r.role_id and g.page_code = p.page_code
     where g.page_code is null or not (g.can_perms and g.can_list and g.can_add and g.can_set and g.can_delete and g.can_events)`,
    [ADMIN_ROLE.code],
  );
  if (!lacking.rowCount) return 0;
  await tx.query(
    `insert into app.role_pages (role_id, page_code, can_perms, can_list, can_add, can_set, can_delete, can_events)
     select r.role_id, x.page_code, true, true, true, true, true, true from app.roles r, unnest($2::text[]) as x(page_code) where r.role_code = $1
     on conflict (role_id, page_code) do update set can_perms = true, can_list = true, can_add = true, can_set = true, can_delete = true, can_events = true`,
    [ADMIN_ROLE.code, lacking.rows.map((r) => r.page_code)],
  );
  return lacking.rowCount;
}

/** A workflow type whole when it is missing, else its missing states, events and transitions. */
async function addWorkflow(tx: Queryable, w: WorkflowDef, fresh: (key: string) => boolean): Promise<string[]> {
  const type = (await tx.query('select 1 from app.fsm_types where type_code = $1', [w.type])).rowCount > 0;
  if (!type) {
    if (!fresh(`workflow:${w.type}`)) return [];
    if (!(await tx.query('select 1 from app.backend_pages where page_code = $1', [w.page])).rowCount) return [];
    await insertWorkflow(tx, w);
    return [`workflow:${w.type}`];
  }
  const added: string[] = [];
  const states = w.states.filter((s) => fresh(`state:${w.type}.${s.code}`));
  if (states.length) {
    const r = await tx.query<{ c: string }>(
      `insert into app.fsm_states (type_code, state_code, state_names, initial_state, final_state, show_in_filters)
       select $1, s.code, s.names,
              coalesce(s.initial, false) and not exists (select 1 from app.fsm_states i where i.type_code = $1 and i.initial_state),
              coalesce(s.final, false), coalesce(s.filter, true)
       from jsonb_to_recordset($2::jsonb) as s(code text, names jsonb, initial boolean, final boolean, filter boolean)
       on conflict do nothing returning state_code as c`,
      [w.type, JSON.stringify(states)],
    );
    added.push(...r.rows.map((x) => `state:${w.type}.${x.c}`));
  }
  const events = w.events.filter((e) => fresh(`event:${w.type}.${e.code}`));
  if (events.length) {
    const r = await tx.query<{ c: string }>(
      `insert into app.fsm_events (type_code, event_code, event_names, event_params)
       select $1, e.code, e.names, e.params from jsonb_to_recordset($2::jsonb) as e(code text, names jsonb, params jsonb)
       on conflict do nothing returning event_code as c`,
      [w.type, JSON.stringify(events)],
    );
    added.push(...r.rows.map((x) => `event:${w.type}.${x.c}`));
  }
  // A transition keeps the position the seed gives it (its place in the definition).
  const transitions = w.transitions.map((t, i) => ({ t, position: i + 1 })).filter(({ t: [event, from] }) => fresh(`transition:${w.type}.${event}.${from}`));
  if (transitions.length) {
    const r = await tx.query<{ e: string; f: string }>(
      `insert into app.fsm_transitions (type_code, event_code, from_state_id, to_state_id, timeout, position, show_in_fsm_actions, show_in_fsm_buttons)
       select $1, x.t->>0, f.state_id, s.state_id, (x.t->>3)::int, x.position, coalesce((x.t->>4)::boolean, true), coalesce((x.t->>5)::boolean, false)
       from jsonb_to_recordset($2::jsonb) as x(t jsonb, position int)
       join app.fsm_events e on e.type_code = $1 and e.event_code = x.t->>0
       join app.fsm_states f on f.type_code = $1 and f.state_code = x.t->>1
       join app.fsm_states s on s.type_code = $1 and s.state_code = x.t->>2
       on conflict do nothing returning event_code as e, (select state_code from app.fsm_states where state_id = from_state_id) as f`,
      [w.type, JSON.stringify(transitions)],
    );
    added.push(...r.rows.map((x) => `transition:${w.type}.${x.e}.${x.f}`));
  }
  return added;
}
