/**
 * No English left in the other languages (issue 43 #15): a text a German, Hungarian, Slovak,
 * Romanian, Czech or Bulgarian user reads must not be the English one copied — in the UI
 * catalogues (locales/*.json) and in the per-language texts the code and the migrations carry
 * (the seed's `ml(...)` rows and `{ en, de, … }` objects: menu, workflow states and events,
 * reference names; the migrations' `{"en": …}` JSON names).
 *
 * A text may be the same as the English only where it is the word a native user of that
 * language expects: the reviewed allow-lists below, each entry with its languages and the
 * reason. A text with no letters outside its placeholders ("80 %", "{label}: {reason}") has
 * nothing to translate. An allow-list entry no text uses any more fails too, so the lists
 * stay short and true.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { LANGS, type Lang } from '../../src/core/langs.ts';

type Other = Exclude<Lang, 'en'>;
const OTHERS = LANGS.filter((l): l is Other => l !== 'en');
interface Same {
  langs: Other[];
  why: string;
}

const ALL: Other[] = [...OTHERS];
const LATIN: Other[] = ['de', 'hu', 'sk', 'ro', 'cs'];

/** UI catalogue values that are rightly the English text, per language, with the reason. */
const CATALOGUE_SAME: Record<string, Same> = {
  // Names and signs no language translates.
  DeepL: { langs: ALL, why: 'brand name of the translation service' },
  DeepSeek: { langs: ALL, why: 'brand name of the chat engine' },
  OpenAI: { langs: ALL, why: 'brand name of the chat engine' },
  IBAN: { langs: ALL, why: 'the international bank account number, abbreviated so in every language' },
  'IBAN: {value}': { langs: ALL, why: 'a printed party’s IBAN line: the abbreviation and the number' },
  Ø: { langs: ALL, why: 'the average sign of a totals row' },
  Σ: { langs: ALL, why: 'the sum sign of a totals row' },
  kg: { langs: LATIN, why: 'SI unit symbol (Bulgarian writes кг)' },
  'm³': { langs: LATIN, why: 'SI unit symbol (Bulgarian writes м³)' },
  // Words the language has in the same spelling and meaning.
  'E-mail': { langs: ['hu', 'sk', 'ro', 'cs'], why: 'the usual spelling of e-mail in these languages (German writes E-Mail)' },
  'E-mail: {value}': { langs: ['hu', 'sk', 'ro', 'cs'], why: 'a printed party’s e-mail line, spelt as these languages spell e-mail' },
  AI: { langs: ['sk', 'ro', 'cs'], why: 'the abbreviation these catalogues use for AI throughout (AI dotaz, Interogare AI, AI obsah)' },
  Model: { langs: ['sk', 'ro', 'cs'], why: 'Slovak, Romanian and Czech noun model (a language model)' },
  Text: { langs: ['de', 'sk', 'ro', 'cs'], why: 'German, Slovak, Romanian and Czech noun text' },
  Partner: { langs: ['de', 'hu', 'sk', 'cs'], why: 'German, Hungarian, Slovak and Czech noun partner (business partner)' },
  Maximum: { langs: ['de', 'hu', 'sk', 'cs'], why: 'the aggregate function as spreadsheets name it in these languages' },
  Minimum: { langs: ['de', 'hu', 'sk', 'cs'], why: 'the aggregate function as spreadsheets name it in these languages' },
  Video: { langs: ['de', 'sk', 'cs'], why: 'German, Slovak and Czech noun video' },
  Link: { langs: ['de', 'ro'], why: 'German and Romanian noun link (a hyperlink)' },
  Newsletter: { langs: ['de', 'ro'], why: 'the loanword German and Romanian shops use for their newsletter' },
  Details: { langs: ['de'], why: 'German plural of Detail' },
  Name: { langs: ['de'], why: 'German noun Name' },
  Position: { langs: ['de'], why: 'German noun Position (a bin on a shelf, a place in an order)' },
  Problem: { langs: ['de'], why: 'German noun Problem' },
  Prompts: { langs: ['de'], why: 'German plural of der Prompt, as in GPT-Prompts and Neuer Prompt' },
  Shop: { langs: ['de'], why: 'German noun der Shop, as in Shop-Kategorien and Shop-Preis' },
  Shops: { langs: ['de'], why: 'German plural of der Shop' },
  System: { langs: ['de'], why: 'German noun System (the system role of a chat)' },
  Tags: { langs: ['de'], why: 'German plural of der Tag (a keyword), as the tag editor says: Tag eingeben' },
  Videos: { langs: ['de'], why: 'German plural of Video' },
  Workflow: { langs: ['de'], why: 'German noun der Workflow, as in Workflow-Typen and Workflow-Diagramm' },
  Workflows: { langs: ['de'], why: 'German plural of der Workflow' },
  Finance: { langs: ['cs'], why: 'Czech noun finance (plural), the usual menu word' },
  Document: { langs: ['ro'], why: 'Romanian noun document' },
  Normal: { langs: ['ro'], why: 'Romanian adjective normal (the paragraph style of the text editor)' },
  Total: { langs: ['ro'], why: 'Romanian noun total' },
  'Total: {total}': { langs: ['ro'], why: 'Romanian noun total, before the amount (a supplier order mail)' },
  Net: { langs: ['ro'], why: 'Romanian net (a net amount column of a printed document)' },
  Status: { langs: ['de'], why: 'German noun der Status' },
  Information: { langs: ['de'], why: 'German noun die Information (the info style of an event button)' },
  Card: { langs: ['ro'], why: 'Romanian noun card (a payment by card)' },
  Reference: { langs: ['cs'], why: 'Czech noun reference' },
  Transfer: { langs: ['ro'], why: 'Romanian noun transfer (a stock transfer)' },
};

/** Per-language texts in the code and the migrations that are rightly the English text. */
const DATA_SAME: Record<string, Same> = {
  // The business-to-business sales channel (migration 106): every language's shops say B2B.
  B2B: { langs: ALL, why: 'business to business, abbreviated so in every language' },
  // Country names (reference data): the country's name in that language is spelled as in English.
  Austria: { langs: ['ro'], why: 'Romanian name of Austria' },
  Belgium: { langs: ['hu'], why: 'Hungarian name of Belgium' },
  Bulgaria: { langs: ['ro'], why: 'Romanian name of Bulgaria' },
  China: { langs: ['de', 'ro'], why: 'German and Romanian name of China' },
  Cyprus: { langs: ['sk'], why: 'Slovak name of Cyprus' },
  Estonia: { langs: ['ro'], why: 'Romanian name of Estonia' },
  India: { langs: ['hu', 'sk', 'ro'], why: 'Hungarian, Slovak and Romanian name of India' },
  Japan: { langs: ['de'], why: 'German name of Japan' },
  Malta: { langs: ['de', 'sk', 'ro', 'cs'], why: 'the name of Malta in these languages' },
  Portugal: { langs: ['de'], why: 'German name of Portugal' },
  Serbia: { langs: ['ro'], why: 'Romanian name of Serbia' },
  Slovenia: { langs: ['ro'], why: 'Romanian name of Slovenia' },
  Taiwan: { langs: ['de', 'sk', 'ro'], why: 'the name of Taiwan in these languages' },
  Ukraine: { langs: ['de'], why: 'German name of Ukraine' },
  Vietnam: { langs: ['de', 'sk', 'ro', 'cs'], why: 'the name of Vietnam in these languages' },
  // Demo catalogue and shop names: loanwords the language uses as they are.
  Administrator: { langs: ['de', 'ro'], why: 'German and Romanian noun administrator (the role)' },
  Audio: { langs: ['de', 'sk', 'ro', 'cs'], why: 'category name: audio is the word in these languages' },
  Camping: { langs: ['de', 'ro'], why: 'category name: German and Romanian camping' },
  Card: { langs: ['ro'], why: 'payment method: Romanian card (a bank card)' },
  Contact: { langs: ['ro'], why: 'shop page title: Romanian contact' },
  Euro: { langs: ['de'], why: 'German name of the currency' },
  Fitness: { langs: ['de', 'sk', 'ro', 'cs'], why: 'category name: fitness is the word in these languages' },
  Installation: { langs: ['de'], why: 'service name: German Installation' },
  Outdoor: { langs: ['de', 'sk', 'cs'], why: 'category name: the loanword shops in these languages use' },
  Pools: { langs: ['de'], why: 'category name: German plural of der Pool' },
  Puzzles: { langs: ['de'], why: 'category name: German plural of das Puzzle' },
  Sarmale: { langs: ['ro'], why: 'a Romanian dish, named in Romanian in every language' },
  Set: { langs: ['de', 'ro'], why: 'product type: German and Romanian set' },
  Sofas: { langs: ['de'], why: 'category name: German plural of das Sofa' },
};

/** The literal text of an ICU message (what is left to translate once its arguments are out). */
function literalText(els: MessageFormatElement[]): string {
  return els
    .map((e) => {
      if (e.type === TYPE.literal) return e.value;
      if (e.type === TYPE.plural || e.type === TYPE.select)
        return Object.values(e.options)
          .map((o) => literalText(o.value))
          .join(' ');
      if (e.type === TYPE.tag) return literalText(e.children);
      return ' ';
    })
    .join('');
}
const hasWords = (text: string) => /\p{L}/u.test(literalText(parse(text, { ignoreTag: false })));

interface Copy {
  lang: Other;
  text: string;
  where: string;
}
/** The copies no allow-list entry covers, and the entries (text → languages) no copy uses. */
function judge(copies: Copy[], allowed: Record<string, Same>) {
  const used = new Set<string>();
  const left = copies.filter((c) => {
    if (!allowed[c.text]?.langs.includes(c.lang)) return true;
    used.add(`${c.text}\u0000${c.lang}`);
    return false;
  });
  const stale = Object.entries(allowed).flatMap(([text, s]) => s.langs.filter((l) => !used.has(`${text}\u0000${l}`)).map((l) => `${l}: ${text}`));
  return { left: left.map((c) => `${c.where} ${c.lang}: ${JSON.stringify(c.text)}`), stale };
}

function catalogueCopies(): Copy[] {
  const read = (lang: Lang) => JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as Record<string, string>;
  const en = read('en');
  return OTHERS.flatMap((lang) => {
    const cat = read(lang);
    return Object.entries(en).flatMap(([key, text]) => (cat[key] === text && hasWords(text) ? [{ lang, text, where: `locales/${lang}.json ${key}` }] : []));
  });
}

/** The string literal of an expression, or undefined (a template with values, a variable). */
const literal = (e: ts.Expression | undefined) => (e && ts.isStringLiteralLike(e) ? e.text : undefined);

/** Per-language texts in TypeScript: `ml(en, de, hu, sk, ro, cs, bg)` calls and object literals keyed by the languages. */
function codeCopies(file: string, source: string): Copy[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const out: Copy[] = [];
  const add = (texts: Partial<Record<Lang, string>>, node: ts.Node) => {
    const where = `${file}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`;
    for (const lang of OTHERS) if (texts.en !== undefined && texts[lang] === texts.en && /\p{L}/u.test(texts.en)) out.push({ lang, text: texts.en, where });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'ml') {
      add(Object.fromEntries(LANGS.map((l, i) => [l, literal(node.arguments[i])])), node);
    } else if (ts.isObjectLiteralExpression(node)) {
      const texts: Partial<Record<Lang, string>> = {};
      for (const p of node.properties)
        if (ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && (LANGS as readonly string[]).includes(p.name.text))
          texts[p.name.text as Lang] = literal(p.initializer);
      if (OTHERS.filter((l) => texts[l] !== undefined).length >= 3) add(texts, node);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** Per-language names in SQL: the `'{"en": …, "de": …}'` JSON literals of the migrations. */
function sqlCopies(file: string, source: string): Copy[] {
  const out: Copy[] = [];
  for (const m of source.matchAll(/'(\{\s*"en"\s*:(?:[^']|'')*\})'/g)) {
    const texts = JSON.parse(m[1]!.replaceAll("''", "'")) as Partial<Record<Lang, string>>;
    const line = source.slice(0, m.index).split('\n').length;
    for (const lang of OTHERS) if (texts.en !== undefined && texts[lang] === texts.en) out.push({ lang, text: texts.en, where: `${file}:${line}` });
  }
  return out;
}

/**
 * The per-language texts outside the catalogues. The product-name vocabulary of the demo
 * generator (seed/words.ts: adjectives, materials and nouns in their grammatical forms,
 * joined into names) is not a text of its own and is left out.
 */
function dataCopies(): Copy[] {
  const files = execFileSync('git', ['ls-files', 'src', 'screens', 'schemas', 'codegen'], { encoding: 'utf8' }).split('\n');
  return files.flatMap((file) => {
    if (file === 'src/server/db/seed/words.ts') return [];
    if (/\.tsx?$/.test(file)) {
      const source = readFileSync(file, 'utf8');
      return /\bml\(|\ben\s*:/.test(source) ? codeCopies(file, source) : [];
    }
    if (file.endsWith('.sql')) return sqlCopies(file, readFileSync(file, 'utf8'));
    return [];
  });
}

describe('texts in the other languages are not the English copied', () => {
  it('the allow-lists give every entry its languages (never English) and a reason', () => {
    for (const [text, s] of Object.entries({ ...CATALOGUE_SAME, ...DATA_SAME })) {
      expect(s.langs.length, text).toBeGreaterThan(0);
      expect(s.why.trim().length, text).toBeGreaterThan(5);
    }
  });

  it('the catalogues: a value equal to the English is an allowed word of that language', () => {
    const { left, stale } = judge(catalogueCopies(), CATALOGUE_SAME);
    expect(left, 'translate these, or allow them with a reason').toEqual([]);
    expect(stale, 'allow-list entries no catalogue value uses').toEqual([]);
  });

  it('the seed and the migrations: a per-language text equal to the English is an allowed word of that language', () => {
    const { left, stale } = judge(dataCopies(), DATA_SAME);
    expect(left, 'translate these, or allow them with a reason').toEqual([]);
    expect(stale, 'allow-list entries no per-language text uses').toEqual([]);
  });

  it('finds a copy in each kind of source it reads', () => {
    expect(codeCopies('x.ts', "const a = ml('Top P', 'Top P', 'x', 'x', 'x', 'x', 'x');").map((c) => c.lang)).toEqual(['de']);
    expect(codeCopies('x.ts', "const b = { en: 'Prompt', de: 'Prompt', hu: 'Prompt', sk: 'x' };").map((c) => c.lang)).toEqual(['de', 'hu']);
    expect(sqlCopies('x.sql', `insert into t values ('{"en": "Carrier''s note", "de": "x", "ro": "Carrier''s note"}');`)).toEqual([{ lang: 'ro', text: "Carrier's note", where: 'x.sql:1' }]);
    expect(['80 %', '−{percent} %', '{label}: {reason}', '{n, plural, one {#} other {#}}'].filter(hasWords)).toEqual([]);
    expect(['Top P', '{count, plural, one {# row} other {# rows}}', '<b>{name}</b> Name'].filter(hasWords)).toHaveLength(3);
  });
});
