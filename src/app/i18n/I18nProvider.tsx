import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { LOCALE, type Lang } from '../../core/langs.ts';
import { expandMessages, type Messages, type ShippedMessages } from './messages.ts';

// One lazy chunk per language: only the catalogue in use is downloaded (precompiled, messages.ts).
const catalogues = import.meta.glob<ShippedMessages>('../../../locales/*.json', { import: 'default' });
const cache = new Map<Lang, Messages>();

export function loadMessages(lang: Lang): Promise<Messages> {
  const hit = cache.get(lang);
  if (hit) return Promise.resolve(hit);
  const load = catalogues[`../../../locales/${lang}.json`];
  if (!load) return Promise.reject(new Error(`no catalogue for ${lang}`));
  return load().then((shipped) => {
    const m = expandMessages(shipped);
    cache.set(lang, m);
    return m;
  });
}

/** Renders children once the language's catalogue is loaded; keeps the previous one meanwhile. */
export function I18nProvider({ lang, children }: { lang: Lang; children: ReactNode }) {
  const [state, setState] = useState<{ lang: Lang; messages: Messages } | undefined>(() => (cache.has(lang) ? { lang, messages: cache.get(lang)! } : undefined));
  useEffect(() => {
    let live = true;
    void loadMessages(lang).then((messages) => live && setState({ lang, messages }));
    return () => {
      live = false;
    };
  }, [lang]);
  if (!state) return null;
  return (
    <IntlProvider locale={LOCALE[state.lang]} messages={state.messages} defaultLocale="en-GB" onError={onIntlError}>
      {children}
    </IntlProvider>
  );
}

function onIntlError(e: { code?: string; message: string }) {
  // codegen checks every key against all seven catalogues; a miss at run time is a bug worth seeing.
  if (import.meta.env.DEV || e.code !== 'MISSING_TRANSLATION') console.warn(e.message);
}
