import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { LEGACY_TOKEN_COOKIE, PAGE_TOKEN_COOKIE, REFRESH_COOKIE } from '../../src/core/authCookies.ts';
import { hashPassword } from '../../src/server/auth/password.ts';
import { revokeAllForUser } from '../../src/server/auth/refresh.ts';
import { jwtSecret, tokenSigner } from '../../src/server/auth/tokens.ts';
import { engines, startTestServer, type Json, type TestServer } from './harness.ts';

const decodeJwt = (t: string) => JSON.parse(Buffer.from(t.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

describe.each(engines)('auth on %s', (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(engine);
  });
  afterAll(() => s?.close());

  /** A throwaway user, so blocking and throttling do not disturb the demo users. */
  async function makeUser(email: string, companies = ['SK01']): Promise<number> {
    const r = await s.db.query<{ user_id: number }>(`insert into app.users (user_email, user_name, password_hash) values ($1, $1, $2) returning user_id`, [
      email,
      await hashPassword('secret-password'),
    ]);
    const id = r.rows[0]!.user_id;
    for (const [i, c] of companies.entries()) {
      await s.db.query('insert into app.user_companies (user_id, company_code, position) values ($1, $2, $3)', [id, c, i]);
    }
    return id;
  }

  it('logs in with the demo password and issues an HS256 access token of 15 minutes and a refresh token', async () => {
    const r = await s.post('/rpc/login', { email: 'admin@example.com', password: 'demo-password' });
    expect(r.status).toBe(200);
    expect(typeof r.body.refresh_token).toBe('string');
    const header = JSON.parse(Buffer.from(r.body.token.split('.')[0], 'base64url').toString());
    expect(header.alg).toBe('HS256');
    const claims = decodeJwt(r.body.token);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(900);
    expect(claims.sub).toMatch(/^\d+$/);
    const stored = await s.db.query<{ token_hash: string }>('select token_hash from app.refresh_tokens');
    expect(stored.rows.map((x) => x.token_hash)).not.toContain(r.body.refresh_token); // stored hashed
  });

  it('answers an unknown user and a wrong password alike', async () => {
    const unknown = await s.post('/rpc/login', { email: 'nobody@example.com', password: 'demo-password' });
    const wrong = await s.post('/rpc/login', { email: 'admin@example.com', password: 'wrong-password' });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses a blocked user with 403', async () => {
    const r = await s.post('/rpc/login', { email: 'blocked@example.com', password: 'demo-password' });
    expect(r.status).toBe(403);
  });

  it('validates the login body and names the field', async () => {
    const r = await s.post('/rpc/login', { email: 'not-an-email', password: 'x' });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('body.email');
    const missing = await s.post('/rpc/login', { email: 'admin@example.com' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('body.password');
  });

  it('throttles an account after 10 failures in 15 minutes, even with the right password', async () => {
    await makeUser('throttle@example.com');
    for (let i = 0; i < 10; i++) {
      expect((await s.post('/rpc/login', { email: 'throttle@example.com', password: `wrong-${i}` })).status).toBe(401);
    }
    const r = await s.post('/rpc/login', { email: 'throttle@example.com', password: 'secret-password' });
    expect(r.status).toBe(429);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    // Other accounts are not affected.
    expect((await s.post('/rpc/login', { email: 'catalog@example.com', password: 'demo-password' })).status).toBe(200);
    // Failures older than the window no longer count.
    await s.db.query(`update app.login_failures set failed_at = now() - interval '16 minutes' where user_email = 'throttle@example.com'`);
    expect((await s.post('/rpc/login', { email: 'throttle@example.com', password: 'secret-password' })).status).toBe(200);
  });

  /** A login from a given loopback address (Linux routes all of 127/8 to this machine): another client. */
  const loginFrom = (localAddress: string, email: string, password: string) =>
    new Promise<number>((resolve, reject) => {
      const url = new URL('/rpc/login', s.url);
      const req = request(
        { host: '127.0.0.1', port: url.port, path: url.pathname, method: 'POST', localAddress, headers: { 'content-type': 'application/json', host: url.host }, agent: false },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ email, password }));
    });

  it('checks at most 10 of 200 parallel wrong passwords (the rest 429), and lets the owner in from a client without failures', async () => {
    await makeUser('storm@example.com');
    const codes = await Promise.all(Array.from({ length: 200 }, (_, i) => s.post('/rpc/login', { email: 'storm@example.com', password: `wrong-${i}` }).then((r) => r.status)));
    const count = (c: number) => codes.filter((x) => x === c).length;
    expect(count(401)).toBeLessThanOrEqual(10);
    expect(count(401) + count(429)).toBe(200);
    // The attacking client stays locked out, even with the right password.
    expect((await s.post('/rpc/login', { email: 'storm@example.com', password: 'secret-password' })).status).toBe(429);
    // The lock-out is not a denial of service: the owner's right password from another address gets in.
    expect(await loginFrom('127.0.0.2', 'storm@example.com', 'secret-password')).toBe(200);
  });

  it('stops a guess spread over many addresses at 100 failures of one account', async () => {
    await makeUser('spread@example.com');
    await s.db.query(`insert into app.login_failures (user_email, client_addr) select 'spread@example.com', '10.0.0.' || g from generate_series(1, 100) g`);
    expect(await loginFrom('127.0.0.3', 'spread@example.com', 'secret-password')).toBe(429);
  });

  it('keeps two tabs refreshing the same token at once both signed in, and still revokes the family on a reuse after the grace', async () => {
    const first = await s.login('catalog@example.com');
    const [a, b] = await Promise.all([s.post('/rpc/refresh_token', { refresh_token: first.refresh_token }), s.post('/rpc/refresh_token', { refresh_token: first.refresh_token })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.refresh_token).not.toBe(b.body.refresh_token);
    // Each tab goes on with its own token.
    const a2 = await s.post('/rpc/refresh_token', { refresh_token: a.body.refresh_token });
    const b2 = await s.post('/rpc/refresh_token', { refresh_token: b.body.refresh_token });
    expect([a2.status, b2.status]).toEqual([200, 200]);
    expect((await s.post('/rpc/user', {}, { token: b2.body.token })).status).toBe(200);
    // The first token again, now that its successor was used: a theft — the family is revoked.
    expect((await s.post('/rpc/refresh_token', { refresh_token: first.refresh_token })).status).toBe(401);
    expect((await s.post('/rpc/refresh_token', { refresh_token: a2.body.refresh_token })).status).toBe(401);

    // Past the grace, a reuse revokes even while the successor is unused.
    const other = await s.login('catalog@example.com');
    const next = await s.post('/rpc/refresh_token', { refresh_token: other.refresh_token });
    expect(next.status).toBe(200);
    await s.db.query(`update app.refresh_tokens set used_at = used_at - interval '1 minute' where used_at is not null and revoked_at is null`);
    expect((await s.post('/rpc/refresh_token', { refresh_token: other.refresh_token })).status).toBe(401);
    expect((await s.post('/rpc/refresh_token', { refresh_token: next.body.refresh_token })).status).toBe(401);
  });

  it('rotates the refresh token on every use and revokes the family when a rotated token is reused', async () => {
    const first = await s.login('catalog@example.com');
    const second = await s.post('/rpc/refresh_token', { refresh_token: first.refresh_token });
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    // The retry path sends the refresh token as Bearer.
    const third = await s.post('/rpc/refresh_token', {}, { token: second.body.refresh_token });
    expect(third.status).toBe(200);
    expect((await s.post('/rpc/user', {}, { token: third.body.token })).status).toBe(200);
    // Reuse of a rotated token: refused, and the newest token of the family dies with it.
    expect((await s.post('/rpc/refresh_token', { refresh_token: first.refresh_token })).status).toBe(401);
    expect((await s.post('/rpc/refresh_token', { refresh_token: third.body.refresh_token })).status).toBe(401);
    // Another session of the same user is untouched.
    const other = await s.login('catalog@example.com');
    expect((await s.post('/rpc/refresh_token', { refresh_token: other.refresh_token })).status).toBe(200);
  });

  it('ends refresh at the absolute lifetime and on logout', async () => {
    const a = await s.login('admin@example.com');
    await s.db.query(`update app.refresh_tokens set expires_at = now() - interval '1 second'
                      where family_id = (select family_id from app.refresh_tokens order by token_id desc limit 1)`);
    expect((await s.post('/rpc/refresh_token', { refresh_token: a.refresh_token })).status).toBe(401);
    const b = await s.login('admin@example.com');
    const out = await s.post('/rpc/logout', { refresh_token: b.refresh_token });
    expect(out.body).toEqual({ data: { revoked: 1 } });
    expect((await s.post('/rpc/refresh_token', { refresh_token: b.refresh_token })).status).toBe(401);
    expect((await s.post('/rpc/refresh_token', { refresh_token: 'garbage' })).status).toBe(401);
    expect((await s.post('/rpc/refresh_token', {})).status).toBe(400);
  });

  it('answers 412 to a valid token of a user since blocked or deleted', async () => {
    const id = await makeUser('leaver@example.com');
    const t = (await s.post('/rpc/login', { email: 'leaver@example.com', password: 'secret-password' })).body;
    expect((await s.post('/rpc/user', {}, { token: t.token })).status).toBe(200);
    await s.db.query('update app.users set blocked = true where user_id = $1', [id]);
    expect((await s.post('/rpc/user', {}, { token: t.token })).status).toBe(412);
    expect((await s.action(t.token, 'product_list', 'list', { endRow: 1 })).status).toBe(412);
    expect((await s.post('/rpc/refresh_token', { refresh_token: t.refresh_token })).status).toBe(412);
    await s.db.query('delete from app.users where user_id = $1', [id]);
    expect((await s.post('/rpc/user', {}, { token: t.token })).status).toBe(412);
  });

  it('refuses forged, expired and algorithm-none tokens with 401', async () => {
    const t = (await s.login('admin@example.com')).token as string;
    const [h, p] = t.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    expect((await s.post('/rpc/user', {}, { token: none })).status).toBe(401);
    const claims = decodeJwt(t);
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, sub: '999' })).toString('base64url');
    expect((await s.post('/rpc/user', {}, { token: `${h}.${forgedPayload}.${t.split('.')[2]}` })).status).toBe(401);
    expect((await s.post('/rpc/user', {}, {})).status).toBe(401);
  });

  it("accepts X-Company only for one of the user's companies", async () => {
    const catalog = (await s.login('catalog@example.com')).token;
    expect((await s.post('/rpc/user', {}, { token: catalog, company: 'SK01' })).status).toBe(200);
    const forged = await s.post('/rpc/user', {}, { token: catalog, company: 'HU01' });
    expect(forged.status).toBe(403);
    expect((await s.action(catalog, 'product_list', 'list', { endRow: 5 }, 'HU01')).status).toBe(403);
    expect((await s.post('/rpc/user', {}, { token: catalog, company: 'NOPE' })).status).toBe(403);
    const admin = (await s.login('admin@example.com')).token;
    const u = await s.post('/rpc/user', {}, { token: admin, company: 'HU01' });
    expect(u.status).toBe(200);
    expect(u.body.company).toBe('HU01');
    expect(u.body.companies.map((c: { company_code: string }) => c.company_code)).toEqual(['SK01', 'HU01', 'CZ01']);
  });
  /** A POST as a browser sends it: JSON, with cookies and headers of the caller's choice; the Set-Cookie headers come back apart. */
  async function browserPost(path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: Json; cookies: string[] }> {
    const res = await fetch(s.url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    return { status: res.status, body: await res.json(), cookies: res.headers.getSetCookie() };
  }

  /** The refresh cookie of Set-Cookie headers: its value and attributes (lower-case names). */
  function refreshCookieOf(cookies: string[]): { value: string; attrs: Map<string, string> } {
    const mine = cookies.filter((c) => c.startsWith(`${REFRESH_COOKIE}=`));
    expect(mine).toHaveLength(1);
    const [pair, ...rest] = mine[0]!.split(/;\s*/);
    return { value: pair!.slice(REFRESH_COOKIE.length + 1), attrs: new Map(rest.map((a) => [a.split('=')[0]!.toLowerCase(), a.split('=')[1] ?? ''])) };
  }

  const familyOf = async (userEmail: string) =>
    (await s.db.query<{ family_id: string }>(`select t.family_id from app.refresh_tokens t join app.users u using (user_id) where u.user_email = $1 order by t.token_id desc limit 1`, [userEmail]))
      .rows[0]!.family_id;

  it("puts the browser's refresh token in an HttpOnly, Secure, SameSite=Strict cookie of the refresh path, refreshes by it, and keeps the body form for API clients", async () => {
    const login = await browserPost('/rpc/login', { email: 'catalog@example.com', password: 'demo-password', refresh_cookie: true });
    expect(login.status).toBe(200);
    expect(Object.keys(login.body)).toEqual(['token']); // nothing for a script to keep
    const first = refreshCookieOf(login.cookies);
    expect(first.value).toMatch(/^[\w-]{43}$/);
    expect([...first.attrs.keys()].sort()).toEqual(['httponly', 'max-age', 'path', 'samesite', 'secure']);
    expect(first.attrs.get('path')).toBe('/rpc/refresh_token');
    expect(first.attrs.get('samesite')).toBe('Strict');
    expect(Number(first.attrs.get('max-age'))).toBe(30 * 24 * 3600); // the family's life
    // The access token names its session: the refresh token family.
    expect(decodeJwt(login.body.token).sid).toBe(await familyOf('catalog@example.com'));

    // Refresh by the cookie alone: a new access token, the rotated token back in the cookie, for what the family has left.
    await s.db.query(`update app.refresh_tokens set expires_at = expires_at - interval '1 day' where family_id = $1`, [decodeJwt(login.body.token).sid]);
    const cookie = (value: string) => ({ cookie: `${REFRESH_COOKIE}=${value}; language=en` });
    const next = await browserPost('/rpc/refresh_token', {}, cookie(first.value));
    expect(next.status).toBe(200);
    expect(Object.keys(next.body)).toEqual(['token']);
    expect(decodeJwt(next.body.token).sid).toBe(decodeJwt(login.body.token).sid);
    const second = refreshCookieOf(next.cookies);
    expect(second.value).not.toBe(first.value);
    expect(Number(second.attrs.get('max-age'))).toBeGreaterThan(29 * 24 * 3600 - 60);
    expect(Number(second.attrs.get('max-age'))).toBeLessThanOrEqual(29 * 24 * 3600);
    expect(second.attrs.has('httponly') && second.attrs.has('secure')).toBe(true);
    expect((await s.post('/rpc/user', {}, { token: next.body.token })).status).toBe(200);

    // Another site's request does not get to use it (Sec-Fetch-Site); this origin's does.
    expect((await browserPost('/rpc/refresh_token', {}, { ...cookie(second.value), 'sec-fetch-site': 'cross-site' })).status).toBe(400);
    expect((await browserPost('/rpc/refresh_token', {}, { ...cookie(second.value), 'sec-fetch-site': 'same-site' })).status).toBe(400);
    const same = await browserPost('/rpc/refresh_token', {}, { ...cookie(second.value), 'sec-fetch-site': 'same-origin' });
    expect(same.status).toBe(200);

    // A refused cookie (a reuse past the grace: theft) is removed in the refusal.
    await s.db.query(`update app.refresh_tokens set used_at = used_at - interval '1 minute' where used_at is not null`);
    const reused = await browserPost('/rpc/refresh_token', {}, cookie(first.value));
    expect(reused.status).toBe(401);
    expect(refreshCookieOf(reused.cookies)).toMatchObject({ value: '' });
    expect(refreshCookieOf(reused.cookies).attrs.get('max-age')).toBe('0');

    // API clients: the body form (and Bearer on the retry path) as the spec says; no cookie; a body token wins over a cookie.
    const api = await browserPost('/rpc/login', { email: 'catalog@example.com', password: 'demo-password' });
    expect(typeof api.body.refresh_token).toBe('string');
    expect(api.cookies).toEqual([]);
    const byBody = await browserPost('/rpc/refresh_token', { refresh_token: api.body.refresh_token }, cookie('not-a-token'));
    expect(byBody.status).toBe(200);
    expect(typeof byBody.body.refresh_token).toBe('string');
    expect(byBody.cookies).toEqual([]);
    const byBearer = await browserPost('/rpc/refresh_token', {}, { authorization: `Bearer ${byBody.body.refresh_token}` });
    expect(byBearer.status).toBe(200);
    expect(typeof byBearer.body.refresh_token).toBe('string');
  });

  /** The Set-Cookie of one cookie by name: its value and attributes (lower-case names). */
  function cookieOf(cookies: string[], name: string): { value: string; attrs: Map<string, string> } {
    const mine = cookies.filter((c) => c.startsWith(`${name}=`));
    expect(mine, name).toHaveLength(1);
    const [pair, ...rest] = mine[0]!.split(/;\s*/);
    return { value: pair!.slice(name.length + 1), attrs: new Map(rest.map((a) => [a.split('=')[0]!.toLowerCase(), a.split('=')[1] ?? ''])) };
  }
  /** No Set-Cookie carries a value a script could read: each one with a value is HttpOnly. */
  const allHttpOnly = (cookies: string[]) => {
    for (const c of cookies)
      if (!/^[^=]+=;/.test(c))
        expect(
          c.split(/;\s*/).map((a) => a.toLowerCase()),
          c.split('=')[0],
        ).toContain('httponly');
  };
  /** The page-token cookie of a browser's answer: the access token itself, HttpOnly, Secure, SameSite=Strict, on /, for the token's remaining life (ACCESS_TOKEN_TTL: 15 minutes). */
  function expectPageCookie(cookies: string[], token: string) {
    const page = cookieOf(cookies, PAGE_TOKEN_COOKIE);
    expect(page.value).toBe(token);
    expect([...page.attrs.keys()].sort()).toEqual(['httponly', 'max-age', 'path', 'samesite', 'secure']);
    expect(page.attrs.get('path')).toBe('/');
    expect(page.attrs.get('samesite')).toBe('Strict');
    const maxAge = Number(page.attrs.get('max-age'));
    expect(maxAge).toBeLessThanOrEqual(15 * 60);
    expect(maxAge).toBeLessThanOrEqual(Number(decodeJwt(token).exp) - Math.floor(Date.now() / 1000) + 1);
    expect(maxAge).toBeGreaterThan(15 * 60 - 10);
    allHttpOnly(cookies);
  }

  it("gives a browser's access token to its page loads in an HttpOnly, SameSite=Strict cookie of the token's life (login, refresh, TOTP confirmed), clears it on logout, and never takes it in place of the Bearer header", async () => {
    const login = await browserPost('/rpc/login', { email: 'catalog@example.com', password: 'demo-password', refresh_cookie: true });
    expect(login.status).toBe(200);
    expectPageCookie(login.cookies, login.body.token);
    const refreshed = await browserPost('/rpc/refresh_token', {}, { cookie: `${REFRESH_COOKIE}=${cookieOf(login.cookies, REFRESH_COOKIE).value}` });
    expect(refreshed.status).toBe(200);
    expectPageCookie(refreshed.cookies, refreshed.body.token);
    // API clients (tokens in the body) get no cookie.
    expect((await browserPost('/rpc/login', { email: 'catalog@example.com', password: 'demo-password' })).cookies).toEqual([]);

    // The cookie alone, as a browser adds it to any request of this origin: no write, no read, no download.
    const token = refreshed.body.token as string;
    const jar = { cookie: `${PAGE_TOKEN_COOKIE}=${token}; ${LEGACY_TOKEN_COOKIE}=${token}; company=SK01` };
    const row = (
      await s.db.query<{ product_code: string; row_version: number; min_margin: string }>(
        `select product_code, row_version, min_margin from app.products where company_code = 'SK01' order by product_code limit 1`,
      )
    ).rows[0]!;
    const set = { entity: 'product_list', action: 'set', payload: { product_code: row.product_code, row_version: row.row_version, min_margin: 61 } };
    const byCookie = await browserPost('/rpc/api_action', set, { ...jar, 'sec-fetch-site': 'same-origin' });
    expect(byCookie.status).toBe(401);
    expect((await s.db.query('select min_margin from app.products where product_code = $1', [row.product_code])).rows[0]!.min_margin).toEqual(row.min_margin);
    expect((await browserPost('/rpc/api_action', { entity: 'product_list', action: 'list', payload: { endRow: 1 } }, jar)).status).toBe(401);
    expect((await browserPost('/rpc/bootstrap', { currency_code: null, page: null, form: null }, jar)).status).toBe(401);
    for (const path of [`/api/print/product_labels?product_code=${row.product_code}`, `/api/print/product_labels/pdf?product_code=${row.product_code}`]) {
      expect((await fetch(s.url + path, { headers: jar })).status, path).toBe(401);
    }
    expect((await browserPost('/api/export/product_list', { format: 'csv' }, jar)).status).toBe(401);
    // The same write with the Bearer header is taken: only the header was missing.
    expect((await browserPost('/rpc/api_action', set, { authorization: `Bearer ${token}`, 'x-company': 'SK01' })).status).toBe(200);

    // TOTP confirmed: the session's new token (no longer held to enrolment) goes to the browser's page cookie; an API client's call sets none.
    await makeUser('page-totp@example.com');
    const enrolling = await browserPost('/rpc/login', { email: 'page-totp@example.com', password: 'secret-password', refresh_cookie: true });
    const bearer = { authorization: `Bearer ${enrolling.body.token}` };
    const { secret } = (await browserPost('/rpc/totp_enrol', {}, bearer)).body.data;
    const code = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();
    const confirmed = await browserPost('/rpc/totp_confirm', { code }, { ...bearer, cookie: `${PAGE_TOKEN_COOKIE}=${enrolling.body.token}` });
    expect(confirmed.status).toBe(200);
    expectPageCookie(confirmed.cookies, confirmed.body.data.token);
    await makeUser('api-totp@example.com');
    const apiToken = (await s.login('api-totp@example.com', 'secret-password')).token;
    const apiSecret = (await browserPost('/rpc/totp_enrol', {}, { authorization: `Bearer ${apiToken}` })).body.data.secret;
    const apiCode = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(apiSecret) }).generate();
    const apiConfirmed = await browserPost('/rpc/totp_confirm', { code: apiCode }, { authorization: `Bearer ${apiToken}` });
    expect(apiConfirmed.status).toBe(200);
    expect(apiConfirmed.cookies).toEqual([]);

    // Logout clears it with the refresh cookie.
    const out = await browserPost('/rpc/logout', {}, { authorization: `Bearer ${token}` });
    expect(out.status).toBe(200);
    const cleared = cookieOf(out.cookies, PAGE_TOKEN_COOKIE);
    expect(cleared.value).toBe('');
    expect(cleared.attrs.get('max-age')).toBe('0');
    expect(cleared.attrs.get('path')).toBe('/');
    allHttpOnly(out.cookies);
  });

  it("ends the access token on logout (by its sid, even just expired), clears the refresh cookie, and leaves the user's other sessions alone", async () => {
    const a = await s.login('warehouse@example.com');
    const b = await s.login('warehouse@example.com');
    expect((await s.post('/rpc/user', {}, { token: a.token })).status).toBe(200);
    expect((await s.action(a.token, 'product_list', 'list', { endRow: 1 })).status).not.toBe(401);
    const out = await browserPost('/rpc/logout', {}, { authorization: `Bearer ${a.token}` });
    expect(out.status).toBe(200);
    expect(out.body.data.revoked).toBe(1);
    expect(refreshCookieOf(out.cookies).attrs.get('max-age')).toBe('0');
    expect(refreshCookieOf(out.cookies).attrs.get('path')).toBe('/rpc/refresh_token');
    const after = await s.post('/rpc/user', {}, { token: a.token });
    expect(after.status).toBe(401);
    expect(after.body.error).toBe('invalid_token');
    expect((await s.action(a.token, 'product_list', 'list', { endRow: 1 })).status).toBe(401); // the list path too
    expect((await s.post('/rpc/refresh_token', { refresh_token: a.refresh_token })).status).toBe(401);
    expect((await s.post('/rpc/user', {}, { token: b.token })).status).toBe(200);

    // A token that has just expired still names its session: logout ends it.
    const signer = tokenSigner(await jwtSecret(s.db, undefined), -1);
    const expired = await signer.issue(Number(decodeJwt(b.token).sub), String(decodeJwt(b.token).sid));
    expect((await s.post('/rpc/user', {}, { token: expired })).status).toBe(401);
    expect((await browserPost('/rpc/logout', {}, { authorization: `Bearer ${expired}` })).body.data.revoked).toBe(1);
    expect((await s.post('/rpc/user', {}, { token: b.token })).status).toBe(401);
    expect((await s.post('/rpc/refresh_token', { refresh_token: b.refresh_token })).status).toBe(401);
    // A token of another secret names nothing.
    const foreign = await tokenSigner('another secret of enough length for HS256 keys', 60).issue(1, String(decodeJwt(b.token).sid));
    expect((await browserPost('/rpc/logout', {}, { authorization: `Bearer ${foreign}` })).body.data.revoked).toBe(0);
  });

  it('counts a family as revoked once any of its tokens is: a token a rotation added while a logout ran dies with the rest', async () => {
    const first = await s.login('warehouse@example.com');
    const second = await s.post('/rpc/refresh_token', { refresh_token: first.refresh_token });
    expect(second.status).toBe(200);
    // The logout's update did not see the row the concurrent rotation inserted: only the older token is marked.
    await s.db.query(`update app.refresh_tokens set revoked_at = now() where family_id = $1 and used_at is not null`, [decodeJwt(first.token).sid]);
    expect((await s.post('/rpc/refresh_token', { refresh_token: second.body.refresh_token })).status).toBe(401);
    expect((await s.post('/rpc/user', {}, { token: second.body.token })).status).toBe(401);
  });

  it('refuses an access token without a session (sid), and ends every access token of a user whose sessions are all revoked', async () => {
    const t = await s.login('admin@example.com');
    const claims = decodeJwt(t.token);
    const secret = new TextEncoder().encode(await jwtSecret(s.db, undefined));
    const sidless = await new SignJWT({}).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(String(claims.sub)).setIssuedAt().setExpirationTime(Number(claims.exp)).sign(secret);
    expect((await s.post('/rpc/user', {}, { token: sidless })).status).toBe(401);
    expect((await s.action(sidless, 'product_list', 'list', { endRow: 1 })).status).toBe(401);
    // A sid naming no family of the user (another user's, or none) is no session either.
    const other = decodeJwt((await s.login('catalog@example.com')).token).sid;
    const signer = tokenSigner(await jwtSecret(s.db, undefined), 60);
    for (const sid of [String(other), '00000000-0000-0000-0000-000000000000']) {
      expect((await s.post('/rpc/user', {}, { token: await signer.issue(Number(claims.sub), sid) })).status).toBe(401);
    }
    expect((await s.post('/rpc/user', {}, { token: t.token })).status).toBe(200);

    const id = await makeUser('revoked-all@example.com');
    const u1 = (await s.post('/rpc/login', { email: 'revoked-all@example.com', password: 'secret-password' })).body;
    const u2 = (await s.post('/rpc/login', { email: 'revoked-all@example.com', password: 'secret-password' })).body;
    expect((await s.post('/rpc/user', {}, { token: u1.token })).status).toBe(200);
    await revokeAllForUser(s.db, id);
    for (const u of [u1, u2]) {
      expect((await s.post('/rpc/user', {}, { token: u.token })).status).toBe(401);
      expect((await s.post('/rpc/refresh_token', { refresh_token: u.refresh_token })).status).toBe(401);
    }
    // A family past its absolute lifetime ends its access tokens too.
    expect((await s.post('/rpc/user', {}, { token: t.token })).status).toBe(200);
    await s.db.query(`update app.refresh_tokens set expires_at = now() - interval '1 second' where family_id = $1`, [claims.sid]);
    expect((await s.post('/rpc/user', {}, { token: t.token })).status).toBe(401);
  });
});
