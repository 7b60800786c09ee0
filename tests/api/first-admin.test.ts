import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../src/server/config.ts';
import { createAdmin } from '../../src/server/db/firstAdmin.ts';
import { packingTemplates, productTypes } from '../../src/server/db/seed/catalogue.ts';
import { countries } from '../../src/server/db/seed/countries.ts';
import { currencies } from '../../src/server/db/seed/currencies.ts';
import { demoUsers, menuPages } from '../../src/server/db/seed/index.ts';
import { startServer } from '../../src/server/server.ts';
import { DEMO_PASSWORD, engines, freshDatabase, startTestServer, type Engine, type TestServer } from './harness.ts';

const ADMIN = { ADMIN_EMAIL: 'owner@shop.test', ADMIN_PASSWORD: 'a long enough secret', ADMIN_COMPANY: 'Acme Trading', ADMIN_COMPANY_CODE: 'ACME' };
const counts = async (s: TestServer, ...tables: string[]) =>
  Object.fromEntries(await Promise.all(tables.map(async (t) => [t, (await s.db.query<{ n: number }>(`select count(*)::int as n from app.${t}`)).rows[0]!.n])));

describe('demo data and the first administrator from the environment', () => {
  it('demo data by default only for the embedded database; DEMO_DATA=1 or 0 says otherwise', () => {
    expect(configFromEnv({}).demoData).toBe(true);
    expect(configFromEnv({ DATABASE_URL: 'postgres://u@db.test/bo' }).demoData).toBe(false);
    expect(configFromEnv({ DATABASE_URL: 'postgres://u@db.test/bo', DEMO_DATA: '1' }).demoData).toBe(true);
    expect(configFromEnv({ DEMO_DATA: '0' }).demoData).toBe(false);
    expect(() => configFromEnv({ DEMO_DATA: 'yes' })).toThrow('DEMO_DATA must be 1 or 0, got "yes"');
  });

  it('takes ADMIN_EMAIL with ADMIN_PASSWORD of at least 12 characters, and never says the password', () => {
    expect(configFromEnv({}).admin).toBeUndefined();
    expect(configFromEnv(ADMIN).admin).toEqual({
      email: 'owner@shop.test',
      password: 'a long enough secret',
      company: { code: 'ACME', name: 'Acme Trading', currency: 'EUR', country: 'SK' },
    });
    const refused = (env: NodeJS.ProcessEnv) => {
      try {
        configFromEnv(env);
      } catch (e) {
        return (e as Error).message;
      }
      throw new Error('accepted');
    };
    const short = refused({ ADMIN_EMAIL: 'owner@shop.test', ADMIN_PASSWORD: 'Short-pass1' });
    expect(short).toBe('ADMIN_PASSWORD must have at least 12 characters');
    expect(refused({ ADMIN_EMAIL: 'not an email', ADMIN_PASSWORD: 'a long enough secret' })).toBe('ADMIN_EMAIL: email must be valid');
    expect(refused({ ADMIN_EMAIL: 'owner@shop.test' })).toMatch(/ADMIN_EMAIL and ADMIN_PASSWORD go together/);
    expect(refused({ ...ADMIN, ADMIN_COMPANY_CURRENCY: 'euro' })).toMatch(/ADMIN_COMPANY_CURRENCY must be a three-letter currency code/);
  });

  it('makes a first company only when an ADMIN_COMPANY setting names it (the others take their defaults)', () => {
    const only = { ADMIN_EMAIL: ADMIN.ADMIN_EMAIL, ADMIN_PASSWORD: ADMIN.ADMIN_PASSWORD };
    expect(configFromEnv(only).admin?.company).toBeUndefined();
    expect(configFromEnv({ ...only, ADMIN_COMPANY: '  ' }).admin?.company).toBeUndefined();
    expect(configFromEnv({ ...only, ADMIN_COMPANY_CURRENCY: 'huf' }).admin?.company).toEqual({ code: 'MAIN', name: 'My company', currency: 'HUF', country: 'SK' });
  });
});

describe.each(engines)('a first administrator without ADMIN_COMPANY on %s', (engine) => {
  let s: TestServer;
  const env = { ADMIN_EMAIL: ADMIN.ADMIN_EMAIL, ADMIN_PASSWORD: ADMIN.ADMIN_PASSWORD, DEMO_DATA: '0' };
  beforeAll(async () => void (s = await startTestServer(engine, { env })));
  afterAll(() => s?.close());

  it('has no company until she creates one on the companies screen; then she works in it, its currency worth 1', async () => {
    expect(await counts(s, 'users', 'companies', 'currency_rate_days')).toEqual({ users: 1, companies: 0, currency_rate_days: 0 });
    const { token } = await s.login(ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const before = await s.post('/rpc/user', {}, { token });
    expect([before.body.company, before.body.companies]).toEqual([null, []]);

    const added = await s.action(token, 'companies', 'add', { company_code: 'MUST', company_name: 'Muster GmbH', currency_code: 'HUF', country_code: 'DE' });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const after = await s.post('/rpc/user', {}, { token });
    expect([after.body.company, after.body.companies]).toEqual(['MUST', [{ company_code: 'MUST', company_name: 'Muster GmbH', currency_code: 'HUF', country_code: 'DE' }]]);
    // Its own currency has its rate (migration 111), so the view currency works at once; other currencies wait for a rate.
    const own = await s.post('/rpc/view_currency_rates', { currency_code: 'HUF' }, { token, company: 'MUST' });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.data.rates).toEqual({ HUF: 1 });
    expect((await s.post('/rpc/view_currency_rates', { currency_code: 'EUR' }, { token, company: 'MUST' })).status).toBe(400);
  });
});

describe.each(engines)('a database without demo data on %s', (engine) => {
  let s: TestServer;
  // On the server: DATABASE_URL and no DEMO_DATA at all. PGlite has demo data by default, so DEMO_DATA=0.
  beforeAll(async () => void (s = await startTestServer(engine, { env: { ...ADMIN, DEMO_DATA: engine === 'postgres' ? undefined : '0' } })));
  afterAll(() => s?.close());

  it('has no demo user: no demo login works', async () => {
    for (const u of demoUsers) expect((await s.post('/rpc/login', { email: u.email, password: DEMO_PASSWORD })).status).toBe(401);
    expect(await counts(s, 'users')).toEqual({ users: 1 });
  });

  it('has the reference data and none of the demo data', async () => {
    expect(await counts(s, 'languages', 'currencies', 'countries', 'product_types', 'packing_templates', 'backend_pages', 'roles')).toEqual({
      languages: 17,
      currencies: currencies.length,
      countries: countries.length,
      product_types: productTypes.length,
      packing_templates: packingTemplates.length,
      backend_pages: menuPages.length,
      roles: 1,
    });
    expect(await counts(s, 'companies', 'shops', 'vats', 'brands', 'manufacturers', 'product_categories', 'products', 'settings')).toEqual({
      companies: 1,
      shops: 0,
      vats: 0,
      brands: 0,
      manufacturers: 0,
      product_categories: 0,
      products: 0,
      settings: 2, // the generated JWT secret and the two-step sign-in policy (migration 055, off)
    });
  });

  it('lets ADMIN_EMAIL in with every page and every flag, in the first company with rates to every currency', async () => {
    const { token } = await s.login(ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const user = await s.post('/rpc/user', {}, { token });
    expect(user.status).toBe(200);
    expect(user.body.companies).toEqual([{ company_code: 'ACME', company_name: 'Acme Trading', currency_code: 'EUR', country_code: 'SK' }]);
    const pages = await s.db.query<{ n: number }>(
      `select count(*)::int as n from app.v_user_page_permissions p join app.users u using (user_id)
       where u.user_email = $1 and p.can_perms and p.can_list and p.can_add and p.can_set and p.can_delete`,
      [ADMIN.ADMIN_EMAIL],
    );
    expect(pages.rows[0]!.n).toBe(menuPages.length);
    const rates = await s.post('/rpc/view_currency_rates', { currency_code: 'HUF' }, { token, company: 'ACME' });
    expect(rates.status).toBe(200);
    expect(rates.body.data.rates.EUR).toBeCloseTo(395);
    const added = await s.action(token, 'brands', 'add', { brand_name: 'Acme Own Brand' }, 'ACME');
    expect(added.status).toBe(200);
    const list = await s.action(token, 'brands', 'list', { endRow: 10 }, 'ACME');
    expect(list.body.data.rows.map((r: { brand_name: string }) => r.brand_name)).toEqual(['Acme Own Brand']);
  });

  it('makes no administrator from the environment once the database has a user', async () => {
    const again = await createAdmin(s.db, { ...configFromEnv(ADMIN).admin!, email: 'second@shop.test' }, { onlyFirst: true });
    expect(again).toEqual({ created: false, reason: 'users_exist' });
    expect(await counts(s, 'users', 'companies')).toEqual({ users: 1, companies: 1 });
  });
});

describe.each(engines)('a database with DEMO_DATA=1 on %s', (engine) => {
  let s: TestServer;
  beforeAll(async () => void (s = await startTestServer(engine, { env: { ...ADMIN, DEMO_DATA: '1' }, config: { demoProducts: 0 } })));
  afterAll(() => s?.close());

  it('has the demo users (the blocked one refused as blocked), and ADMIN_EMAIL is not made beside them', async () => {
    for (const u of demoUsers) expect((await s.post('/rpc/login', { email: u.email, password: DEMO_PASSWORD })).status).toBe(u.blocked ? 403 : 200);
    expect((await s.post('/rpc/login', { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD })).status).toBe(401);
    expect(await counts(s, 'companies', 'roles')).toEqual({ companies: 3, roles: 3 });
  });
});

/** `npm run create-admin` with the environment given and `input` on its standard input. */
function createAdminScript(env: NodeJS.ProcessEnv, input = ''): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'create-admin'], { env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
    child.stdin.end(input);
  });
}

describe.each(engines)('npm run create-admin on %s', (engine: Engine) => {
  let env: NodeJS.ProcessEnv;
  let cleanup = async () => {};
  beforeAll(async () => {
    if (engine === 'postgres') {
      const db = await freshDatabase();
      env = { DATABASE_URL: db.url };
      cleanup = db.drop;
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'bo-admin-'));
      env = { DATA_DIR: dir, DEMO_DATA: '0' };
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    }
  });
  afterAll(() => cleanup());

  it('makes an administrator from the environment, then one asked for on standard input; an email taken changes nothing', async () => {
    const first = await createAdminScript({ ...env, ...ADMIN });
    expect(first.out).toContain('create-admin: administrator owner@shop.test created, with the company ACME');
    expect(first.code).toBe(0);
    expect(first.out).not.toContain(ADMIN.ADMIN_PASSWORD);

    const asked = await createAdminScript(env, 'second@shop.test\nanother long secret\n');
    expect(asked.out).toContain('create-admin: administrator second@shop.test created');
    expect(asked.out).not.toContain('with the company');
    expect(asked.code).toBe(0);
    expect(asked.out).not.toContain('another long secret');

    const again = await createAdminScript({ ...env, ADMIN_EMAIL: 'OWNER@shop.test', ADMIN_PASSWORD: 'a different secret!' });
    expect(again.out).toContain('create-admin: a user with the email owner@shop.test exists already; nothing was changed');
    expect(again.code).toBe(0);

    const short = await createAdminScript(env, 'third@shop.test\nshort pw\n');
    expect(short.out).toContain('create-admin: password must have at least 12 characters');
    expect(short.out).not.toContain('short pw');
    expect(short.code).toBe(1);

    // A start on that database: both sign in with every company (the one there is); the old password still holds.
    const uiDir = mkdtempSync(join(tmpdir(), 'bo-ui-'));
    writeFileSync(join(uiDir, 'index.html'), '<!doctype html><div id="root"></div>');
    const running = await startServer({ ...configFromEnv(env), uiDir, port: 0 });
    try {
      const login = (email: string, password: string) =>
        fetch(`${running.url}/rpc/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
      expect((await login('owner@shop.test', ADMIN.ADMIN_PASSWORD)).status).toBe(200);
      expect((await login('owner@shop.test', 'a different secret!')).status).toBe(401);
      const second = await login('second@shop.test', 'another long secret');
      expect(second.status).toBe(200);
      const { token } = (await second.json()) as { token: string };
      const user = await fetch(`${running.url}/rpc/user`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: '{}' });
      expect(((await user.json()) as { companies: unknown }).companies).toEqual([{ company_code: 'ACME', company_name: 'Acme Trading', currency_code: 'EUR', country_code: 'SK' }]);
      expect((await login('third@shop.test', 'short pw')).status).toBe(401);
      expect((await login(demoUsers[0]!.email, DEMO_PASSWORD)).status).toBe(401);
    } finally {
      await running.close();
      rmSync(uiDir, { recursive: true, force: true });
    }
  });
});
