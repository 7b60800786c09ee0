import type { Lang } from '../../core/langs.ts';
import { api } from '../api/client.ts';
import { COOKIES, LANGUAGE_MAX_AGE, setCookie } from './cookies.ts';
import { session } from './session.ts';

/** Spec §4: the locale switch changes the UI language, the `language` cookie and the user's language_code (the page's `lang` follows its texts: I18nProvider). */
export async function applyLanguage(lang: Lang, persistForUser: boolean) {
  setCookie(COOKIES.language, lang, LANGUAGE_MAX_AGE);
  if (session.get().lang !== lang) session.set({ lang });
  const user = session.get().user;
  if (persistForUser && user && user.language_code !== lang) {
    await api.rpc('set_user_language', { language_code: lang }).catch(() => {});
    session.set((s) => ({ user: s.user && { ...s.user, language_code: lang } }));
  }
}
