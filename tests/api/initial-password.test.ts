/**
 * An initial password that must be changed (issue 24): an administrator gives one user of
 * her company a password on /settings/users (`user_initial_password`); signing in with it
 * opens no session but answers a set-password link's token, and the user's own password
 * (which must be another) signs her in.
 */
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from './harness.ts';
import { STRONG, linkToken, mailsTo, makeUser, waitForMails } from './accountsHelpers.ts';

const INITIAL = 'copper kettle sunrise 58';
const OWN = 'my own quiet harbour 31';

describe.each(engines)('initial passwords on %s', (engine) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startTestServer(engine, { inProcess: true }); // waits on forgot_password's after-answer work
    admin = (await s.login('admin@example.com')).token;
  });
  afterAll(() => s?.close());

  const give = (userIds: number[], password = INITIAL, token = admin) => s.action(token, 'user_initial_password', 'set', { user_ids: userIds, password }, 'SK01');
  const flag = async (id: number) => (await s.db.query<{ must: boolean }>('select password_must_change as must from app.users where user_id = $1', [id])).rows[0]!.must;
  const sessions = async (id: number) => (await s.db.query<{ n: number }>('select count(*)::int as n from app.refresh_tokens where user_id = $1 and revoked_at is null', [id])).rows[0]!.n;

  it('ends the user’s sessions; signing in with it answers a set-password link and no session; her own password then signs her in', async () => {
    const id = await makeUser(s, 'initial@example.com');
    const before = await s.login('initial@example.com', STRONG);
    // An invitation mailed before, and a failed sign-in: both are gone with the initial password.
    expect((await s.action(admin, 'user_invite', 'set', { user_ids: [id] }, 'SK01')).status).toBe(200);
    const mailed = linkToken((await mailsTo(s, 'initial@example.com'))[0]!.body_text);
    expect((await s.post('/rpc/login', { email: 'initial@example.com', password: 'not the password at all' })).status).toBe(401);

    const r = await give([id]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ data: { users: 1 } });
    expect(await flag(id)).toBe(true);
    expect((await s.post('/rpc/user', {}, { token: before.token })).status).toBe(401);
    expect((await s.post('/rpc/refresh_token', { refresh_token: before.refresh_token })).status).toBe(401);
    expect((await s.post('/rpc/set_password', { token: mailed, password: OWN })).body.error).toBe('invalid_link');
    expect((await s.db.query(`select 1 from app.login_failures where lower(user_email) = 'initial@example.com'`)).rows).toHaveLength(0);
    expect((await s.post('/rpc/login', { email: 'initial@example.com', password: STRONG })).status).toBe(401);

    const held = await s.post('/rpc/login', { email: 'initial@example.com', password: INITIAL, refresh_cookie: true });
    expect(held.status).toBe(403);
    expect(held.body.error).toBe('password_change_required');
    expect(held.body.params.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(held.body.token).toBeUndefined();
    expect(held.headers.get('set-cookie')).toBeNull();
    expect(await sessions(id)).toBe(0);
    const link = await s.db.query<{ purpose: string; sec: number; created_by: number | null }>(
      `select purpose, extract(epoch from expires_at - created_at)::int as sec, created_by from app.password_links where user_id = $1 and used_at is null`,
      [id],
    );
    expect(link.rows).toEqual([{ purpose: 'change', sec: 900, created_by: null }]);
    // Not mailed: the browser that signed in opens it.
    expect(await mailsTo(s, 'initial@example.com')).toHaveLength(1);

    // The given password again is refused, said as such; the link stays usable.
    const same = await s.post('/rpc/set_password', { token: held.body.params.token, password: INITIAL });
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({ error: 'password_unchanged', params: { field: 'body.password' } });
    const weak = await s.post('/rpc/set_password', { token: held.body.params.token, password: 'password1234' });
    expect(weak.body.error).toBe('weak_password');
    expect((await s.post('/rpc/set_password', { token: held.body.params.token, password: OWN })).body).toEqual({ data: { email: 'initial@example.com' } });
    expect(await flag(id)).toBe(false);

    expect((await s.post('/rpc/login', { email: 'initial@example.com', password: INITIAL })).status).toBe(401);
    const own = await s.login('initial@example.com', OWN);
    expect((await s.post('/rpc/user', {}, { token: own.token })).status).toBe(200);
    expect((await s.action(own.token, 'product_list', 'list', { startRow: 0, endRow: 1 })).status).not.toBe(401);
  });

  it('each held sign-in makes a new link and voids the one before', async () => {
    const id = await makeUser(s, 'twice@example.com');
    expect((await give([id])).status).toBe(200);
    const first = (await s.post('/rpc/login', { email: 'twice@example.com', password: INITIAL })).body.params.token as string;
    const second = (await s.post('/rpc/login', { email: 'twice@example.com', password: INITIAL })).body.params.token as string;
    expect(first).not.toBe(second);
    expect((await s.post('/rpc/set_password', { token: first, password: OWN })).body.error).toBe('invalid_link');
    expect((await s.post('/rpc/set_password', { token: second, password: OWN })).status).toBe(200);
  });

  it('asks a user with a second factor for the code before it answers the link', async () => {
    const id = await makeUser(s, 'initial-totp@example.com');
    const token = (await s.login('initial-totp@example.com', STRONG)).token;
    const { secret } = (await s.post('/rpc/totp_enrol', {}, { token })).body.data as { secret: string };
    const code = (at: number) => new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });
    expect((await s.post('/rpc/totp_confirm', { code: code(Date.now()) }, { token })).status).toBe(200);
    expect((await give([id])).status).toBe(200);
    expect((await s.post('/rpc/login', { email: 'initial-totp@example.com', password: INITIAL })).body.error).toBe('totp_required');
    const held = await s.post('/rpc/login', { email: 'initial-totp@example.com', password: INITIAL, totp_code: code(Date.now() + 30_000) });
    expect(held.status, JSON.stringify(held.body)).toBe(403);
    expect(held.body.error).toBe('password_change_required');
    expect((await s.post('/rpc/set_password', { token: held.body.params.token, password: OWN })).status).toBe(200);
  });

  it('forgot password still works for a held user: the mailed link takes her own password, not the given one', async () => {
    const id = await makeUser(s, 'initial-forgot@example.com');
    expect((await give([id])).status).toBe(200);
    await s.post('/rpc/login', { email: 'initial-forgot@example.com', password: INITIAL });
    await s.post('/rpc/forgot_password', { email: 'initial-forgot@example.com' });
    const [mail] = await waitForMails(s, 'initial-forgot@example.com', 1);
    const token = linkToken(mail!.body_text);
    expect((await s.post('/rpc/set_password', { token, password: INITIAL })).body.error).toBe('password_unchanged');
    expect((await s.post('/rpc/set_password', { token, password: OWN })).status).toBe(200);
    expect(await flag(id)).toBe(false);
    expect((await s.post('/rpc/login', { email: 'initial-forgot@example.com', password: OWN })).status).toBe(200);
  });

  it('a password changed on the profile clears the flag', async () => {
    const id = await makeUser(s, 'initial-profile@example.com');
    const token = (await s.login('initial-profile@example.com', STRONG)).token;
    await s.db.query('update app.users set password_must_change = true where user_id = $1', [id]);
    expect((await s.post('/rpc/change_password', { current_password: STRONG, new_password: OWN }, { token })).status).toBe(200);
    expect(await flag(id)).toBe(false);
  });

  it('refuses a weak password, another company’s user, several users or none, and users without the set right', async () => {
    const id = await makeUser(s, 'initial-refused@example.com');
    const other = await makeUser(s, 'initial-other@example.com');
    const foreign = await makeUser(s, 'initial-foreign@example.com', { companies: ['HU01'] });
    const session = await s.login('initial-refused@example.com', STRONG);

    for (const [password, reason] of [
      ['short pass', 'password.too_short'],
      ['Password2024!', 'password.common'],
      ['initial-refused secret', 'password.contains_email'],
    ]) {
      const r = await give([id], password);
      expect(r.status, password).toBe(400);
      expect(r.body).toMatchObject({ error: 'weak_password', params: { reason, field: 'payload.password' } });
    }
    const foreignOne = await give([foreign]);
    expect(foreignOne.status).toBe(404);
    expect(foreignOne.body.error).toBe('not_found');
    for (const ids of [[id, other], []]) {
      const r = await give(ids);
      expect(r.status, JSON.stringify(ids)).toBe(400);
      expect(r.body).toMatchObject({ error: 'one_user_required', params: { field: 'payload.user_ids' } });
    }
    const catalog = (await s.login('catalog@example.com')).token;
    const noRight = await give([id], INITIAL, catalog);
    expect(noRight.status).toBe(403);

    // Nothing was done to any of them.
    for (const u of [id, other, foreign]) expect(await flag(u)).toBe(false);
    expect((await s.post('/rpc/user', {}, { token: session.token })).status).toBe(200);
    expect((await s.post('/rpc/login', { email: 'initial-foreign@example.com', password: STRONG })).status).toBe(200);
    // The same user twice is one user.
    expect((await give([id, id])).status).toBe(200);
  });
});
