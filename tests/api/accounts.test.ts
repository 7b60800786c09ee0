import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from './harness.ts';
import { STRONG, linkToken, mailsTo, makeUser, waitForMails } from './accountsHelpers.ts';

describe.each(engines)('accounts on %s', (engine) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startTestServer(engine, { inProcess: true }); // waits on forgot_password's after-answer work
    admin = (await s.login('admin@example.com')).token;
  });
  afterAll(() => s?.close());

  /** An invitation mailed by the administrator (company SK01) to `userId`: its token. */
  async function invite(userId: number, email: string): Promise<string> {
    const r = await s.action(admin, 'user_invite', 'set', { user_ids: [userId] }, 'SK01');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return linkToken((await mailsTo(s, email))[0]!.body_text);
  }

  it('refuses short, common and padded common passwords with a translated reason, and keeps the link', async () => {
    const id = await makeUser(s, 'weak@example.com');
    const token = await invite(id, 'weak@example.com');
    for (const [password, reason] of [
      ['short pass', 'password.too_short'],
      ['Password2024!', 'password.common'],
      ['p@ssw0rd12345', 'password.common'],
      ['abcabcabcabc', 'password.repetitive'],
      ['weak-example-secret', 'password.contains_email'],
      ['x'.repeat(64) + 'y'.repeat(65), 'password.too_long'],
    ]) {
      const r = await s.post('/rpc/set_password', { token, password });
      expect(r.status, password).toBe(400);
      expect(r.body.error).toBe('weak_password');
      expect(r.body.params).toMatchObject({ reason, min: 12, max: 128, field: 'body.password' });
    }
    // Nothing was set: the link still works, once.
    expect((await s.post('/rpc/set_password', { token, password: STRONG })).body).toEqual({ data: { email: 'weak@example.com' } });
    expect((await s.post('/rpc/login', { email: 'weak@example.com', password: STRONG })).status).toBe(200);
  });

  it('mails an invitation in the user’s language with a link that works once and voids older links', async () => {
    const id = await makeUser(s, 'invited@example.com', { language: 'de' });
    const first = await invite(id, 'invited@example.com');
    const second = await invite(id, 'invited@example.com');
    const [mail] = await mailsTo(s, 'invited@example.com');
    expect(mail).toMatchObject({ subject: 'Ihr Back-Office-Konto', language_code: 'de', company_code: null });
    expect(mail!.body_text).toContain('/de/set_password#token=');
    // Only the hash is stored.
    expect((await s.db.query('select 1 from app.password_links where token_hash = $1', [second])).rows).toHaveLength(0);
    expect((await s.post('/rpc/set_password', { token: first, password: STRONG })).body.error).toBe('invalid_link');
    expect((await s.post('/rpc/set_password', { token: second, password: STRONG })).status).toBe(200);
    const again = await s.post('/rpc/set_password', { token: second, password: 'another long passphrase' });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_link');
    expect((await s.post('/rpc/login', { email: 'invited@example.com', password: STRONG })).status).toBe(200);
  });

  it('refuses an expired link', async () => {
    const id = await makeUser(s, 'expired@example.com');
    const token = await invite(id, 'expired@example.com');
    await s.db.query(`update app.password_links set expires_at = now() - interval '1 second' where user_id = $1`, [id]);
    const r = await s.post('/rpc/set_password', { token, password: STRONG });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('invalid_link');
  });

  it('answers forgot_password alike for known, unknown and blocked addresses, and mails only the known one a 1-hour reset link', async () => {
    await makeUser(s, 'forgot@example.com', { language: 'hu' });
    const known = await s.post('/rpc/forgot_password', { email: 'Forgot@Example.com' });
    const unknown = await s.post('/rpc/forgot_password', { email: 'nobody-here@example.com' });
    const blocked = await s.post('/rpc/forgot_password', { email: 'blocked@example.com' });
    for (const r of [known, unknown, blocked]) expect({ status: r.status, body: r.body }).toEqual({ status: 200, body: { data: { sent: true } } });
    const [mail] = await waitForMails(s, 'forgot@example.com', 1);
    expect(mail!.subject).toBe('Új jelszó beállítása');
    const life = await s.db.query<{ sec: number }>(
      `select extract(epoch from l.expires_at - l.created_at)::int as sec from app.password_links l join app.users u using (user_id) where u.user_email = 'forgot@example.com' and l.purpose = 'reset'`,
    );
    expect(life.rows[0]!.sec).toBe(3600);
    await s.settled(); // every request's after-answer work has ended: its mail would be queued by now
    expect(await mailsTo(s, 'nobody-here@example.com')).toHaveLength(0);
    expect(await mailsTo(s, 'blocked@example.com')).toHaveLength(0);
  });

  it('answers forgot_password before looking the address up: no timing difference between known and unknown', async () => {
    await makeUser(s, 'timing@example.com');
    const time = async (email: string) => {
      const t = performance.now();
      await s.post('/rpc/forgot_password', { email });
      return performance.now() - t;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time('timing@example.com'));
      unknown.push(await time(`unknown-${i}@example.com`));
    }
    // Both answer before any lookup: the medians differ by scheduling noise only (a lookup and a mail's writes would add their round trips on one side).
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[2]!;
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(100);
  });

  it('sends at most 3 self-service reset mails a user in 15 minutes', async () => {
    await makeUser(s, 'bombed@example.com');
    for (let i = 0; i < 5; i++) await s.post('/rpc/forgot_password', { email: 'bombed@example.com' });
    await s.settled(); // all five requests' link work has ended
    expect(await mailsTo(s, 'bombed@example.com')).toHaveLength(3);
  });

  it('a reset link sets the password and ends every session of the user', async () => {
    await makeUser(s, 'reset@example.com');
    const before = (await s.login('reset@example.com', STRONG)).token;
    await s.post('/rpc/forgot_password', { email: 'reset@example.com' });
    const [mail] = await waitForMails(s, 'reset@example.com', 1);
    expect((await s.post('/rpc/set_password', { token: linkToken(mail!.body_text), password: 'new lantern orbit 77' })).status).toBe(200);
    expect((await s.post('/rpc/user', {}, { token: before })).status).toBe(401);
    expect((await s.post('/rpc/login', { email: 'reset@example.com', password: STRONG })).status).toBe(401);
    expect((await s.post('/rpc/login', { email: 'reset@example.com', password: 'new lantern orbit 77' })).status).toBe(200);
  });

  it('changes the own password only with the current one; the other sessions end, this one goes on', async () => {
    await makeUser(s, 'changer@example.com');
    const here = (await s.login('changer@example.com', STRONG)).token;
    const there = await s.login('changer@example.com', STRONG);
    expect((await s.post('/rpc/user', {}, { token: there.token })).status).toBe(200);

    const wrong = await s.post('/rpc/change_password', { current_password: 'not my password', new_password: 'new lantern orbit 88' }, { token: here });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: 'wrong_password', params: { field: 'body.current_password' } });
    const weak = await s.post('/rpc/change_password', { current_password: STRONG, new_password: 'password1234' }, { token: here });
    expect(weak.body).toMatchObject({ error: 'weak_password', params: { reason: 'password.common', field: 'body.new_password' } });

    const ok = await s.post('/rpc/change_password', { current_password: STRONG, new_password: 'new lantern orbit 88' }, { token: here });
    expect(ok.status).toBe(200);
    expect(ok.body.data.revoked).toBeGreaterThan(0);
    expect((await s.post('/rpc/user', {}, { token: there.token })).status).toBe(401);
    expect((await s.post('/rpc/refresh_token', { refresh_token: there.refresh_token })).status).toBe(401);
    expect((await s.post('/rpc/user', {}, { token: here })).status).toBe(200);
    expect((await s.post('/rpc/login', { email: 'changer@example.com', password: 'new lantern orbit 88' })).status).toBe(200);
  });

  it('signs out the other sessions: their access tokens end on the next request', async () => {
    await makeUser(s, 'sessions@example.com');
    const here = (await s.login('sessions@example.com', STRONG)).token;
    const others = await Promise.all([s.login('sessions@example.com', STRONG), s.login('sessions@example.com', STRONG)]);
    for (const o of others) expect((await s.action(o.token, 'product_list', 'list', { startRow: 0, endRow: 1 })).status).not.toBe(401);
    const r = await s.post('/rpc/end_other_sessions', {}, { token: here });
    expect(r.body.data.revoked).toBe(2);
    for (const o of others) expect((await s.post('/rpc/user', {}, { token: o.token })).status).toBe(401);
    expect((await s.post('/rpc/user', {}, { token: here })).status).toBe(200);
  });

  it('lets an administrator end a user’s sessions: the user’s next request is 401', async () => {
    const id = await makeUser(s, 'ended@example.com');
    const session = await s.login('ended@example.com', STRONG);
    expect((await s.post('/rpc/user', {}, { token: session.token })).status).toBe(200);
    const r = await s.action(admin, 'user_end_sessions', 'set', { user_ids: [id] }, 'SK01');
    expect(r.body).toEqual({ data: { users: 1 } });
    expect((await s.post('/rpc/user', {}, { token: session.token })).status).toBe(401);
    expect((await s.post('/rpc/refresh_token', { refresh_token: session.refresh_token })).status).toBe(401);
  });

  it('refuses account actions on another company’s users, and to users without the set right on /settings/users', async () => {
    const foreign = await makeUser(s, 'foreign@example.com', { companies: ['HU01'] });
    const ours = await makeUser(s, 'ours@example.com');
    const session = await s.login('foreign@example.com', STRONG);
    for (const entity of ['user_invite', 'user_password_reset', 'user_end_sessions']) {
      const r = await s.action(admin, entity, 'set', { user_ids: [ours, foreign] }, 'SK01');
      expect(r.status, entity).toBe(404);
      expect(r.body.error).toBe('not_found');
    }
    expect(await mailsTo(s, 'ours@example.com')).toHaveLength(0);
    expect((await s.post('/rpc/user', {}, { token: session.token })).status).toBe(200);
    const catalog = (await s.login('catalog@example.com')).token;
    expect((await s.action(catalog, 'user_password_reset', 'set', { user_ids: [ours] })).status).toBe(403);
    const bad = await s.action(admin, 'user_invite', 'set', { user_ids: [] }, 'SK01');
    expect(bad.status).toBe(400);
  });

  it('an administrator’s reset link lasts an hour and is written in the user’s language', async () => {
    const id = await makeUser(s, 'adminreset@example.com', { language: 'sk' });
    expect((await s.action(admin, 'user_password_reset', 'set', { user_ids: [id] }, 'SK01')).status).toBe(200);
    const [mail] = await mailsTo(s, 'adminreset@example.com');
    expect(mail!.subject).toBe('Nastavenie nového hesla');
    const link = await s.db.query<{ sec: number; created_by: number }>(
      `select extract(epoch from expires_at - created_at)::int as sec, created_by from app.password_links where user_id = $1 and purpose = 'reset'`,
      [id],
    );
    expect(link.rows[0]!.sec).toBe(3600);
    expect(link.rows[0]!.created_by).not.toBeNull();
  });
});
