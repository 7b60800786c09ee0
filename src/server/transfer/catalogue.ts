/**
 * The UI catalogues (locales/*.json) on the server, for sheets written or read in the
 * request's language: yes/no words (cells.ts), option names (options.ts), the change log's
 * words (named.ts). Each language is read once; an unknown language reads as English.
 */
import { readFileSync } from 'node:fs';
import { isLang } from '../../core/langs.ts';

const localeDir = new URL('../../../locales/', import.meta.url);
const catalogues = new Map<string, Readonly<Record<string, string>>>();

export function catalogue(lang: string): Readonly<Record<string, string>> {
  const l = isLang(lang) ? lang : 'en';
  let cat = catalogues.get(l);
  if (!cat) {
    try {
      cat = JSON.parse(readFileSync(new URL(`${l}.json`, localeDir), 'utf8')) as Record<string, string>;
    } catch {
      cat = {};
    }
    catalogues.set(l, cat);
  }
  return cat;
}

/** A catalogue text in `lang`, else in English, else `fallback` (the key itself). */
export const catalogueText = (lang: string, id: string, fallback = id): string => catalogue(lang)[id] ?? catalogue('en')[id] ?? fallback;
