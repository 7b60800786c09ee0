/**
 * Seeded randomness: the demo data must be identical on every run and engine,
 * so nothing here touches Math.random.
 */
export interface Rng {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** Float in [min, max) rounded to `decimals`. */
  float(min: number, max: number, decimals: number): number;
  /** Log-uniform in [min, max): small values as frequent as large orders of magnitude. */
  logFloat(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by relative weight: [[value, weight], ...]. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
}

/** mulberry32: tiny, fast and good enough for demo data. */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    float: (min, max, decimals) => round(min + next() * (max - min), decimals),
    logFloat: (min, max) => Math.exp(Math.log(min) + next() * (Math.log(max) - Math.log(min))),
    chance: (p) => next() < p,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    weighted: (items) => {
      const total = items.reduce((s, [, w]) => s + w, 0);
      let r = next() * total;
      for (const [v, w] of items) {
        r -= w;
        if (r < 0) return v;
      }
      const last = items[items.length - 1];
      if (!last) throw new Error('weighted pick from an empty list');
      return last[0];
    },
  };
  return rng;
}

/** Rounds half away from zero to `decimals` places, so JSON carries no float noise. */
export function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return (Math.sign(value) * Math.round(Math.abs(value) * f + Number.EPSILON)) / f;
}
