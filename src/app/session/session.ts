import { OWN_FLAGS } from '../../core/images.ts';
import { DEFAULT_LANG, isLang, type Lang } from '../../core/langs.ts';
import type { Currency, Language, Shop, UserInfo } from '../api/types.ts';
import { LEGACY_TOKEN_COOKIE, REFRESH_COOKIE } from '../../core/authCookies.ts';
import { COOKIES, readCookies, removeCookie } from './cookies.ts';
import { createStore, useStore } from './createStore.ts';

/** Everything the chrome and the screens know about who is working where, in which currency and language. */
export interface SessionState {
  /** The access token: in memory only (never a cookie or storage a script could read later); a page load gets one from the refresh call (auth.ts `restoreSession`). */
  token: string | undefined;
  /** From /rpc/user; null until fetched (or when logged out). */
  user: UserInfo | null;
  lang: Lang;
  company: string | undefined;
  /** The view currency. */
  currency: string | undefined;
  currencies: Currency[];
  companyRates: Record<string, number>;
  viewRates: Record<string, number>;
  shops: Shop[];
  languages: Language[];
  cdn: string;
  /** Flag image URL template (`{code}`): this server's until init names a flag service. */
  flags: string;
}

const jar = readCookies();
const cookieLang = jar.get(COOKIES.language);
// Tokens an earlier version of the app kept in script-readable cookies (Path=/): ignored, and gone.
for (const old of [REFRESH_COOKIE, LEGACY_TOKEN_COOKIE]) if (jar.has(old)) removeCookie(old);

export const session = createStore<SessionState>({
  token: undefined,
  user: null,
  lang: isLang(cookieLang) ? cookieLang : DEFAULT_LANG,
  company: jar.get(COOKIES.company),
  currency: jar.get(COOKIES.currency),
  currencies: [],
  companyRates: {},
  viewRates: {},
  shops: [],
  languages: [],
  cdn: '',
  flags: OWN_FLAGS,
});

export const useSession = <T>(select: (s: SessionState) => T): T => useStore(session, select);

/** A grid's key: the user and the form. */
export const gridKey = (form: string) => {
  const u = session.get().user as Record<string, unknown> | null;
  return `${String(u?.user_id ?? u?.user_email ?? '')}|${form}`;
};

/** A stable empty list for selectors (a new [] per read would re-render forever). */
export const EMPTY: never[] = [];
