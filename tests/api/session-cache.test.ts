import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../src/server/auth/password.ts';
import { engines, startTestServer, type TestServer } from './harness.ts';

/*
 * The server keeps each user's session facts (blocked, language, companies) and the grants
 * version in memory, invalidated by the database's notifications (migration 020). A change
 * made by another connection must reach the very next request — not a moment later.
 * "Another connection": on the PostgreSQL server a client of the test's own; PGlite has a
 * single connection, the server's own handle.
 */
describe.each(engines)('session cache on %s', (engine) => {
  let s: TestServer;
  let other: { query: (sql: string, params?: unknown[]) => Promise<unknown>; close: () => Promise<void> };
  let page: string;
  beforeAll(async () => {
    s = await startTestServer(engine);
    if (s.databaseUrl) {
      const c = new pg.Client({ connectionString: s.databaseUrl });
      await c.connect();
      other = { query: (sql, params) => c.query(sql, params as unknown[]), close: () => c.end() };
    } else {
      other = { query: (sql, params) => s.db.query(sql, params), close: async () => {} };
    }
    page = (await s.db.query<{ page_code: string }>(`select page_code from app.backend_pages where url = '/products/product_list'`)).rows[0]!.page_code;
  });
  afterAll(async () => {
    await other?.close();
    await s?.close();
  });

  /** A throwaway user with product_list's list grant and two companies, signed in. */
  async function makeUser(email: string): Promise<{ id: number; token: string }> {
    const r = await s.db.query<{ user_id: number }>(`insert into app.users (user_email, user_name, password_hash) values ($1, $1, $2) returning user_id`, [
      email,
      await hashPassword('secret-password'),
    ]);
    const id = r.rows[0]!.user_id;
    await s.db.query(`insert into app.user_companies (user_id, company_code, position) values ($1, 'SK01', 0), ($1, 'HU01', 1)`, [id]);
    await s.db.query('insert into app.user_pages (user_id, page_code, can_list) values ($1, $2, true)', [id, page]);
    const login = await s.post('/rpc/login', { email, password: 'secret-password' });
    expect(login.status).toBe(200);
    return { id, token: login.body.token };
  }

  const list = (token: string, company?: string, payload: unknown = { endRow: 1 }) => s.action(token, 'product_list', 'list', payload, company);
  /** Two requests: the second is answered from the cache. */
  const warm = async (token: string, company?: string) => {
    expect((await list(token, company)).status).toBe(200);
    expect((await list(token, company)).status).toBe(200);
  };

  it('sees a user blocked and unblocked at once, every time', async () => {
    const u = await makeUser('cache-block@example.com');
    await warm(u.token);
    for (let i = 0; i < 60; i++) {
      await other.query('update app.users set blocked = true where user_id = $1', [u.id]);
      expect((await list(u.token)).status, `round ${i}`).toBe(412);
      expect((await s.post('/rpc/user', {}, { token: u.token })).status).toBe(412);
      await other.query('update app.users set blocked = false where user_id = $1', [u.id]);
      expect((await list(u.token)).status, `round ${i}`).toBe(200);
    }
  });

  it('sees a user deleted at once', async () => {
    const u = await makeUser('cache-delete@example.com');
    await warm(u.token);
    await other.query('delete from app.users where user_id = $1', [u.id]);
    expect((await list(u.token)).status).toBe(412);
    expect((await s.post('/rpc/user', {}, { token: u.token })).status).toBe(412);
  });

  it('sees a session ended (a logout by another process, a family past its life) at once, every time', async () => {
    const u = await makeUser('cache-logout@example.com');
    const sid = JSON.parse(Buffer.from(u.token.split('.')[1]!, 'base64url').toString()).sid as string;
    await warm(u.token);
    for (let i = 0; i < 30; i++) {
      await other.query('update app.refresh_tokens set revoked_at = now() where family_id = $1', [sid]);
      expect((await list(u.token)).status, `round ${i}`).toBe(401);
      expect((await s.post('/rpc/user', {}, { token: u.token })).status).toBe(401);
      // Not a thing the server does; it shows the entry follows the database both ways.
      await other.query('update app.refresh_tokens set revoked_at = null where family_id = $1', [sid]);
      expect((await list(u.token)).status, `round ${i}`).toBe(200);
    }
    await other.query(`update app.refresh_tokens set expires_at = now() - interval '1 second' where family_id = $1`, [sid]);
    expect((await list(u.token)).status).toBe(401);
    // A second session of the user stands.
    const again = await s.post('/rpc/login', { email: 'cache-logout@example.com', password: 'secret-password' });
    await warm(again.body.token);
  });

  it('sees a company taken away, given back and reordered at once', async () => {
    const u = await makeUser('cache-company@example.com');
    await warm(u.token, 'HU01');
    expect((await s.post('/rpc/user', {}, { token: u.token })).body.company).toBe('SK01');
    for (let i = 0; i < 20; i++) {
      await other.query(`delete from app.user_companies where user_id = $1 and company_code = 'HU01'`, [u.id]);
      expect((await list(u.token, 'HU01')).status, `round ${i}`).toBe(403);
      await other.query(`insert into app.user_companies (user_id, company_code, position) values ($1, 'HU01', 1)`, [u.id]);
      expect((await list(u.token, 'HU01')).status, `round ${i}`).toBe(200);
    }
    // The first company is the default one.
    await other.query(`update app.user_companies set position = 2 where user_id = $1 and company_code = 'SK01'`, [u.id]);
    expect((await s.post('/rpc/user', {}, { token: u.token })).body.company).toBe('HU01');
    // A company deleted with everything in it takes the user's membership along (cascade).
    await other.query(`insert into app.companies (company_code, company_name, currency_code, country_code)
                       select 'ZZ01', company_name, currency_code, country_code from app.companies where company_code = 'SK01'`);
    await other.query(`insert into app.user_companies (user_id, company_code, position) values ($1, 'ZZ01', 3)`, [u.id]);
    expect((await s.post('/rpc/user', {}, { token: u.token, company: 'ZZ01' })).status).toBe(200);
    await other.query(`delete from app.companies where company_code = 'ZZ01'`);
    expect((await s.post('/rpc/user', {}, { token: u.token, company: 'ZZ01' })).status).toBe(403);
  });

  it('sees a grant taken away and given back at once', async () => {
    const u = await makeUser('cache-grant@example.com');
    await warm(u.token);
    for (let i = 0; i < 20; i++) {
      await other.query('delete from app.user_pages where user_id = $1 and page_code = $2', [u.id, page]);
      expect((await list(u.token)).status, `round ${i}`).toBe(403);
      await other.query('insert into app.user_pages (user_id, page_code, can_list) values ($1, $2, true)', [u.id, page]);
      expect((await list(u.token)).status, `round ${i}`).toBe(200);
    }
    // Through a role, and a change inside one transaction of several statements.
    await other.query(`insert into app.roles (role_code) values ('cache_tmp')`);
    await other.query(`insert into app.role_pages (role_id, page_code, can_list, can_add) select role_id, $1, true, true from app.roles where role_code = 'cache_tmp'`, [page]);
    await other.query(`insert into app.user_roles (user_id, role_id) select $1, role_id from app.roles where role_code = 'cache_tmp'`, [u.id]);
    const add = () => s.action(u.token, 'product_list', 'add', {}).then((r) => r.status);
    expect(await add()).toBe(400); // allowed (the empty payload is what fails)
    await other.query(`update app.roles set active = false where role_code = 'cache_tmp'`);
    expect(await add()).toBe(403);
  });

  it('sees the user language change at once (multi-language filters follow it)', async () => {
    const u = await makeUser('cache-language@example.com');
    const code = (await s.db.query<{ product_code: string }>(`select min(product_code) as product_code from app.products where company_code = 'SK01'`)).rows[0]!.product_code;
    await s.db.query(`update app.products set product_name = product_name || '{"de": "Quokkawortprodukt"}' where product_code = $1`, [code]);
    const payload = { endRow: 5, filterModel: { product_name: { filterType: 'text', type: 'contains', filter: 'quokkawort' } } };
    const found = async () => ((await list(u.token, undefined, payload)).body.data.rows as { product_code: string }[]).map((r) => r.product_code);
    expect(await found()).toEqual([]);
    await other.query(`update app.users set language_code = 'de' where user_id = $1`, [u.id]);
    expect(await found()).toEqual([code]);
    await other.query(`update app.users set language_code = 'en' where user_id = $1`, [u.id]);
    expect(await found()).toEqual([]);
  });

  it('a change by the server itself reaches its next request too', async () => {
    const u = await makeUser('cache-self@example.com');
    await warm(u.token);
    const r = await s.post('/rpc/set_user_language', { language_code: 'de' }, { token: u.token });
    expect(r.status).toBe(200);
    const me = await s.post('/rpc/user', {}, { token: u.token });
    expect(me.body.language_code).toBe('de');
    await s.db.query('update app.users set blocked = true where user_id = $1', [u.id]);
    expect((await list(u.token)).status).toBe(412);
  });

  it.runIf(engine === 'postgres')('reads the database while the listening connection is lost, and caches again once it is back', async () => {
    const u = await makeUser('cache-lost@example.com');
    await warm(u.token);
    const killed = await other.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'listen app_session'`);
    expect((killed as { rowCount: number }).rowCount).toBe(1);
    // Nobody listens now: this change is never announced to the server.
    await other.query('update app.users set blocked = true where user_id = $1', [u.id]);
    expect((await list(u.token)).status).toBe(412);
    await other.query('update app.users set blocked = false where user_id = $1', [u.id]);
    expect((await list(u.token)).status).toBe(200);
    // Back: listening again within the retry pauses, and the cache follows changes again.
    await vi.waitFor(
      async () => {
        const r = (await other.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'listen app_session'`)) as { rows: { n: number }[] };
        expect(r.rows[0]!.n).toBe(1);
      },
      { timeout: 10_000, interval: 100 },
    );
    await warm(u.token);
    await other.query('update app.users set blocked = true where user_id = $1', [u.id]);
    expect((await list(u.token)).status).toBe(412);
  });
});
