/**
 * An administrator's captions of a language (GET /api/captions/{lang}, settings/captions):
 * precompiled by the server like the catalogue's parts, fetched once per language beside them
 * and merged over each (I18nProvider.tsx). A failed fetch shows the catalogue.
 */
import type { Lang } from '../../core/langs.ts';
import { expandMessages, type Messages, type ShippedMessages } from './messages.ts';

const loads = new Map<Lang, Promise<Messages>>();

export function loadCaptions(lang: Lang): Promise<Messages> {
  let p = loads.get(lang);
  if (!p) {
    p = fetch(`/api/captions/${lang}`)
      .then((r) => (r.ok ? (r.json() as Promise<ShippedMessages>) : {}))
      .then(expandMessages, () => ({}));
    loads.set(lang, p);
  }
  return p;
}
