import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startSignedIn, type TestServer } from './harness.ts';

interface Node {
  url: string | null;
  page_title: Record<string, string>;
  perms: Record<string, boolean>;
  children: Node[];
}
const urls = (menu: Node[]): string[] => menu.flatMap((n) => [...(n.url ? [n.url] : []), ...urls(n.children)]);

describe.each(engines)('rpc procedures on %s', (engine) => {
  let s: TestServer, admin: string, catalog: string, warehouse: string;
  beforeAll(async () => void ({ s, admin, catalog, warehouse } = await startSignedIn(engine)));
  afterAll(() => s?.close());

  it('init lists the seven languages, all languages, the language asked for and the cdn', async () => {
    const r = await s.post('/rpc/init', { language_code: 'hu' });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe(200);
    expect(r.body.data.languages.map((l: { language_code: string }) => l.language_code)).toEqual(['en', 'de', 'hu', 'sk', 'ro', 'cs', 'bg']);
    expect(r.body.data.all_languages.length).toBeGreaterThan(7);
    expect(r.body.data.language).toMatchObject({ language_code: 'hu', iso_code: 'hu-HU', family_name_first: true });
    expect(r.body.data.companies).toEqual([]); // a guest sees no companies
    // The demo's CDN is this server (GET /p/{imageId}.jpg): '' = same origin.
    expect(r.body.data.cdn).toBe('');
    const signedIn = await s.post('/rpc/init', {}, { token: admin });
    expect(signedIn.body.data.companies).toHaveLength(3);
    expect((await s.post('/rpc/init', { language_code: 'xx1' })).status).toBe(400);
  });

  it('names every language as it names itself, with a canonical locale (en-GB, not en-UK)', async () => {
    const r = await s.post('/rpc/init', {});
    for (const l of r.body.data.all_languages as { language_code: string; iso_code: string; language_name: string }[]) {
      expect(Intl.getCanonicalLocales(l.iso_code)[0], l.language_code).toBe(l.iso_code);
      expect(l.iso_code.split('-')[0]).toBe(l.language_code);
      const own = new Intl.DisplayNames([l.language_code], { type: 'language' }).of(l.language_code)!;
      expect(l.language_name, l.language_code).toBe(own.charAt(0).toLocaleUpperCase(l.language_code) + own.slice(1));
    }
  });

  it('answers an AI question without an engine naming the variable that sets it up (the page says it in the language), after checking the session and the body', async () => {
    expect((await s.post('/ai/query', { question: 'Which products sell best?', options: {} })).status).toBe(401);
    expect((await s.post('/ai/query', { options: {} }, { token: admin })).status).toBe(400);
    const r = await s.post('/ai/query', { question: 'Which products sell best?', options: {} }, { token: admin });
    expect(r.status).toBe(503);
    expect(r.body).toEqual({ error: 'not_configured', message: 'OpenAI is not configured on this server (set OPENAI_API_KEY)', params: { engine: 'OpenAI', variable: 'OPENAI_API_KEY' } });
  });

  it("user returns the menu tree of the user's pages, companies, bookmarks and scope", async () => {
    const a = await s.post('/rpc/user', {}, { token: admin });
    expect(a.status).toBe(200);
    const all = urls(a.body.menu);
    for (const u of ['/products/product_list', '/settings/vats', '/warehouse/shelf_list', '/shops/2frontendPages/colDefs', '/ai-query']) {
      expect(all).toContain(u);
    }
    expect(a.body.scope).toContain('administrator');
    expect(a.body.bookmarks).toContainEqual({ path: '/products/product_list' });

    const c = await s.post('/rpc/user', {}, { token: catalog });
    const cu = urls(c.body.menu);
    expect(cu).toContain('/products/product_list');
    expect(cu).toContain('/prices/show_prices');
    expect(cu.some((u) => u.startsWith('/warehouse/'))).toBe(false);
    expect(cu).not.toContain('/settings/vats');
    const productList = c.body.menu.flatMap((n: Node) => n.children).find((n: Node) => n.url === '/products/product_list');
    expect(productList.perms).toEqual({ perms: false, list: true, add: true, set: true, delete: false });
    const title = (await s.db.query<{ t: Record<string, string> }>(`select page_title as t from app.backend_pages where url = '/products/product_list'`)).rows[0]!.t;
    expect(Object.keys(title).length).toBeGreaterThan(1);
    expect(productList.page_title).toEqual(title);
    expect(c.body.companies.map((x: { company_code: string }) => x.company_code)).toEqual(['SK01']);

    const w = urls((await s.post('/rpc/user', {}, { token: warehouse })).body.menu);
    expect(w.every((u) => /^\/(warehouse|purchasing|print)\//.test(u))).toBe(true);
    expect(w.length).toBeGreaterThan(10);
  });

  it('set_user_language changes the language the user reads multi-language columns in', async () => {
    const r = await s.post('/rpc/set_user_language', { language_code: 'hu' }, { token: warehouse });
    expect(r.body).toEqual({ data: { language_code: 'hu' } });
    expect((await s.post('/rpc/user', {}, { token: warehouse })).body.language_code).toBe('hu');
    expect((await s.post('/rpc/set_user_language', { language_code: 'fr' }, { token: warehouse })).status).toBe(400);
    expect((await s.post('/rpc/set_user_language', { language_code: 'en' })).status).toBe(401);
  });

  it("page_log logs the visit and tells whether the page is the user's", async () => {
    const ok = await s.post('/rpc/page_log', { _page_name: '/de/products/product_list' }, { token: catalog });
    expect(ok.body).toEqual({ data: { allowed: true } });
    const no = await s.post('/rpc/page_log', { _page_name: '/de/warehouse/shelf_list' }, { token: catalog });
    expect(no.body).toEqual({ data: { allowed: false } });
    const logged = await s.db.query<{ page_name: string }>('select page_name from app.page_log order by log_id desc limit 2');
    expect(logged.rows.map((x) => x.page_name)).toEqual(['/de/warehouse/shelf_list', '/de/products/product_list']);
    expect((await s.post('/rpc/page_log', { _page_name: '/x' })).status).toBe(401);
  });

  it('page_error_log stores the error', async () => {
    const r = await s.post('/rpc/page_error_log', { _page_name: '/en/products/brands', _error: '500 Internal' }, { token: admin });
    expect(r.body).toEqual({ data: { logged: true } });
    const e = await s.db.query('select page_name, error from app.page_error_log');
    expect(e.rows).toContainEqual({ page_name: '/en/products/brands', error: '500 Internal' });
    expect((await s.post('/rpc/page_error_log', { _page_name: '/x' }, { token: admin })).status).toBe(400);
  });

  it('currencies and view rates follow the verified company', async () => {
    const sk = await s.post('/rpc/currencies', { currency_code: null }, { token: admin, company: 'SK01' });
    expect(sk.body.data.currency.currency_code).toBe('EUR');
    expect(sk.body.data.company_rates.EUR).toBe(1);
    const hu = await s.post('/rpc/currencies', {}, { token: admin, company: 'HU01' });
    expect(hu.body.data.currency.currency_code).toBe('HUF');
    // Forint prices are whole (no fillér in use): 12 990 Ft, not 12 990,00 Ft.
    expect(hu.body.data.currency.currency_precision).toBe(0);
    expect(hu.body.data.company_rates.HUF).toBe(1);
    expect(hu.body.data.company_rates.EUR).toBeGreaterThan(100);
    expect(hu.body.data.currencies.length).toBeGreaterThanOrEqual(3);
    const v = await s.post('/rpc/view_currency_rates', { currency_code: 'HUF' }, { token: admin, company: 'SK01' });
    expect(v.body.data.rates.HUF).toBe(1);
    // 1 EUR shown in HUF: amount × rate(EUR) in the HUF view.
    expect(v.body.data.rates.EUR).toBeCloseTo(1 / sk.body.data.company_rates.HUF, 6);
    expect((await s.post('/rpc/view_currency_rates', { currency_code: 'XXX' }, { token: admin })).status).toBe(400);
    expect((await s.post('/rpc/view_currency_rates', { currency_code: 'eur' }, { token: admin })).status).toBe(400);
  });

  it('category_tree answers the tree in the language asked for', async () => {
    const en = await s.post('/rpc/category_tree', { language_code: 'en' });
    const bg = await s.post('/rpc/category_tree', { language_code: 'bg' });
    expect(en.status).toBe(200);
    expect(en.body.length).toBeGreaterThan(5);
    expect(en.body[0].children.length).toBeGreaterThan(0);
    expect(bg.body[0].category_name).not.toBe(en.body[0].category_name);
    expect(bg.body[0].category_name).toMatch(/[\u0400-\u04FF]/);
  });

  it('GET /shops lists the shops of the verified company', async () => {
    const sk = await s.get('/shops', { token: admin, company: 'SK01' });
    expect(sk.status).toBe(200);
    expect(sk.body.length).toBeGreaterThan(0);
    expect(new Set(sk.body.map((x: { company_code: string }) => x.company_code))).toEqual(new Set(['SK01']));
    const cz = await s.get('/shops', { token: admin, company: 'CZ01' });
    expect(new Set(cz.body.map((x: { company_code: string }) => x.company_code))).toEqual(new Set(['CZ01']));
    expect((await s.get('/shops')).status).toBe(401);
  });

  it("user_bookmarks set replaces the user's bookmarks, stored without the language prefix", async () => {
    const r = await s.action(warehouse, 'user_bookmarks', 'set', [{ path: '/de/warehouse/shelf_list' }, { path: '/print/pick_lists_print' }]);
    expect(r.status).toBe(200);
    const u = await s.post('/rpc/user', {}, { token: warehouse });
    expect(u.body.bookmarks).toEqual([{ path: '/warehouse/shelf_list' }, { path: '/print/pick_lists_print' }]);
    expect((await s.action(warehouse, 'user_bookmarks', 'set', [{ path: 'javascript:alert(1)' }])).status).toBe(400);
    expect((await s.action(warehouse, 'user_bookmarks', 'set', { path: '/x' })).status).toBe(400);
    expect((await s.action(warehouse, 'user_bookmarks', 'delete', { keys: [1] })).status).toBe(400);
  });

  it('serves the OpenAPI document and the UI with the SPA fallback', async () => {
    const doc = await s.get('/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.body.paths)).toContain('/rpc/api_action');
    for (const path of ['/', '/de/products/product_list', '/bg']) {
      const r = await fetch(s.url + path);
      expect(r.status).toBe(200);
      expect(await r.text()).toContain('<div id="root">');
    }
    expect((await fetch(`${s.url}/xx/products`)).status).toBe(404);
  });

  it("says the route's language in <html lang> from the first byte, and shows a browser the HTML not-found page for an unknown language prefix", async () => {
    const page = async (path: string, headers: Record<string, string> = {}) => {
      const r = await fetch(s.url + path, { headers: { accept: 'text/html,application/xhtml+xml', ...headers } });
      return { status: r.status, type: r.headers.get('content-type') ?? '', lang: /<html lang="([a-z]{2})"/.exec(await r.text())?.[1] };
    };
    expect(await page('/de/products/product_list')).toMatchObject({ status: 200, lang: 'de' });
    expect(await page('/bg')).toMatchObject({ status: 200, lang: 'bg' });
    // The route's language wins over the cookie's; without a route language, the cookie's, else English.
    expect(await page('/hu/products/product_list', { cookie: 'language=de' })).toMatchObject({ status: 200, lang: 'hu' });
    expect(await page('/', { cookie: 'theme=x; language=cs' })).toMatchObject({ status: 200, lang: 'cs' });
    expect(await page('/', { cookie: 'language=zz' })).toMatchObject({ status: 200, lang: 'en' });
    // An unknown prefix: the UI's page with status 404 (the client shows its not-found page), never JSON to a browser.
    for (const [cookie, lang] of [
      ['language=de', 'de'],
      ['', 'en'],
    ] as const) {
      const r = await page('/xx/products/product_list', cookie ? { cookie } : {});
      expect(r).toMatchObject({ status: 404, lang });
      expect(r.type).toContain('text/html');
    }
    expect((await page('/no/such/page')).status).toBe(404);
    // API clients still read JSON.
    const api = await fetch(`${s.url}/xx/products`, { headers: { accept: 'application/json' } });
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ error: 'not_found' });
    const rpc = await fetch(`${s.url}/rpc/no_such`, { headers: { accept: 'text/html' } });
    expect(rpc.headers.get('content-type')).toContain('application/json');
  });
});
