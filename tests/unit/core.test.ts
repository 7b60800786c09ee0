import { describe, expect, it } from 'vitest';
import { breadcrumbs, menuPaths, pruneMenu, titlesByUrl, type MenuLike } from '../../src/core/breadcrumbs.ts';
import { parseCookies } from '../../src/app/session/cookies.ts';
import { requestHeaders, xHost } from '../../src/core/headers.ts';
import { apiActionMessage, classifyError, shouldLogError } from '../../src/core/httpErrors.ts';
import { splitLang, withLang } from '../../src/core/langs.ts';
import { isValidRedirectPath } from '../../src/core/redirect.ts';
import { DEFAULT_REFRESH_MS, refreshDelay, tokenExpiry } from '../../src/core/refresh.ts';

const jwt = (claims: object) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;

describe('redirect path rule', () => {
  it.each([
    ['/products/product_list', true],
    ['/de/products/brands?x=1#top', true],
    ['/a@b-c%20_~/x', true],
    ['/', true],
    ['//evil.example.com', false],
    ['https://evil.example.com/', false],
    ['products', false],
    ['/a b', false],
    ['/javascript:alert(1)', false],
    ['/x\\y', false],
    ['', false],
  ])('%s → %s', (path, ok) => expect(isValidRedirectPath(path)).toBe(ok));
  it('refuses non-strings and very long paths', () => {
    expect(isValidRedirectPath(undefined)).toBe(false);
    expect(isValidRedirectPath(`/${'a'.repeat(3000)}`)).toBe(false);
  });
});

describe('language prefixes', () => {
  it('splits and adds the prefix only when missing', () => {
    expect(splitLang('/de/products/brands')).toEqual({ lang: 'de', path: '/products/brands' });
    expect(splitLang('/bg')).toEqual({ lang: 'bg', path: '/' });
    expect(splitLang('/xx/products')).toEqual({ lang: undefined, path: '/xx/products' });
    expect(withLang('/products/brands', 'hu')).toBe('/hu/products/brands');
    expect(withLang('/sk/products/brands', 'hu')).toBe('/sk/products/brands');
    expect(withLang('/', 'ro')).toBe('/ro');
    expect(withLang('login', 'cs')).toBe('/cs/login');
  });
});

describe('refresh scheduling', () => {
  const now = 1_800_000_000_000;
  it('runs at 80 % of the remaining life', () => {
    expect(refreshDelay(jwt({ exp: now / 1000 + 900 }), now)).toBe(720_000);
  });
  it('uses 36,000,000 ms without a usable expiry', () => {
    expect(refreshDelay(jwt({ sub: '1' }), now)).toBe(DEFAULT_REFRESH_MS);
    expect(refreshDelay('not-a-jwt', now)).toBe(36_000_000);
    expect(refreshDelay(undefined, now)).toBe(36_000_000);
    expect(refreshDelay(jwt({ exp: 'soon' }), now)).toBe(36_000_000);
  });
  it('schedules nothing when the expiry is past', () => {
    expect(refreshDelay(jwt({ exp: now / 1000 - 1 }), now)).toBeNull();
    expect(refreshDelay(jwt({ exp: now / 1000 }), now)).toBeNull();
  });
  it('reads exp from base64url payloads', () => {
    expect(tokenExpiry(jwt({ exp: 123, name: 'ő?>' }))).toBe(123);
  });
});

describe('request headers', () => {
  it('strips www. and the port from X-Host', () => {
    expect(xHost('www.shop.example.com:3000')).toBe('shop.example.com');
    expect(xHost('localhost:3000')).toBe('localhost');
    expect(xHost('WWW.Example.com')).toBe('example.com');
    expect(xHost('shop-sk.example.com.')).toBe('shop-sk.example.com');
    expect(xHost('WWW.Shop-SK.example.com.:8443')).toBe('shop-sk.example.com');
  });
  it('sends JSON, no-cache and X-Host always; Bearer and X-Company only when logged in', () => {
    const guest = requestHeaders({ host: 'www.a.com:80', company: 'SK01' });
    expect(guest).toMatchObject({ 'Content-Type': 'application/json', Accept: 'application/json', 'Cache-Control': 'no-cache', 'X-Host': 'a.com' });
    expect(guest.Authorization).toBeUndefined();
    expect(guest['X-Company']).toBeUndefined();
    const user = requestHeaders({ host: 'a.com', token: 't', company: 'SK01' });
    expect(user.Authorization).toBe('Bearer t');
    expect(user['X-Company']).toBe('SK01');
    expect(requestHeaders({ host: 'a.com', token: 't' })['X-Company']).toBeUndefined();
  });
});

describe('breadcrumbs', () => {
  const menu: MenuLike[] = [
    { page_title: { en: 'Products', de: 'Produkte' }, url: null, children: [{ page_title: { en: 'Brands', de: 'Marken' }, url: '/products/brands', children: [] }] },
    { page_title: { en: 'Settings' }, url: null, children: [{ page_title: { en: 'VAT' }, url: '/settings/vats', children: [] }] },
  ];
  // Title keys of routes, as the generated route tree carries them.
  const titles: Record<string, string> = {
    '/products/brands': 'screens.brands.title',
    '/shops/2frontendPages': 'screens.frontend_pages2.title',
    '/shops/2frontendPages/colDefs': 'screens.frontend_pages2_col_defs.title',
    '/ai-query': 'ai.title',
  };
  const titleOf = (p: string) => titles[p];
  it('starts with Home, then the area, then the page: the title is the last crumb', () => {
    expect(breadcrumbs('/products/brands', titleOf)).toEqual([
      { id: 'chrome.home', to: '/' },
      { id: 'areas.products', to: undefined },
      { id: 'screens.brands.title', to: '/products/brands' },
    ]);
  });
  it('links the routes above a sub-route; a page outside any area has none', () => {
    expect(breadcrumbs('/shops/2frontendPages/colDefs/', titleOf)).toEqual([
      { id: 'chrome.home', to: '/' },
      { id: 'areas.shops', to: undefined },
      { id: 'screens.frontend_pages2.title', to: '/shops/2frontendPages' },
      { id: 'screens.frontend_pages2_col_defs.title', to: '/shops/2frontendPages/colDefs' },
    ]);
    expect(breadcrumbs('/ai-query', titleOf).map((c) => c.id)).toEqual(['chrome.home', 'ai.title']);
  });
  it('gives only Home on the landing page', () => {
    expect(breadcrumbs('/', titleOf)).toEqual([{ id: 'chrome.home', to: '/' }]);
  });
  it('lists the pages of the tree', () => {
    expect([...menuPaths(menu)]).toEqual(['/products/brands', '/settings/vats']);
    expect(titlesByUrl(menu, 'de').get('/products/brands')).toBe('Marken');
  });
  it('prunes pages that are not built and groups left empty', () => {
    const pruned = pruneMenu(menu, new Set(['/products/brands']));
    expect(pruned).toHaveLength(1);
    expect(pruned[0]!.children.map((c) => c.url)).toEqual(['/products/brands']);
    expect(pruneMenu(menu, new Set())).toEqual([]);
  });
});

describe('common error handling (spec §8)', () => {
  const c = (status: number, path = '/rpc/api_action', loggedIn = true, retried = false) => classifyError({ status, path, loggedIn, retried });
  it('401 while logged in: one refresh and retry; then logout to /login', () => {
    expect(c(401)).toEqual({ kind: 'refresh-and-retry' });
    expect(c(401, '/rpc/api_action', true, true)).toEqual({ kind: 'logout', to: '/login' });
    expect(c(401, '/rpc/refresh_token')).toEqual({ kind: 'logout', to: '/login' });
    expect(c(401, '/rpc/user', false)).toEqual({ kind: 'logout', to: '/login' });
    expect(c(401, '/rpc/login', false)).toEqual({ kind: 'return' });
  });
  it('412 logs out to the root; 403 on login drops the auth header; the rest returns', () => {
    expect(c(412)).toEqual({ kind: 'logout', to: '/' });
    expect(c(403, '/rpc/login', false)).toEqual({ kind: 'drop-auth-header' });
    expect(c(403)).toEqual({ kind: 'return' });
    expect(c(500)).toEqual({ kind: 'return' });
    expect(c(409)).toEqual({ kind: 'return' });
  });
  it('logs failures of logged-in users except the log call itself', () => {
    expect(shouldLogError('/rpc/api_action', true)).toBe(true);
    expect(shouldLogError('/rpc/page_error_log', true)).toBe(false);
    expect(shouldLogError('/rpc/api_action', false)).toBe(false);
  });
  it('maps api_action failures to messages', () => {
    expect(apiActionMessage(403, 'Forbidden')).toEqual({ id: 'messages.forbidden' });
    // A rule of the database that refused the actor (migration 086) is said by its own text.
    expect(apiActionMessage(403, 'Forbidden', 'user_outranks_you')).toEqual({ id: 'rules.user_outranks_you' });
    expect(apiActionMessage(404, 'Not Found')).toEqual({ id: 'messages.bad_data_source' });
    expect(apiActionMessage(500, 'Internal Server Error')).toEqual({ id: 'messages.status_text', text: 'Internal Server Error' });
  });
});

describe('cookie jar', () => {
  it('reads every cookie of one document.cookie string, decoded; the first of a repeated name wins', () => {
    const jar = parseCookies('auth.token.local=Bearer%20abc; company=SK01; language=de; company=HU01; =x; junk; bad=%E0%A4%A');
    expect(jar.get('auth.token.local')).toBe('Bearer abc');
    expect(jar.get('company')).toBe('SK01');
    expect(jar.get('language')).toBe('de');
    // Malformed parts (no name, no '=', not URI-encoded) are left out, not thrown on.
    expect([...jar.keys()]).toEqual(['auth.token.local', 'company', 'language']);
    expect(parseCookies('').size).toBe(0);
  });
});
