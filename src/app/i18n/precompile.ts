/**
 * Build step (Vite plugin) of the browser catalogues: each `locales/{lang}.json` is
 * shipped as ICU message ASTs instead of strings. react-intl formats an AST as it is,
 * so the browser needs no ICU parser: `noIcuParser` points the parser's imports at its
 * parser-less build (the type guards only). Parsed as intl-messageformat would parse at
 * run time (`parse(message, { locale })`), so formatting gives the same texts.
 */
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Alias, Plugin } from 'vite';
import { isLang, LOCALE, type Lang } from '../../core/langs.ts';

const CATALOGUE = /[\\/]locales[\\/]([a-z]{2})\.json$/;

/** A catalogue's messages as ASTs (the JSON the browser gets). */
export function compileCatalogue(messages: Record<string, string>, lang: Lang): Record<string, ReturnType<typeof parse>> {
  const locale = new Intl.Locale(LOCALE[lang]);
  return Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, parse(text, { locale })]));
}

export function precompiledMessages(): Plugin {
  return {
    name: 'precompiled-messages',
    // Before Vite's JSON plugin, which then makes the module of the compiled JSON.
    enforce: 'pre',
    transform(code, id) {
      const lang = CATALOGUE.exec(id.split('?')[0] ?? '')?.[1];
      if (!isLang(lang)) return null;
      return { code: JSON.stringify(compileCatalogue(JSON.parse(code) as Record<string, string>, lang)), map: null };
    },
  };
}

/** Every import of the ICU parser in the browser bundle resolves to its parser-less build. */
export const noIcuParser: Alias = { find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' };
