/**
 * The order test files start in: longest first (durations.json, seconds of a full run), so
 * that the two workers finish together instead of one running a long browser file alone at
 * the end. Vitest's own order needs its results cache, which a fresh clone (CI) does not
 * have: it then starts the largest files first, and a short file can run longest (routes).
 * Files not listed (new ones) go first, as vitest puts unknown files first; ties keep
 * vitest's order. A full `npm test` rewrites the list (durationsReporter.ts).
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import durations from './durations.json' with { type: 'json' };

const seconds: Record<string, number> = durations;

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const root = this.ctx.config.root;
    const cost = (f: TestSpecification) => seconds[relative(root, f.moduleId)] ?? Number.MAX_SAFE_INTEGER;
    return base
      .map((f, i) => ({ f, i, s: cost(f) }))
      .sort((a, b) => b.s - a.s || a.i - b.i)
      .map((x) => x.f);
  }
}
