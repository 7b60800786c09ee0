/**
 * Texts in a language's order, fast: a large text sort of the client row model (100,000
 * rows: ~1.7 million comparisons) compares most pairs by precomputed primary keys — one
 * native string comparison — instead of Intl.Collator#compare, which costs about twice as
 * much per call. The order is the collator's (core/query/collation.ts `textComparer`):
 *
 * - a text's primary key is the primary collation weights of its characters (base letters:
 *   a = á = A), read from the collator itself for the characters the texts hold; a
 *   contraction of the language (Czech ch, Hungarian cs, dz, gy…) is one weight. Keys that
 *   differ order the texts as the collator's first level does; equal keys (texts equal but
 *   for accents and case) are compared by the collator;
 * - a character that expands has the weights of its expansion (ß = ss: the collator finds
 *   it equal to its upper case, SS); one without weights has no key — ignorable (soft
 *   hyphen, controls), a combining mark, a surrogate, an expansion not found so — and
 *   neither has a text holding a three-letter contraction (Hungarian dzs, ccs…). Such texts
 *   compare by the collator, with each other and with the rest. Expansions and
 *   contractions are found by asking the collator: `c` against the group below + U+FFFF
 *   (the largest primary), `xy` against `x` U+0000 `y` (an ignorable between breaks a
 *   contraction);
 * - the keys are checked against the collator on sample texts first; a language whose check
 *   fails compares every text by the collator.
 */
import { compareCodePoints, textCollator } from '../../../core/query/collation.ts';
import { ROW_STEP, chunks, type Work } from './scheduler.ts';

/** Below this many texts the collator alone is quicker than making keys. */
const KEYS_MIN_TEXTS = 4000;

const MAX = '\uFFFF';
const COMBINING = /\p{M}/u;
const LETTER = /\p{L}/u;

interface Weights {
  /** Primary weight by UTF-16 code unit; 0: no key. */
  primary: Uint32Array;
  /** Primary weight of a contraction, by first × 65536 + second. */
  pairs: Map<number, number>;
  /** Three-letter contractions (first × 2^32 + second × 65536 + third): no key. */
  triples: Set<number>;
  /** The primary weights of a character that expands (ß = ss), as key text. */
  expansions: Map<number, string>;
  /** 1 for a character that starts a contraction (pair or triple): the maps are asked only then. */
  starts: Uint8Array;
}

const bases = new Map<string, Intl.Collator>();
function baseCollator(lang: string): Intl.Collator {
  let c = bases.get(lang);
  if (!c) bases.set(lang, (c = new Intl.Collator(textCollator(lang).resolvedOptions().locale, { sensitivity: 'base' })));
  return c;
}

/** A character that may have one primary weight, before asking the collator. */
function plain(code: number): boolean {
  if (code < 0x20 || (code >= 0x7f && code < 0xa0) || (code >= 0xd800 && code <= 0xdfff) || code === 0xffff) return false;
  const ch = String.fromCharCode(code);
  return !COMBINING.test(ch) && ch.normalize('NFD').length <= 2;
}

const pairKey = (a: number, b: number) => a * 65536 + b;
const tripleKey = (a: number, b: number, c: number) => a * 4294967296 + b * 65536 + c;

/** What a character may expand to (ß → SS, ĳ → ij): its compatibility decomposition, its case forms. */
const expansionsOf = (c: string): string[] => [c.normalize('NFKD'), c.toUpperCase(), c.toLowerCase().toUpperCase()].filter((x) => x.length > 1);

/** The primary weights of a set of characters (and the language's contractions of them). */
function weightsOf(lang: string, chars: readonly number[]): Weights {
  const base = baseCollator(lang);
  const full = textCollator(lang);
  // The characters, and those they may expand to; ignorable ones (no primary weight) sort as nothing.
  const codes = new Set(chars);
  for (const c of chars) for (const x of expansionsOf(String.fromCharCode(c))) for (let i = 0; i < x.length; i++) codes.add(x.charCodeAt(i));
  const units = [...codes]
    .filter(plain)
    .map((c) => String.fromCharCode(c))
    .filter((c) => base.compare(`a${c}`, 'a') !== 0);
  const letters = units.filter((c) => LETTER.test(c));
  const pairs: string[] = [];
  for (const x of letters) for (const y of letters) if (base.compare(`${x}${y}`, `${x}\u0000${y}`) !== 0) pairs.push(`${x}${y}`);
  const triples = new Set<number>();
  for (const p of pairs) {
    for (const z of letters) {
      if (base.compare(`${p}${z}`, `${p}\u0000${z}`) !== 0) triples.add(tripleKey(p.charCodeAt(0), p.charCodeAt(1), z.charCodeAt(0)));
      if (base.compare(`${z}${p}`, `${z}\u0000${p}`) !== 0) triples.add(tripleKey(z.charCodeAt(0), p.charCodeAt(0), p.charCodeAt(1)));
    }
  }
  const all = [...units, ...pairs].sort((a, b) => full.compare(a, b) || compareCodePoints(a, b));
  const starts = new Uint8Array(65536);
  for (const p of pairs) starts[p.charCodeAt(0)] = 1;
  for (const t of triples) starts[Math.floor(t / 4294967296)] = 1;
  const w: Weights = { primary: new Uint32Array(65536), pairs: new Map(), triples, expansions: new Map(), starts };
  let p = 0;
  // Whether the current group has one primary weight: its first sorts after the group
  // below's last + the largest primary (ß = s s, right after the s's, sorts before "s" U+FFFF).
  let single = false;
  for (const [i, u] of all.entries()) {
    const prev = all[i - 1];
    if (prev === undefined || base.compare(prev, u) !== 0) {
      p++;
      single = prev === undefined || base.compare(u, `${prev}${MAX}`) > 0;
    }
    if (!single) continue;
    if (u.length === 1) w.primary[u.charCodeAt(0)] = p;
    else w.pairs.set(pairKey(u.charCodeAt(0), u.charCodeAt(1)), p);
  }
  // A character without one weight that equals (at the first level) a text of weighted characters has that text's weights.
  for (const u of units) {
    if (w.primary[u.charCodeAt(0)]) continue;
    const x = expansionsOf(u).find((e) => base.compare(u, e) === 0 && [...e].every((c) => w.primary[c.charCodeAt(0)]));
    if (x) w.expansions.set(u.charCodeAt(0), String.fromCharCode(...[...x].map((c) => w.primary[c.charCodeAt(0)]!)));
  }
  return w;
}

/** A text's primary key, or null when it has none. `buf` holds at least its length. */
function primaryKey(s: string, w: Weights, buf: Uint16Array): string | null {
  const { primary, pairs, triples, expansions, starts } = w;
  const n = s.length;
  // A long text (String.fromCharCode's arguments) compares by the collator.
  if (n > buf.length) return null;
  let k = 0;
  for (let j = 0; j < n; j++) {
    const c = s.charCodeAt(j);
    if (starts[c] === 1 && j + 1 < n) {
      const d = s.charCodeAt(j + 1);
      if (triples.size && j + 2 < n && triples.has(tripleKey(c, d, s.charCodeAt(j + 2)))) return null;
      const pw = pairs.get(pairKey(c, d));
      if (pw !== undefined) {
        buf[k++] = pw;
        j++;
        continue;
      }
    }
    const pw = primary[c]!;
    if (pw !== 0) {
      buf[k++] = pw;
      continue;
    }
    const e = expansions.get(c);
    if (e === undefined || k + e.length > buf.length) return null;
    for (let i = 0; i < e.length; i++) buf[k++] = e.charCodeAt(i);
  }
  return String.fromCharCode.apply(null, buf.subarray(0, k) as unknown as number[]);
}

/** The keys against the collator on sample texts of the units: a key order must be the collator's. */
function checked(w: Weights, units: readonly string[], compare: (a: string, b: string) => number): boolean {
  let seed = 7;
  const rnd = (n: number) => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n;
  const sample: string[] = [];
  for (let i = 0; i < 2000 && units.length; i++) {
    let s = '';
    for (let j = 1 + rnd(4); j > 0; j--) s += units[rnd(units.length)];
    sample.push(s);
  }
  sample.sort(compare);
  const buf = new Uint16Array(32);
  const keys = sample.map((s) => primaryKey(s, w, buf));
  // Along the collator's order, keys (where there are) never decrease.
  let last: string | null = null;
  for (const k of keys) {
    if (k === null) continue;
    if (last !== null && k < last) return false;
    last = k;
  }
  return true;
}

/** The characters the texts hold [from, to), marked in `seen`; answers the longest text's length. */
function markChars(texts: readonly (string | null)[], seen: Uint8Array, from: number, to: number, longest: number): number {
  for (let i = from; i < to; i++) {
    const s = texts[i];
    if (s === null || s === undefined) continue;
    if (s.length > longest) longest = s.length;
    for (let j = 0; j < s.length; j++) seen[s.charCodeAt(j)] = 1;
  }
  return longest;
}

/**
 * A comparison of texts by index for a sort (`texts[i]` non-null), in the language's order:
 * primary keys where they differ, the collator where they are equal or missing. Small sets:
 * the collator alone. Made time-sliced (scheduler.ts): the characters and the keys a chunk
 * of texts at a time.
 */
export function* textOrder(texts: readonly (string | null)[], lang: string, minTexts = KEYS_MIN_TEXTS): Work<(i: number, j: number) => number> {
  const collator = textCollator(lang).compare;
  const slow = (x: string, y: string) => (x === y ? 0 : collator(x, y) || compareCodePoints(x, y));
  const bySlow = (i: number, j: number) => slow(texts[i]!, texts[j]!);
  if (texts.length < minTexts) return bySlow;
  const seen = new Uint8Array(65536);
  let longest = 0;
  yield* chunks(texts.length, ROW_STEP * 4, (from, to) => {
    longest = markChars(texts, seen, from, to, longest);
  });
  const chars: number[] = [];
  for (let c = 0; c < 65536; c++) if (seen[c]) chars.push(c);
  const w = weightsOf(lang, chars);
  yield;
  const units = [
    ...chars.filter((c) => w.primary[c] || w.expansions.has(c)).map((c) => String.fromCharCode(c)),
    ...[...w.pairs.keys()].map((k) => String.fromCharCode(Math.floor(k / 65536), k % 65536)),
  ];
  if (!checked(w, units, slow)) return bySlow;
  yield;
  const buf = new Uint16Array(Math.min(longest, 4096));
  const keys = new Array<string | null>(texts.length);
  yield* chunks(texts.length, ROW_STEP, (from, to) => {
    for (let i = from; i < to; i++) {
      const s = texts[i];
      keys[i] = s === null || s === undefined ? null : primaryKey(s, w, buf);
    }
  });
  return (i, j) => {
    const x = keys[i]!;
    const y = keys[j]!;
    return x === null || y === null || x === y ? slow(texts[i]!, texts[j]!) : x < y ? -1 : 1;
  };
}
