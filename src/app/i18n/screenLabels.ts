/**
 * A routed screen's column labels before the later part of the catalogue is in (core/catalogueParts.ts):
 * one small chunk per screen and language (`locales/xx.json?fields=<form>`, whose loaders
 * come with the screen's descriptor chunk: codegen's screenModuleSource), loaded after it. Loaded
 * labels join the provider's messages (I18nProvider subscribes); a screen shown after the
 * later part needs none of this.
 */
import { createContext, use, useSyncExternalStore } from 'react';
import type { Lang } from '../../core/langs.ts';
import { screenLoaders } from '../../generated/routes.ts';
import { expandMessages, type Messages } from './messages.ts';

const byLang = new Map<Lang, Messages>();
const loads = new Map<string, Promise<void>>();
const done = new Set<string>();
const listeners = new Set<() => void>();

export const subscribeLabels = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
/** The labels loaded so far in a language (a new object on every load: a snapshot). */
export const labelsIn = (lang: Lang): Messages | undefined => byLang.get(lang);

/** Loads a screen's labels in a language once (a failed load is tried again next time). */
export function loadScreenLabels(lang: Lang, form: string): Promise<void> {
  const key = `${lang}:${form}`;
  let p = loads.get(key);
  if (!p) {
    const screen = Object.hasOwn(screenLoaders, form) ? screenLoaders[form]! : undefined;
    p = (screen ? screen() : Promise.resolve(undefined))
      .then((s) => s?.labels?.[`./${lang}.json`]?.())
      .then((mod) => {
        if (mod) byLang.set(lang, { ...byLang.get(lang), ...expandMessages(mod.default) });
        done.add(key);
        for (const l of listeners) l();
      });
    p.catch(() => loads.delete(key));
    loads.set(key, p);
  }
  return p;
}

/** The language the provider shows, and whether its whole catalogue (every label) is in. */
export const ShownCatalogue = createContext<{ lang: Lang; full: boolean } | null>(null);

/** Suspends until the screen's labels are among the provider's messages. */
export function useScreenLabels(form: string): void {
  const shown = use(ShownCatalogue);
  const ready = useSyncExternalStore(subscribeLabels, () => !shown || shown.full || done.has(`${shown.lang}:${form}`));
  if (!ready && shown) use(loadScreenLabels(shown.lang, form));
}
