import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { ScreenDescriptor } from '../schemas/screen.ts';
import { fieldLabelId } from '../src/core/fieldLabel.ts';
import { LANGS } from '../src/core/langs.ts';
import { root } from './screens.ts';

type Catalogue = Record<string, string>;

/** Namespaces of locale keys; a string literal 'ns.something' in app code is a key in use. */
const NAMESPACES = ['app', 'common', 'chrome', 'errors', 'auth', 'fields', 'home', 'ai', 'validation', 'messages', 'grid', 'keep_in_stock', 'screens', 'forms', 'rules', 'areas'];
const KEY_LITERAL = new RegExp(`['"\`]((?:${NAMESPACES.join('|')})\\.[a-z0-9_]+(?:\\.[a-z0-9_]+)*)['"\`]`, 'g');
/** Share of a catalogue that may read exactly like English (names, codes, 'OK'). */
const MAX_SAME_AS_ENGLISH = 0.12;

export function readCatalogues(): Record<string, Catalogue> {
  return Object.fromEntries(LANGS.map((l) => [l, JSON.parse(readFileSync(join(root, 'locales', `${l}.json`), 'utf8')) as Catalogue]));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.(ts|tsx)$/.test(e.name) ? [join(dir, e.name)] : []));
}

/**
 * Keys the runtime needs: every descriptor's title and column labels, the area of every
 * route (its breadcrumb), and every key literal in src/app and src/core.
 */
export function keysInUse(screens: ScreenDescriptor[]): Map<string, string> {
  const used = new Map<string, string>();
  for (const s of screens) {
    used.set(`screens.${s.form}.title`, `screens/${s.form}`);
    if (s.route) used.set(`areas.${s.route.split('/')[1]}`, `screens/${s.form}`);
    for (const [f, c] of Object.entries(s.columns)) used.set(fieldLabelId(f, c), `screens/${s.form}`);
  }
  for (const file of [...sourceFiles(join(root, 'src/app')), ...sourceFiles(join(root, 'src/core'))]) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(KEY_LITERAL)) used.set(m[1]!, relative(root, file));
  }
  return used;
}

/**
 * Two columns of one screen with the same header cannot be told apart in the grid, the
 * form, the column chooser or an export, and an import cannot map them by header.
 */
export function sameHeaders(screens: ScreenDescriptor[], cat: Catalogue): string[] {
  const out: string[] = [];
  for (const s of screens) {
    const byText = new Map<string, string>();
    for (const [f, c] of Object.entries(s.columns)) {
      const text = cat[fieldLabelId(f, c)]?.trim().toLowerCase();
      if (!text) continue;
      const other = byText.get(text);
      if (other) out.push(`screens/${s.form}: columns ${other} and ${f}: expected different headers, got "${cat[fieldLabelId(f, c)]}" for both (give one a \`label\`)`);
      else byText.set(text, f);
    }
  }
  return out;
}

/**
 * Every catalogue has exactly English's keys, no empty text, valid ICU syntax, and is
 * really translated (few texts identical to English); every key in use exists.
 */
export function checkLocales(screens: ScreenDescriptor[]): string[] {
  const errors: string[] = [];
  const cats = readCatalogues();
  const en = cats.en!;
  for (const [key, where] of keysInUse(screens)) {
    if (!(key in en)) errors.push(`locales/en.json: ${key}: expected a text (used in ${where})`);
  }
  for (const [lang, cat] of Object.entries(cats)) {
    const file = `locales/${lang}.json`;
    errors.push(...sameHeaders(screens, cat).map((p) => `${file}: ${p}`));
    for (const key of Object.keys(en)) if (!(key in cat)) errors.push(`${file}: ${key}: expected a text, got nothing`);
    for (const [key, text] of Object.entries(cat)) {
      if (!(key in en)) errors.push(`${file}: ${key}: expected a key of locales/en.json, got an extra key`);
      if (typeof text !== 'string' || !text.trim()) errors.push(`${file}: ${key}: expected a text, got ${JSON.stringify(text)}`);
      else {
        try {
          parse(text);
        } catch (e) {
          errors.push(`${file}: ${key}: expected an ICU message, got a syntax error (${(e as Error).message})`);
        }
      }
    }
    if (lang !== 'en') {
      const same = Object.keys(en).filter((k) => cat[k] === en[k]);
      if (same.length > Object.keys(en).length * MAX_SAME_AS_ENGLISH) {
        errors.push(`${file}: expected a translation, got ${same.length} texts identical to English (e.g. ${same.slice(0, 5).join(', ')})`);
      }
    }
  }
  return errors;
}
