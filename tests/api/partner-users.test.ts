/**
 * Partners' users (issue 24, /partners/user_list, migration 059): accounts of people of a
 * partner company, kept under the list's own page rights. The list reaches partners' users
 * of the session's company only; its account actions likewise; an account (its e-mail or
 * any other field) is changed only by someone holding every right it holds (user_outranks_you,
 * migration 086).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, serverHelpers, startSignedIn, type Json, type TestServer } from './harness.ts';
import { STRONG, linkToken, mailsTo } from './accountsHelpers.ts';

type Row = Record<string, Json>;

describe.each(engines)('partners’ users on %s', (engine) => {
  let s: TestServer, admin: string, catalog: string;
  beforeAll(async () => void ({ s, admin, catalog } = await startSignedIn(engine)));
  afterAll(() => s?.close());
  const { ok, rows, one } = serverHelpers(() => s);
  const ruleOf = (r: { status: number; body: Json }) => ({ status: r.status, error: r.body.error, rule: r.body.rule });
  const partnerOf = async (company: string) =>
    (await one(`select partner_id, partner_name from app.partners where company_code = $1 and not deleted order by partner_id limit 1`, [company])) as { partner_id: number; partner_name: string };

  it('lists the partners’ users of the session’s company only, with their partner; never staff or a password hash', async () => {
    const hu: Row[] = (await ok(admin, 'user_list', 'list', {}, 'HU01')).rows;
    expect(hu.length).toBe(5);
    const huPartners = new Set((await rows(`select partner_id from app.partners where company_code = 'HU01'`)).map((r) => r.partner_id));
    for (const r of hu) expect(huPartners.has(r.partner_id)).toBe(true);
    expect(hu.map((r) => r.user_email)).not.toContain('admin@example.com');
    expect(hu.filter((r) => r.blocked).length).toBe(1);
    expect(hu[0]).toMatchObject({ language_code: 'hu', last_sign_in_at: null });
    expect(hu.every((r) => typeof r.job_title === 'string' && r.job_title !== '' && /@.+\.example$/.test(r.user_email))).toBe(true);
    expect(JSON.stringify(hu)).not.toMatch(/password|argon2/);
    const sk: Row[] = (await ok(admin, 'user_list', 'list', {}, 'SK01')).rows;
    expect(sk.some((r) => hu.some((h) => h.user_id === r.user_id))).toBe(false);
  });

  it('adds a partner’s user in the company; another company’s partner, no partner or a taken e-mail are refused and nothing is added', async () => {
    const p = await partnerOf('HU01');
    const added = (
      await ok(
        admin,
        'user_list',
        'add',
        { partner_id: p.partner_id, user_email: 'rep@supplier.example', user_name: 'rep', first_name: 'Réka', job_title: 'Beszerző', phone: '+36 1 234 5678', language_code: 'hu' },
        'HU01',
      )
    ).row;
    expect(added).toMatchObject({ partner_id: p.partner_id, user_email: 'rep@supplier.example', job_title: 'Beszerző', blocked: false, roles: {} });
    expect((await one('select password_hash from app.users where user_id = $1', [added.user_id])).password_hash).toMatch(/^!/);
    // The staff list names the partner too.
    const inUsers: Row = (await ok(admin, 'users', 'filter', { user_id: added.user_id }, 'HU01')).rows[0];
    expect(inUsers).toMatchObject({ partner_name: p.partner_name, companies: 'HU01' });

    const count = async () => (await one('select count(*)::int as n from app.users')).n;
    const before = await count();
    const sk = await partnerOf('SK01');
    const foreign = await s.action(admin, 'user_list', 'add', { partner_id: sk.partner_id, user_email: 'x@foreign.example', user_name: 'x' }, 'HU01');
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ error: 'foreign_reference', params: { field: 'payload.partner_id', label: 'fields.partner' } });
    const none = await s.action(admin, 'user_list', 'add', { user_email: 'y@none.example', user_name: 'y' }, 'HU01');
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ error: 'invalid_value', params: { field: 'payload.partner_id', reason: 'validation.required' } });
    const dup = await s.action(admin, 'user_list', 'add', { partner_id: p.partner_id, user_email: 'Catalog@Example.com', user_name: 'c' }, 'HU01');
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ error: 'already_exists', params: { label: 'fields.user_email' } });
    expect(await count()).toBe(before);

    // Edits and blocking; the partner stays required.
    const edited = (await ok(admin, 'user_list', 'set', { user_id: added.user_id, row_version: added.row_version, job_title: 'Területi képviselő', blocked: true }, 'HU01')).row;
    expect(edited).toMatchObject({ job_title: 'Területi képviselő', blocked: true });
    const noPartner = await s.action(admin, 'user_list', 'set', { user_id: added.user_id, row_version: edited.row_version, partner_id: null }, 'HU01');
    expect(noPartner.status).toBe(400);
    expect((await one('select partner_id from app.users where user_id = $1', [added.user_id])).partner_id).toBe(p.partner_id);
    // Staff are no rows of the list: 404.
    const adminId = (await one(`select user_id from app.users where user_email = 'admin@example.com'`)).user_id;
    expect((await s.action(admin, 'user_list', 'set', { user_id: adminId, row_version: 1, job_title: 'x' }, 'HU01')).status).toBe(404);
  });

  it('runs under its own page’s rights: a manager of the list reaches partners’ users, not staff, and cannot take over a greater account', async () => {
    const catalogId = (await one(`select user_id from app.users where user_email = 'catalog@example.com'`)).user_id;
    expect((await s.action(catalog, 'user_list', 'list', {}, 'SK01')).status).toBe(403);
    await ok(admin, 'user_pages', 'set', { user_id: catalogId, page_code: 'partners.user_list', can_list: true, can_add: true, can_set: true }, 'SK01');
    const list: Row[] = (await ok(catalog, 'user_list', 'list', {}, 'SK01')).rows;
    expect(list.length).toBe(5);
    expect((await s.action(catalog, 'users', 'list', {}, 'SK01')).status).toBe(403);

    // Account actions: the partner keys on partners' users; a staff user is unknown (404); the staff keys need /settings/users.
    // One without a role: the list's manager outranks it (the demo's first rep holds the warehouse role, which she lacks).
    const roleless = (r: Row) => !r.blocked && Object.keys(r.roles).length === 0;
    const partnerUser = list.find(roleless)!;
    const sent = await s.action(catalog, 'partner_user_invite', 'set', { user_ids: [partnerUser.user_id] }, 'SK01');
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toEqual({ users: 1 });
    const mails = await mailsTo(s, partnerUser.user_email);
    expect(mails[0]!.language_code).toBe('sk');
    const warehouseId = (await one(`select user_id from app.users where user_email = 'warehouse@example.com'`)).user_id;
    const staff = await s.action(catalog, 'partner_user_password_reset', 'set', { user_ids: [warehouseId] }, 'SK01');
    expect(staff.status).toBe(404);
    expect(await mailsTo(s, 'warehouse@example.com')).toEqual([]);
    expect((await s.action(catalog, 'user_invite', 'set', { user_ids: [partnerUser.user_id] }, 'SK01')).status).toBe(403);
    expect((await s.action(catalog, 'partner_user_end_sessions', 'set', { user_ids: [partnerUser.user_id] }, 'SK01')).status).toBe(200);

    // The invited partner user sets a password and signs in: a user like staff, with no pages yet.
    const set = await s.post('/rpc/set_password', { token: linkToken(mails[0]!.body_text), password: STRONG });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const { token: partnerToken } = await s.login(partnerUser.user_email as string, STRONG);
    expect((await s.action(partnerToken, 'brands', 'list', {}, 'SK01')).status).toBe(403);
    const seen: Row = (await ok(admin, 'user_list', 'filter', { user_id: partnerUser.user_id }, 'SK01')).rows[0];
    expect(seen.last_sign_in_at).not.toBeNull();

    // The e-mail of an account with a right the manager lacks stays (else a reset link to a new address would hand it over).
    const warehouseRole = (await one(`select role_id from app.roles where role_code = 'warehouse'`)).role_id;
    await ok(admin, 'user_roles', 'set', { user_id: partnerUser.user_id, role_id: warehouseRole, assigned: true }, 'SK01');
    const greater: Row = (await ok(catalog, 'user_list', 'filter', { user_id: partnerUser.user_id }, 'SK01')).rows[0];
    expect(greater.roles).toMatchObject({ en: 'Warehouse staff' });
    const takeover = await s.action(catalog, 'user_list', 'set', { user_id: partnerUser.user_id, row_version: greater.row_version, user_email: 'mine@catalog.example' }, 'SK01');
    expect(ruleOf(takeover)).toEqual({ status: 403, error: 'rule_violated', rule: 'user_outranks_you' });
    expect((await one('select user_email from app.users where user_id = $1', [partnerUser.user_id])).user_email).toBe(partnerUser.user_email);
    // Nor any other field of the greater account (migration 086: rank on every account action); the administrator, who holds every right, changes them.
    const phone = await s.action(catalog, 'user_list', 'set', { user_id: partnerUser.user_id, row_version: greater.row_version, phone: '+421 2 000 0000' }, 'SK01');
    expect(ruleOf(phone)).toEqual({ status: 403, error: 'rule_violated', rule: 'user_outranks_you' });
    expect((await one('select phone from app.users where user_id = $1', [partnerUser.user_id])).phone).toBe(greater.phone);
    const moved = (await ok(admin, 'user_list', 'set', { user_id: partnerUser.user_id, row_version: greater.row_version, user_email: 'moved@partner.example' }, 'SK01')).row;
    expect(moved.user_email).toBe('moved@partner.example');
    // A partner user without such rights: the list's manager changes the e-mail.
    const plain = list.find((r) => roleless(r) && r.user_id !== partnerUser.user_id)!;
    expect((await ok(catalog, 'user_list', 'set', { user_id: plain.user_id, row_version: plain.row_version, user_email: 'new.address@partner.example' }, 'SK01')).row.user_email).toBe(
      'new.address@partner.example',
    );
    // Every change is logged with its actor.
    const logged = await rows(`select actor_user_id, after from app.product_change_log where entity_name = 'user_list' and entity_key = $1::jsonb order by log_id`, [JSON.stringify([plain.user_id])]);
    expect(logged.at(-1)).toMatchObject({ actor_user_id: catalogId, after: { user_email: 'new.address@partner.example' } });
  });
});
