/**
 * Search lookups (`source.search`, e.g. products_brief): sources too large to hand out
 * whole. Every `list` answers at most SEARCH_LIMIT rows; `search` keeps the rows whose key
 * or text columns (multi ones in the request's language) contain every word of the text,
 * exact and prefix matches first. When nothing contains the words, the rows whose columns
 * hold a word like each (a typo: trigram word similarity; words of letters only) are
 * answered, most alike first.
 * Browsers resolve the labels of the keys they show with a set filter on the key, a window
 * at a time.
 *
 * Speed (issue 28): a word of three or more characters also asks the trigram index of
 * `app.search_text(texts, names)` (migration 083: the codes and the names in every UI
 * language, lower-cased) for its candidates, `like '%word%'`; the exact test above then
 * runs on those rows only. The candidate text holds every language's name, so it is a
 * superset of what the exact test accepts: the answer is the same as without it.
 */
import { isLang } from '../../../core/langs.ts';
import { badRequest } from '../../http/errors.ts';
import { expr, type ListScope } from './listScope.ts';
import type { Screen } from './screens.ts';
import { ident, type Params } from './sql.ts';

const SEARCH_LIMIT = 50;
/** Words of a search text that count; more are ignored (each one is a condition). */
const MAX_WORDS = 6;
/** Trigram word similarity from which a word is taken for a mistyped one (pg_trgm's default threshold of `<%`). */
const TYPO_SIMILARITY = 0.6;

export interface SearchClause {
  /** Every word in some searched column. */
  where: string;
  /**
   * The order of relevance: 0 a column equal to the text, 1 a column starting with it, 2
   * the rest. A function: its parameter is added when the page is built.
   */
  rank(): string;
  /** Every word in some column, or like a word there (a typo): asked when `where` finds nothing. */
  typos?: { where: string; rank(): string };
}

/** The key and the text/multi columns, in descriptor order: what a search looks in. */
function searchedColumns(screen: Screen): string[] {
  const text = Object.entries(screen.columns)
    .filter(([, c]) => c.type === 'text' || c.type === 'multi')
    .map(([f]) => f);
  return [...new Set([...screen.keys.filter((k) => screen.valueType[k] === 'text'), ...text])];
}

/**
 * The indexed candidate text of a screen's searched columns (migration 083's expression:
 * `app.search_text(coalesce(product_code, ''), product_name)` for products_brief), or
 * undefined where it cannot stand for the exact test: more than one multi column, rich
 * text (searched as shown, not as stored), or a request language the function does not hold.
 */
function candidateText(screen: Screen, cols: string[], language: string): string | undefined {
  if (!isLang(language)) return undefined;
  const multi = cols.filter((f) => screen.columns[f]?.type === 'multi');
  if (multi.length > 1 || multi.some((f) => screen.columns[f]?.html)) return undefined;
  const texts = cols.filter((f) => screen.columns[f]?.type !== 'multi');
  if (!texts.length) return undefined;
  return `app.search_text(${texts.map((f) => `coalesce(${ident(f)}, '')`).join(` || ' ' || `)}, ${multi[0] ? ident(multi[0]) : `'{}'::jsonb`})`;
}

/** A LIKE pattern for text containing `word` (its own % _ \ taken literally). */
const containing = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The clause of a request's `search`; undefined when it has none (or only blanks). */
export function searchClause(screen: Screen, search: string | undefined, p: Params, scope: ListScope, lang: { ref?: string }): SearchClause | undefined {
  if (search === undefined) return undefined;
  if (!screen.source.search) throw badRequest(`payload.search: ${screen.form} is not a search lookup`);
  const text = search.trim().toLowerCase();
  if (!text) return undefined;
  const fields = searchedColumns(screen);
  const cols = fields.map((f) => `lower(${expr(screen, f, p, scope, lang)})`);
  const candidate = candidateText(screen, fields, scope.language);
  const words = [...new Set(text.split(/\s+/))].slice(0, MAX_WORDS).map((w) => ({ w, x: p.add(w, 'text') }));
  // Trigrams need three characters: a shorter word narrows nothing in the index.
  const indexed = (w: string) => candidate !== undefined && [...w].length >= 3;
  const exact = ({ w, x }: { w: string; x: string }) => {
    const test = `(${cols.map((c) => `strpos(${c}, ${x}) > 0`).join(' or ')})`;
    return indexed(w) ? `(${candidate} like ${p.add(containing(w), 'text')} and ${test})` : test;
  };
  const rank = () => {
    const whole = p.add(text, 'text');
    const equal = cols.map((c) => `${c} = ${whole}`).join(' or ');
    const prefix = cols.map((c) => `left(${c}, length(${whole})) = ${whole}`).join(' or ');
    return `(case when ${equal} then 0 when ${prefix} then 1 else 2 end)`;
  };
  const clause: SearchClause = { where: `(${words.map(exact).join(' and ')})`, rank };
  if (candidate !== undefined && words.some(({ w }) => indexed(w) && /^\p{L}+$/u.test(w))) {
    const similarity = (x: string) => `greatest(${cols.map((c) => `public.word_similarity(${x}, coalesce(${c}, ''))`).join(', ')})`;
    // Only words of letters may be mistyped: a code or a number like another is another one.
    const alike = (word: { w: string; x: string }) =>
      indexed(word.w) && /^\p{L}+$/u.test(word.w) ? `(${exact(word)} or (${word.x} operator(public.<%) ${candidate} and ${similarity(word.x)} >= ${TYPO_SIMILARITY}))` : exact(word);
    clause.typos = {
      where: `(${words.map(alike).join(' and ')})`,
      rank: () => `(${words.map(({ x }) => similarity(x)).join(' + ')}) desc`,
    };
  }
  return clause;
}

/** Rows one list call may answer: a search lookup's SEARCH_LIMIT, else `max`. */
export const windowCap = (screen: Screen, max: number): number => (screen.source.search ? SEARCH_LIMIT : max);
