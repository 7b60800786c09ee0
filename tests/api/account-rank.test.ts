/**
 * Rank on every account action (issue 42, migration 086): the outside security test's
 * findings, each replayed. A user manager with `list` + `set` on /settings/users (no grant
 * flag) in one company the administrator also works in could give the administrator an
 * initial password and take her account, block her, take a company from her and end anyone's
 * sessions. Now every path that changes another user — the account actions, the grids, the
 * partner list, import, undo, a role's pages — refuses (403 `rule_violated` with the rule,
 * nothing written) unless the actor is a global administrator or the account is not one,
 * works in every company of the account and holds every right it holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG, mailsTo, makeUser } from './accountsHelpers.ts';
import { grantUserPage } from './grants.ts';
import { DEMO_PASSWORD, engines, serverHelpers, startTestServer, type Json, type TestServer } from './harness.ts';

type Row = Record<string, Json>;

describe.each(engines)('rank on account actions on %s', (engine) => {
  let s: TestServer, admin: string, manager: string, managerId: number, adminId: number;
  const { ok, rows, one } = serverHelpers(() => s);
  beforeAll(async () => {
    s = await startTestServer(engine);
    admin = (await s.login('admin@example.com')).token;
    adminId = (await s.db.query<{ user_id: number }>(`select user_id from app.users where user_email = 'admin@example.com'`)).rows[0]!.user_id;
    // The finding's user: list + set on the users page and the partner list, in SK01 only, no grant flag.
    managerId = await makeUser(s, 'manager@example.com', { companies: ['SK01'] });
    await grantUserPage(s, managerId, 'settings.users', { can_list: true, can_set: true });
    await grantUserPage(s, managerId, 'partners.user_list', { can_list: true, can_add: true, can_set: true });
    manager = (await s.login('manager@example.com', STRONG)).token;
  });
  afterAll(() => s?.close());

  const ruleOf = (r: { status: number; body: Json }) => ({ status: r.status, error: r.body.error, rule: r.body.rule });
  const refusedAs = (rule: string) => ({ status: 403, error: 'rule_violated', rule });
  const account = (id: number) => one('select password_hash, password_must_change, blocked, first_name, phone from app.users where user_id = $1', [id]);
  const usersRow = async (id: number, company = 'SK01'): Promise<Row> => (await ok(admin, 'users', 'filter', { user_id: id }, company)).rows[0];
  const liveSessions = async (id: number) => (await one('select count(*)::int as n from app.refresh_tokens where user_id = $1 and revoked_at is null', [id])).n;

  it('an initial password for the administrator is refused and her password stays: the takeover of the finding fails', async () => {
    const before = await account(adminId);
    const r = await s.action(manager, 'user_initial_password', 'set', { user_ids: [adminId], password: 'copper kettle sunrise 58' }, 'SK01');
    expect(ruleOf(r)).toEqual(refusedAs('user_is_administrator'));
    expect(await account(adminId)).toEqual(before);
    // The password the manager chose signs nobody in; the administrator's own still does.
    expect((await s.post('/rpc/login', { email: 'admin@example.com', password: 'copper kettle sunrise 58' })).status).toBe(401);
    expect((await s.post('/rpc/login', { email: 'admin@example.com', password: DEMO_PASSWORD })).status).toBe(200);
  });

  it('setting a lesser user’s password needs the page’s grant flag besides the rank', async () => {
    const lesser = await makeUser(s, 'lesser.pw@example.com');
    const before = await account(lesser);
    const give = () => s.action(manager, 'user_initial_password', 'set', { user_ids: [lesser], password: 'copper kettle sunrise 58' }, 'SK01');
    expect(ruleOf(await give())).toEqual(refusedAs('password_needs_perms'));
    expect(await account(lesser)).toEqual(before);
    await grantUserPage(s, managerId, 'settings.users', { can_perms: true, can_list: true, can_set: true });
    try {
      expect((await give()).status).toBe(200);
      expect((await account(lesser)).password_must_change).toBe(true);
      // The grant flag does not lift the rank: the administrator stays out of reach.
      expect(ruleOf(await s.action(manager, 'user_initial_password', 'set', { user_ids: [adminId], password: 'copper kettle sunrise 58' }, 'SK01'))).toEqual(refusedAs('user_is_administrator'));
    } finally {
      await grantUserPage(s, managerId, 'settings.users', { can_perms: false, can_list: true, can_set: true });
    }
  });

  it('blocking the administrator, or any field of her account, is refused', async () => {
    const row = await usersRow(adminId);
    expect(ruleOf(await s.action(manager, 'users', 'set', { user_id: adminId, row_version: row.row_version, blocked: true }, 'SK01'))).toEqual(refusedAs('user_is_administrator'));
    expect(ruleOf(await s.action(manager, 'users', 'set', { user_id: adminId, row_version: row.row_version, first_name: 'Mallory' }, 'SK01'))).toEqual(refusedAs('user_is_administrator'));
    // A bulk set with a lesser user beside her: the whole request is refused.
    const lesser = await makeUser(s, 'lesser.bulk@example.com');
    const lesserRow = await usersRow(lesser);
    const bulk = await s.action(
      manager,
      'users',
      'set',
      {
        rows: [
          { user_id: lesser, row_version: lesserRow.row_version, blocked: true },
          { user_id: adminId, row_version: row.row_version, blocked: true },
        ],
      },
      'SK01',
    );
    expect(ruleOf(bulk)).toEqual(refusedAs('user_is_administrator'));
    expect((await account(adminId)).blocked).toBe(false);
    expect((await account(lesser)).blocked).toBe(false);
    expect((await s.action(admin, 'product_list', 'list', { startRow: 0, endRow: 1 }, 'SK01')).status).toBe(200);
  });

  it('taking a company from the administrator is refused and her companies stay', async () => {
    const companies = async () => (await rows('select company_code from app.user_companies where user_id = $1 order by company_code', [adminId])).map((r) => r.company_code);
    const before = await companies();
    const r = await s.action(manager, 'user_companies', 'set', { user_id: adminId, user_company_code: 'SK01', assigned: false }, 'SK01');
    expect(ruleOf(r)).toEqual(refusedAs('user_is_administrator'));
    expect(await companies()).toEqual(before);
  });

  it('ending the administrator’s sessions, or a greater user’s, is refused and they stay signed in', async () => {
    const { token } = await s.login('admin@example.com');
    const live = await liveSessions(adminId);
    expect(ruleOf(await s.action(manager, 'user_end_sessions', 'set', { user_ids: [adminId] }, 'SK01'))).toEqual(refusedAs('user_is_administrator'));
    expect(await liveSessions(adminId)).toBe(live);
    expect((await s.post('/rpc/user', {}, { token })).status).toBe(200);
    // The catalog user (SK01 only, like the manager) holds pages the manager does not.
    const catalogId = (await one(`select user_id from app.users where user_email = 'catalog@example.com'`)).user_id;
    const c = await s.login('catalog@example.com');
    expect(ruleOf(await s.action(manager, 'user_end_sessions', 'set', { user_ids: [catalogId] }, 'SK01'))).toEqual(refusedAs('user_outranks_you'));
    expect((await s.post('/rpc/user', {}, { token: c.token })).status).toBe(200);
    // Invitation and reset links likewise: nothing is mailed.
    for (const entity of ['user_invite', 'user_password_reset']) {
      expect(ruleOf(await s.action(manager, entity, 'set', { user_ids: [adminId] }, 'SK01'))).toEqual(refusedAs('user_is_administrator'));
    }
    expect(await mailsTo(s, 'admin@example.com')).toEqual([]);
    // A lesser user's sessions the manager ends.
    const lesser = await makeUser(s, 'lesser.sessions@example.com');
    const l = await s.login('lesser.sessions@example.com', STRONG);
    expect((await s.action(manager, 'user_end_sessions', 'set', { user_ids: [lesser] }, 'SK01')).status).toBe(200);
    expect((await s.post('/rpc/user', {}, { token: l.token })).status).toBe(401);
  });

  it('a user who also works in a company the manager does not is out of reach; in hers alone, within reach', async () => {
    const both = await makeUser(s, 'two.companies@example.com', { companies: ['SK01', 'HU01'] });
    const row = await usersRow(both);
    expect(ruleOf(await s.action(manager, 'users', 'set', { user_id: both, row_version: row.row_version, blocked: true }, 'SK01'))).toEqual(refusedAs('user_outside_your_companies'));
    expect(ruleOf(await s.action(manager, 'user_end_sessions', 'set', { user_ids: [both] }, 'SK01'))).toEqual(refusedAs('user_outside_your_companies'));
    expect((await account(both)).blocked).toBe(false);
    await ok(admin, 'user_companies', 'set', { user_id: both, user_company_code: 'HU01', assigned: false }, 'SK01');
    const now = await usersRow(both);
    expect((await ok(manager, 'users', 'set', { user_id: both, row_version: now.row_version, blocked: true }, 'SK01')).row.blocked).toBe(true);
  });

  it('on the partner list: a partner’s user who holds a right the manager lacks is out of reach of every account action', async () => {
    const list: Row[] = (await ok(manager, 'user_list', 'list', {}, 'SK01')).rows;
    const greater = list.find((r) => !r.blocked && Object.keys(r.roles).length > 0)!; // the demo's first rep: the warehouse role
    const before = await account(greater.user_id);
    expect(ruleOf(await s.action(manager, 'user_list', 'set', { user_id: greater.user_id, row_version: greater.row_version, blocked: true }, 'SK01'))).toEqual(refusedAs('user_outranks_you'));
    for (const entity of ['partner_user_invite', 'partner_user_password_reset', 'partner_user_end_sessions']) {
      expect(ruleOf(await s.action(manager, entity, 'set', { user_ids: [greater.user_id] }, 'SK01'))).toEqual(refusedAs('user_outranks_you'));
    }
    expect(await account(greater.user_id)).toEqual(before);
    expect(await mailsTo(s, greater.user_email)).toEqual([]);
    // A partner's user without a role the manager keeps.
    const plain = list.find((r) => !r.blocked && Object.keys(r.roles).length === 0)!;
    expect((await ok(manager, 'user_list', 'set', { user_id: plain.user_id, row_version: plain.row_version, phone: '+421 2 111 1111' }, 'SK01')).row.phone).toBe('+421 2 111 1111');
  });

  it('an import refuses the rows of greater accounts and writes the others', async () => {
    const lesser = await makeUser(s, 'lesser.import@example.com');
    const importFile = (csv: string, mode: 'preview' | 'commit') => {
      const fd = new FormData();
      fd.set('file', new Blob([csv]), 'users.csv');
      fd.set('mode', mode);
      fd.set('language', 'en');
      fd.set('mapping', JSON.stringify(['user_id', 'blocked']));
      return fetch(`${s.url}/api/import/users`, { method: 'POST', body: fd, headers: { authorization: `Bearer ${manager}`, 'x-company': 'SK01' } });
    };
    const csv = `User ID;Blocked\n${adminId};yes\n${lesser};yes\n`;
    const r = await importFile(csv, 'commit');
    const body = await r.json();
    expect(r.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ updates: 1, errorRows: 1, written: true });
    expect(body.errors).toEqual([expect.objectContaining({ line: 2, message: 'rules.user_is_administrator' })]);
    expect((await account(adminId)).blocked).toBe(false);
    expect((await account(lesser)).blocked).toBe(true);
  });

  it('an undo of one’s own change is refused once the account outranks the actor', async () => {
    const target = await makeUser(s, 'undo.target@example.com');
    const row = await usersRow(target);
    const set = await ok(manager, 'users', 'set', { user_id: target, row_version: row.row_version, first_name: 'Renamed' }, 'SK01');
    // Then the administrator makes the account greater than the manager.
    const warehouseRole = (await one(`select role_id from app.roles where role_code = 'warehouse'`)).role_id;
    await ok(admin, 'user_roles', 'set', { user_id: target, role_id: warehouseRole, assigned: true }, 'SK01');
    const undo = await s.action(manager, 'users', 'undo', { log_ids: [set.log_id] }, 'SK01');
    expect(ruleOf(undo)).toEqual(refusedAs('user_outranks_you'));
    expect((await account(target)).first_name).toBe('Renamed');
  });

  it('a role’s pages reach its users: a manager cannot change a role held by someone who outranks her', async () => {
    // Grant flag and every flag on one page, the roles page to edit roles: the grant rule (054) lets her grant it.
    await grantUserPage(s, managerId, 'settings.vats', { can_perms: true, can_list: true, can_add: true, can_set: true, can_delete: true });
    await grantUserPage(s, managerId, 'settings.roles', { can_list: true, can_set: true });
    // The catalogue role's users (in SK01 only) hold the product pages she lacks.
    const catalogRole = (await one(`select role_id from app.roles where role_code = 'catalog'`)).role_id;
    const r = await s.action(manager, 'role_pages', 'set', { role_id: catalogRole, page_code: 'settings.vats', can_list: true }, 'SK01');
    expect(ruleOf(r)).toEqual(refusedAs('user_outranks_you'));
    expect(await rows(`select 1 from app.role_pages where role_id = $1 and page_code = 'settings.vats'`, [catalogRole])).toEqual([]);
    // A role of her own making, held by a lesser user: hers to change; widened past her own rights while held, refused.
    const role = (await ok(admin, 'roles', 'add', { role_code: 'vat_clerks', role_name: { en: 'VAT clerks' } }, 'SK01')).row;
    const clerk = await makeUser(s, 'clerk@example.com');
    await ok(admin, 'user_roles', 'set', { user_id: clerk, role_id: role.role_id, assigned: true }, 'SK01');
    await ok(manager, 'role_pages', 'set', { role_id: role.role_id, page_code: 'settings.vats', can_list: true, can_set: true }, 'SK01');
    await grantUserPage(s, managerId, 'settings.vats', { can_perms: true, can_list: true, can_add: true, can_set: false, can_delete: true });
    expect(ruleOf(await s.action(manager, 'role_pages', 'set', { role_id: role.role_id, page_code: 'settings.vats', can_list: false }, 'SK01'))).toEqual(refusedAs('user_outranks_you'));
  });

  it('acting on oneself stays as it was; the administrator still does everything to lesser users', async () => {
    const self = await usersRow(managerId);
    expect((await ok(manager, 'users', 'set', { user_id: managerId, row_version: self.row_version, first_name: 'Mona' }, 'SK01')).row.first_name).toBe('Mona');
    expect(ruleOf(await s.action(manager, 'users', 'set', { user_id: managerId, row_version: self.row_version + 1, blocked: true }, 'SK01'))).toEqual({
      status: 400,
      error: 'rule_violated',
      rule: 'user_blocks_self',
    });
    // The administrator: block, initial password, end sessions, a company, a role — on the manager, who holds less.
    expect((await ok(admin, 'user_end_sessions', 'set', { user_ids: [managerId] }, 'SK01')).users).toBe(1);
    expect((await ok(admin, 'user_initial_password', 'set', { user_ids: [managerId], password: 'copper kettle sunrise 58' }, 'SK01')).users).toBe(1);
    await ok(admin, 'user_companies', 'set', { user_id: managerId, user_company_code: 'CZ01', assigned: true }, 'SK01');
    const row = await usersRow(managerId);
    expect((await ok(admin, 'users', 'set', { user_id: managerId, row_version: row.row_version, blocked: true }, 'SK01')).row.blocked).toBe(true);
  });

  it('the administrator role stays the administrator’s: its code, its switch and its deletion are fixed, and only an administrator gives it (migration 089)', async () => {
    // A peer: every company and, as her own grants, every right of the administrator role — everything but the role itself.
    const companies = (await rows('select company_code from app.companies order by position, company_code')).map((r) => r.company_code as string);
    const peerId = await makeUser(s, 'peer@example.com', { companies });
    const adminRole = (await one(`select role_id from app.roles where role_code = 'administrator'`)).role_id as number;
    await s.db.query(
      `insert into app.user_pages (user_id, page_code, can_perms, can_list, can_add, can_set, can_delete)
       select $1, page_code, can_perms, can_list, can_add, can_set, can_delete from app.role_pages where role_id = $2`,
      [peerId, adminRole],
    );
    const peer = (await s.login('peer@example.com', STRONG)).token;
    const lesser = await makeUser(s, 'lesser.role@example.com');
    const globalAdmins = async () => (await rows('select user_id from app.users where app.is_global_admin(user_id) order by user_id')).map((r) => r.user_id);
    const before = { admins: await globalAdmins(), role: await one('select * from app.roles where role_id = $1', [adminRole]) };
    expect(before.admins).toEqual([adminId]);
    // What she may not do as things are: act on the administrator (086).
    const adminRow = await usersRow(adminId);
    expect(ruleOf(await s.action(peer, 'users', 'set', { user_id: adminId, row_version: adminRow.row_version, blocked: true }, 'SK01'))).toEqual(refusedAs('user_is_administrator'));

    // Renaming the role's code would make nobody a global administrator: refused.
    const roleRow: Row = (await ok(peer, 'roles', 'filter', { role_id: adminRole }, 'SK01')).rows[0];
    expect(ruleOf(await s.action(peer, 'roles', 'set', { role_id: adminRole, row_version: roleRow.row_version, role_code: 'former_admin' }, 'SK01'))).toEqual(refusedAs('administrator_role_fixed'));
    // Giving herself the role (086 never checks one's own account), or anyone else: refused.
    expect(ruleOf(await s.action(peer, 'user_roles', 'set', { user_id: peerId, role_id: adminRole, assigned: true }, 'SK01'))).toEqual(refusedAs('administrator_role_fixed'));
    expect(ruleOf(await s.action(peer, 'role_users', 'set', { role_id: adminRole, user_id: lesser, assigned: true }, 'SK01'))).toMatchObject({ status: 403, error: 'rule_violated' });
    // Switching it off or deleting it, while the administrator holds it: 086's rank over its holders.
    expect(ruleOf(await s.action(peer, 'roles', 'set', { role_id: adminRole, row_version: roleRow.row_version, active: false }, 'SK01'))).toEqual(refusedAs('user_is_administrator'));
    expect(ruleOf(await s.action(peer, 'roles', 'delete', { keys: [{ role_id: adminRole }] }, 'SK01'))).toEqual(refusedAs('user_is_administrator'));
    // Renaming the role's name gives nothing: hers to do.
    await ok(peer, 'roles', 'set', { role_id: adminRole, row_version: roleRow.row_version, role_name: { ...roleRow.role_name, en: 'Administrators' } }, 'SK01');
    expect(await globalAdmins()).toEqual([adminId]);
    expect(await one('select role_code, active from app.roles where role_id = $1', [adminRole])).toEqual({ role_code: 'administrator', active: true });
    expect(await rows('select user_id from app.user_roles where role_id = $1 order by user_id', [adminRole])).toEqual([{ user_id: adminId }]);

    // At the table, when nobody holds the role (no holder for 086 to protect): still refused.
    const attempt = async (actor: number, sql: string, setup = 'delete from app.user_roles where role_id = $1 and user_id <> $2') => {
      try {
        await s.db.transaction(async (tx) => {
          await tx.query(setup, [adminRole, actor]);
          await tx.query(`select set_config('app.user_id', $1, true)`, [String(actor)]);
          await tx.query(sql, [adminRole]);
          throw new Error('written');
        });
      } catch (e) {
        return (e as { constraint?: string; message: string }).constraint ?? (e as Error).message;
      }
    };
    const renameOthers = `update app.roles set role_code = 'former_admin' where role_id = $1 and $2::int is not null`;
    for (const [sql, setup] of [
      ['update app.roles set active = false where role_id = $1', undefined],
      ['delete from app.roles where role_id = $1', undefined],
      [`update app.roles set role_code = 'former_admin' where role_id = $1`, undefined],
      // Another role renamed to the code, or one added with it, once the first is gone.
      [`update app.roles set role_code = 'administrator' where role_code = 'catalog' and $1::int is not null`, renameOthers],
      [`insert into app.roles (role_code) select 'administrator' where $1::int is not null`, renameOthers],
    ] as [string, string | undefined][]) {
      expect([sql, await attempt(peerId, sql, setup)]).toEqual([sql, 'administrator_role_fixed']);
    }
    // Not even the administrator: her rename would leave nobody a global administrator, with no way back in the app.
    expect(await attempt(adminId, `update app.roles set role_code = 'former_admin' where role_id = $1`)).toBe('administrator_role_fixed');
    expect(await attempt(adminId, 'update app.roles set active = false where role_id = $1')).toBe('administrator_role_fixed');

    // The administrator herself may (and gives the role back).
    const row2: Row = (await ok(admin, 'roles', 'filter', { role_id: adminRole }, 'SK01')).rows[0];
    const renamed = await ok(admin, 'roles', 'set', { role_id: adminRole, row_version: row2.row_version, role_name: roleRow.role_name }, 'SK01');
    expect(renamed.row.role_name).toEqual(roleRow.role_name);
    await ok(admin, 'user_roles', 'set', { user_id: lesser, role_id: adminRole, assigned: true }, 'SK01');
    expect(await globalAdmins()).toEqual([adminId, lesser]);
    await ok(admin, 'user_roles', 'set', { user_id: lesser, role_id: adminRole, assigned: false }, 'SK01');
  });

  it('the tables refuse any writer naming an actor: a TOTP reset, a link, a delete, a company taken', async () => {
    const lesser = await makeUser(s, 'lesser.sql@example.com');
    const asManager = async (sql: string, args: unknown[]) => {
      try {
        await s.db.transaction(async (tx) => {
          await tx.query(`select set_config('app.user_id', $1, true)`, [String(managerId)]);
          await tx.query(sql, args);
          throw new Error('written');
        });
      } catch (e) {
        return (e as { constraint?: string; message: string }).constraint ?? (e as Error).message;
      }
    };
    await s.db.query(`insert into app.user_totp (user_id, secret, confirmed_at) values ($1, 'JBSWY3DPEHPK3PXP', now()) on conflict do nothing`, [adminId]);
    expect(await asManager('delete from app.user_totp where user_id = $1', [adminId])).toBe('user_is_administrator');
    expect(await asManager(`insert into app.password_links (user_id, token_hash, purpose, expires_at) values ($1, 'x', 'reset', now())`, [adminId])).toBe('user_is_administrator');
    expect(await asManager('delete from app.users where user_id = $1', [adminId])).toBe('user_is_administrator');
    expect(await asManager(`delete from app.user_companies where user_id = $1 and company_code = 'SK01'`, [adminId])).toBe('user_is_administrator');
    expect(await asManager('delete from app.users where user_id = $1', [lesser])).toBe('written');
    expect((await one('select count(*)::int as n from app.user_totp where user_id = $1', [adminId])).n).toBe(1);
    await s.db.query('delete from app.user_totp where user_id = $1', [adminId]);
  });
});
