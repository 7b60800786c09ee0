import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { LOCALE, type Lang } from '../../core/langs.ts';
import { markFullCatalogue, needFullCatalogue, onFullCatalogueNeeded } from './fullCatalogue.ts';
import type { ShippedMessages } from '../../core/catalogue.ts';
import { expandMessages, type Messages } from './messages.ts';
import type { CataloguePart } from '../../core/catalogueParts.ts';
import { labelsIn, ShownCatalogue, subscribeLabels } from './screenLabels.ts';
import { takeStartCaptions } from './startCaptions.ts';

/** A part's module: its messages (precompile.ts). */
interface PartModule {
  default: ShippedMessages;
}

// Two lazy chunks per language (core/catalogueParts.ts), precompiled (core/catalogue.ts): only the language in use is downloaded.
const parts: Record<CataloguePart, Record<string, () => Promise<PartModule>>> = {
  first: import.meta.glob<PartModule>('../../../locales/*.json', { query: '?part=first' }),
  later: import.meta.glob<PartModule>('../../../locales/*.json', { query: '?part=later' }),
};
const loads = new Map<string, Promise<Messages>>();
/** An administrator's captions of a language (GET /api/captions/{lang}, settings/captions), precompiled like the parts: fetched once beside them and merged over each; a failure shows the catalogue. */
const captions = new Map<Lang, Promise<ShippedMessages>>();
/** Parts already in: a provider mounted again starts with them (no blank frame). */
const loaded = new Map<string, Messages>();

function loadPart(lang: Lang, part: CataloguePart): Promise<Messages> {
  const key = `${lang}:${part}`;
  let p = loads.get(key);
  if (!p) {
    const load = parts[part][`../../../locales/${lang}.json`];
    if (!captions.has(lang)) {
      const started = takeStartCaptions(lang);
      captions.set(
        lang,
        started
          ? Promise.resolve(started)
          : fetch(`/api/captions/${lang}`)
              .then((r) => (r.ok ? r.json() : {}))
              .catch(() => ({})),
      );
    }
    p = load
      ? Promise.all([load(), captions.get(lang)]).then(([mod, own]) => {
          const m = expandMessages({ ...mod.default, ...own });
          loaded.set(key, m);
          return m;
        })
      : Promise.reject(new Error(`no catalogue for ${lang}`));
    p.catch(() => loads.delete(key));
    loads.set(key, p);
  }
  return p;
}

interface State {
  lang: Lang;
  messages: Messages;
  /** Both parts are in. */
  full: boolean;
}

function loadedState(lang: Lang): State | undefined {
  const first = loaded.get(`${lang}:first`);
  const later = loaded.get(`${lang}:later`);
  return first ? { lang, messages: later ? { ...first, ...later } : first, full: !!later } : undefined;
}

/**
 * Renders children once the language's first part is in (the page paints); the later part
 * joins when something needs it (fullCatalogue.ts). Another language is shown once both its
 * parts are in; meanwhile the previous one stays.
 */
export function I18nProvider({ lang, children }: { lang: Lang; children: ReactNode }) {
  const [state, setState] = useState<State | undefined>(() => loadedState(lang));
  const shown = useRef(state !== undefined);
  useEffect(() => {
    let live = true;
    const show = () => {
      const s = loadedState(lang);
      if (!live || !s) return;
      shown.current = true;
      setState(s);
    };
    // The first language paints with the first part, and takes the later one on first need;
    // a switch waits for the whole catalogue.
    let stop = () => {};
    if (!shown.current) void loadPart(lang, 'first').then(() => live && (show(), (stop = onFullCatalogueNeeded(() => void loadPart(lang, 'later').then(show)))));
    else void Promise.all([loadPart(lang, 'first'), loadPart(lang, 'later')]).then(show);
    return () => {
      live = false;
      stop();
    };
  }, [lang]);
  useEffect(() => {
    if (state?.full) markFullCatalogue();
  }, [state]);
  // The page's language is the one its texts are in: a switch names the new one when its texts show.
  const shownLang = state?.lang;
  useEffect(() => {
    if (shownLang) document.documentElement.lang = shownLang;
  }, [shownLang]);
  // A screen's labels loaded before the later part (screenLabels.ts) join the messages.
  const labels = useSyncExternalStore(subscribeLabels, () => labelsIn(state?.lang ?? lang));
  const messages = useMemo(() => state && (state.full || !labels ? state.messages : { ...labels, ...state.messages }), [state, labels]);
  const shownCatalogue = useMemo(() => (state ? { lang: state.lang, full: state.full } : null), [state]);
  if (!state) return null;
  return (
    <IntlProvider locale={LOCALE[state.lang]} messages={messages} defaultLocale="en-GB" onError={onIntlError}>
      <ShownCatalogue value={shownCatalogue}>{children}</ShownCatalogue>
    </IntlProvider>
  );
}

function onIntlError(e: { code?: string; message: string }) {
  // A key of the later part said before it is in (it loads on first need): asked for now, the text follows with it.
  if (e.code === 'MISSING_TRANSLATION') void needFullCatalogue();
  // codegen checks every key against all seven catalogues; a miss at run time is a bug worth seeing.
  if (import.meta.env.DEV || e.code !== 'MISSING_TRANSLATION') console.warn(e.message);
}
