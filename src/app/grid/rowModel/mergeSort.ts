/**
 * Stable merge sort of row indexes by a comparison (text sort keys), time-sliced
 * (scheduler.ts). As in radixSort.ts, the generator only orders the work: the runs and
 * the merges are plain functions V8 optimizes, a merge stopping and resuming within a
 * pair of runs after a budget of comparisons.
 */
import { STEP, chunks, type Work } from './scheduler.ts';

const RUN = 32;

/** Insertion-sorts each RUN of src within [from, to) (from a multiple of RUN). */
function insertionRuns(src: Uint32Array, cmp: (a: number, b: number) => number, from: number, to: number): void {
  for (let lo = from; lo < to; lo += RUN) {
    const hi = Math.min(to, lo + RUN);
    for (let i = lo + 1; i < hi; i++) {
      const x = src[i]!;
      let j = i - 1;
      while (j >= lo && cmp(src[j]!, x) > 0) {
        src[j + 1] = src[j]!;
        j--;
      }
      src[j + 1] = x;
    }
  }
}

/** One merge pass under way: pairs of sorted runs of `width` from src into dst. */
interface MergePass {
  src: Uint32Array;
  dst: Uint32Array;
  width: number;
  lo: number;
  mid: number;
  hi: number;
  i: number;
  j: number;
  k: number;
}

function mergePass(src: Uint32Array, dst: Uint32Array, width: number): MergePass {
  const n = src.length;
  return { src, dst, width, lo: 0, mid: Math.min(n, width), hi: Math.min(n, 2 * width), i: 0, j: Math.min(n, width), k: 0 };
}

/** Advances a merge pass by up to `budget` comparisons; true once the pass is done. */
function mergeSome(m: MergePass, cmp: (a: number, b: number) => number, budget: number): boolean {
  const { src, dst, width } = m;
  const n = src.length;
  let { lo, mid, hi, i, j, k } = m;
  let left = budget;
  let done = true;
  while (lo < n) {
    while (i < mid && j < hi && left > 0) {
      dst[k++] = cmp(src[j]!, src[i]!) < 0 ? src[j++]! : src[i++]!;
      left--;
    }
    if (i < mid && j < hi) {
      done = false;
      break;
    }
    while (i < mid) dst[k++] = src[i++]!;
    while (j < hi) dst[k++] = src[j++]!;
    lo += 2 * width;
    mid = Math.min(n, lo + width);
    hi = Math.min(n, lo + 2 * width);
    i = lo;
    j = mid;
    k = lo;
  }
  Object.assign(m, { lo, mid, hi, i, j, k });
  return done;
}

/**
 * Stable merge sort of indexes (insertion-sorted runs, then merges), yielding every ~STEP
 * comparisons; the loops are plain functions V8 optimizes (scheduler.ts chunks).
 */
export function* sortIndexes(idx: Uint32Array, cmp: (a: number, b: number) => number): Work<Uint32Array> {
  const n = idx.length;
  let src: Uint32Array = idx;
  // ~STEP comparisons a chunk: a run of 32 takes ~4 a row.
  yield* chunks(n, STEP / 4, (from, to) => insertionRuns(src, cmp, from, to));
  if (n <= RUN) return src;
  let dst: Uint32Array = new Uint32Array(n);
  for (let width = RUN; width < n; width *= 2) {
    const pass = mergePass(src, dst, width);
    while (!mergeSome(pass, cmp, STEP)) yield;
    const t = src;
    src = dst;
    dst = t;
    yield;
  }
  return src;
}
