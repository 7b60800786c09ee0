import type { Queryable } from '../types.ts';
import { insertRows, type Column } from './insert.ts';

import { LANGS, type Lang } from '../../../core/langs.ts';

/** The active UI languages (spec §1, core/langs.ts), in menu order. Every multi-language value carries all of them. */
export { LANGS, type Lang };
export type Ml = Record<Lang, string>;

/** A multi-language value; arguments in LANGS order so data tables read as one row per text. */
export const ml = (en: string, de: string, hu: string, sk: string, ro: string, cs: string, bg: string): Ml => ({
  en,
  de,
  hu,
  sk,
  ro,
  cs,
  bg,
});

/** Builds a multi-language value from one function per language. */
export const mlFrom = (f: (lang: Lang) => string): Ml => Object.fromEntries(LANGS.map((l) => [l, f(l)])) as Ml;

// [code, iso, name as the language names itself, flag, family name first]; the active ones follow spec §3 "Locales".
const active: [string, string, string, string, boolean][] = [
  ['en', 'en-GB', 'English', 'gb', false],
  ['de', 'de-DE', 'Deutsch', 'de', false],
  ['hu', 'hu-HU', 'Magyar', 'hu', true],
  ['sk', 'sk-SK', 'Slovenčina', 'sk', false],
  ['ro', 'ro-RO', 'Română', 'ro', false],
  ['cs', 'cs-CZ', 'Čeština', 'cz', false],
  ['bg', 'bg-BG', 'Български', 'bg', false],
];

// Inactive rows make all_languages a strict superset of languages, as the UI expects.
const inactive: [string, string, string, string, boolean][] = [
  ['fr', 'fr-FR', 'Français', 'fr', false],
  ['it', 'it-IT', 'Italiano', 'it', false],
  ['es', 'es-ES', 'Español', 'es', false],
  ['pl', 'pl-PL', 'Polski', 'pl', false],
  ['nl', 'nl-NL', 'Nederlands', 'nl', false],
  ['pt', 'pt-PT', 'Português', 'pt', false],
  ['hr', 'hr-HR', 'Hrvatski', 'hr', false],
  ['sl', 'sl-SI', 'Slovenščina', 'si', false],
  ['uk', 'uk-UA', 'Українська', 'ua', false],
  ['ru', 'ru-RU', 'Русский', 'ru', false],
];

/** Every language row, the active ones first (reference data: seeded, and synced on every start by referenceSync.ts). */
export const languageRows = [...active.map((l) => [...l, true] as const), ...inactive.map((l) => [...l, false] as const)].map(
  ([language_code, iso_code, language_name, flag_code, family_name_first, isActive], i) => ({
    language_code,
    iso_code,
    language_name,
    flag_code,
    family_name_first,
    active: isActive,
    position: i + 1,
  }),
);

/** The columns of a language row (the seed and the reference sync write the same). */
export const languageColumns: readonly Column[] = [
  ['language_code', 'text'],
  ['iso_code', 'text'],
  ['language_name', 'text'],
  ['flag_code', 'text'],
  ['family_name_first', 'boolean'],
  ['active', 'boolean'],
  ['position', 'int'],
];

export async function seedLanguages(tx: Queryable): Promise<void> {
  await insertRows(tx, 'app.languages', languageColumns, languageRows);
}
