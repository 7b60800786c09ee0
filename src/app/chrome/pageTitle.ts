import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { isLang } from '../../core/langs.ts';
import { applyLanguage } from '../session/language.ts';
import { session } from '../session/session.ts';

/** The tab's title: the page's title, then the product's name, both in the UI language ("Produktliste · Backoffice"). */
export function usePageTitle(titleId: string) {
  const intl = useIntl();
  // A screen's title comes with its labels (core/catalogueParts.ts): the tab keeps the name alone until then.
  const title = titleId in intl.messages ? intl.formatMessage({ id: titleId }) : '';
  const name = intl.formatMessage({ id: 'app.name' });
  useEffect(() => {
    document.title = title ? `${title} · ${name}` : name;
  }, [title, name]);
}

/**
 * A page no route knows (404, the error page) is in its address's language: /en/no/such/page
 * is English after a German page (and the cookie follows, as on every other page).
 */
export function useAddressLanguage() {
  useEffect(() => {
    const lang = location.pathname.split('/')[1];
    if (isLang(lang) && session.get().lang !== lang) void applyLanguage(lang, false);
  }, []);
}
