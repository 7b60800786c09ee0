/**
 * Document numbers per company (issue 43, finding 8; migration 097): sales orders, purchase
 * orders, CMR notes and pick lists are numbered <type>-<year>-<n> by a counter per company,
 * type and year, not by one sequence across companies. Another company's documents leave no
 * gap; parallel inserts in one company never share a number; a rolled-back insert gives its
 * number to the next; numbers are unique per company and never change. On a database of the
 * previous release the counters start after each company's highest number, which stays.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, migrationNames } from '../../src/server/db/migrate.ts';
import { openPglite } from '../../src/server/db/pglite.ts';
import { openPostgres } from '../../src/server/db/postgres.ts';
import type { Db } from '../../src/server/db/types.ts';
import { engines, freshDatabase, serverHelpers, startSignedIn, type Engine, type TestServer } from './harness.ts';

const YEAR = new Date().getFullYear();
/** The number part of a document number. */
const numberOf = (ref: string) => Number(/^[A-Z]+-\d{4}-(\d+)$/.exec(ref)![1]);

describe.each(engines)('document numbers on %s', (engine) => {
  let s: TestServer, admin: string;
  beforeAll(async () => void ({ s, admin } = await startSignedIn(engine)));
  afterAll(() => s?.close());
  const { ok, one } = serverHelpers(() => s);

  const customerOf = async (company: string) =>
    (await one('select partner_id from app.partners where company_code = $1 and not is_supplier and not deleted order by partner_id limit 1', [company])).partner_id as number;
  const supplierOf = async (company: string) => (await one('select partner_id from app.partners where company_code = $1 and is_supplier order by partner_id limit 1', [company])).partner_id as number;
  /** The company's highest number of a type in a year (0: none yet). */
  const highest = async (table: string, column: string, company: string, prefix: string) =>
    Number((await one(`select coalesce(max(substring(${column} from '\\d+$')::int), 0) as n from ${table} where company_code = $1 and ${column} like $2`, [company, `${prefix}-${YEAR}-%`])).n);

  const addOrder = async (company: string, opened_on?: string) =>
    (await ok(admin, 'sales_orders', 'add', { partner_id: await customerOf(company), ...(opened_on ? { opened_on } : {}) }, company)).row as { order_id: number; fsm_reference: string };
  const addPo = async (company: string) => (await ok(admin, 'purchase_orders', 'add', { partner_id: await supplierOf(company) }, company)).row as { fsm_reference: string };
  const addCmr = async (company: string) => (await ok(admin, 'cmr', 'add', { packages: 1 }, company)).row as { cmr_number: string };
  const addPickList = async (company: string) =>
    (await s.db.query<{ pick_list_no: string }>('insert into app.pick_lists (company_code) values ($1) returning pick_list_no', [company])).rows[0]!.pick_list_no;

  it('numbers each company’s orders, purchase orders, CMR notes and pick lists on their own: another company’s leave no gap', async () => {
    const kinds = [
      { prefix: 'SO', table: 'app.sales_orders', column: 'fsm_reference', add: async (c: string) => (await addOrder(c)).fsm_reference },
      { prefix: 'PO', table: 'app.purchase_orders', column: 'fsm_reference', add: async (c: string) => (await addPo(c)).fsm_reference },
      { prefix: 'CMR', table: 'app.cmr_notes', column: 'cmr_number', add: async (c: string) => (await addCmr(c)).cmr_number },
      { prefix: 'PL', table: 'app.pick_lists', column: 'pick_list_no', add: addPickList },
    ];
    for (const k of kinds) {
      const sk = await highest(k.table, k.column, 'SK01', k.prefix);
      const hu = await highest(k.table, k.column, 'HU01', k.prefix);
      const got = [await k.add('SK01'), await k.add('HU01'), await k.add('HU01'), await k.add('SK01')];
      const pad = (n: number) => `${k.prefix}-${YEAR}-${String(n).padStart(6, '0')}`;
      expect(got, k.prefix).toEqual([pad(sk + 1), pad(hu + 1), pad(hu + 2), pad(sk + 2)]);
    }
  });

  it('starts each year at 1 per company; the same number in two companies is two documents', async () => {
    const a = await addOrder('SK01', '2031-03-01');
    const b = await addOrder('HU01', '2031-03-02');
    const c = await addOrder('SK01', '2031-12-31');
    expect([a.fsm_reference, b.fsm_reference, c.fsm_reference]).toEqual(['SO-2031-000001', 'SO-2031-000001', 'SO-2031-000002']);
  });

  it('gives parallel inserts in one company different numbers, one after the other, with no gap', async () => {
    const before = await highest('app.sales_orders', 'fsm_reference', 'CZ01', 'SO');
    const got = await Promise.all(Array.from({ length: 12 }, () => addOrder('CZ01')));
    expect(got.map((o) => numberOf(o.fsm_reference)).sort((x, y) => x - y)).toEqual(Array.from({ length: 12 }, (_, i) => before + 1 + i));
    // The same on pick lists and CMR notes, straight into the database, each insert its own transaction.
    const lists = await highest('app.pick_lists', 'pick_list_no', 'CZ01', 'PL');
    const notes = await highest('app.cmr_notes', 'cmr_number', 'CZ01', 'CMR');
    const [pl, cmr] = await Promise.all([Promise.all(Array.from({ length: 10 }, () => addPickList('CZ01'))), Promise.all(Array.from({ length: 10 }, async () => (await addCmr('CZ01')).cmr_number))]);
    expect(pl.map(numberOf).sort((x, y) => x - y)).toEqual(Array.from({ length: 10 }, (_, i) => lists + 1 + i));
    expect(cmr.map(numberOf).sort((x, y) => x - y)).toEqual(Array.from({ length: 10 }, (_, i) => notes + 1 + i));
  });

  it('waits for an open insert of the same company: a rolled-back one gives its number to the next', async () => {
    const before = await highest('app.pick_lists', 'pick_list_no', 'SK01', 'PL');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let taken = '';
    const first = s.db
      .transaction(async (tx) => {
        taken = (await tx.query<{ pick_list_no: string }>('insert into app.pick_lists (company_code) values ($1) returning pick_list_no', ['SK01'])).rows[0]!.pick_list_no;
        await held;
        throw new Error('rolled back');
      })
      .catch((e: Error) => e.message);
    // On a server the second insert waits for the first transaction (the counter row is
    // locked); PGlite runs one transaction at a time anyway.
    await expect.poll(() => taken).not.toBe('');
    const second = addPickList('SK01');
    release();
    expect(await first).toBe('rolled back');
    expect(taken).toBe(`PL-${YEAR}-${String(before + 1).padStart(6, '0')}`);
    expect(await second).toBe(taken);
  });

  it('keeps numbers unique per company and unchanged', async () => {
    const keys = await s.db.query<{ t: string; cols: string }>(
      `select c.conrelid::regclass::text as t, string_agg(a.attname, ',' order by a.attnum) as cols
       from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
       where c.contype = 'u' and c.conrelid = any (array['app.sales_orders', 'app.purchase_orders', 'app.cmr_notes', 'app.pick_lists']::regclass[])
       group by c.oid, c.conrelid order by 1, 2`,
    );
    expect(keys.rows.filter((k) => k.cols.startsWith('company_code,'))).toEqual([
      { t: 'app.cmr_notes', cols: 'company_code,cmr_number' },
      { t: 'app.pick_lists', cols: 'company_code,pick_list_no' },
      { t: 'app.purchase_orders', cols: 'company_code,fsm_reference' },
      { t: 'app.sales_orders', cols: 'company_code,fsm_reference' },
    ]);
    const order = await addOrder('SK01');
    const r = await s.action(admin, 'sales_orders', 'set', { order_id: order.order_id, row_version: 1, fsm_reference: 'SO-1-1' }, 'SK01');
    expect([r.status, r.body.params?.field], JSON.stringify(r.body)).toEqual([400, 'payload.fsm_reference']);
    await expect(s.db.query(`update app.sales_orders set fsm_reference = 'SO-2000-000001' where order_id = $1`, [order.order_id])).rejects.toThrow(/document keeps its number/);
    await expect(s.db.query(`update app.pick_lists set pick_list_no = 'PL-2000-000001' where company_code = 'SK01'`)).rejects.toThrow(/document keeps its number/);
  });
});

/**
 * A database of the previous release (the migrations before 097) with documents numbered by
 * the old shared sequence, interleaved across two companies: after 097 every number is as it
 * was and each company's counter goes on from its own highest one of that type and year.
 */
describe.each(engines)('migration 097 on a database of the previous release (%s)', (engine: Engine) => {
  let db: Db;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (engine === 'pglite') db = await openPglite();
    else {
      const fresh = await freshDatabase();
      drop = fresh.drop;
      db = await openPostgres(fresh.url);
    }
  });
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  it('keeps the numbers and starts each counter after its company’s highest', async () => {
    await db.exec(`create schema if not exists app;
      create table if not exists app.schema_migrations (name text primary key, applied_at timestamptz not null default now())`);
    for (const name of migrationNames().filter((n) => n < '097')) {
      const sql = readFileSync(new URL(`../../src/server/db/migrations/${name}`, import.meta.url), 'utf8');
      await db.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query('insert into app.schema_migrations (name) values ($1)', [name]);
      });
    }
    // Rows as the previous release wrote them: numbered by each table's shared id. Written
    // with triggers and foreign keys off (replication role): only the numbers matter here.
    const docs = [
      ['SO', 'sales_orders', 'order_id', 'fsm_reference', 'SK01', 81, 2026],
      ['SO', 'sales_orders', 'order_id', 'fsm_reference', 'AA01', 82, 2026],
      ['SO', 'sales_orders', 'order_id', 'fsm_reference', 'SK01', 252, 2026],
      ['SO', 'sales_orders', 'order_id', 'fsm_reference', 'SK01', 12, 2025],
      ['PO', 'purchase_orders', 'po_id', 'fsm_reference', 'AA01', 7, 2026],
      ['PO', 'purchase_orders', 'po_id', 'fsm_reference', 'SK01', 9, 2026],
      ['CMR', 'cmr_notes', 'cmr_id', 'cmr_number', 'SK01', 26, 2026],
      ['CMR', 'cmr_notes', 'cmr_id', 'cmr_number', 'SK01', 90, 2026],
      ['PL', 'pick_lists', 'pick_list_id', 'pick_list_no', 'AA01', 1234567, 2026],
    ] as const;
    const ref = (type: string, year: number, id: number) => `${type}-${year}-${String(id).padStart(6, '0')}`;
    await db.transaction(async (tx) => {
      await tx.query(`set local session_replication_role = replica`);
      // A release's first start seeds the languages before any company exists; later migrations
      // (114's company language) rely on that.
      await tx.query(`insert into app.languages (language_code, iso_code, language_name, flag_code, active) values ('en', 'en-GB', 'English', 'gb', true), ('sk', 'sk-SK', 'Slovenčina', 'sk', true)`);
      await tx.query(`insert into app.companies (company_code, company_name, currency_code, country_code) values ('SK01', 'S', 'EUR', 'SK'), ('AA01', 'A', 'EUR', 'SK'), ('BB01', 'B', 'EUR', 'SK')`);
      for (const [type, table, id, column, company, n, year] of docs) {
        const extra =
          table === 'sales_orders' ? ', fsm_instance_id, partner_id, shop_id, currency_code, language_code' : table === 'purchase_orders' ? ', fsm_instance_id, partner_id, currency_code' : '';
        const values = table === 'sales_orders' ? `, ${n}, 1, 1, 'EUR', 'en'` : table === 'purchase_orders' ? `, ${n}, 1, 'EUR'` : '';
        await tx.query(`insert into app.${table} (${id}, company_code, ${column}${extra}) values ($1, $2, $3${values})`, [n, company, ref(type, year, n)]);
      }
    });

    await migrate(db);

    for (const [type, table, , column, company, n, year] of docs) {
      expect((await db.query(`select 1 from app.${table} where company_code = $1 and ${column} = $2`, [company, ref(type, year, n)])).rowCount, `${type} ${company} ${n}`).toBe(1);
    }
    const counters = await db.query(`select company_code, doc_type, year, last_no from app.document_counters order by 1, 2, 3`);
    expect(counters.rows).toEqual([
      { company_code: 'AA01', doc_type: 'PL', year: 2026, last_no: 1234567 },
      { company_code: 'AA01', doc_type: 'PO', year: 2026, last_no: 7 },
      { company_code: 'AA01', doc_type: 'SO', year: 2026, last_no: 82 },
      { company_code: 'SK01', doc_type: 'CMR', year: 2026, last_no: 90 },
      { company_code: 'SK01', doc_type: 'PO', year: 2026, last_no: 9 },
      { company_code: 'SK01', doc_type: 'SO', year: 2025, last_no: 12 },
      { company_code: 'SK01', doc_type: 'SO', year: 2026, last_no: 252 },
    ]);
    const next = async (company: string, type: string, year: number) => (await db.query<{ n: string }>('select app.next_document_no($1, $2, $3) as n', [company, type, year])).rows[0]!.n;
    expect(await next('SK01', 'SO', 2026)).toBe('SO-2026-000253');
    expect(await next('SK01', 'SO', 2025)).toBe('SO-2025-000013');
    expect(await next('AA01', 'SO', 2026)).toBe('SO-2026-000083');
    expect(await next('BB01', 'SO', 2026)).toBe('SO-2026-000001');
    expect(await next('AA01', 'PL', 2026)).toBe('PL-2026-1234568');
    // A new note and a new pick list through their triggers.
    const cmr = await db.query<{ cmr_number: string }>(`insert into app.cmr_notes (company_code, taking_over_date) values ('SK01', '2026-05-01') returning cmr_number`);
    expect(cmr.rows[0]!.cmr_number).toBe('CMR-2026-000091');
    const pl = await db.query<{ pick_list_no: string }>(`insert into app.pick_lists (company_code, created_at) values ('BB01', '2026-05-01T10:00:00Z') returning pick_list_no`);
    expect(pl.rows[0]!.pick_list_no).toBe('PL-2026-000001');
  });
});
