/**
 * Issue 27: `bootstrap` answers in one call what a page load asked for in a chain — and
 * exactly that: the same values the separate calls give the same user in the same company,
 * under their checks, and nothing of a company the user lacks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGACY_TOKEN_COOKIE, PAGE_TOKEN_COOKIE } from '../../src/core/authCookies.ts';
import { firstRequestParts, firstRowsPayload } from '../../src/core/firstRows.ts';
import { screens } from '../../src/server/actions/engine/screens.ts';
import { engines, startTestServer, type Json, type TestServer } from './harness.ts';
import { startDataOf } from './pageStart.ts';

/** The lookups product_list's ref columns read whole (not searched). */
const wholeLookups = (form: string) => [
  ...new Set(
    Object.values(screens.get(form)!.columns)
      .filter((c) => c.type === 'ref' && c.lookup && !screens.get(c.lookup)!.source.search)
      .map((c) => c.lookup!),
  ),
];

describe.each(engines)('bootstrap on %s', (engine) => {
  let s: TestServer;
  let admin: string;
  let catalog: string;

  beforeAll(async () => {
    s = await startTestServer(engine);
    admin = (await s.login('admin@example.com')).token;
    catalog = (await s.login('catalog@example.com')).token;
  });
  afterAll(() => s?.close());

  const ok = async (path: string, body: unknown, token: string, company?: string): Promise<Json> => {
    const r = await s.post(path, body, { token, ...(company ? { company } : {}) });
    expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
    return r.body;
  };
  /** The statements the server ran during `fn` (PGlite: the server's database object is this one). */
  let read: string[] = [];
  const reads = async <T>(fn: () => Promise<T>): Promise<T> => {
    const db = s.db as { query: (sql: string, params?: unknown[]) => Promise<unknown> };
    const query = db.query;
    read = [];
    db.query = (sql, params) => (read.push(sql), query.call(db, sql, params));
    try {
      return await fn();
    } finally {
      db.query = query;
    }
  };
  const action = async (token: string, entity: string, act: string, payload: unknown, company?: string) => (await ok('/rpc/api_action', { entity, action: act, payload }, token, company)).data;

  it.each([
    ['admin', 'HU01', 'EUR'],
    ['admin', 'SK01', null],
    ['catalog', undefined, 'CZK'],
  ])('answers for %s in %s (view currency %s) what the separate calls answer', async (who, company, currency) => {
    const token = who === 'admin' ? admin : catalog;
    const form = 'product_list';
    // A grid state of the user's, so that part is not empty.
    await action(token, 'grid_state', 'set', { form, state: { v: 2, sorting: [{ id: 'product_code', desc: true }] } }, company);
    const page = '/en/products/product_list';
    const visits = async () => (await s.db.query<{ n: number }>('select count(*)::int as n from app.page_log where page_name = $1', [page])).rows[0]!.n;
    const before = await visits();
    const b = (await reads(() => ok('/rpc/bootstrap', { currency_code: currency, page, form }, token, company))).data;
    // The parts that need the user's menu (user, page_log) and companies (user, init) share one read of each.
    if (engine === 'pglite') {
      expect(read.filter((q) => /from app\.backend_pages/.test(q))).toHaveLength(1);
      expect(read.filter((q) => /join app\.companies c on c\.company_code = u\.code/.test(q))).toHaveLength(1);
    }

    expect(b.user).toEqual(await ok('/rpc/user', {}, token, company));
    expect(b.init).toEqual((await ok('/rpc/init', {}, token, company)).data);
    const shops = await s.get('/shops', { token, ...(company ? { company } : {}) });
    expect(b.shops).toEqual(shops.body);
    const cur = (await ok('/rpc/currencies', { currency_code: null }, token, company)).data;
    expect(b.currencies).toEqual(cur);
    // The view currency: the asked one while the company has a rate for it, else the company's own.
    const chosen = currency && cur.company_rates[currency] ? currency : cur.currency.currency_code;
    expect(b.view_rates).toEqual((await ok('/rpc/view_currency_rates', { currency_code: chosen }, token, company)).data);
    // The visit is logged once, as page_log logs it.
    expect(b.page).toEqual({ allowed: true });
    expect(await visits()).toBe(before + 1);

    expect(b.screen.form).toBe(form);
    expect(b.screen.grid_state).toEqual(await action(token, 'grid_state', 'list', { form }, company));
    expect(b.screen.grid_state.rows[0].state.sorting).toEqual([{ id: 'product_code', desc: true }]);
    const names = wholeLookups(form);
    expect(names.length).toBeGreaterThan(3);
    expect(Object.keys(b.screen.lookups).sort()).toEqual([...names].sort());
    for (const name of names) expect(b.screen.lookups[name], name).toEqual(await action(token, name, 'list', {}, company));
  });

  it('gives nothing of a company the user lacks', async () => {
    // catalog works in SK01 only: naming HU01 is refused, as every call is.
    const refused = await s.post('/rpc/bootstrap', { form: 'product_list' }, { token: catalog, company: 'HU01' });
    expect(refused.status).toBe(403);
    expect((await s.post('/rpc/user', {}, { token: catalog, company: 'HU01' })).status).toBe(403);

    const b = (await ok('/rpc/bootstrap', { form: 'product_list' }, catalog)).data;
    expect(b.user.company).toBe('SK01');
    expect(b.user.companies.map((c: Json) => c.company_code)).toEqual(['SK01']);
    expect(b.shops.length).toBeGreaterThan(0);
    expect(b.shops.every((x: Json) => x.company_code === 'SK01')).toBe(true);
    // The company's own VAT rates only (vats_brief belongs to a company).
    const vats = b.screen.lookups.vats_brief.rows;
    expect(vats.length).toBeGreaterThan(0);
    const own = await s.db.query<{ vat_id: number }>(`select vat_id from app.vats where company_code = 'SK01'`);
    expect(new Set(vats.map((v: Json) => v.vat_id))).toEqual(new Set(own.rows.map((r) => r.vat_id)));
    // Without a page and a form, no log and no screen part.
    const bare = (await ok('/rpc/bootstrap', {}, catalog)).data;
    expect(bare.page).toBeNull();
    expect(bare.screen).toBeNull();
  });

  it('refuses a guest, an unknown field and a bad form name; an unknown form has no screen part', async () => {
    expect((await s.post('/rpc/bootstrap', {})).status).toBe(401);
    expect((await s.post('/rpc/bootstrap', { company: 'HU01' }, { token: admin })).status).toBe(400);
    expect((await s.post('/rpc/bootstrap', { form: 'x; drop table' }, { token: admin })).status).toBe(400);
    expect((await ok('/rpc/bootstrap', { form: 'no_such_form' }, admin)).data.screen).toBeNull();
  });

  /** The start a page load of `path` carries (server/http/startData.ts), or undefined. */
  const pageStart = async (path: string, cookies: Record<string, string>, headers: Record<string, string> = {}) => {
    const r = await fetch(s.url + path, {
      headers: {
        ...headers,
        cookie: Object.entries(cookies)
          .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
          .join('; '),
      },
    });
    expect(r.status).toBe(200);
    const html = await r.text();
    return { start: startDataOf(html), cacheControl: r.headers.get('cache-control'), html, cookies: r.headers.getSetCookie() };
  };

  it("sends a signed-in page load its bootstrap and its screen's first rows as data: the calls' own answers, in the company they allow", async () => {
    const { start, cacheControl } = await pageStart('/de/products/product_list', { [PAGE_TOKEN_COOKIE]: admin, company: 'HU01', currency: 'EUR' });
    expect(cacheControl).toBe('no-store');
    expect(start.request).toEqual({ currency_code: 'EUR', page: '/de/products/product_list', form: 'product_list' });
    // The answer is the call's (the page view is logged once more by the call: left out of the comparison).
    const call = await ok('/rpc/bootstrap', start.request, admin, 'HU01');
    expect({ ...start.bootstrap.data, page: null }).toEqual({ ...call.data, page: null });
    expect(start.bootstrap.data.user.company).toBe('HU01');
    const payload = { startRow: 0, endRow: 100, language: 'de', count: 'estimate' };
    expect(start.rows).toMatchObject({ company: 'HU01', form: 'product_list', payload });
    // The same rows in the same order (their stock may move meanwhile: the server's arrival job books stock as it starts).
    const saved = start.bootstrap.data.screen.grid_state.rows.find((r: Json) => r.form === 'product_list')?.state ?? null;
    expect(start.rows.payload).toEqual(firstRowsPayload(firstRequestParts(saved), 'de'));
    const list = await action(admin, 'product_list', 'list', start.rows.payload, 'HU01');
    expect(start.rows.data.rows.map((r: Json) => r.product_code)).toEqual(list.rows.map((r: Json) => r.product_code));
    expect(start.rows.data.total).toBe(list.total);
    expect(Object.keys(start.rows.data.rows[0]).sort()).toEqual(Object.keys(list.rows[0]).sort());
    // catalog may not work in HU01: no start at all (the app's own call hears why).
    expect((await pageStart('/en/products/product_list', { [PAGE_TOKEN_COOKIE]: catalog, company: 'HU01' })).start).toBeUndefined();
    // No company cookie: the user's first, as the call chooses.
    const own = (await pageStart('/en/products/product_list', { [PAGE_TOKEN_COOKIE]: catalog })).start;
    expect(own.rows.company).toBe('SK01');
    expect(own.rows.data.rows.length).toBeGreaterThan(0);
  });

  it('sends no start without a session or with a refused token; text in it cannot close its element', async () => {
    expect((await pageStart('/en/products/product_list', {})).start).toBeUndefined();
    expect((await pageStart('/en/products/product_list', { [PAGE_TOKEN_COOKIE]: 'forged.token.value' })).start).toBeUndefined();
    // A brand named like a closing tag, shown in a lookup the start carries.
    await action(admin, 'brands', 'add', { brand_name: '</script><script>alert(1)</script>' }, 'SK01');
    const { start, html } = await pageStart('/en/products/product_list', { [PAGE_TOKEN_COOKIE]: admin, company: 'SK01' });
    expect(html).not.toContain('</script><script>alert(1)');
    expect(JSON.stringify(start)).toContain('</script><script>alert(1)</script>');
  });

  it('takes the session only from the HttpOnly page-token cookie, on a load of its own origin or the user’s; the old script-readable token cookie counts for nothing and is removed', async () => {
    const page = '/en/products/product_list';
    // A navigation the user started (typed, bookmark, reload) or one of this origin's pages: the start.
    expect((await pageStart(page, { [PAGE_TOKEN_COOKIE]: admin }, { 'sec-fetch-site': 'none' })).start).toBeDefined();
    expect((await pageStart(page, { [PAGE_TOKEN_COOKIE]: admin }, { 'sec-fetch-site': 'same-origin' })).start).toBeDefined();
    // A sibling subdomain's (same-site: SameSite=Strict sends the cookie) or another site's: none.
    for (const site of ['same-site', 'cross-site']) expect((await pageStart(page, { [PAGE_TOKEN_COOKIE]: admin }, { 'sec-fetch-site': site })).start, site).toBeUndefined();
    // The earlier version's cookie, with a token the server would take as Bearer: no start, and a Set-Cookie that removes it.
    const legacy = await pageStart(page, { [LEGACY_TOKEN_COOKIE]: admin, company: 'SK01' });
    expect(legacy.start).toBeUndefined();
    expect(legacy.html).not.toContain('id="first-paint"');
    expect(legacy.cookies).toEqual([`${LEGACY_TOKEN_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`]);
    expect(legacy.cacheControl).toBe('no-store');
    // Beside the page cookie: the page's start, and the old one removed all the same.
    const both = await pageStart(page, { [LEGACY_TOKEN_COOKIE]: 'forged.token.value', [PAGE_TOKEN_COOKIE]: admin });
    expect(both.start).toBeDefined();
    expect(both.cookies).toEqual([`${LEGACY_TOKEN_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`]);
    expect((await pageStart(page, { [PAGE_TOKEN_COOKIE]: admin })).cookies).toEqual([]);
  });
});
