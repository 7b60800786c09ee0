/**
 * Partners (issue 22): partner_list with its addresses as a detail, partners_brief for the
 * orders to come. Rows belong to the session's company (addresses through their partner);
 * `deleted` is a soft delete that takes a partner out of partners_brief; the grants are the
 * administrator's only among the demo roles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manufacturers } from '../../src/server/db/seed/catalogue.ts';
import { engines, serverHelpers, startSignedIn, type Json, type TestServer } from './harness.ts';
import { grantRolePage } from './grants.ts';

type Row = Record<string, Json>;

describe.each(engines)('partners on %s', (engine) => {
  let s: TestServer, admin: string, catalog: string, warehouse: string;
  beforeAll(async () => void ({ s, admin, catalog, warehouse } = await startSignedIn(engine)));
  afterAll(() => s?.close());
  const { ok } = serverHelpers(() => s);

  const dbCount = async (sql: string, params: unknown[] = []) => (await s.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params)).rows[0]!.n;
  /** A partner of the company, by name (seeded). */
  const partnerOf = async (company: string, where = 'true') =>
    (await s.db.query<{ partner_id: number; partner_name: string }>(`select partner_id, partner_name from app.partners where company_code = $1 and ${where} order by partner_id limit 1`, [company]))
      .rows[0]!;

  it('lists the company’s demo customers and suppliers, the catalogue’s manufacturers among the suppliers, deleted ones last', async () => {
    for (const company of ['SK01', 'HU01', 'CZ01']) {
      const rows: Row[] = (await ok(admin, 'partner_list', 'list', {}, company)).rows;
      expect(rows.length).toBeGreaterThanOrEqual(40);
      expect(rows.length).toBeLessThanOrEqual(80);
      expect(rows.length).toBe(await dbCount('app.partners where company_code = $1', [company]));
      const suppliers = rows.filter((r) => r.is_supplier).map((r) => r.partner_name);
      expect(suppliers).toEqual(expect.arrayContaining(manufacturers.map(([name]) => name)));
      expect(rows.some((r) => !r.is_supplier)).toBe(true);
      const deleted = rows.map((r) => r.deleted);
      expect(deleted.includes(true)).toBe(true);
      expect(deleted.indexOf(true)).toBe(deleted.lastIndexOf(false) + 1); // the default sort: deleted last
      expect(Object.keys(rows[0]!).sort()).toEqual(['deleted', 'email', 'is_supplier', 'label_name', 'language_code', 'partner_id', 'partner_name', 'payment_days', 'row_version', 'vat_number']);
    }
    // Every partner has an address in a country of the reference data.
    expect(await dbCount('app.partners p where not exists (select 1 from app.partner_addresses a where a.partner_id = p.partner_id)')).toBe(0);
    const homeCustomers = await s.db.query<{ company_code: string; country_code: string; n: number }>(
      `select p.company_code, a.country_code, count(*)::int as n from app.partners p join app.partner_addresses a using (partner_id)
       where not p.is_supplier group by 1, 2 order by n desc`,
    );
    const top = new Map<string, string>();
    for (const r of homeCustomers.rows) if (!top.has(r.company_code)) top.set(r.company_code, r.country_code);
    expect(Object.fromEntries(top)).toEqual({ SK01: 'SK', HU01: 'HU', CZ01: 'CZ' }); // customers mostly at home
  });

  it('adds, changes, soft-deletes and deletes a partner with its addresses', async () => {
    const added = (await ok(admin, 'partner_list', 'add', { partner_name: '  Kováč Stavby s.r.o. ', is_supplier: true })).row;
    expect(added).toMatchObject({ partner_name: 'Kováč Stavby s.r.o.', label_name: '', is_supplier: true, deleted: false, row_version: 1 });
    const id = added.partner_id;
    expect((await s.db.query('select company_code from app.partners where partner_id = $1', [id])).rows[0]).toEqual({ company_code: 'SK01' });

    const set = (await ok(admin, 'partner_list', 'set', { partner_id: id, row_version: 1, label_name: 'KOVÁČ STAVBY', deleted: true })).row;
    expect(set).toMatchObject({ label_name: 'KOVÁČ STAVBY', deleted: true, row_version: 2 });
    expect((await s.action(admin, 'partner_list', 'set', { partner_id: id, row_version: 1, deleted: false })).body.error).toBe('stale_row');
    expect((await ok(admin, 'partner_list', 'set', { partner_id: id, row_version: 2, deleted: false })).row.deleted).toBe(false);

    const address = {
      partner_id: id,
      address_name: 'Sídlo',
      address_line_1: 'Mlynské nivy',
      address_house_no: '5/A',
      zip_code: '821 09',
      city: 'Bratislava',
      country_code: 'SK',
      first_name: 'Juraj',
      last_name: 'Kováč',
      phone: '+421 2 5020 1111',
    };
    const a1 = (await ok(admin, 'partner_addresses', 'add', address)).row;
    expect(a1).toMatchObject({ ...address, row_version: 1 });
    const a2 = (await ok(admin, 'partner_addresses', 'add', { ...address, address_name: 'Sklad', city: 'Senec', zip_code: '903 01' })).row;
    const listed: Row[] = (await ok(admin, 'partner_addresses', 'filter', { partner_id: id })).rows;
    expect(listed.map((r) => r.address_name)).toEqual(['Sídlo', 'Sklad']);
    const moved = (await ok(admin, 'partner_addresses', 'set', { address_id: a2.address_id, row_version: 1, country_code: 'AT', city: 'Wien', zip_code: '1100' })).row;
    expect(moved).toMatchObject({ country_code: 'AT', city: 'Wien', zip_code: '1100', row_version: 2 });
    expect((await ok(admin, 'partner_addresses', 'delete', { keys: [a2.address_id] })).deleted).toBe(1);

    // A hard delete takes the remaining address with it.
    expect((await ok(admin, 'partner_list', 'delete', { keys: [id] })).deleted).toBe(1);
    expect(await dbCount('app.partner_addresses where address_id = $1', [a1.address_id])).toBe(0);
  });

  it('refuses bad values with codes that name the field', async () => {
    const p = await partnerOf('SK01');
    const refused = async (form: string, action: string, payload: unknown) => {
      const r = await s.action(admin, form, action, payload);
      expect(r.status, JSON.stringify(r.body)).toBeGreaterThanOrEqual(400);
      return { status: r.status, error: r.body.error, field: r.body.params?.field, label: r.body.params?.label, reason: r.body.params?.reason };
    };
    const before = await dbCount('app.partners');
    expect(await refused('partner_list', 'add', { label_name: 'x' })).toMatchObject({ status: 400, error: 'invalid_value', field: 'payload.partner_name', reason: expect.stringMatching(/required/) });
    expect(await refused('partner_list', 'add', { partner_name: '   ' })).toMatchObject({ status: 400, field: 'payload.partner_name' });
    expect(await refused('partner_list', 'add', { partner_name: 'x'.repeat(151) })).toMatchObject({
      status: 400,
      error: 'invalid_value',
      field: 'payload.partner_name',
      reason: 'validation.max_length',
    });
    expect(await refused('partner_list', 'add', { partner_name: 'Y', is_supplier: 'maybe' })).toMatchObject({ status: 400, error: 'invalid_value', field: 'payload.is_supplier' });
    expect(await refused('partner_list', 'add', { partner_name: 'Y', company_code: 'CZ01' })).toMatchObject({ status: 400, field: 'payload.company_code' });
    expect(await dbCount('app.partners')).toBe(before);

    const base = { partner_id: p.partner_id, address_name: 'Zweigstelle', country_code: 'AT' };
    expect(await refused('partner_addresses', 'add', { ...base, country_code: 'XX' })).toMatchObject({ status: 400, error: 'bad_reference', field: 'payload.country_code' });
    expect(await refused('partner_addresses', 'add', { ...base, country_code: undefined })).toMatchObject({
      status: 400,
      error: 'invalid_value',
      field: 'payload.country_code',
      reason: expect.stringMatching(/required/),
    });
    expect(await refused('partner_addresses', 'add', { ...base, phone: '+421 905 <script>' })).toMatchObject({
      status: 400,
      error: 'invalid_value',
      field: 'payload.phone',
      reason: 'validation.pattern_chars',
    });
    expect(await refused('partner_addresses', 'add', { ...base, partner_id: 99999999 })).toMatchObject({ status: 400, error: 'foreign_reference', field: 'payload.partner_id' });
    const first = (await s.db.query<{ address_name: string }>('select address_name from app.partner_addresses where partner_id = $1 limit 1', [p.partner_id])).rows[0]!;
    expect(await refused('partner_addresses', 'add', { ...base, address_name: first.address_name })).toMatchObject({ status: 409, error: 'already_exists', label: 'fields.address_name' });
  });

  it('keeps partners and addresses within the session’s company', async () => {
    const cz = await partnerOf('CZ01');
    const sk = await partnerOf('SK01');
    const skAddress = (await s.db.query<Row>('select address_id, row_version from app.partner_addresses where partner_id = $1 limit 1', [sk.partner_id])).rows[0]!;
    const addresses = await dbCount('app.partner_addresses');
    // Another company's partner in an address write: refused on add and set, nothing written.
    const add = await s.action(admin, 'partner_addresses', 'add', { partner_id: cz.partner_id, address_name: 'Pobočka', country_code: 'CZ' }, 'SK01');
    expect([add.status, add.body.error, add.body.params?.field]).toEqual([400, 'foreign_reference', 'payload.partner_id']);
    const set = await s.action(admin, 'partner_addresses', 'set', { address_id: skAddress.address_id, row_version: skAddress.row_version, partner_id: cz.partner_id }, 'SK01');
    expect([set.status, set.body.error, set.body.params?.field]).toEqual([400, 'foreign_reference', 'payload.partner_id']);
    expect(await dbCount('app.partner_addresses')).toBe(addresses);
    expect((await s.db.query('select partner_id from app.partner_addresses where address_id = $1', [skAddress.address_id])).rows[0]).toEqual({ partner_id: sk.partner_id });
    // Another company's rows are neither listed, changed nor deleted.
    expect((await ok(admin, 'partner_addresses', 'filter', { partner_id: cz.partner_id }, 'SK01')).rows).toEqual([]);
    expect((await ok(admin, 'partner_list', 'filter', { partner_id: cz.partner_id }, 'SK01')).rows).toEqual([]);
    const setCz = await s.action(admin, 'partner_list', 'set', { partner_id: cz.partner_id, row_version: 1, partner_name: 'Taken over' }, 'SK01');
    expect(setCz.status).toBeGreaterThanOrEqual(400);
    expect((await s.action(admin, 'partner_list', 'delete', { keys: [cz.partner_id] }, 'SK01')).body.data?.deleted ?? 0).toBe(0);
    expect((await s.db.query('select partner_name from app.partners where partner_id = $1', [cz.partner_id])).rows[0]).toEqual({ partner_name: cz.partner_name });
  });

  it('offers in partners_brief only the company’s partners not deleted, to any signed-in user, and follows the deleted flag', async () => {
    for (const [token, company] of [
      [admin, 'HU01'],
      [catalog, 'SK01'],
      [warehouse, 'SK01'],
    ] as const) {
      const rows: Row[] = (await ok(token, 'partners_brief', 'list', undefined, company)).rows;
      expect(rows.length).toBe(await dbCount('app.partners where company_code = $1 and not deleted', [company]));
      expect(Object.keys(rows[0]!).sort()).toEqual(['is_supplier', 'partner_id', 'partner_name']);
      const ids = new Set(rows.map((r) => r.partner_id));
      const foreignOrDeleted = (await s.db.query<{ partner_id: number }>('select partner_id from app.partners where company_code <> $1 or deleted', [company])).rows;
      expect(foreignOrDeleted.length).toBeGreaterThan(0);
      expect(foreignOrDeleted.filter((r) => ids.has(r.partner_id))).toEqual([]);
    }
    const p = await partnerOf('SK01', 'not deleted');
    const version = (await s.db.query<{ v: number }>('select row_version as v from app.partners where partner_id = $1', [p.partner_id])).rows[0]!.v;
    const briefIds = async () => ((await ok(catalog, 'partners_brief', 'list')).rows as Row[]).map((r) => r.partner_id);
    expect(await briefIds()).toContain(p.partner_id);
    await ok(admin, 'partner_list', 'set', { partner_id: p.partner_id, row_version: version, deleted: true });
    expect(await briefIds()).not.toContain(p.partner_id);
    await ok(admin, 'partner_list', 'set', { partner_id: p.partner_id, row_version: version + 1, deleted: false });
    expect(await briefIds()).toContain(p.partner_id);
    // Nobody writes a lookup.
    expect((await s.action(admin, 'partners_brief', 'add', { partner_name: 'x' })).status).toBe(403);
  });

  it('grants the partner pages to the administrator only among the demo roles; a grant opens them, list only', async () => {
    const sk = await partnerOf('SK01');
    for (const token of [catalog, warehouse]) {
      for (const [form, action, payload] of [
        ['partner_list', 'list', {}],
        ['partner_list', 'add', { partner_name: 'x' }],
        ['partner_list', 'set', { partner_id: sk.partner_id, row_version: 1, label_name: 'x' }],
        ['partner_list', 'delete', { keys: [sk.partner_id] }],
        ['partner_addresses', 'filter', { partner_id: sk.partner_id }],
        ['partner_addresses', 'add', { partner_id: sk.partner_id, address_name: 'x', country_code: 'SK' }],
      ] as const) {
        const r = await s.action(token, form, action, payload, 'SK01');
        expect([form, action, r.status, r.body.error]).toEqual([form, action, 403, 'forbidden']);
      }
    }
    // The blocked demo user does not get in at all.
    expect((await s.post('/rpc/login', { email: 'blocked@example.com', password: 'demo-password' })).status).toBe(403);
    // The menu of the administrator holds the page; the others' not.
    const menuUrls = async (token: string) => JSON.stringify((await s.post('/rpc/user', {}, { token })).body);
    expect(await menuUrls(admin)).toContain('/partners/partner_list');
    expect(await menuUrls(catalog)).not.toContain('/partners/partner_list');

    // A list-only grant to the warehouse role: the partners and their addresses are read, not written.
    await grantRolePage(s, 'warehouse', 'partners.partner_list', { can_list: true });
    try {
      await expect.poll(async () => (await s.action(warehouse, 'partner_list', 'list', { endRow: 5 }, 'SK01')).status).toBe(200);
      expect((await ok(warehouse, 'partner_addresses', 'filter', { partner_id: sk.partner_id }, 'SK01')).rows.length).toBeGreaterThan(0);
      expect((await s.action(warehouse, 'partner_list', 'add', { partner_name: 'x' }, 'SK01')).status).toBe(403);
      expect((await s.action(warehouse, 'partner_addresses', 'add', { partner_id: sk.partner_id, address_name: 'x', country_code: 'SK' }, 'SK01')).status).toBe(403);
    } finally {
      await grantRolePage(s, 'warehouse', 'partners.partner_list', { can_list: false });
    }
  });
});
