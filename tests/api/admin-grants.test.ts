/**
 * People and rights (issue 24, migration 054): users of the session's company, their
 * companies, roles and page grants, and the roles with their users and pages — checkbox
 * grids written through views. Every change is change-logged with its actor; the rules
 * (grant needs perms, own admin right, block self, one company at least) hold on the
 * server; a change shows on the very next request (grants version, session cache).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, serverHelpers, startSignedIn, type Json, type TestServer } from './harness.ts';

type Row = Record<string, Json>;

describe.each(engines)('users, roles and grants on %s', (engine) => {
  let s: TestServer, admin: string, catalog: string;
  beforeAll(async () => void ({ s, admin, catalog } = await startSignedIn(engine)));
  afterAll(() => s?.close());
  const { ok, rows, one } = serverHelpers(() => s);

  it('lists the users who work in the session’s company, never a password hash', async () => {
    const sk: Row[] = (await ok(admin, 'users', 'list', {}, 'SK01')).rows;
    expect(sk.map((r) => r.user_email).sort()).toEqual(['admin@example.com', 'blocked@example.com', 'catalog@example.com', 'warehouse@example.com']);
    const hu: Row[] = (await ok(admin, 'users', 'list', {}, 'HU01')).rows;
    expect(hu.map((r) => r.user_email).sort()).toEqual(['admin@example.com', 'warehouse@example.com']);
    const a = sk.find((r) => r.user_email === 'admin@example.com')!;
    expect(a).toMatchObject({ user_name: 'admin', first_name: 'Ada', last_name: 'Admin', language_code: 'en', blocked: false, companies: 'SK01, HU01, CZ01' });
    expect(a.roles).toMatchObject({ en: 'Administrator', hu: 'Adminisztrátor' });
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
});
