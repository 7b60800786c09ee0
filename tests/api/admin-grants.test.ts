/**
 * People and rights (issue 24, migration 054): users of the session's company, their
 * companies, roles and page grants, and the roles with their users and pages — checkbox
 * grids written through views. Every change is change-logged with its actor; the rules
 * (grant needs perms, own admin right, block self, one company at least) hold on the
 * server; a change shows on the very next request (grants version, session cache).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantUserPage } from './grants.ts';
import { engines, serverHelpers, startSignedIn, type Json, type TestServer } from './harness.ts';

type Row = Record<string, Json>;

describe.each(engines)('users, roles and grants on %s', (engine) => {
  let s: TestServer, admin: string, catalog: string;
  beforeAll(async () => void ({ s, admin, catalog } = await startSignedIn(engine)));
  afterAll(() => s?.close());
  const { ok, rows, one } = serverHelpers(() => s);

  it('lists the users who work in the session’s company, never a password hash', async () => {
    // Staff, and the company's partners' users named by their partner (migration 059).
    const staff = (list: Row[]) => list.filter((r) => r.partner_name === null).map((r) => r.user_email);
    const sk: Row[] = (await ok(admin, 'users', 'list', {}, 'SK01')).rows;
    expect(staff(sk).sort()).toEqual(['admin@example.com', 'blocked@example.com', 'catalog@example.com', 'warehouse@example.com']);
    const hu: Row[] = (await ok(admin, 'users', 'list', {}, 'HU01')).rows;
    expect(staff(hu).sort()).toEqual(['admin@example.com', 'buyer@example.com', 'warehouse@example.com']);
    expect(hu.filter((r) => r.partner_name !== null).length).toBe(5);
    const a = sk.find((r) => r.user_email === 'admin@example.com')!;
    expect(a).toMatchObject({ user_name: 'admin', first_name: 'Ada', last_name: 'Admin', language_code: 'en', blocked: false, companies: 'SK01, HU01, CZ01' });
    expect(a.roles).toMatchObject({ en: 'Administrator', hu: 'Adminisztrátor' });
    expect(a.full_name).toMatchObject({ en: 'Ada Admin', de: 'Ada Admin', hu: 'Admin Ada' }); // family name first in Hungarian
    expect(JSON.stringify(sk)).not.toMatch(/password|argon2/);
  });

  it('adds a user of the session’s company without a usable password; a duplicate e-mail is 409', async () => {
    const added = (await ok(admin, 'users', 'add', { user_email: 'new.colleague@example.com', user_name: 'newbie', first_name: 'Nia' }, 'HU01')).row;
    expect(added).toMatchObject({ user_email: 'new.colleague@example.com', user_name: 'newbie', first_name: 'Nia', companies: 'HU01', blocked: false, language_code: 'en' });
    const stored = await one('select password_hash from app.users where user_id = $1', [added.user_id]);
    expect(stored.password_hash).toMatch(/^!/);
    const login = await s.post('/rpc/login', { email: 'new.colleague@example.com', password: stored.password_hash });
    expect(login.status).toBe(401);

    const dup = await s.action(admin, 'users', 'add', { user_email: 'New.Colleague@Example.com', user_name: 'other' }, 'SK01');
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ error: 'already_exists', params: { label: 'fields.user_email' } });
    expect((await one(`select count(*)::int as n from app.users where lower(user_email) = 'new.colleague@example.com'`)).n).toBe(1);
  });

  it('refuses another company’s user: 404 and nothing changes', async () => {
    const catalogId = (await one(`select user_id from app.users where user_email = 'catalog@example.com'`)).user_id;
    const r = await s.action(admin, 'users', 'set', { user_id: catalogId, row_version: 1, blocked: true }, 'HU01');
    expect(r.status).toBe(404);
    expect((await one('select blocked from app.users where user_id = $1', [catalogId])).blocked).toBe(false);
  });

  const idOf = async (email: string): Promise<number> => (await one('select user_id from app.users where user_email = $1', [email])).user_id;
  const listVats = (token: string) => s.action(token, 'vats', 'list', {});
  /** The urls of a user's menu tree (GET /rpc/user), as the browser reads them. */
  const menuUrls = async (token: string): Promise<string[]> => {
    const r = await s.post('/rpc/user', {}, { token });
    expect(r.status).toBe(200);
    const out: string[] = [];
    const walk = (nodes: Json[]) => nodes.forEach((n) => (n.url && out.push(n.url), walk(n.children ?? [])));
    walk(r.body.menu);
    return out.sort();
  };
  const ruleOf = (r: { status: number; body: Json }) => ({ status: r.status, error: r.body.error, rule: r.body.rule });
  const logOf = async (form: string, key: unknown[]) =>
    rows(`select log_action, actor_user_id, company_code, before, after from app.product_change_log where entity_name = $1 and entity_key = $2::jsonb order by log_id`, [form, JSON.stringify(key)]);

  it('a page granted to the catalog user opens on their next request, and a revoke closes it at once (403)', async () => {
    const catalogId = await idOf('catalog@example.com');
    const adminId = await idOf('admin@example.com');
    expect((await listVats(catalog)).status).toBe(403);
    expect(await menuUrls(catalog)).not.toContain('/settings/vats');

    const rowsBefore: Row[] = (await ok(admin, 'user_pages', 'filter', { user_id: catalogId })).rows;
    const vats = rowsBefore.find((r) => r.url === '/settings/vats')!;
    expect(vats).toMatchObject({ can_list: false, eff_list: false, via_roles: {} });
    const brands = rowsBefore.find((r) => r.url === '/products/brands')!;
    expect(brands).toMatchObject({ can_list: false, eff_list: true, eff_set: true, eff_delete: false });
    expect(brands.via_roles.en).toBe('Catalogue manager');
    expect(rowsBefore.every((r) => typeof r.url === 'string')).toBe(true); // pages, not group nodes

    const granted = (await ok(admin, 'user_pages', 'set', { user_id: catalogId, page_code: vats.page_code, can_list: true })).row;
    expect(granted).toMatchObject({ can_list: true, eff_list: true, can_set: false });
    expect((await listVats(catalog)).status).toBe(200);
    expect(await menuUrls(catalog)).toContain('/settings/vats');
    expect(await one('select can_perms, can_list, can_add, can_set, can_delete from app.user_pages where user_id = $1 and page_code = $2', [catalogId, vats.page_code])).toEqual({
      can_perms: false,
      can_list: true,
      can_add: false,
      can_set: false,
      can_delete: false,
    });
    // Who granted what to whom.
    expect(await logOf('user_pages', [catalogId, vats.page_code])).toEqual([
      { log_action: 'set', actor_user_id: adminId, company_code: 'SK01', before: { can_list: false }, after: { can_list: true } },
    ]);

    await ok(admin, 'user_pages', 'set', { user_id: catalogId, page_code: vats.page_code, can_list: false });
    expect((await listVats(catalog)).status).toBe(403);
    expect(await menuUrls(catalog)).not.toContain('/settings/vats');
    // Undo (the grid's Ctrl+Z) of the revoke grants again, under the same rules, and is logged too.
    const [revoke] = (await rows(`select log_id from app.product_change_log where entity_name = 'user_pages' order by log_id desc limit 1`)).map((r) => Number(r.log_id));
    await ok(admin, 'user_pages', 'undo', { log_ids: [revoke] });
    expect((await listVats(catalog)).status).toBe(200);
    expect((await logOf('user_pages', [catalogId, vats.page_code])).map((e) => e.after)).toEqual([{ can_list: true }, { can_list: false }, { can_list: true }]);
    await ok(admin, 'user_pages', 'set', { user_id: catalogId, page_code: vats.page_code, can_list: false });
    expect((await listVats(catalog)).status).toBe(403);
    expect((await one('select count(*)::int as n from app.user_pages where user_id = $1', [catalogId])).n).toBe(0); // nothing granted: no row
  });

  it('a role’s page and a role given to a user reach the user on the next request; the role’s users are counted', async () => {
    const catalogId = await idOf('catalog@example.com');
    const warehouseId = await idOf('warehouse@example.com');
    const roles: Row[] = (await ok(admin, 'roles', 'list', {}, 'SK01')).rows;
    const catalogRole = roles.find((r) => r.role_code === 'catalog')!;
    const warehouseRole = roles.find((r) => r.role_code === 'warehouse')!;
    expect(catalogRole).toMatchObject({ user_count: 2, active: true }); // catalog and blocked in SK01
    expect(warehouseRole.user_count).toBe(2); // warehouse and a partner's rep (seed/partnerUsers.ts)
    expect(roles.find((r) => r.role_code === 'catalog' && r.user_count === 0)).toBeUndefined();
    expect((await ok(admin, 'roles', 'list', {}, 'HU01')).rows.find((r: Row) => r.role_code === 'catalog').user_count).toBe(0);

    // role_pages: the vats page for the catalogue role.
    await ok(admin, 'role_pages', 'set', { role_id: catalogRole.role_id, page_code: 'settings.vats', can_list: true, can_set: true });
    expect((await listVats(catalog)).status).toBe(200);
    const eff: Row = (await ok(admin, 'user_pages', 'filter', { user_id: catalogId, page_code: 'settings.vats' })).rows[0];
    expect(eff).toMatchObject({ can_list: false, eff_list: true, eff_set: true, eff_add: false });
    expect(eff.via_roles.de).toBe('Katalogverwalter');
    await ok(admin, 'role_pages', 'set', { role_id: catalogRole.role_id, page_code: 'settings.vats', can_list: false, can_set: false });
    expect((await listVats(catalog)).status).toBe(403);

    // role_users / user_roles: the warehouse role for the catalog user opens the warehouse pages.
    const stock = () => s.action(catalog, 'stock_movements', 'list', { endRow: 1 });
    expect((await stock()).status).toBe(403);
    const given = (await ok(admin, 'role_users', 'set', { role_id: warehouseRole.role_id, user_id: catalogId, assigned: true })).row;
    expect(given).toMatchObject({ assigned: true, user_email: 'catalog@example.com' });
    expect((await stock()).status).toBe(200);
    expect((await ok(admin, 'roles', 'list', {}, 'SK01')).rows.find((r: Row) => r.role_code === 'warehouse').user_count).toBe(3);
    // Switching the role off takes its pages from every user of it at once.
    await ok(admin, 'roles', 'set', { role_id: warehouseRole.role_id, row_version: warehouseRole.row_version, active: false });
    expect((await stock()).status).toBe(403);
    expect((await s.action(await s.login('warehouse@example.com').then((x) => x.token), 'stock_movements', 'list', { endRow: 1 })).status).toBe(403);
    await ok(admin, 'roles', 'set', { role_id: warehouseRole.role_id, row_version: warehouseRole.row_version + 1, active: true });
    expect((await stock()).status).toBe(200);
    const mine: Row[] = (await ok(admin, 'user_roles', 'filter', { user_id: catalogId })).rows;
    expect(mine.filter((r) => r.assigned).map((r) => r.role_code)).toEqual(['catalog', 'warehouse']);
    await ok(admin, 'user_roles', 'set', { user_id: catalogId, role_id: warehouseRole.role_id, assigned: false });
    expect((await stock()).status).toBe(403);
    expect((await logOf('role_users', [warehouseRole.role_id, catalogId])).map((e) => [e.before, e.after])).toEqual([[{ assigned: false }, { assigned: true }]]);
    expect((await logOf('user_roles', [catalogId, warehouseRole.role_id])).map((e) => [e.before, e.after])).toEqual([[{ assigned: true }, { assigned: false }]]);
    void warehouseId;
  });

  it('blocking a user answers 412 on their next request; unblocking lets them back', async () => {
    const { token } = await s.login('catalog@example.com');
    const catalogId = await idOf('catalog@example.com');
    expect((await s.action(token, 'brands', 'list', {})).status).toBe(200);
    const row: Row = (await ok(admin, 'users', 'filter', { user_id: catalogId })).rows[0];
    const blocked = (await ok(admin, 'users', 'set', { user_id: catalogId, row_version: row.row_version, blocked: true })).row;
    expect(blocked.blocked).toBe(true);
    expect((await s.action(token, 'brands', 'list', {})).status).toBe(412);
    expect((await s.post('/rpc/login', { email: 'catalog@example.com', password: 'demo-password' })).status).toBe(403);
    await ok(admin, 'users', 'set', { user_id: catalogId, row_version: blocked.row_version, blocked: false });
    expect((await s.action(token, 'brands', 'list', {})).status).toBe(200);
    expect((await logOf('users', [catalogId])).map((e) => e.after)).toEqual([{ blocked: true }, { blocked: false }]);
  });

  it('keeps an administrator’s own last admin right: no self-block, no removing the role, its grants or switching it off', async () => {
    const adminId = await idOf('admin@example.com');
    const adminRole = (await one(`select role_id from app.roles where role_code = 'administrator'`)).role_id;
    const self: Row = (await ok(admin, 'users', 'filter', { user_id: adminId })).rows[0];
    const grants = async () => rows('select role_id, page_code, can_perms, can_list, can_set from app.role_pages where role_id = $1 order by page_code', [adminRole]);
    const before = {
      grants: await grants(),
      roles: await rows('select * from app.user_roles where user_id = $1', [adminId]),
      role: await one('select * from app.roles where role_id = $1', [adminRole]),
    };
    const logs = async () => (await one('select count(*)::int as n from app.product_change_log')).n;
    const logsBefore = await logs();

    expect(ruleOf(await s.action(admin, 'users', 'set', { user_id: adminId, row_version: self.row_version, blocked: true }))).toEqual({
      status: 400,
      error: 'rule_violated',
      rule: 'user_blocks_self',
    });
    expect(ruleOf(await s.action(admin, 'user_roles', 'set', { user_id: adminId, role_id: adminRole, assigned: false }))).toEqual({ status: 400, error: 'rule_violated', rule: 'own_admin_right' });
    expect(ruleOf(await s.action(admin, 'role_users', 'set', { role_id: adminRole, user_id: adminId, assigned: false }))).toEqual({ status: 400, error: 'rule_violated', rule: 'own_admin_right' });
    for (const flag of ['can_perms', 'can_list', 'can_set']) {
      const r = await s.action(admin, 'role_pages', 'set', { role_id: adminRole, page_code: 'settings.roles', [flag]: false });
      expect(ruleOf(r)).toEqual({ status: 400, error: 'rule_violated', rule: 'own_admin_right' });
    }
    const bulk = await s.action(admin, 'role_pages', 'set', {
      rows: [
        { role_id: adminRole, page_code: 'settings.vats', can_delete: false },
        { role_id: adminRole, page_code: 'settings.users', can_perms: false },
      ],
    });
    expect(ruleOf(bulk)).toEqual({ status: 400, error: 'rule_violated', rule: 'own_admin_right' });
    const role: Row = (await ok(admin, 'roles', 'filter', { role_id: adminRole })).rows[0];
    // The administrator role is never switched off nor deleted, by anyone (migration 089), which speaks before own_admin_right.
    expect(ruleOf(await s.action(admin, 'roles', 'set', { role_id: adminRole, row_version: role.row_version, active: false }))).toEqual({
      status: 403,
      error: 'rule_violated',
      rule: 'administrator_role_fixed',
    });
    expect(ruleOf(await s.action(admin, 'roles', 'delete', { keys: [{ role_id: adminRole }] }))).toEqual({ status: 403, error: 'rule_violated', rule: 'administrator_role_fixed' });
    // Nothing changed, nothing logged.
    expect({
      grants: await grants(),
      roles: await rows('select * from app.user_roles where user_id = $1', [adminId]),
      role: await one('select * from app.roles where role_id = $1', [adminRole]),
    }).toEqual(before);
    expect(await logs()).toBe(logsBefore);

    // With the right of their own besides (user_pages), the role may go — and comes back.
    for (const page_code of ['settings.users', 'settings.roles']) await ok(admin, 'user_pages', 'set', { user_id: adminId, page_code, can_perms: true, can_list: true, can_set: true });
    await ok(admin, 'user_roles', 'set', { user_id: adminId, role_id: adminRole, assigned: false });
    expect((await listVats(admin)).status).toBe(403); // the role's other pages went with it
    expect(ruleOf(await s.action(admin, 'user_pages', 'set', { user_id: adminId, page_code: 'settings.users', can_perms: false }))).toMatchObject({ rule: 'own_admin_right' });
    // Without the role's other pages' perms flags, the role cannot be taken back: no right is granted by one who lacks it.
    expect(ruleOf(await s.action(admin, 'user_roles', 'set', { user_id: adminId, role_id: adminRole, assigned: true }))).toMatchObject({ rule: 'grant_needs_perms' });
    await s.db.query('insert into app.user_roles (user_id, role_id) values ($1, $2)', [adminId, adminRole]); // the system (no actor) gives it back
    expect((await listVats(admin)).status).toBe(200);
    for (const page_code of ['settings.users', 'settings.roles']) await ok(admin, 'user_pages', 'set', { user_id: adminId, page_code, can_perms: false, can_list: false, can_set: false });
    expect((await one('select count(*)::int as n from app.user_pages where user_id = $1', [adminId])).n).toBe(0);
  });

  it('a grant needs the granting user’s perms flag on the page: a user manager without it grants nothing', async () => {
    // The warehouse user may edit users (list + set) but hold no perms flag anywhere.
    const warehouseId = await idOf('warehouse@example.com');
    const catalogId = await idOf('catalog@example.com');
    for (const page of ['settings.users', 'settings.roles']) await grantUserPage(s, warehouseId, page, { can_list: true, can_set: true });
    const { token } = await s.login('warehouse@example.com');
    const adminRole = (await one(`select role_id from app.roles where role_code = 'administrator'`)).role_id;
    const grantsBefore = await rows('select * from app.user_pages order by user_id, page_code');
    const rolesBefore = await rows('select * from app.user_roles order by user_id, role_id');

    expect(ruleOf(await s.action(token, 'user_pages', 'set', { user_id: catalogId, page_code: 'settings.vats', can_list: true }, 'SK01'))).toEqual({
      status: 400,
      error: 'rule_violated',
      rule: 'grant_needs_perms',
    });
    // Not to themselves either: the administrator role, or a page of their own work.
    expect(ruleOf(await s.action(token, 'user_roles', 'set', { user_id: warehouseId, role_id: adminRole, assigned: true }, 'SK01'))).toMatchObject({ rule: 'grant_needs_perms' });
    expect(ruleOf(await s.action(token, 'role_pages', 'set', { role_id: adminRole, page_code: 'warehouse.stock_movements', can_delete: false }, 'SK01'))).toMatchObject({
      rule: 'grant_needs_perms',
    });
    expect(ruleOf(await s.action(token, 'user_pages', 'set', { user_id: warehouseId, page_code: 'settings.users', can_perms: true }, 'SK01'))).toMatchObject({ rule: 'grant_needs_perms' });
    expect(await rows('select * from app.user_pages order by user_id, page_code')).toEqual(grantsBefore);
    expect(await rows('select * from app.user_roles order by user_id, role_id')).toEqual(rolesBefore);

    // The catalog user holds no grant of /settings/users at all: 403 before any rule.
    expect((await s.action(catalog, 'user_pages', 'set', { user_id: catalogId, page_code: 'settings.vats', can_list: true })).status).toBe(403);
    expect((await s.action(catalog, 'users', 'list', {})).status).toBe(403);

    // Given perms on a page, the manager grants it (and the log names them) — to a user she outranks: with the catalogue role too, she holds every right of the catalog user (migration 086).
    await grantUserPage(s, warehouseId, 'settings.vats', { can_perms: true, can_list: true });
    expect(ruleOf(await s.action(token, 'user_pages', 'set', { user_id: catalogId, page_code: 'settings.vats', can_list: true }, 'SK01'))).toEqual({
      status: 403,
      error: 'rule_violated',
      rule: 'user_outranks_you',
    });
    const catalogRole = (await one(`select role_id from app.roles where role_code = 'catalog'`)).role_id;
    await ok(admin, 'user_roles', 'set', { user_id: warehouseId, role_id: catalogRole, assigned: true }, 'SK01');
    await ok(token, 'user_pages', 'set', { user_id: catalogId, page_code: 'settings.vats', can_list: true }, 'SK01');
    expect((await listVats(catalog)).status).toBe(200);
    expect((await logOf('user_pages', [catalogId, 'settings.vats'])).at(-1)).toMatchObject({ actor_user_id: warehouseId, after: { can_list: true } });
    await ok(token, 'user_pages', 'set', { user_id: catalogId, page_code: 'settings.vats', can_list: false }, 'SK01');
    await s.db.query(`delete from app.user_pages where user_id = $1`, [warehouseId]);
    await s.db.query(`delete from app.user_roles where user_id = $1 and role_id = $2`, [warehouseId, catalogRole]);
  });

  it('refuses another company’s user, a page that does not exist and bad values: 4xx and nothing written', async () => {
    const catalogId = await idOf('catalog@example.com');
    const adminRole = (await one(`select role_id from app.roles where role_code = 'administrator'`)).role_id;
    const count = async () => (await one('select (select count(*) from app.user_pages) + (select count(*) from app.user_roles) + (select count(*) from app.user_companies) as n')).n;
    const logs = async () => (await one('select count(*)::int as n from app.product_change_log')).n;
    const [n0, l0] = [await count(), await logs()];

    // The catalog user works in SK01 only: from HU01 they are nobody's row.
    expect((await s.action(admin, 'user_pages', 'set', { user_id: catalogId, page_code: 'settings.vats', can_list: true }, 'HU01')).status).toBe(404);
    expect((await s.action(admin, 'user_roles', 'set', { user_id: catalogId, role_id: adminRole, assigned: true }, 'HU01')).status).toBe(404);
    expect((await s.action(admin, 'role_users', 'set', { role_id: adminRole, user_id: catalogId, assigned: true }, 'HU01')).status).toBe(404);
    expect((await s.action(admin, 'user_companies', 'set', { user_id: catalogId, user_company_code: 'HU01', assigned: true }, 'HU01')).status).toBe(404);
    expect((await ok(admin, 'user_pages', 'filter', { user_id: catalogId }, 'HU01')).rows).toEqual([]);

    // Pages: an unknown one, and a menu group (no route: nothing to grant).
    for (const page_code of ['settings.nope', 'settings', '']) {
      expect((await s.action(admin, 'user_pages', 'set', { user_id: catalogId, page_code, can_list: true })).status).toBe(404);
      expect((await s.action(admin, 'role_pages', 'set', { role_id: adminRole, page_code, can_list: true })).status).toBe(404);
    }
    expect((await s.action(admin, 'role_pages', 'set', { role_id: 9999, page_code: 'settings.vats', can_list: true })).status).toBe(404);
    expect((await s.action(admin, 'user_roles', 'set', { user_id: catalogId, role_id: 9999, assigned: true })).status).toBe(404);

    // Values: not a flag, not a column, a read-only column, no key.
    expect((await s.action(admin, 'user_pages', 'set', { user_id: catalogId, page_code: 'settings.vats', can_list: 'yes' })).status).toBe(400);
    expect((await s.action(admin, 'user_pages', 'set', { user_id: catalogId, page_code: 'settings.vats', can_fly: true })).status).toBe(400);
    expect((await s.action(admin, 'user_pages', 'set', { user_id: catalogId, page_code: 'settings.vats', eff_list: true })).status).toBe(400);
    expect((await s.action(admin, 'user_roles', 'set', { role_id: adminRole, assigned: true })).status).toBe(400);
    expect((await s.action(admin, 'users', 'add', { user_email: 'not-an-email', user_name: 'x' })).status).toBe(400);
    expect((await s.action(admin, 'users', 'add', { user_email: 'nameless@example.com' })).status).toBe(400);
    expect((await s.action(admin, 'users', 'add', { user_email: 'pw@example.com', user_name: 'pw', password_hash: 'x' })).status).toBe(400);
    expect((await s.action(admin, 'users', 'delete', { keys: [{ user_id: catalogId }] })).status).toBe(400);

    // A user keeps one company.
    expect(ruleOf(await s.action(admin, 'user_companies', 'set', { user_id: catalogId, user_company_code: 'SK01', assigned: false }))).toMatchObject({ rule: 'user_company_required' });
    expect([await count(), await logs()]).toEqual([n0, l0]);

    // Companies: a second one, then the first taken.
    await ok(admin, 'user_companies', 'set', { user_id: catalogId, user_company_code: 'CZ01', assigned: true });
    expect((await ok(admin, 'users', 'filter', { user_id: catalogId }, 'CZ01')).rows[0].companies).toBe('SK01, CZ01');
    await ok(admin, 'user_companies', 'set', { user_id: catalogId, user_company_code: 'CZ01', assigned: false });
    expect((await ok(admin, 'users', 'filter', { user_id: catalogId }, 'CZ01')).rows).toEqual([]);
  });
});
