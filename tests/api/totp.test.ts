import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from './harness.ts';
import { STRONG, makeUser } from './accountsHelpers.ts';
import { grantUserPage } from './grants.ts';

/** The code an authenticator app shows for `secret` at `at` (ms). */
const codeAt = (secret: string, at: number) => new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });
const decodeJwt = (t: string) => JSON.parse(Buffer.from(t.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

describe.each(engines)('TOTP on %s', (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(engine);
  });
  afterAll(() => s?.close());

  /** A user with a confirmed second factor: its secret, recovery codes and the step its confirmation took. */
  async function enrolled(email: string) {
    await makeUser(s, email);
    const token = (await s.login(email, STRONG)).token;
    const enrol = await s.post('/rpc/totp_enrol', {}, { token });
    expect(enrol.status).toBe(200);
    const { secret, uri } = enrol.body.data;
    expect(uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    const confirmed = await s.post('/rpc/totp_confirm', { code: codeAt(secret, Date.now()) }, { token });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    return { secret: secret as string, codes: confirmed.body.data.recovery_codes as string[], token };
  }

  it('enrols: a wrong first code is refused, the right one confirms and answers 10 recovery codes (stored hashed)', async () => {
    await makeUser(s, 'enrol@example.com');
    const token = (await s.login('enrol@example.com', STRONG)).token;
    expect((await s.post('/rpc/totp_status', {}, { token })).body.data).toEqual({ enabled: false, pending: false, recovery_codes_left: 0, enforced: false });
    const { secret } = (await s.post('/rpc/totp_enrol', {}, { token })).body.data;
    expect((await s.post('/rpc/totp_status', {}, { token })).body.data.pending).toBe(true);
    // Pending: sign-in does not ask yet.
    expect((await s.post('/rpc/login', { email: 'enrol@example.com', password: STRONG })).status).toBe(200);
    const wrong = await s.post('/rpc/totp_confirm', { code: codeAt(secret, Date.now() + 5 * 60_000) }, { token });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_totp');
    const ok = await s.post('/rpc/totp_confirm', { code: codeAt(secret, Date.now()) }, { token });
    expect(ok.status).toBe(200);
    expect(ok.body.data.recovery_codes).toHaveLength(10);
    const stored = await s.db.query<{ code_hash: string }>('select code_hash from app.totp_recovery_codes c join app.users u using (user_id) where u.user_email = $1', ['enrol@example.com']);
    expect(stored.rows).toHaveLength(10);
    expect(stored.rows.map((r) => r.code_hash)).not.toContain(ok.body.data.recovery_codes[0]);
    expect((await s.post('/rpc/totp_status', {}, { token })).body.data).toEqual({ enabled: true, pending: false, recovery_codes_left: 10, enforced: false });
    expect((await s.post('/rpc/totp_enrol', {}, { token })).body.error).toBe('totp_enabled');
  });

  it('asks for the code after the password; takes the next code once and refuses its replay and older codes', async () => {
    const { secret } = await enrolled('signin@example.com');
    const noCode = await s.post('/rpc/login', { email: 'signin@example.com', password: STRONG });
    expect(noCode.status).toBe(401);
    expect(noCode.body.error).toBe('totp_required');
    // A wrong password with a code is the password's failure, said as such.
    expect((await s.post('/rpc/login', { email: 'signin@example.com', password: 'wrong password here', totp_code: '000000' })).body.error).toBe('invalid_credentials');
    const next = codeAt(secret, Date.now() + 30_000);
    const ok = await s.post('/rpc/login', { email: 'signin@example.com', password: STRONG, totp_code: next });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const replay = await s.post('/rpc/login', { email: 'signin@example.com', password: STRONG, totp_code: next });
    expect(replay.status).toBe(401);
    expect(replay.body.error).toBe('invalid_totp');
    const older = await s.post('/rpc/login', { email: 'signin@example.com', password: STRONG, totp_code: codeAt(secret, Date.now()) });
    expect(older.body.error).toBe('invalid_totp');
  });

  it('throttles wrong codes: after 5 from a client even the right code waits (429)', async () => {
    const { secret } = await enrolled('throttle@example.com');
    const right = codeAt(secret, Date.now() + 30_000);
    const wrong = right === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) expect((await s.post('/rpc/login', { email: 'throttle@example.com', password: STRONG, totp_code: wrong })).status).toBe(401);
    const blocked = await s.post('/rpc/login', { email: 'throttle@example.com', password: STRONG, totp_code: right });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe('too_many_attempts');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('takes a recovery code once, in any case and with or without its dash', async () => {
    const { codes } = await enrolled('recovery@example.com');
    const code = codes[0]!;
    const first = await s.post('/rpc/login', { email: 'recovery@example.com', password: STRONG, totp_code: code.toUpperCase().replace('-', '') });
    expect(first.status).toBe(200);
    const again = await s.post('/rpc/login', { email: 'recovery@example.com', password: STRONG, totp_code: code });
    expect(again.status).toBe(401);
    expect(again.body.error).toBe('invalid_totp');
    expect((await s.post('/rpc/totp_status', {}, { token: first.body.token })).body.data.recovery_codes_left).toBe(9);
    expect((await s.post('/rpc/login', { email: 'recovery@example.com', password: STRONG, totp_code: codes[1] })).status).toBe(200);
  });

  it('turns off only with a current code or a recovery code, never the password alone; a code taken at sign-in is not taken again', async () => {
    const { secret, codes, token } = await enrolled('disable@example.com');
    // The password alone (a stolen password, a session left open) does not turn it off.
    const byPassword = await s.post('/rpc/totp_disable', { password: STRONG }, { token });
    expect(byPassword.status).toBe(400);
    expect(byPassword.body).toMatchObject({ error: 'bad_request', params: { field: 'body.code' } });
    const none = await s.post('/rpc/totp_disable', {}, { token });
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/code/);
    const blank = await s.post('/rpc/totp_disable', { code: '  ' }, { token });
    expect(blank.status).toBe(400);
    // A wrong code is said at its field.
    const wrong = await s.post('/rpc/totp_disable', { code: codeAt(secret, Date.now() + 5 * 60_000) }, { token });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: 'invalid_totp', params: { field: 'body.code' } });
    // The code a sign-in just took is spent here too (the same step rule), as is an older one.
    const next = codeAt(secret, Date.now() + 30_000);
    expect((await s.post('/rpc/login', { email: 'disable@example.com', password: STRONG, totp_code: next })).status).toBe(200);
    const replay = await s.post('/rpc/totp_disable', { code: next }, { token });
    expect(replay.body).toMatchObject({ error: 'invalid_totp', params: { field: 'body.code' } });
    expect((await s.post('/rpc/totp_status', {}, { token })).body.data.enabled).toBe(true);
    // A recovery code proves it (once).
    expect((await s.post('/rpc/totp_disable', { code: codes[0] }, { token })).body).toEqual({ data: { enabled: false } });
    expect((await s.post('/rpc/login', { email: 'disable@example.com', password: STRONG })).status).toBe(200);
    expect((await s.post('/rpc/totp_disable', { code: codes[1] }, { token })).body.error).toBe('totp_not_enabled');
  });

  it('turns off with the current code, and only then enrols a new key', async () => {
    const { secret, token } = await enrolled('replace@example.com');
    // A confirmed factor is not replaced by a new enrolment: it is turned off first.
    expect((await s.post('/rpc/totp_enrol', {}, { token })).body.error).toBe('totp_enabled');
    expect((await s.post('/rpc/totp_disable', { code: codeAt(secret, Date.now() + 30_000) }, { token })).body).toEqual({ data: { enabled: false } });
    const again = await s.post('/rpc/totp_enrol', {}, { token });
    expect(again.status).toBe(200);
    expect(again.body.data.secret).not.toBe(secret);
  });

  it('throttles wrong codes to turn it off as it throttles them at sign-in', async () => {
    const { secret, token } = await enrolled('disable-throttle@example.com');
    const wrong = codeAt(secret, Date.now() + 10 * 60_000);
    for (let i = 0; i < 5; i++) expect((await s.post('/rpc/totp_disable', { code: wrong }, { token })).status).toBe(400);
    const blocked = await s.post('/rpc/totp_disable', { code: codeAt(secret, Date.now() + 30_000) }, { token });
    expect(blocked.status).toBe(429);
    expect((await s.post('/rpc/totp_status', {}, { token })).body.data.enabled).toBe(true);
  });

  it('enforced for users with a perms flag: they may only enrol until they have, then use the app; it cannot be turned off', async () => {
    const id = await makeUser(s, 'granter@example.com');
    await grantUserPage(s, id, 'products.product_list', { can_perms: true, can_list: true });
    const plain = await makeUser(s, 'plain@example.com');
    await grantUserPage(s, plain, 'products.product_list', { can_list: true });
    await s.db.query(`update app.settings set value = 'true' where key = 'totp_required'`);
    try {
      const login = await s.login('granter@example.com', STRONG);
      expect(decodeJwt(login.token).enrol).toBe(true);
      const list = await s.action(login.token, 'product_list', 'list', { startRow: 0, endRow: 1 });
      expect(list.status).toBe(403);
      expect(list.body.error).toBe('totp_enrolment_required');
      expect((await s.get('/api/files/product_files/1', { token: login.token })).status).toBe(403);
      const user = await s.post('/rpc/user', {}, { token: login.token });
      expect(user.body.totp_enrol_required).toBe(true);
      // A refresh keeps the hold while it applies.
      const refreshed = await s.post('/rpc/refresh_token', { refresh_token: login.refresh_token });
      expect(decodeJwt(refreshed.body.token).enrol).toBe(true);

      const { secret } = (await s.post('/rpc/totp_enrol', {}, { token: refreshed.body.token })).body.data;
      const confirmed = await s.post('/rpc/totp_confirm', { code: codeAt(secret, Date.now()) }, { token: refreshed.body.token });
      expect(confirmed.status).toBe(200);
      const freed = confirmed.body.data.token;
      expect(decodeJwt(freed).enrol).toBeUndefined();
      expect((await s.action(freed, 'product_list', 'list', { startRow: 0, endRow: 1 })).status).toBe(200);
      expect((await s.post('/rpc/totp_status', {}, { token: freed })).body.data.enforced).toBe(true);
      const off = await s.post('/rpc/totp_disable', { code: codeAt(secret, Date.now() + 30_000) }, { token: freed });
      expect(off.status).toBe(409);
      expect(off.body.error).toBe('totp_enforced');

      // A user without a perms flag is not held.
      const other = await s.login('plain@example.com', STRONG);
      expect(decodeJwt(other.token).enrol).toBeUndefined();
      expect((await s.action(other.token, 'product_list', 'list', { startRow: 0, endRow: 1 })).status).toBe(200);
    } finally {
      await s.db.query(`update app.settings set value = 'false' where key = 'totp_required'`);
    }
  });

  it('the policy is read by who may list /settings/users and changed only by who may grant it', async () => {
    const admin = (await s.login('admin@example.com')).token;
    const catalog = (await s.login('catalog@example.com')).token;
    expect((await s.action(admin, 'totp_policy', 'list', {})).body).toEqual({ data: { required: false } });
    expect((await s.action(catalog, 'totp_policy', 'set', { required: true })).status).toBe(403);
    const id = await makeUser(s, 'lister@example.com');
    await grantUserPage(s, id, 'settings.users', { can_list: true, can_set: true });
    const lister = (await s.login('lister@example.com', STRONG)).token;
    expect((await s.action(lister, 'totp_policy', 'list', {})).status).toBe(200);
    expect((await s.action(lister, 'totp_policy', 'set', { required: true })).status).toBe(403);
    expect((await s.action(admin, 'totp_policy', 'set', { required: 'yes' })).status).toBe(400);
    try {
      expect((await s.action(admin, 'totp_policy', 'set', { required: true })).body).toEqual({ data: { required: true } });
      // The administrator may grant pages and has no second factor: the next sign-in is held to enrolment.
      const next = await s.login('admin@example.com');
      expect(decodeJwt(next.token).enrol).toBe(true);
    } finally {
      await s.db.query(`update app.settings set value = 'false' where key = 'totp_required'`);
    }
  });
});
