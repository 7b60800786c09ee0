/**
 * A column's texts for text filters, as ONE lower-cased string: every value joined, and
 * where each value starts. Lower-casing 100,000 values one by one makes 100,000 strings
 * (and the garbage collection after them) before the first filter can answer; joined,
 * it is one native `toLowerCase`, and a filter is native `indexOf` scans over one string
 * that mark the matching rows. The answers are `textTest`'s (clientQuery.ts) on each
 * value: NULL never contains, equals, starts or ends with anything, and does match
 * notContains and notEqual.
 *
 * A value that lower-cases to another length (a few characters, e.g. 'İ') would shift
 * every position after it: `buildTextIndex` then answers null and the caller tests
 * value by value.
 */
import { textOp } from '../../../core/query/operators.ts';
import { filterNeedle } from './clientQuery.ts';
import type { FilterItem } from '../filters.ts';
import { runNow, type Work } from './scheduler.ts';

export interface TextIndex {
  /** The lower-cased values, joined by SEP. */
  text: string;
  /** Where value i starts in `text`; `starts[n]` is text.length + 1. */
  starts: Uint32Array;
  /** 1 where the value is NULL (its text is ''). */
  nulls: Uint8Array;
}

/** Between values: matches must lie within one value, so its content does not matter. */
const SEP = '\u0000';

/**
 * Rows per chunk of the index build: one join and one toLowerCase each, a yield between.
 * 4,096 rows are ~2 ms on a slow machine (8,192 ran a slice 3–4 ms past its deadline).
 */
export const TEXT_INDEX_CHUNK = 4096;

/**
 * Builds the index of n values (`valueAt(i)`), a chunk of rows at a time with a yield
 * between, so the build can be time-sliced: the joined text of 100,000 values is made
 * and lower-cased in chunks (joined by SEP as well, the same text as one join), never
 * in one native call of ~10–15 ms.
 */
export function* textIndexWork(n: number, valueAt: (i: number) => string | null): Work<TextIndex | null> {
  const starts = new Uint32Array(n + 1);
  const nulls = new Uint8Array(n);
  const texts: string[] = [];
  const at = { pos: 0 };
  for (let from = 0; from < n; from += TEXT_INDEX_CHUNK) {
    const lower = indexChunk(valueAt, starts, nulls, from, Math.min(n, from + TEXT_INDEX_CHUNK), at);
    if (lower === null) return null;
    texts.push(lower);
    yield;
  }
  starts[n] = at.pos;
  return { text: texts.join(SEP), starts, nulls };
}

/**
 * Rows [from, to) of the index: their starts and nulls, and their lower-cased joined text
 * (null when lower-casing changes its length). A plain function, not the generator's
 * body: V8 optimizes its loop (see scheduler.ts chunks).
 */
function indexChunk(valueAt: (i: number) => string | null, starts: Uint32Array, nulls: Uint8Array, from: number, to: number, at: { pos: number }): string | null {
  const parts = new Array<string>(to - from);
  let pos = at.pos;
  for (let i = from; i < to; i++) {
    const v = valueAt(i);
    if (v === null || v === undefined) nulls[i] = 1;
    const s = v ?? '';
    parts[i - from] = s;
    starts[i] = pos;
    pos += s.length + 1;
  }
  at.pos = pos;
  const joined = parts.join(SEP);
  const lower = joined.toLowerCase();
  return lower.length === joined.length ? lower : null;
}

/** The index of `values` at once (see textIndexWork). */
export const buildTextIndex = (values: readonly (string | null)[]): TextIndex | null => runNow(textIndexWork(values.length, (i) => values[i] ?? null));

/** The rows (1 in the result) an item's text test keeps, over `n` rows of the index. */
export function matchText(ix: TextIndex, item: FilterItem): Uint8Array {
  const { text, starts, nulls } = ix;
  const n = nulls.length;
  const out = new Uint8Array(n);
  const op = item.type ?? 'contains';
  const end = (i: number) => starts[i + 1]! - 1;
  if (op === 'blank' || op === 'notBlank') {
    const blank = op === 'blank' ? 1 : 0;
    for (let i = 0; i < n; i++) out[i] = (nulls[i] === 1 || end(i) === starts[i] ? 1 : 0) === blank ? 1 : 0;
    return out;
  }
  const x = filterNeedle(item);
  // The operators' meaning is core/query/operators.ts's; this is their scan over the joined text.
  const t = textOp(op);
  if (!t) return out;
  const { test: base, negate } = t;
  if (x === '') {
    // '' is in every text, starts and ends it, and equals the empty ones.
    for (let i = 0; i < n; i++) out[i] = nulls[i] ? 0 : base === 'equals' ? (end(i) === starts[i] ? 1 : 0) : 1;
  } else {
    // Occurrences in increasing order; the row of each follows a cursor.
    let row = 0;
    let from = 0;
    for (;;) {
      const p = text.indexOf(x, from);
      if (p < 0) break;
      while (starts[row + 1]! <= p) row++;
      const s = starts[row]!;
      const e = end(row);
      const within = p + x.length <= e;
      const ok = within && !nulls[row] && (base === 'contains' || (base === 'startsWith' ? p === s : base === 'endsWith' ? p + x.length === e : p === s && p + x.length === e));
      if (ok) out[row] = 1;
      // A decided row, or one whose start a later occurrence cannot be at: go on from the next row.
      from = ok || (within && (base === 'startsWith' || base === 'equals')) ? starts[row + 1]! : p + 1;
    }
  }
  if (negate) for (let i = 0; i < n; i++) out[i] = nulls[i] ? 1 : out[i] ? 0 : 1;
  return out;
}
