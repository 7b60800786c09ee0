/**
 * No write names another company's row (issue 21, hardening 4). The walk finds the columns
 * pointing at companies' rows without the engine's own list: ref columns whose lookup
 * belongs to companies (descriptors), and columns of a written table whose foreign key
 * points at a table a company's screen writes (the database's catalogue). Each writable one
 * is tried on add and set with another company's key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writableFields } from '../../src/core/validation/columns.ts';
import { screens, type Screen } from '../../src/server/actions/engine/screens.ts';
import { importRows } from '../../src/server/actions/engine/write.ts';
import { HttpError } from '../../src/server/http/errors.ts';
import { planImport } from '../../src/server/transfer/import.ts';
import { readSheet } from '../../src/server/transfer/sheet.ts';
import { engines, startSignedIn, type Json, type TestServer } from './harness.ts';

type Row = Record<string, Json>;

const OWN = 'SK01';
const OTHER = 'CZ01';

/** A column pointing at rows of companies: where its referenced row is looked for. */
interface Pointer {
  screen: Screen;
  field: string;
  /** The referenced relation, its column and its company column. */
  from: string;
  column: string;
  company: string;
}

const quote = (qualified: string) =>
  qualified
    .split('.')
    .map((x) => `"${x}"`)
    .join('.');

describe.each(engines)('references to another company’s rows on %s', (engine) => {
  let s: TestServer, admin: string;
  beforeAll(async () => void ({ s, admin } = await startSignedIn(engine)));
  afterAll(() => s?.close());

  const lastLog = async () => Number((await s.db.query<{ n: string }>('select coalesce(max(log_id), 0) as n from app.product_change_log')).rows[0]!.n);
  const count = async (table: string) => Number((await s.db.query<{ n: string }>(`select count(*) as n from ${quote(table)}`)).rows[0]!.n);

  /** Foreign keys of written tables: table → column → referenced table and column. */
  async function foreignKeys(): Promise<{ child: string; col: string; parent: string; parentCol: string }[]> {
    const r = await s.db.query<{ child: string; col: string; parent: string; parent_col: string }>(
      `select cn.nspname || '.' || cc.relname as child, a.attname as col, pn.nspname || '.' || pc.relname as parent, pa.attname as parent_col
       from pg_constraint c
       join pg_class cc on cc.oid = c.conrelid join pg_namespace cn on cn.oid = cc.relnamespace
       join pg_class pc on pc.oid = c.confrelid join pg_namespace pn on pn.oid = pc.relnamespace
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
       join pg_attribute pa on pa.attrelid = c.confrelid and pa.attnum = c.confkey[1]
       where c.contype = 'f' and cardinality(c.conkey) = 1`,
    );
    return r.rows.map((x) => ({ child: x.child, col: x.col, parent: x.parent, parentCol: x.parent_col }));
  }

  /** Every column of a written screen that points at companies' rows. */
  async function pointers(): Promise<Pointer[]> {
    const all = [...screens.values()];
    const companyWriters = all.filter((t) => t.source.write && t.source.company);
    const fks = await foreignKeys();
    const out: Pointer[] = [];
    for (const screen of all) {
      if (!screen.source.write || screen.access === 'authenticated') continue;
      for (const [field, col] of Object.entries(screen.columns)) {
        const lookup = col.type === 'ref' ? screens.get(col.lookup!)! : undefined;
        if (lookup?.source.company) {
          out.push({ screen, field, from: lookup.source.relation, column: lookup.keys[0]!, company: lookup.source.company });
          continue;
        }
        const fk = fks.find((k) => k.child === screen.source.write && k.col === field);
        const owner = fk && companyWriters.find((t) => t.source.write === fk.parent && Object.hasOwn(t.columns, fk.parentCol));
        if (owner) out.push({ screen, field, from: owner.source.relation, column: fk.parentCol, company: owner.source.company! });
      }
    }
    return out;
  }

  const foreignKeyOf = async (p: Pointer): Promise<unknown> =>
    (await s.db.query<{ k: unknown }>(`select "${p.column}" as k from ${quote(p.from)} where "${p.company}" = $1 order by 1 limit 1`, [OTHER])).rows[0]?.k;

  it('refuses, on every writable column pointing at a company’s rows, another company’s key on add and set; nothing is written', async () => {
    const found = await pointers();
    const tried: string[] = [];
    const failures: string[] = [];
    for (const p of found) {
      const { screen, field } = p;
      const foreign = await foreignKeyOf(p);
      if (foreign === undefined) {
        failures.push(`${screen.form}.${field}: no ${OTHER} row in ${p.from} to try`);
        continue;
      }
      const addable = !!screen.actions.add && writableFields(screen, 'add').includes(field);
      // A key addresses the row, a set never changes it; nor a column written only on add (editableOn).
      const settable = writableFields(screen, 'set').includes(field) && !screen.keys.includes(field);
      if (!addable && !settable) continue;
      const listed = await s.action(admin, screen.form, 'list', { endRow: 1 }, OWN);
      const base: Row | undefined = listed.body?.data?.rows?.[0];
      if (!base) {
        failures.push(`${screen.form}.${field}: no ${OWN} row to start from (${listed.status})`);
        continue;
      }
      const expectRefused = async (action: 'add' | 'set', payload: Row, unchanged: () => Promise<unknown>) => {
        tried.push(`${screen.form}.${field} ${action}`);
        const [log, before] = [await lastLog(), await unchanged()];
        const r = await s.action(admin, screen.form, action, payload, OWN);
        const [logAfter, after] = [await lastLog(), await unchanged()];
        if (r.status !== 400 || r.body.error !== 'foreign_reference' || r.body.params?.field !== `payload.${field}`) {
          failures.push(`${screen.form}.${field} ${action} ${JSON.stringify(foreign)}: ${r.status} ${r.body.error} ${r.body.message}`);
        }
        if (logAfter !== log || JSON.stringify(after) !== JSON.stringify(before)) failures.push(`${screen.form}.${field} ${action}: written`);
      };
      if (addable) {
        const payload: Row = {};
        for (const f of writableFields(screen, 'add')) if (base[f] !== undefined) payload[f] = base[f];
        payload[field] = foreign;
        await expectRefused('add', payload, () => count(screen.source.write!));
      }
      if (settable) {
        const payload: Row = Object.fromEntries(screen.keys.map((k) => [k, base[k]]));
        if (screen.source.version) payload[screen.source.version] = base[screen.source.version];
        payload[field] = foreign;
        const keyFilter = Object.fromEntries(screen.keys.map((k) => [k, base[k]]));
        await expectRefused('set', payload, async () => (await s.action(admin, screen.form, 'filter', keyFilter, OWN)).body.data.rows[0]?.[field]);
      }
    }
    expect(failures).toEqual([]);
    // The walk reached the link table's key the outside test found, and refs beside it.
    expect(tried).toEqual(expect.arrayContaining(['payment_method_shops.pm_id add', 'payment_method_shops.shop_id add', 'delivery_method_details.dm_id set', 'product_list.vat_id set']));
  });

  it('knows every column whose foreign key points at a company’s table as a reference it checks', async () => {
    const companyTables = new Set([...screens.values()].filter((t) => t.source.write && t.source.company).map((t) => t.source.write));
    const fks = await foreignKeys();
    const unchecked: string[] = [];
    for (const screen of screens.values()) {
      for (const field of Object.keys(screen.columns)) {
        const fk = fks.find((k) => k.child === screen.source.write && k.col === field && companyTables.has(k.parent));
        if (fk && !screen.references[field]?.company) unchecked.push(`${screen.form}.${field} → ${fk.parent}`);
      }
    }
    expect(unchecked).toEqual([]);
    expect(screens.get('payment_method_shops')!.references.pm_id).toMatchObject({ form: 'payment_methods', key: 'pm_id', company: 'company_code' });
  });

  describe('payment_method_shops.pm_id', () => {
    let own: { pm: number; shop: number }, foreignPm: number, userId: number;
    beforeAll(async () => {
      const q = async (sql: string, params: unknown[]) => Number(Object.values((await s.db.query<Row>(sql, params)).rows[0]!)[0]);
      foreignPm = await q('select pm_id from app.payment_methods where company_code = $1 order by pm_id limit 1', [OTHER]);
      // One of our methods, not on one of our shops (a link of the seed taken away).
      const pair = await s.db.query<{ pm: number; shop: number }>(
        `delete from app.payment_method_shops where (pm_id, shop_id) = (
           select x.pm_id, x.shop_id from app.payment_method_shops x join app.shops s on s.shop_id = x.shop_id where s.company_code = $1 order by 1, 2 limit 1)
         returning pm_id as pm, shop_id as shop`,
        [OWN],
      );
      own = pair.rows[0]!;
      userId = await q('select user_id from app.users where user_email = $1', ['admin@example.com']);
    });
    const links = async (pm: number) => Number((await s.db.query<{ n: string }>('select count(*) as n from app.payment_method_shops where pm_id = $1', [pm])).rows[0]!.n);

    it('refuses another company’s payment method on one of our shops; ours is linked', async () => {
      const before = await links(foreignPm);
      const r = await s.action(admin, 'payment_method_shops', 'add', { pm_id: foreignPm, shop_id: own.shop }, OWN);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: 'foreign_reference', params: { field: 'payload.pm_id', value: String(foreignPm) } });
      expect(r.body.message).toBe(`payload.pm_id: no payment_methods row ${foreignPm} in this company`);
      expect(await links(foreignPm)).toBe(before);
      // A key that exists nowhere reads the same (nothing about other companies shows).
      const none = await s.action(admin, 'payment_method_shops', 'add', { pm_id: 2_000_000_000, shop_id: own.shop }, OWN);
      expect(none.body).toMatchObject({ error: 'foreign_reference', params: { field: 'payload.pm_id' } });
      // The company's own method is linked.
      const ok = await s.action(admin, 'payment_method_shops', 'add', { pm_id: own.pm, shop_id: own.shop }, OWN);
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      await s.action(admin, 'payment_method_shops', 'delete', { keys: [{ pm_id: own.pm, shop_id: own.shop }] }, OWN);
    });

    it('refuses an import commit carrying it, the whole file, at the write', async () => {
      const before = await links(foreignPm);
      const plan = {
        inserts: [
          { line: 2, values: { pm_id: own.pm, shop_id: own.shop } },
          { line: 3, values: { pm_id: foreignPm, shop_id: own.shop } },
        ],
        updates: [],
      };
      const screen = screens.get('payment_method_shops')!;
      const r = await importRows(s.db, screen, plan, { company: OWN, userId }).catch((e: unknown) => e);
      expect(r).toBeInstanceOf(HttpError);
      expect(r).toMatchObject({ status: 400, code: 'foreign_reference', params: { field: 'line 3.pm_id' } });
      expect(await links(foreignPm)).toBe(before);
      // The valid row before it is rolled back with it.
      expect((await s.db.query('select 1 from app.payment_method_shops where pm_id = $1 and shop_id = $2', [own.pm, own.shop])).rows).toHaveLength(0);
    });
  });

  it('refuses a paste (bulk set) carrying another company’s key: no row of it changes', async () => {
    const rows: Row[] = (await s.action(admin, 'product_list', 'list', { endRow: 2, sortModel: [{ colId: 'product_code', sort: 'asc' }] }, OWN)).body.data.rows;
    const vats = await s.db.query<{ vat_id: number; company_code: string }>(`select vat_id, company_code from app.vats where company_code in ($1, $2) order by vat_id`, [OWN, OTHER]);
    const ownVat = vats.rows.find((v) => v.company_code === OWN && v.vat_id !== rows[0]!.vat_id)!.vat_id;
    const foreignVat = vats.rows.find((v) => v.company_code === OTHER)!.vat_id;
    const log = await lastLog();
    const r = await s.action(
      admin,
      'product_list',
      'set',
      {
        rows: [
          { product_code: rows[0]!.product_code, row_version: rows[0]!.row_version, vat_id: ownVat },
          { product_code: rows[1]!.product_code, row_version: rows[1]!.row_version, vat_id: foreignVat },
        ],
      },
      OWN,
    );
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: 'foreign_reference', params: { field: 'payload.rows.1.vat_id' } });
    expect(await lastLog()).toBe(log);
    const after = await s.db.query<{ vat_id: number; row_version: number }>('select vat_id, row_version from app.products where product_code = any($1) order by product_code', [
      rows.map((x) => x.product_code),
    ]);
    expect(after.rows).toEqual(rows.map((x) => ({ vat_id: x.vat_id, row_version: x.row_version })));
  });

  it('plans an import naming another company’s row by a column that is not a ref: that line is a problem, the others are written', async () => {
    // delivery_method_details with dm_id read as the plain key of its master (as payment_method_shops.pm_id is): no
    // lookup resolves it within the company, only the reference check stands between the file and the write.
    const real = screens.get('delivery_method_details')!;
    const { lookup: _l, ...dmId } = real.columns.dm_id!;
    const screen: Screen = { ...real, columns: { ...real.columns, dm_id: { ...dmId, type: 'int' } }, valueType: { ...real.valueType, dm_id: 'int' } };
    expect(screen.references.dm_id).toMatchObject({ company: 'company_code' });
    const dm = async (company: string) =>
      Number((await s.db.query<{ id: number }>('select dm_id as id from app.delivery_methods where company_code = $1 order by dm_id limit 1', [company])).rows[0]!.id);
    const [ownDm, foreignDm] = [await dm(OWN), await dm(OTHER)];
    const sheet = await readSheet('rates.csv', new TextEncoder().encode(`Method,Country,From,Price\n${ownDm},AT,95000,7\n${foreignDm},AT,95000,7\n`), 'en');
    const { result, write } = await planImport(s.db, screen, sheet, ['dm_id', 'country_code', 'weight_from', 'price'], 'en', OWN, { canAdd: true, canSet: true });
    expect(result).toMatchObject({ inserts: 1, errorRows: 1, errors: [{ line: 3, field: 'dm_id', message: `import.ref_not_found?value=${foreignDm}` }] });
    expect(write.inserts.map((r) => r.values.dm_id)).toEqual([ownDm]);
  });

  it('reports an imported row naming another company’s row and writes only the others', async () => {
    const dm = async (company: string) =>
      Number((await s.db.query<{ id: number }>('select dm_id as id from app.delivery_methods where company_code = $1 order by dm_id limit 1', [company])).rows[0]!.id);
    const [ownDm, foreignDm] = [await dm(OWN), await dm(OTHER)];
    const rates = async (id: number) => Number((await s.db.query<{ n: string }>('select count(*) as n from app.delivery_method_rates where dm_id = $1', [id])).rows[0]!.n);
    const [ownBefore, foreignBefore] = [await rates(ownDm), await rates(foreignDm)];
    const csv = `Method,Country,From,Price\n${ownDm},CY,90000,7\n${foreignDm},CY,90000,7\n`;
    const fd = new FormData();
    fd.set('file', new Blob([csv]), 'rates.csv');
    fd.set('mode', 'commit');
    fd.set('language', 'en');
    fd.set('mapping', JSON.stringify(['dm_id', 'country_code', 'weight_from', 'price']));
    const res = await fetch(`${s.url}/api/import/delivery_method_details`, { method: 'POST', body: fd, headers: { authorization: `Bearer ${admin}`, 'x-company': OWN } });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ inserts: 1, errorRows: 1, errors: [{ line: 3, field: 'dm_id', message: `import.ref_not_found?value=${foreignDm}` }], written: true });
    expect([await rates(ownDm), await rates(foreignDm)]).toEqual([ownBefore + 1, foreignBefore]);
  });
});
