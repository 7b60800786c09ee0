/**
 * The order test files start in: project by project — unit, then e2e, then api — and within a
 * project longest first (durations.json, seconds of a full run).
 *
 * Project by project because a worker keeps its process (`isolate: false`: its module graph, the
 * e2e files' Chromium and UI listener) only while the next file in the queue belongs to the same
 * project; otherwise vitest ends it and starts a new one for that file. Longest first over all
 * files interleaved the projects, so a full run started about 90 worker processes instead of 6,
 * each importing the server again (and launching Chromium for an e2e file). Unit first: they
 * need no database while the template builder makes the templates (templates.global.ts); api
 * last: its many one-second files fill the end, so the two workers finish together.
 *
 * Longest first within a project because vitest's own order needs its results cache, which a
 * fresh clone (CI) does not have: it then starts the largest files first, and a short file can
 * run longest (routes). Files not listed (new ones) go first in their project, as vitest puts
 * unknown files first; ties keep vitest's order. A full `npm test` rewrites the list
 * (durationsReporter.ts).
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import durations from './durations.json' with { type: 'json' };

const seconds: Record<string, number> = durations;
/** The projects' order (vitest.config.ts); another project would come after these. */
const PROJECTS = ['unit', 'e2e', 'api'];

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const root = this.ctx.config.root;
    const rank = (f: TestSpecification) => {
      const i = PROJECTS.indexOf(f.project.name);
      return i === -1 ? PROJECTS.length : i;
    };
    const cost = (f: TestSpecification) => seconds[relative(root, f.moduleId)] ?? Number.MAX_SAFE_INTEGER;
    return base
      .map((f, i) => ({ f, i, p: rank(f), s: cost(f) }))
      .sort((a, b) => a.p - b.p || b.s - a.s || a.i - b.i)
      .map((x) => x.f);
  }
}
