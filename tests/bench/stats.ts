/** Median and p95 (nearest rank) of a sample; NaN for an empty one. */
export interface Summary {
  n: number;
  median: number;
  p95: number;
  min: number;
  max: number;
}

export function quantile(sorted: number[], q: number): number {
  if (!sorted.length) return NaN;
  const rank = Math.ceil(q * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export function median(xs: number[]): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export function summarize(xs: number[]): Summary {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  return { n: s.length, median: median(s), p95: quantile(s, 0.95), min: s[0] ?? NaN, max: s.at(-1) ?? NaN };
}

export const ratio = (a: number, b: number) => (Number.isFinite(a) && Number.isFinite(b) && b !== 0 ? a / b : NaN);

/** The median time of `runs` calls of `f` (ms, as text): the scripts that time code outside the browser. */
export function medianTime(runs: number, f: () => unknown): string {
  const ms: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    f();
    ms.push(performance.now() - t);
  }
  return `${median(ms).toFixed(0)} ms`;
}

/**
 * A server part's run on each engine in turn: an engine that fails is logged and recorded as
 * `failed(engine, error)` (the report says it), and the next one still runs.
 */
export async function perEngine<E extends string, R>(engines: readonly E[], log: (line: string) => void, run: (engine: E) => Promise<R>, failed: (engine: E, error: string) => R): Promise<R[]> {
  const out: R[] = [];
  for (const engine of engines) {
    try {
      out.push(await run(engine));
    } catch (e) {
      const error = e instanceof Error ? e.message : String(e);
      log(`  ${engine}: FAILED ${error}`);
      out.push(failed(engine, error));
    }
  }
  return out;
}
