/** The client row model's sort keys of non-text columns, its cache keys, and work shared by runners. */
import { queryValue, type QueryColumn } from './clientQuery.ts';
import { sortIndexes } from './mergeSort.ts';
import { chunks, STEP, type Work } from './scheduler.ts';
import type { Row } from '../types.ts';

/** The sort key of NULL: radixSort.ts puts NaN last, ascending and descending (core/query/order.ts). */
const NULL_KEY = Number.NaN;

/** The filter model's key of a fixed filter (a detail grid's parent key): it cannot clash with a field. */
export const FIXED = '\u0000fixed:';
/** The field of a filter model key (fixed or not). */
export const unfixed = (key: string): string => (key.startsWith(FIXED) ? key.slice(FIXED.length) : key);

/** Sort keys of rows [from, to) of a non-text column: numbers, dates as time, booleans 0/1; NULL and NaN = NULL_KEY. */
export function numberKeys(rows: readonly Row[], col: QueryColumn, lang: string, keys: Float64Array, from: number, to: number): void {
  for (let i = from; i < to; i++) {
    const v = queryValue(rows[i]!, col, lang);
    let x: number;
    if (v === null || v === undefined) x = NULL_KEY;
    else if (col.valueType === 'date' && typeof v === 'string') x = Date.parse(`${v.slice(0, 10)}T00:00:00Z`);
    else if (col.valueType === 'datetime') x = new Date(v as string).getTime();
    else if (typeof v === 'boolean') x = v ? 1 : 0;
    else x = typeof v === 'number' ? v : Number(v);
    keys[i] = Number.isNaN(x) ? NULL_KEY : x;
  }
}

/** A column's key in the per-column caches: `field|lang`, the language only for multi-language columns. */
export const columnKey = (col: QueryColumn, lang: string) => `${col.field}|${col.valueType === 'multi' ? lang : ''}`;

/** A piece of work that more than one runner may advance; each step is one of its slices. */
export class Shared<T> {
  private done = false;
  value!: T;
  constructor(private readonly work: Work<T>) {}
  /** Advances the work one step; true once it has its value. */
  step(): boolean {
    if (!this.done) {
      const r = this.work.next();
      if (r.done) {
        this.done = true;
        this.value = r.value;
      }
    }
    return this.done;
  }
}

/**
 * Sort keys of texts: each text's rank in `cmp`'s order (equal texts share one), NULL as
 * NULL_KEY. The texts are sorted once; every sort on the column then compares numbers.
 */
export function* textRanks(texts: readonly (string | null)[], keys: Float64Array, cmp: (a: number, b: number) => number): Work<void> {
  const n = texts.length;
  const idx = new Uint32Array(n);
  let m = 0;
  for (let i = 0; i < n; i++) {
    if (texts[i] === null) keys[i] = NULL_KEY;
    else idx[m++] = i;
  }
  const sorted = yield* sortIndexes(idx.subarray(0, m), cmp);
  let rank = 0;
  yield* chunks(m, STEP * 2, (from, to) => {
    let r = rank;
    for (let i = from; i < to; i++) {
      const b = sorted[i]!;
      if (i > 0 && texts[sorted[i - 1]!] !== texts[b]) r++;
      keys[b] = r;
    }
    rank = r;
  });
}
