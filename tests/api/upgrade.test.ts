/**
 * An upgrade, on both engines (issue 45): a database made by the previous release's code
 * (PREVIOUS_RELEASE, previousRelease.ts: its own server migrated and seeded it, with a small
 * demo) is started by this version's server. Its migrations are applied; every row of every
 * table it had is still there (count and checksum per table; the tables the upgrade is meant
 * to change keep every old row); what this version's definitions add and the database lacks —
 * a menu area, a page under an existing area, a workflow event — arrives (the reference sync,
 * src/server/db/referenceSync.ts), a new page granted as its parent is; the administrator opens
 * every menu route; a second start changes nothing; and a later version adds only what is new
 * to its definitions, leaving what users removed or changed as they left it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationNames } from '../../src/server/db/migrate.ts';
import { openPglite } from '../../src/server/db/pglite.ts';
import { openPostgres } from '../../src/server/db/postgres.ts';
import { referenceHash, syncReference } from '../../src/server/db/referenceSync.ts';
import { menuRoutes } from '../../src/server/db/seed/menu.ts';
import { appliedMigrations, factsDiffer, factsOf, type TableFacts } from '../../src/server/db/tables.ts';
import type { Db } from '../../src/server/db/types.ts';
import { screenRoutes } from '../../src/generated/routeList.ts';
import { engines, startTestServer, type Json, type TestServer } from './harness.ts';
import { previousReleaseDatabase, type OldDatabase } from './previousRelease.ts';

type Row = Record<string, Json>;

/**
 * Removed from the old database before the upgrade, with their grants (the deletes cascade),
 * to simulate a release that lacked them — the previous release's menu and workflows are this
 * version's, so without this the upgrade would have nothing to add: a top-level area with its
 * pages, a page under an area that stays (its grants must come from that area), and a
 * workflow event with its transition.
 */
const REMOVED_AREA = 'news'; // and its pages news.news_list, news.news_sources
const REMOVED_PAGE = 'purchasing.low_stock'; // under purchasing: the administrator's and the warehouse role's
const REMOVED_EVENT = { type: 'sales_order', event: 'goods_arrived', from: 'waiting_for_goods', to: 'paid' };
/** A workflow event whose parameters a migration extends (117: Record payment asks for the payment): its other parameters kept. */
const EXTENDED_EVENT = { type: 'sales_order', event: 'pay', gains: { payment: true } };
const notExtended = `not (t.type_code = '${EXTENDED_EVENT.type}' and t.event_code = '${EXTENDED_EVENT.event}')`;

/**
 * An administrator's caption on a catalogue key this version renames (migration 101: option
 * names by convention, `options.<set>.<value>`): written into the old database, it is in force
 * under the new key after the upgrade.
 */
const RENAMED_CAPTION = { old: 'keep_in_stock.2', new: 'options.keep_in_stock.2', lang: 'de', text: 'Nachbestellt' };

/** Tables the upgrade is meant to change: every row they had is still there, and they may have more. */
const GROWS: Record<string, string> = {
  'app.schema_migrations': "this version's migrations are recorded",
  'app.backend_pages': 'the removed pages come back',
  'app.role_pages': "their grants come back: inherited from the parent (066), the administrator role's every flag",
  'app.user_pages': "a user's own grants on a parent are inherited by a page that comes back (066)",
  'app.fsm_events': 'the removed workflow event comes back',
  'app.fsm_transitions': 'and its transition',
};
/**
 * Tables the upgrade gives new columns (their rows' text changes): every old row is still
 * there with the same values in the columns it had.
 */
/** Of those, tables that also gain rows: every old row kept (113 adds the customer credit note's cashflow type, 117 the overpayment credits'). */
const GAINS_ROWS = new Set(['app.cashflow_types']);
const GAINS_COLUMNS: Record<string, string> = {
  'app.companies': "a company's address, VAT number and settings, its row version (106), its accounting address and language (114)",
  'app.currencies': 'a row version (106: the currencies screen)',
  'app.countries': 'a row version (106: the countries screen)',
  'app.languages': 'a row version (106: the languages screen)',
  'app.cashflow_types': 'a row version (106: the cashflow types screen)',
  'app.purchase_orders': 'the account it is booked to (107)',
  'app.shops': 'the cart reminder delay (119)',
  'app.carts': "the hashes of a cart reminder's restore and unsubscribe tokens (119)",
  'app.partners': 'a VAT number and a payment term for invoices (113), an e-mail address and a language (114)',
  'app.cmr_notes': 'the form’s boxes 12, 13, 14, 17 and 19 (115)',
  'app.sales_orders': 'the account it is booked to (120)',
  'app.cashflow_items': 'the account it is booked to (117, 120), the purchase order of a payable and the origin of a credit (117), the dunning level counted from the reminders sent (114)',
  'app.cashflow_payments': "a payment's method (117)",
};

/**
 * What this version's migrations remove (115: the CMR note's grid of boxes became a print
 * document): a page with its grants (not counted among the rows the page tables keep), and
 * tables, gone after the upgrade.
 */
const REMOVED_PAGES = ['sales.cmr_print'];
const PAGE_TABLES = ['app.backend_pages', 'app.role_pages', 'app.user_pages'];
const DROPPED: Record<string, string> = {
  'app.cmr_boxes': 'the CMR boxes’ titles are catalogue keys (print.cmr_box_*, 115)',
};

/** Tables whose rows the upgrade's start rewrites: only their row count is kept. */
const EVERY_START = 'app.engine_status';
const REWRITTEN: Record<string, string> = {
  'app.catalogue_sync': "the hash of this version's catalogues (056)",
  'app.grants_version': 'the grants’ version counter moves with every grant change (018): the grants that come back',
  [EVERY_START]: 'every start records which AI engines are configured, with the time (updated_at)',
};

/** Tables that follow this version's catalogues (056, 101): keys renamed, added or gone; checked by what they must keep. */
const FOLLOW_CATALOGUES: Record<string, string> = {
  'app.catalogue_texts': 'the catalogue in the database is the files’ (catalogueSync.ts)',
  'app.captions': 'a caption on a renamed key moves with it (101): RENAMED_CAPTION',
};

/**
 * Tables this version renames, by their new name (checked row by row in their own test):
 * migration 110 turns the one rate per company and currency into the first day of a history.
 */
const RENAMED: Record<string, string> = {
  'app.company_currency_rates': 'app.currency_rate_days',
};

/**
 * What the documents convert to (migration 110: documents convert with their day's rate, the
 * old rates become the rates of the upgrade's day): every amount the same after the upgrade.
 */
const CONVERTED: Record<string, string> = {
  todays_rates: 'select company_code, currency_code, rate::text from app.company_currency_rates order by 1, 2',
  cashflow: 'select cashflow_id, amount_view_currency::text from app.v_cashflow order by 1',
  po_costs: 'select cost_id, cost_currency_rate::text, cost_converted_amount::text from app.v_purchase_order_costs order by 1',
  po_items: 'select po_item_id, landed_unit_cost_company::text from app.v_purchase_order_items order by 1',
  sales_report: 'select item_id, net_company::text, vat_company::text, gross_company::text from app.v_sales_detailed order by 1',
};
const convertedIn = async (db: Db): Promise<Record<string, unknown[]>> => {
  const out: Record<string, unknown[]> = {};
  for (const [k, sql] of Object.entries(CONVERTED)) out[k] = (await db.query(sql)).rows;
  return out;
};

const openOld = (o: OldDatabase): Promise<Db> => ('dataDir' in o.existing ? openPglite(o.existing.dataDir) : openPostgres(o.existing.databaseUrl));

/** md5 of every row's text (as factsIn writes values), sorted: the multiset of a table's rows (of these columns only, when given). */
const rowsOf = (db: Db, table: string, columns?: string[], where?: string): Promise<string[]> =>
  db.transaction(async (tx) => {
    await tx.exec(`set local timezone to 'UTC'; set local datestyle to 'ISO, YMD'; set local intervalstyle to 'postgres'; set local extra_float_digits to 1; set local bytea_output to 'hex'`);
    const row = columns ? `row(${columns.map((c) => `t."${c}"`).join(', ')})` : 't';
    return (await tx.query<{ h: string }>(`select md5(${row}::text) as h from only ${table} t ${where ? `where ${where}` : ''} order by 1`)).rows.map((r) => r.h);
  });

/** A table's columns in their order. */
const columnsOf = async (db: Db, table: string): Promise<string[]> =>
  (await db.query<{ c: string }>(`select attname as c from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped order by attnum`, [table])).rows.map((r) => r.c);

/** Of `before`, what `after` lacks (a multiset difference). */
function lost(before: string[], after: string[]): string[] {
  const left = new Map<string, number>();
  for (const h of after) left.set(h, (left.get(h) ?? 0) + 1);
  return before.filter((h) => {
    const n = left.get(h) ?? 0;
    left.set(h, n - 1);
    return n <= 0;
  });
}

const flags = 'can_perms, can_list, can_add, can_set, can_delete, can_events';

describe.each(engines)('an upgrade from the previous release on %s', (engine) => {
  let old: OldDatabase;
  let s: TestServer;
  let admin: string;
  let oldMigrations: string[];
  let before: Record<string, TableFacts>;
  let after: Record<string, TableFacts>;
  const beforeRows: Record<string, string[]> = {};
  const afterRows: Record<string, string[]> = {};
  const oldColumns: Record<string, string[]> = {};
  let convertedBefore: Record<string, unknown[]>;
  let convertedAfter: Record<string, unknown[]>;
  let oldRates: Row[];
  let extendedBefore: unknown;

  beforeAll(async () => {
    old = await previousReleaseDatabase(engine); // fails (never skips) when the commit is not in this clone
    const db = await openOld(old);
    try {
      oldMigrations = await appliedMigrations(db);
      await db.exec(`
        delete from app.backend_pages where page_code in ('${REMOVED_AREA}', '${REMOVED_PAGE}');
        delete from app.fsm_transitions where type_code = '${REMOVED_EVENT.type}' and event_code = '${REMOVED_EVENT.event}';
        delete from app.fsm_events where type_code = '${REMOVED_EVENT.type}' and event_code = '${REMOVED_EVENT.event}';
        insert into app.captions (text_key, language_code, caption_text) values ('${RENAMED_CAPTION.old}', '${RENAMED_CAPTION.lang}', '${RENAMED_CAPTION.text}');`);
      before = await factsOf(db);
      const removed = `t.page_code not in (${REMOVED_PAGES.map((p) => `'${p}'`).join(', ')})`;
      for (const t of Object.keys(GROWS)) beforeRows[t] = await rowsOf(db, t, undefined, PAGE_TABLES.includes(t) ? removed : t === 'app.fsm_events' ? notExtended : undefined);
      extendedBefore = (await db.query<Row>('select event_params from app.fsm_events where type_code = $1 and event_code = $2', [EXTENDED_EVENT.type, EXTENDED_EVENT.event])).rows[0]?.event_params;
      for (const t of Object.keys(GAINS_COLUMNS)) {
        oldColumns[t] = await columnsOf(db, t);
        beforeRows[t] = await rowsOf(db, t, oldColumns[t]);
      }
      convertedBefore = await convertedIn(db);
      oldRates = (await db.query<Row>('select company_code, currency_code, rate::text as rate from app.company_currency_rates order by 1, 2')).rows;
    } finally {
      await db.close();
    }
    s = await startTestServer(engine, { existing: old.existing });
    // Read before any request: signing in and listing write rows of their own.
    after = await factsOf(s.db);
    for (const t of Object.keys(GROWS)) afterRows[t] = await rowsOf(s.db, t);
    for (const t of Object.keys(GAINS_COLUMNS)) afterRows[t] = await rowsOf(s.db, t, oldColumns[t]);
    convertedAfter = await convertedIn(s.db);
    admin = (await s.login('admin@example.com')).token;
  }, 600_000);
  afterAll(async () => {
    await s?.close();
    await old?.drop();
  });

  it("applies this version's migrations", () => {
    expect(oldMigrations.length).toBeGreaterThan(0);
    const applied = migrationNames().filter((m) => !oldMigrations.includes(m));
    expect(applied).toContain('100_reference_sync.sql');
    expect(Object.keys(after)).toContain('app.schema_migrations');
    expect(afterRows['app.schema_migrations']!.length).toBe(oldMigrations.length + applied.length);
  });

  it('keeps every row of every table it had: the same count and checksum, and in the tables it grows every old row', () => {
    const same = (t: string) => !(t in GROWS) && !(t in GAINS_COLUMNS) && !(t in REWRITTEN) && !(t in FOLLOW_CATALOGUES) && !(t in RENAMED) && !(t in DROPPED);
    for (const t of Object.keys(DROPPED)) expect([t in before, t in after], t).toEqual([true, false]);
    const pick = (f: Record<string, TableFacts>, keep: (t: string) => boolean) => Object.fromEntries(Object.entries(f).filter(([t]) => keep(t)));
    expect(
      factsDiffer(
        pick(before, same),
        pick(after, (t) => same(t) && t in before),
      ),
    ).toEqual([]);
    for (const t of Object.keys(REWRITTEN)) expect(after[t]?.rows, t).toBe(before[t]!.rows);
    for (const t of Object.keys(GROWS)) expect(lost(beforeRows[t]!, afterRows[t]!), `${t}: rows of the old database gone`).toEqual([]);
    // Tables that gained columns: the same rows, the same values in the old columns.
    for (const t of Object.keys(GAINS_COLUMNS)) {
      expect(oldColumns[t]!.length, t).toBeGreaterThan(1);
      if (GAINS_ROWS.has(t)) expect(lost(beforeRows[t]!, afterRows[t]!), `${t}: its old rows' values`).toEqual([]);
      else expect(afterRows[t], `${t}: its old columns' values`).toEqual(beforeRows[t]);
    }
  });

  it("extends a workflow event's parameters where a migration says so, keeping the others (117)", async () => {
    expect(extendedBefore).toMatchObject({ bv_icon: expect.any(String) });
    const now = await s.db.query<Row>('select event_params from app.fsm_events where type_code = $1 and event_code = $2', [EXTENDED_EVENT.type, EXTENDED_EVENT.event]);
    expect(now.rows[0]!.event_params).toEqual({ ...(extendedBefore as Row), ...EXTENDED_EVENT.gains });
  });

  it('keeps every currency rate as the first day of its history, and every document converts to the same amount (110)', async () => {
    expect(oldRates.length).toBeGreaterThan(10);
    expect(Object.keys(after)).not.toContain('app.company_currency_rates'); // a view of today's rates now
    const days = (await s.db.query<Row>(`select company_code, currency_code, rate::text as rate, rate_date = current_date as today, source from app.currency_rate_days order by 1, 2`)).rows;
    expect(days).toEqual(oldRates.map((r) => ({ ...r, today: true, source: 'initial' })));
    for (const k of Object.keys(CONVERTED)) expect(convertedBefore[k]!.length, k).toBeGreaterThan(0);
    expect(convertedAfter).toEqual(convertedBefore);
  });

  it("keeps an administrator's caption on a renamed catalogue key, under its new key", async () => {
    const captions = await s.db.query<Row>('select text_key, caption_text from app.captions where language_code = $1 and text_key = any($2::text[])', [
      RENAMED_CAPTION.lang,
      [RENAMED_CAPTION.old, RENAMED_CAPTION.new],
    ]);
    expect(captions.rows).toEqual([{ text_key: RENAMED_CAPTION.new, caption_text: RENAMED_CAPTION.text }]);
    expect(after['app.captions']!.rows).toBe(before['app.captions']!.rows);
    const texts = await s.db.query<Row>('select text_key from app.catalogue_texts where text_key = any($1::text[])', [[RENAMED_CAPTION.old, RENAMED_CAPTION.new]]);
    expect(texts.rows).toEqual([{ text_key: RENAMED_CAPTION.new }]);
    // The browser reads it with the catalogue: the override shows from the first paint.
    const r = await fetch(`${s.url}/api/captions/${RENAMED_CAPTION.lang}`);
    expect(r.status).toBe(200);
    expect(await r.text()).toContain(RENAMED_CAPTION.text);
  });

  it('brings back the removed pages, each granted as its parent is', async () => {
    const pages = (
      await s.db.query<Row>(`select page_code, parent_page_code from app.backend_pages where page_code in ($1, $2) or parent_page_code = $1 order by page_code`, [REMOVED_AREA, REMOVED_PAGE])
    ).rows;
    expect(pages.map((p) => p.page_code)).toEqual([REMOVED_AREA, 'news.news_list', 'news.news_sources', REMOVED_PAGE]);
    const grants = async (table: 'role_pages' | 'user_pages', page: string) => {
      const who = table === 'role_pages' ? 'role_id' : 'user_id';
      return (await s.db.query<Row>(`select ${who} as who, ${flags} from app.${table} where page_code = $1 order by ${who}`, [page])).rows;
    };
    for (const p of pages.filter((x) => x.parent_page_code)) {
      for (const table of ['role_pages', 'user_pages'] as const) expect(await grants(table, p.page_code), `${table} of ${p.page_code}`).toEqual(await grants(table, p.parent_page_code));
    }
    // Under purchasing the warehouse role's grant comes too (read only), not only the administrator's.
    const roles = (await s.db.query<Row>(`select r.role_code, ${flags} from app.role_pages g join app.roles r using (role_id) where g.page_code = $1 order by r.role_code`, [REMOVED_PAGE])).rows;
    expect(roles.map((r) => r.role_code)).toEqual(['administrator', 'warehouse']);
    expect(roles[1]).toMatchObject({ can_list: true, can_add: false, can_set: false, can_delete: false, can_events: false });
  });

  it('gives the administrator role every flag on every page', async () => {
    const lacking = await s.db.query<Row>(
      `select p.page_code from app.backend_pages p join app.roles r on r.role_code = 'administrator'
       left join app.role_pages g on g.role_id = r.role_id and g.page_code = p.page_code
       where g.page_code is null or not (g.can_perms and g.can_list and g.can_add and g.can_set and g.can_delete and g.can_events)`,
    );
    expect(lacking.rows).toEqual([]);
  });

  it('brings back the removed workflow event with its transition', async () => {
    const { type, event, from, to } = REMOVED_EVENT;
    expect((await s.db.query('select 1 from app.fsm_events where type_code = $1 and event_code = $2', [type, event])).rowCount).toBe(1);
    const t = await s.db.query<Row>(
      `select f.state_code as from_state, s.state_code as to_state from app.fsm_transitions t
       join app.fsm_states f on f.state_id = t.from_state_id join app.fsm_states s on s.state_id = t.to_state_id
       where t.type_code = $1 and t.event_code = $2`,
      [type, event],
    );
    expect(t.rows).toEqual([{ from_state: from, to_state: to }]);
  });

  it('opens every menu route for the administrator: in the menu, and every screen lists', async () => {
    const menu = (await s.post('/rpc/user', {}, { token: admin })).body.menu as Row[];
    const urls = new Set<string>();
    const walk = (nodes: Row[]): void => {
      for (const n of nodes) {
        if (n.url) urls.add(n.url);
        walk(n.children);
      }
    };
    walk(menu);
    const refused: string[] = [];
    for (const { path, form } of screenRoutes) {
      const r = await s.action(admin, form, 'list', { endRow: 20 });
      if (r.status !== 200) refused.push(`${path} (${form}): ${r.status} ${JSON.stringify(r.body).slice(0, 120)}`);
    }
    expect({ notInMenu: menuRoutes.filter((r) => !urls.has(r)), refused }).toEqual({ notInMenu: [], refused: [] });
  });

  it('changes nothing on a second start (the definitions’ hash is recorded)', async () => {
    expect((await s.db.query<Row>('select definitions_hash from app.reference_sync')).rows).toEqual([{ definitions_hash: referenceHash() }]);
    await s.settled();
    const first = await factsOf(s.db);
    await s.close();
    s = await startTestServer(engine, { existing: old.existing });
    const second = await factsOf(s.db);
    const pick = (f: Record<string, TableFacts>) => Object.fromEntries(Object.entries(f).filter(([t]) => t !== EVERY_START));
    expect(factsDiffer(pick(first), pick(second))).toEqual([]);
    expect(await syncReference(s.db)).toEqual({ changed: false, added: [], adminPages: 0 });
  });

  it('adds only what is new to the definitions: what users removed or changed stays as they left it', async () => {
    const cashflowRemind = "type_code = 'cashflow' and event_code = 'remind'";
    // Users' changes since the upgrade: a page removed, a page's title and icon changed, a transition removed, a flag taken from the administrator role.
    await s.db.exec(`
      delete from app.backend_pages where page_code = 'settings.obd_texts';
      update app.backend_pages set icon = 'star', page_title = page_title || '{"en": "Makers"}' where page_code = 'products.brands';
      delete from app.fsm_transitions where ${cashflowRemind};
      update app.role_pages set can_delete = false where page_code = 'products.brands' and role_id = (select role_id from app.roles where role_code = 'administrator');`);
    // Then a version whose definitions differ (another hash) and have a page the last sync did not know.
    await s.db.exec(`
      update app.reference_sync set definitions_hash = 'an older version', known_keys = known_keys - 'page:news.news_sources';
      delete from app.backend_pages where page_code = 'news.news_sources';`);
    expect(await syncReference(s.db)).toEqual({ changed: true, added: ['page:news.news_sources'], adminPages: 1 });
    expect((await s.db.query('select 1 from app.backend_pages where page_code = $1', ['settings.obd_texts'])).rowCount).toBe(0);
    expect((await s.db.query<Row>(`select icon, page_title->>'en' as en from app.backend_pages where page_code = 'products.brands'`)).rows).toEqual([{ icon: 'star', en: 'Makers' }]);
    expect((await s.db.query(`select 1 from app.fsm_transitions where ${cashflowRemind}`)).rowCount).toBe(0);
    expect((await s.db.query<Row>('select definitions_hash from app.reference_sync')).rows).toEqual([{ definitions_hash: referenceHash() }]);
  });
});
