/**
 * Build step (Vite plugin) of the browser catalogues: each `locales/{lang}.json` is
 * shipped precompiled (core/catalogue.ts `compileCatalogue`) — a message with arguments as
 * its ICU AST, a plain text as the text (messages.ts turns it into its one-literal AST on
 * load). react-intl formats an AST as it is, so the browser needs no ICU parser:
 * `noIcuParser` points the parser's imports at its parser-less build (the type guards only).
 * `locales/xx.json?part=first|later` is one part of it (core/catalogueParts.ts); `?fields=<form>` the
 * column labels of one routed screen (codegen's src/generated/fieldKeys.json).
 */
import { readFileSync } from 'node:fs';
import type { Alias, Plugin } from 'vite';
import { compileCatalogue, type Selection } from '../../core/catalogue.ts';
import type { CataloguePart } from '../../core/catalogueParts.ts';
import { isLang } from '../../core/langs.ts';

const CATALOGUE = /[\\/]locales[\\/]([a-z]{2})\.json$/;
const PART = /[?&]part=(first|later)\b/;
const FIELDS = /[?&]fields=([a-z0-9_]+)\b/;
const FIELD_KEYS = new URL('../../generated/fieldKeys.json', import.meta.url);

const fieldKeys = () => JSON.parse(readFileSync(FIELD_KEYS, 'utf8')) as Record<string, string[]>;

export function precompiledMessages(): Plugin {
  return {
    name: 'precompiled-messages',
    // Before Vite's JSON plugin, which then makes the module of the compiled JSON.
    enforce: 'pre',
    transform(code, id) {
      const [path = '', query = ''] = id.split('?');
      const lang = CATALOGUE.exec(path)?.[1];
      if (!isLang(lang)) return null;
      const form = FIELDS.exec(`?${query}`)?.[1];
      let part: Selection | undefined = PART.exec(`?${query}`)?.[1] as CataloguePart | undefined;
      if (form) {
        this.addWatchFile(FIELD_KEYS.pathname);
        const keys = fieldKeys()[form];
        if (!keys) this.error(`${id}: no screen "${form}" in src/generated/fieldKeys.json (run codegen)`);
        part = { keys };
      }
      const routed = part ? new Set(Object.keys(fieldKeys())) : undefined;
      const json = JSON.stringify(compileCatalogue(JSON.parse(code) as Record<string, string>, lang, part, routed));
      if (!part) return { code: json, map: null };
      // With a query the bundler no longer takes the file for JSON: a part is a JS module.
      return { code: `export default ${json};`, map: null };
    },
  };
}

/** Every import of the ICU parser in the browser bundle resolves to its parser-less build. */
export const noIcuParser: Alias = { find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' };
