import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { shapeList as list, shapeOf, shapeProblemText, shapeProblems as coreShapeProblems } from '../src/core/icuShape.ts';
import { ERROR_PARAMS } from '../src/core/errorCodes.ts';
import { DYNAMIC_KEYS } from '../src/core/dynamicKeys.ts';
import { ruleMessageIds } from '../src/core/recordRules.ts';
import type { ScreenDescriptor } from '../schemas/screen.ts';
import { fieldLabelId } from '../src/core/fieldLabel.ts';
import { namesOwnValues, optionLabelIdOf } from '../src/core/optionNames.ts';
import { LANGS } from '../src/core/langs.ts';
import { root } from './screens.ts';
import { workflowKeys, type ScreenWorkflow } from './workflows.ts';

type Catalogue = Record<string, string>;

/** Namespaces of locale keys; a string literal 'ns.something' in app code is a key in use. */
const NAMESPACES = [
  'app',
  'common',
  'chrome',
  'errors',
  'auth',
  'fields',
  'groups',
  'home',
  'ai',
  'validation',
  'messages',
  'grid',
  'keep_in_stock',
  'screens',
  'forms',
  'rules',
  'areas',
  'transfer',
  'import',
  'server',
  'mail',
  'news',
  'options',
  'workflows',
];
const keyLiteral = (namespaces: string[]) => new RegExp(`['"\`]((?:${namespaces.join('|')})\\.[a-z0-9_]+(?:\\.[a-z0-9_]+)*)['"\`]`, 'g');
const KEY_LITERAL = keyLiteral(NAMESPACES);
/** The server's code names SQL objects `app.…`: there only the other namespaces are keys. */
const SERVER_KEY_LITERAL = keyLiteral(NAMESPACES.filter((n) => n !== 'app'));
/** A key built at run time: a template literal `ns.prefix${…}`; its prefix must be declared (core/dynamicKeys.ts) or come from descriptors. */
const KEY_TEMPLATE = new RegExp(`\`((?:${NAMESPACES.filter((n) => n !== 'app').join('|')})\\.[a-z0-9_.]*)\\$\\{`, 'g');
/** Prefixes whose keys the descriptors and the schema's named rules give (checked through keysInUse). */
const DESCRIPTOR_PREFIXES = ['screens.', 'fields.', 'groups.', 'areas.', 'rules.', 'options.', 'workflows.'];
/** Share of a catalogue that may read exactly like English (names, codes, 'OK'). */
const MAX_SAME_AS_ENGLISH = 0.12;

export function readCatalogues(): Record<string, Catalogue> {
  return Object.fromEntries(LANGS.map((l) => [l, JSON.parse(readFileSync(join(root, 'locales', `${l}.json`), 'utf8')) as Catalogue]));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.(ts|tsx)$/.test(e.name) ? [join(dir, e.name)] : []));
}

/**
 * Keys the runtime needs: every descriptor's title, column labels and form groups' titles, the names of its option
 * columns' values (`options.<set>.<value>`) and of its workflow's parts (`workflows.<type>.…`),
 * the area of every route (its breadcrumb), and every key literal in src/app and src/core.
 */
export function keysInUse(screens: ScreenDescriptor[], workflows: readonly ScreenWorkflow[] = []): Map<string, string> {
  const used = new Map<string, string>();
  for (const s of screens) {
    used.set(`screens.${s.form}.title`, `screens/${s.form}`);
    if (s.route) used.set(`areas.${s.route.split('/')[1]}`, `screens/${s.form}`);
    for (const [f, c] of Object.entries(s.columns)) {
      used.set(fieldLabelId(f, c), `screens/${s.form}`);
      if (c.group) used.set(`groups.${c.group}`, `screens/${s.form} (${f})`);
      const name = optionLabelIdOf(c);
      if (name) for (const o of c.options ?? []) used.set(name(o), `screens/${s.form} (${f})`);
    }
  }
  for (const [key, where] of workflowKeys(workflows)) used.set(key, where);
  for (const file of [...sourceFiles(join(root, 'src/app')), ...sourceFiles(join(root, 'src/core'))]) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(KEY_LITERAL)) if (!m[1]!.endsWith('_')) used.set(m[1]!, relative(root, file));
  }
  for (const file of sourceFiles(join(root, 'src/server'))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(SERVER_KEY_LITERAL)) if (!m[1]!.endsWith('_')) used.set(m[1]!, relative(root, file));
  }
  for (const [prefix, values] of Object.entries(DYNAMIC_KEYS)) for (const v of values) used.set(`${prefix}${v}`, 'src/core/dynamicKeys.ts');
  for (const code of Object.keys(ERROR_PARAMS)) used.set(`server.${code}`, 'src/core/errorCodes.ts');
  for (const rule of namedRules()) used.set(`rules.${rule}`, 'src/server/db/migrations');
  // Every rule of the schema that says a message of its own (core/recordRules.ts; the API test holds it against the database).
  for (const id of ruleMessageIds()) used.set(id, 'src/core/recordRules.ts');
  return used;
}

/** Every rule of the schema with a name (a trigger's `constraint = '…'`, a renamed check): the browser says each. */
function namedRules(): string[] {
  const dir = join(root, 'src/server/db/migrations');
  const out = new Set<string>();
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.sql'))) {
    const sql = readFileSync(join(dir, f), 'utf8');
    for (const m of sql.matchAll(/constraint = '([a-z_]+)'|rename constraint [a-z_]+ to ([a-z_]+)|add constraint ([a-z_]+) check/g)) out.add((m[1] ?? m[2] ?? m[3])!);
  }
  return [...out].sort();
}

/** Columns with options a user would read as raw values: each option needs a name (its option set's keys, core/optionNames.ts). */
export function unnamedOptions(screens: ScreenDescriptor[]): string[] {
  const out: string[] = [];
  for (const s of screens) {
    for (const [f, c] of Object.entries(s.columns)) {
      if (!c.options?.length || optionLabelIdOf(c) || namesOwnValues(c.renderer)) continue;
      out.push(`screens/${s.form}: ${f}: expected an option set naming its options (optionsKey, derived by parseScreen), got none`);
    }
  }
  return out;
}

/**
 * Columns naming one option set (`optionsKey`, the field's name unless stated) list the same
 * values: two screens' `engine` columns with different engines would otherwise share a set
 * whose names one of them never meant. The second names a set of its own (`optionsKey`).
 */
export function optionSetProblems(screens: ScreenDescriptor[]): string[] {
  const sets = new Map<string, { at: string; values: string }>();
  const out: string[] = [];
  for (const s of screens) {
    for (const [f, c] of Object.entries(s.columns)) {
      if (!c.options || !c.optionsKey || namesOwnValues(c.renderer)) continue;
      const values = c.options.map(String).sort().join(', ');
      const at = `screens/${s.form} (${f})`;
      const first = sets.get(c.optionsKey);
      if (!first) sets.set(c.optionsKey, { at, values });
      else if (first.values !== values) {
        out.push(`${at}: options: expected the values of the option set ${c.optionsKey} as ${first.at} lists them (${first.values}), got ${values}: give the column an optionsKey of its own`);
      }
    }
  }
  return out;
}

/** Templates of keys built at run time whose prefix nothing declares. */
function undeclaredTemplates(): string[] {
  const declared = [...Object.keys(DYNAMIC_KEYS), ...DESCRIPTOR_PREFIXES];
  const out: string[] = [];
  for (const file of ['src/app', 'src/core', 'src/server'].flatMap((d) => sourceFiles(join(root, d)))) {
    for (const m of readFileSync(file, 'utf8').matchAll(KEY_TEMPLATE)) {
      if (!declared.some((p) => m[1]!.startsWith(p))) out.push(`${relative(root, file)}: \`${m[1]}\${…}\`: expected its prefix in src/core/dynamicKeys.ts (the values it is built from), got none`);
    }
  }
  return out;
}

/**
 * A translation keeps English's shape (src/core/icuShape.ts: the one rule, shared with the
 * captions an administrator writes).
 */
function shapeProblems(lang: string, key: string, text: string, english: string): string[] {
  let a: MessageFormatElement[], e: MessageFormatElement[];
  try {
    a = parse(text);
    e = parse(english);
  } catch {
    return []; // syntax errors are reported on their own
  }
  return coreShapeProblems(lang, a, e).map((p) => `${key}: ${shapeProblemText(p)}`);
}

/** Every code's text uses only the code's parameters (the server sends no others). */
function errorTextProblems(cat: Catalogue): string[] {
  const out: string[] = [];
  const EXTRA = new Set(['status']); // server.unknown: the HTTP status the browser knows
  for (const [key, text] of Object.entries(cat)) {
    if (!key.startsWith('server.')) continue;
    const code = key.slice('server.'.length);
    const allowed = new Set<string>([...((ERROR_PARAMS as Record<string, readonly string[]>)[code] ?? []), ...EXTRA]);
    try {
      const shape = shapeOf(parse(text));
      for (const arg of [...shape.args, ...shape.selectors]) if (!allowed.has(arg)) out.push(`${key}: {${arg}}: expected one of the code's parameters (${list(allowed)}) in src/core/errorCodes.ts`);
    } catch {
      // reported as a syntax error
    }
  }
  return out;
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
export function checkLocales(screens: ScreenDescriptor[], workflows: readonly ScreenWorkflow[] = []): string[] {
  const errors: string[] = [];
  const cats = readCatalogues();
  const en = cats.en!;
  for (const [key, where] of keysInUse(screens, workflows)) {
    if (!(key in en)) errors.push(`locales/en.json: ${key}: expected a text (used in ${where})`);
  }
  errors.push(...undeclaredTemplates(), ...unnamedOptions(screens), ...optionSetProblems(screens));
  errors.push(...errorTextProblems(en).map((p) => `locales/en.json: ${p}`));
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
        if (typeof en[key] === 'string') errors.push(...shapeProblems(lang, key, text, en[key]).map((p) => `${file}: ${p}`));
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
