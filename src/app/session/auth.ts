import { refreshDelay } from '../../core/refresh.ts';
import { viewCurrency } from '../../core/viewCurrency.ts';
import { api, setAuthHooks } from '../api/client.ts';
import { earlyKey, forgetEarly, keepEarly } from '../api/early.ts';
import { takeStartBootstrap } from '../api/startData.ts';
import { takeEarlyRefresh } from './earlyRefresh.ts';
import { COOKIES, getCookie, removeCookie, setCookie } from './cookies.ts';
import { session } from './session.ts';

/**
 * The auth lifecycle of spec §4: login stores the token and fetches the user; a refresh
 * is scheduled at 80 % of the token's remaining life; logout (explicit, failed refresh,
 * unrecoverable 401, 412) ends the session on the server, clears the token, the timer and
 * the menu. The refresh token never reaches this code: the server keeps it in an HttpOnly
 * cookie sent only to /rpc/refresh_token (issue 21, hardening 6). The access token is kept
 * in memory only (issue 42, point 7): a page load asks the refresh call for one
 * (`restoreSession`); the server draws signed-in pages by its own HttpOnly copy.
 */
let timer: ReturnType<typeof setTimeout> | undefined;
let refreshing: Promise<boolean> | undefined;
let navigate: (to: string) => void = (to) => location.assign(to);

/** The router plugs in its navigation (logout → /login or root, with the language prefix). */
export const setNavigate = (fn: (to: string) => void) => {
  navigate = fn;
};

function storeToken(token: string) {
  setCookie(COOKIES.strategy, 'local');
  session.set({ token });
  scheduleRefresh();
}

function scheduleRefresh(now = Date.now()) {
  clearTimeout(timer);
  timer = undefined;
  const token = session.get().token;
  if (!token) return; // signed out: no session to keep
  const delay = refreshDelay(token, now);
  if (delay === null) return;
  // setTimeout cannot wait longer than 2^31-1 ms.
  timer = setTimeout(() => void refresh().then((ok) => ok || logout('/login')), Math.min(delay, 2_147_483_647));
}

/** One refresh at a time (per tab; tabs refreshing at once share the server's grace); resolves whether a new token is in the session. */
function refresh(): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      // The refresh cookie goes along by itself; no Authorization (an access token is no refresh token).
      // A page load's first: the entry's call (earlyRefresh.ts), already under way.
      const r = await (takeEarlyRefresh() ?? api.rpc('refresh_token', {}, { anonymous: true, retried: true }));
      storeToken(r.token);
      return true;
    } catch {
      console.error('Refresh token API error');
      return false;
    }
  })().finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

let restoring: Promise<boolean> | undefined;
/**
 * A page load's token: this browser signed in (the `strategy` cookie, no secret), so the
 * refresh call (its HttpOnly cookie) gives a fresh one. Once per page load, shared by every
 * route check; resolves once it is over (the session's token says how). A refused refresh
 * forgets the sign-in: the next page load asks nothing.
 */
export function restoreSession(): Promise<void> {
  restoring ??=
    session.get().token || !getCookie(COOKIES.strategy)
      ? Promise.resolve(false)
      : refresh().then((ok) => {
          if (!ok) removeCookie(COOKIES.strategy);
          return ok;
        });
  return restoring.then(() => {});
}

/** Signs in; `totpCode` is the second factor of a user who has one (the server asks with 401 `totp_required`). */
export async function login(email: string, password: string, totpCode?: string): Promise<void> {
  const r = await api.rpc('login', { email, password, refresh_cookie: true, ...(totpCode ? { totp_code: totpCode } : {}) });
  storeToken(r.token);
  await fetchUser();
}

/** A new access token of this session (TOTP confirmed: no longer held to enrolment), and the user as it is now. */
async function adoptToken(token: string): Promise<void> {
  storeToken(token);
  await fetchUser();
}

/** Clears everything of the signed-in user and goes to `to` ('/login' or '/'). */
export function logout(to: '/login' | '/' = '/login') {
  // The server ends the token's session (its refresh token and every access token of it) and removes the refresh cookie.
  if (session.get().token) void api.rpc('logout', {}).catch(() => {});
  clearTimeout(timer);
  timer = undefined;
  removeCookie(COOKIES.strategy);
  forgetEarly();
  session.set({ token: undefined, user: null, shops: [], viewRates: {}, companyRates: {} });
  navigate(to);
}

setAuthHooks({ refresh, logout, adopt: adoptToken });

/** The page a bootstrap logged (page_log) as it opened it: its route's access check does not log it again. */
let loggedPage: string | undefined;
export function takeLoggedPage(page: string): boolean {
  const was = loggedPage === page;
  loggedPage = undefined;
  return was;
}

/**
 * The session in one call (`bootstrap`, issue 27): the user (menu, companies, bookmarks), the
 * languages, CDN and flags, the company's shops, currencies and the view currency's rates;
 * with `opening`, the visit logged and its screen's saved grid state and lookups, kept for
 * the grid's own requests (api/early.ts). A failure logs out.
 */
export async function fetchUser(opening?: { page: string; form: string }): Promise<boolean> {
  return readSession(opening, () => {
    if (session.get().token) logout('/login');
  });
}

/**
 * The session read again after a write that changed it (a company created or renamed:
 * grid/features/sessionRefresh): a failure keeps the session as it was — a page left while
 * the call was on its way must not sign the user out; her next call says what is wrong.
 */
export const refreshSession = (): Promise<boolean> => readSession(undefined, () => {});

async function readSession(opening: { page: string; form: string } | undefined, failed: () => void): Promise<boolean> {
  try {
    const s = session.get();
    const request = { currency_code: s.currency ?? null, page: opening?.page ?? null, form: opening?.form ?? null };
    // A page load brought the answer with it (api/startData.ts); else the one call.
    const b = ((await takeStartBootstrap(request)) ?? (await api.rpc('bootstrap', request))).data;
    const { user, currencies: cur } = b;
    // The server ran in the company the request named (X-Company, checked), else the user's first.
    const company = user.company ?? undefined;
    if (company) setCookie(COOKIES.company, company);
    const currency = viewCurrency(s.currency, cur.currencies, cur.company_rates, cur.currency?.currency_code);
    if (currency) setCookie(COOKIES.currency, currency);
    if (b.screen) {
      const { form, grid_state, lookups } = b.screen;
      if (grid_state) keepEarly(earlyKey(company, 'grid_state', { form }), Promise.resolve(grid_state));
      for (const [name, list] of Object.entries(lookups)) keepEarly(earlyKey(company, name, {}), Promise.resolve(list));
    }
    loggedPage = b.page ? opening?.page : undefined;
    session.set({
      user,
      company,
      languages: b.init.languages,
      cdn: b.init.cdn,
      flags: b.init.flags,
      shops: b.shops,
      currencies: cur.currencies,
      companyRates: cur.company_rates,
      currency,
      ...(b.view_rates ? { viewRates: b.view_rates.rates } : {}),
    });
    return true;
  } catch {
    failed();
    return false;
  }
}

/** Shops, currencies and view rates of the selected company (spec §4: company change reloads them). */
async function loadCompanyData() {
  const s = session.get();
  if (!s.company) return;
  const [shops, cur] = await Promise.all([api.get<typeof s.shops>('/shops'), api.rpc('currencies', { currency_code: null })]);
  const currency = viewCurrency(s.currency, cur.data.currencies, cur.data.company_rates, cur.data.currency?.currency_code);
  session.set({ shops, currencies: cur.data.currencies, companyRates: cur.data.company_rates, currency });
  if (currency) await setCurrency(currency);
}

export async function setCompany(code: string) {
  setCookie(COOKIES.company, code);
  session.set({ company: code });
  await loadCompanyData();
}

export async function setCurrency(code: string) {
  setCookie(COOKIES.currency, code);
  session.set({ currency: code });
  const r = await api.rpc('view_currency_rates', { currency_code: code });
  session.set({ viewRates: r.data.rates });
}
