/**
 * Stable LSD radix sort of row indexes by Float64 keys, time-sliced (scheduler.ts).
 *
 * The generator only orders the work and yields; every loop is a plain function over a
 * range of rows. V8 does not optimize a loop that runs inside a generator while it runs
 * (no on-stack replacement there), so a page's first sort ran entirely in baseline code:
 * twice as slow, with single chunks of 3–5 ms between yields on a slow machine. Plain
 * functions called chunk after chunk are optimized after a few calls.
 */
import { STEP, chunks, type Work } from './scheduler.ts';

/** Working arrays of radix sorts over n rows, kept by a model between its sorts (less garbage, fewer GC pauses). */
export class RadixScratch {
  tmp: Uint32Array = new Uint32Array(0);
  hi: Uint32Array = new Uint32Array(0);
  lo: Uint32Array = new Uint32Array(0);
  readonly count = new Uint32Array(65537);
  fit(n: number): this {
    if (this.hi.length !== n) {
      this.tmp = new Uint32Array(n);
      this.hi = new Uint32Array(n);
      this.lo = new Uint32Array(n);
    }
    return this;
  }
}

const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);
const LITTLE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const L = LITTLE ? 0 : 1;
const H = LITTLE ? 1 : 0;

/**
 * Keys [from, to) as two unsigned 32-bit digits each whose order is the keys' order (or its
 * reverse); NaN (NULL, core/query/order.ts) gets the largest digits either way: last.
 */
function toDigits(k: Float64Array, desc: boolean, hi: Uint32Array, lo: Uint32Array, from: number, to: number): void {
  for (let i = from; i < to; i++) {
    const x = k[i]!;
    if (x !== x) {
      hi[i] = 0xffffffff;
      lo[i] = 0xffffffff;
      continue;
    }
    f64[0] = x === 0 ? 0 : x; // -0 sorts as 0
    let h = u32[H]!;
    let l = u32[L]!;
    // IEEE 754 → unsigned order: negatives flip all bits, positives flip the sign bit.
    if (h & 0x80000000) {
      h = ~h >>> 0;
      l = ~l >>> 0;
    } else h = (h | 0x80000000) >>> 0;
    if (desc) {
      h = ~h >>> 0;
      l = ~l >>> 0;
    }
    hi[i] = h;
    lo[i] = l;
  }
}

/** Counts the 16-bit digits of src[from, to) (shifted by `shift`) into count[digit + 1]. */
function countDigits(src: Uint32Array, shift: number, count: Uint32Array, from: number, to: number): void {
  for (let i = from; i < to; i++) count[((src[i]! >>> shift) & 0xffff) + 1]!++;
}

/** Running sums of count[from, to): count[d] becomes where digit d starts. */
function prefixSums(count: Uint32Array, from: number, to: number): void {
  for (let d = from; d < to; d++) count[d + 1]! += count[d]!;
}

/** Moves idx[from, to) to their digit's next place in out. */
function scatter(idx: Uint32Array, src: Uint32Array, shift: number, count: Uint32Array, out: Uint32Array, from: number, to: number): void {
  for (let i = from; i < to; i++) {
    const b = idx[i]!;
    out[count[(src[b]! >>> shift) & 0xffff]!++] = b;
  }
}

function identity(idx: Uint32Array, from: number, to: number): void {
  for (let i = from; i < to; i++) idx[i] = i;
}

/**
 * Sorts the base indexes 0 … n-1 by `keys` (the last key first, 16 bits a pass; passes
 * whose digit is the same for every row are skipped). Ascending per key, or descending
 * with `dir` -1, NaN last both ways; ties keep the base order. A few milliseconds for 100,000. The result is
 * a new array; `scratch` lends the working ones.
 */
export function* radixSortIndexes(n: number, keys: readonly Float64Array[], dirs: readonly number[], scratch = new RadixScratch()): Work<Uint32Array> {
  const s = scratch.fit(n);
  let idx: Uint32Array = new Uint32Array(n);
  yield* chunks(n, STEP * 4, (a, b) => identity(idx, a, b));
  let tmp: Uint32Array = s.tmp;
  const { hi, lo, count } = s;
  for (let j = keys.length - 1; j >= 0; j--) {
    const k = keys[j]!;
    const desc = dirs[j]! < 0;
    yield* chunks(n, STEP, (a, b) => toDigits(k, desc, hi, lo, a, b));
    for (let pass = 0; pass < 4; pass++) {
      const src = pass < 2 ? lo : hi;
      const shift = pass % 2 ? 16 : 0;
      count.fill(0);
      yield* chunks(n, STEP * 2, (a, b) => countDigits(src, shift, count, a, b));
      if (n && count[((src[0]! >>> shift) & 0xffff) + 1] === n) continue; // one digit: nothing to do
      yield* chunks(65536, STEP * 4, (a, b) => prefixSums(count, a, b));
      const from = idx;
      const to = tmp;
      // Random writes over the row count: a chunk of STEP keeps a slice's overrun ~1 ms.
      yield* chunks(n, STEP, (a, b) => scatter(from, src, shift, count, to, a, b));
      idx = to;
      tmp = from;
    }
  }
  // The result may be the lent array: the caller keeps it, the scratch takes the other one.
  if (idx === s.tmp) s.tmp = tmp;
  return idx;
}
