import { OWN_FLAGS } from '../../core/images.ts';
import { DEFAULT_LANG, isLang, type Lang } from '../../core/langs.ts';
import type { Currency, Language, Shop, UserInfo } from '../api/types.ts';
import { REFRESH_COOKIE } from '../../core/authCookies.ts';
import { COOKIES, readCookies, removeCookie } from './cookies.ts';
import { createStore, useStore } from './createStore.ts';

/** Everything the chrome and the screens know about who is working where, in which currency and language. */
export interface SessionState {
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
// A refresh token an earlier version of the app kept in a script-readable cookie (Path=/): gone.
if (jar.has(REFRESH_COOKIE)) removeCookie(REFRESH_COOKIE);

export const session = createStore<SessionState>({
  token: jar.get(COOKIES.token),
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
export const isLoggedIn = () => !!session.get().token;

/** A stable empty list for selectors (a new [] per read would re-render forever). */
export const EMPTY: never[] = [];
